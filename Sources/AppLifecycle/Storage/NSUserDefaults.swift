import XcodeFiles

/// `NSUserDefaults` (Swift's `UserDefaults`): `UserDefaults.standard` reads and writes the app's
/// user defaults, which the device keeps across the app's processes
/// (Documentation/UIKit/storage.md#user-defaults).
public final class NSUserDefaults: RuntimeObject {}

extension NSUserDefaults {
  /// `NSUserDefaults`'s methods: the getters and setters of NSUserDefaults.h, each reading or
  /// writing the device's storage at once (§20.1).
  static func define(in runtime: Runtime) throws {
    let defaults = try runtime.defineClass(
      "NSUserDefaults", superclass: nil, allocator: { NSUserDefaults(isa: $0, identifier: $1) })
    defaults.addMethod("setObject:forKey:") { message in
      let device = message.device
      let key = try NSUserDefaults.key(message, 1)
      try message.receiver(as: NSUserDefaults.self).store(
        message.argument(0), forKey: key, selector: message.selector.name)
      return .nil
    }
    defaults.addMethod("removeObjectForKey:") { message in
      let device = message.device
      try message.receiver(as: NSUserDefaults.self).store(
        .nil, forKey: try NSUserDefaults.key(message, 0), selector: message.selector.name)
      return .nil
    }
    defaults.addMethod("objectForKey:") { message in
      let device = message.device
      return device.defaultValue(forKey: try NSUserDefaults.key(message, 0)).map(RuntimeValue.init)
        ?? .nil
    }
    defaults.addMethod("stringForKey:") { message in
      let device = message.device
      return switch device.defaultValue(forKey: try NSUserDefaults.key(message, 0)) {
      case .string(let text)?: .string(text)
      case .integer(let number)?: .string(String(number))
      case .real(let number)?: .string(Self.numberString(number))
      case .bool(let flag)?: .string(flag ? "1" : "0")
      default: .nil
      }
    }
    defaults.addMethod("arrayForKey:") { message in
      let device = message.device
      guard
        case .array(let items)? = device.defaultValue(forKey: try NSUserDefaults.key(message, 0))
      else {
        return .nil
      }
      return RuntimeValue(.array(items))
    }
    defaults.addMethod("dictionaryForKey:") { message in
      let device = message.device
      guard
        case .dictionary(let fields)? = device.defaultValue(
          forKey: try NSUserDefaults.key(message, 0))
      else {
        return .nil
      }
      return RuntimeValue(.dictionary(fields))
    }
    defaults.addMethod("integerForKey:") { message in
      let device = message.device
      return switch device.defaultValue(forKey: try NSUserDefaults.key(message, 0)) {
      case .integer(let number)?: .int(number)
      case .real(let number)?: .int(Self.integer(truncating: number))
      case .bool(let flag)?: .int(flag ? 1 : 0)
      case .string(let text)?: .int(Self.integer(truncating: Self.leadingNumber(text)))
      default: .int(0)
      }
    }
    defaults.addMethod("doubleForKey:") { message in
      let device = message.device
      return switch device.defaultValue(forKey: try NSUserDefaults.key(message, 0)) {
      case .integer(let number)?: .double(Double(number))
      case .real(let number)?: .double(number)
      case .string(let text)?: .double(Self.leadingNumber(text))
      default: .double(0)  // Booleans are not converted (NSUserDefaults.h).
      }
    }
    defaults.addMethod("boolForKey:") { message in
      let device = message.device
      return switch device.defaultValue(forKey: try NSUserDefaults.key(message, 0)) {
      case .bool(let flag)?: .bool(flag)
      case .integer(let number)?: .bool(number != 0)
      case .real(let number)?: .bool(number != 0)
      case .string(let text)?: .bool(text == "YES" || text == "1")
      default: .bool(false)
      }
    }
    defaults.addMethod("setInteger:forKey:") { message in
      let device = message.device
      let key = try NSUserDefaults.key(message, 1)
      let value: Int
      switch message.argument(0) {
      case .int(let number): value = number
      case .double(let number) where Int(exactly: number) != nil: value = Int(exactly: number)!
      default:
        throw LifecycleError("setInteger:forKey: an integer expected for key \(Self.shown(key))")
      }
      try message.receiver(as: NSUserDefaults.self).store(
        .int(value), forKey: key, selector: message.selector.name)
      return .nil
    }
    defaults.addMethod("setDouble:forKey:") { message in
      let device = message.device
      let key = try NSUserDefaults.key(message, 1)
      let value: Double
      switch message.argument(0) {
      case .int(let number): value = Double(number)
      case .double(let number): value = number
      default:
        throw LifecycleError("setDouble:forKey: a number expected for key \(Self.shown(key))")
      }
      try message.receiver(as: NSUserDefaults.self).store(
        .double(value), forKey: key, selector: message.selector.name)
      return .nil
    }
    defaults.addMethod("setBool:forKey:") { message in
      let device = message.device
      let key = try NSUserDefaults.key(message, 1)
      guard case .bool(let flag) = message.argument(0) else {
        throw LifecycleError(
          "setBool:forKey: true or false expected for key \(Self.shown(key))")
      }
      try message.receiver(as: NSUserDefaults.self).store(
        .bool(flag), forKey: key, selector: message.selector.name)
      return .nil
    }
    // Every write is in the device's storage when it returns: there is nothing to wait for.
    defaults.addMethod("synchronize") { _ in .bool(true) }
    defaults.addMethod("dictionaryRepresentation") { message in
      let device = message.device
      return .dictionary(device.storage.defaults.mapValues(RuntimeValue.init))
    }
  }
}

extension Device {
  /// `UserDefaults.standard`: made when a script first asks for it, untraced, as `Bundle.main`.
  /// It is the device's, not a process's: a process that ends does not take it along.
  public var standardUserDefaults: RuntimeObject {
    if let made = userDefaultsObject { return made }
    let made = runtime.allocate(runtime.classNamed("NSUserDefaults")!)
    made.process = nil
    userDefaultsObject = made
    return made
  }

}

extension NSUserDefaults {
  /// The key argument at `index`: a string.
  fileprivate static func key(_ message: Message, _ index: Int) throws -> String {
    guard case .string(let key) = message.argument(index) else {
      throw LifecycleError("\(message.selector.name) a key (a string) expected")
    }
    return key
  }

  /// Stores `value` (nil removes the key) and, when the app's process made the change, posts
  /// `NSUserDefaultsDidChangeNotification` (§20.2).
  fileprivate func store(_ value: RuntimeValue, forKey key: String, selector: String) throws {
    let device = self.device
    let stored: PlistValue?
    if case .nil = value {
      guard device.storage.defaults[key] != nil else { return }
      stored = nil
    } else {
      var reader = PropertyListReader(device: device, selector: selector, key: key)
      stored = try reader.read(value)
    }
    try device.setDefault(stored, forKey: key)
    guard device.currentProcess != nil else { return }
    try device.post(NSUserDefaults.userDefaultsDidChange, object: device.standardUserDefaults)
  }
}

extension NSUserDefaults {
  /// The notification `UserDefaults` posts when the app's process changes a default (§20.2).
  public static let userDefaultsDidChange = "NSUserDefaultsDidChangeNotification"

  /// A key as a message shows it.
  static func shown(_ key: String) -> String { ContainerPath.quoted(key) }

  /// NSNumber's text for a double: a whole number without a fraction (`3`), else Swift's.
  static func numberString(_ number: Double) -> String {
    if number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
    return "\(number)"
  }

  /// A double as `integerValue` reads it: truncated, and 0 for what no integer holds.
  static func integer(truncating number: Double) -> Int {
    guard number.isFinite else { return 0 }
    return Int(exactly: number.rounded(.towardZero)) ?? (number < 0 ? Int.min : Int.max)
  }

  /// The number a string starts with, after spaces, as NSString's `doubleValue` reads one
  /// (`" 42abc"` is 42); 0 when it starts with none.
  static func leadingNumber(_ text: String) -> Double {
    let bytes = Array(text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A })
    var end = 0
    func digits() -> Int {
      let start = end
      while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
      return end - start
    }
    if end < bytes.count, bytes[end] == 0x2B || bytes[end] == 0x2D { end += 1 }
    var count = digits()
    if end < bytes.count, bytes[end] == 0x2E {
      end += 1
      count += digits()
    }
    guard count > 0 else { return 0 }
    let mantissa = end
    if end < bytes.count, bytes[end] == 0x65 || bytes[end] == 0x45 {
      end += 1
      if end < bytes.count, bytes[end] == 0x2B || bytes[end] == 0x2D { end += 1 }
      if digits() == 0 { end = mantissa }
    }
    return Double(String(decoding: bytes[..<end], as: UTF8.self)) ?? 0
  }
}
