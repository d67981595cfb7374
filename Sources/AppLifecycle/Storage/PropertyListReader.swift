import XcodeFiles

/// Reads a value the app passes to `setObject:forKey:` as a property list: strings, numbers,
/// booleans, and arrays and dictionaries of them (Documentation/UIKit/storage.md#user-defaults).
///
/// Anything else raises what Foundation raises, `NSInvalidArgumentException` with "Attempt to
/// insert non-property list object … for key …". A table that contains itself, or tables nested
/// deeper than `maximumDepth`, are the script's error, naming the place, never a hang.
struct PropertyListReader {
  let device: Device
  /// The selector, for messages: `setObject:forKey:`.
  let selector: String
  let key: String

  /// Tables nested deeper than this are refused: lifescript's limit, far above real defaults.
  static let maximumDepth = 32

  /// The value as a property list.
  mutating func read(_ value: RuntimeValue) throws -> PlistValue {
    var open: [Int: String] = [:]
    return try read(value, at: "value", depth: 0, open: &open)
  }

  /// `open` holds the tables being read around this one, by identity, with their places.
  private func read(
    _ value: RuntimeValue, at path: String, depth: Int, open: inout [Int: String]
  ) throws -> PlistValue {
    switch value {
    case .string(let text): return .string(text)
    case .bool(let flag): return .bool(flag)
    case .int(let number): return .integer(number)
    case .double(let number): return .real(number)
    case .array(let items):
      return .array(
        try items.enumerated().map {
          try read($1, at: "\(path)[\($0 + 1)]", depth: depth + 1, open: &open)
        })
    case .dictionary(let fields):
      return try dictionary(fields, at: path, depth: depth, open: &open)
    case .host:
      guard let identity = device.host.identity(value) else { throw notPropertyList(value) }
      guard depth < Self.maximumDepth else {
        throw LifecycleError(
          "\(selector) the value for key \(NSUserDefaults.shown(key)) nests tables more than \(Self.maximumDepth) deep (at \(path.clippedForMessage))"
        )
      }
      if let outer = open[identity] {
        throw LifecycleError(
          "\(selector) the value for key \(NSUserDefaults.shown(key)) contains itself (\(path.clippedForMessage) is \(outer.clippedForMessage)); a property list is a tree"
        )
      }
      open[identity] = path
      defer { open[identity] = nil }
      if let items = device.list(value) {
        return .array(
          try items.enumerated().map {
            try read($1, at: "\(path)[\($0 + 1)]", depth: depth + 1, open: &open)
          })
      }
      if let fields = device.fields(value) {
        return try dictionary(fields, at: path, depth: depth, open: &open)
      }
      throw notPropertyList(value)
    case .nil, .object, .class, .selector:
      throw notPropertyList(value)
    }
  }

  private func dictionary(
    _ fields: [String: RuntimeValue], at path: String, depth: Int, open: inout [Int: String]
  ) throws -> PlistValue {
    var read: [String: PlistValue] = [:]
    for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
      read[name] = try self.read(field, at: "\(path).\(name)", depth: depth + 1, open: &open)
    }
    return .dictionary(read)
  }

  /// Foundation's exception for a value that is not a property list.
  private func notPropertyList(_ value: RuntimeValue) -> ObjCException {
    let described: String
    switch value {
    case .object(let object): described = object.objectDescription
    case .class(let cls): described = cls.name
    case .selector(let selector): described = "@selector(\(selector.name))"
    case .nil: described = "(null)"
    case .host:
      let type = device.host.typeName(value)
      described =
        type == "table"
        ? "(a table whose keys are neither 1 to n nor all strings)" : "(a Lua \(type))"
    default: described = "(a value)"
    }
    return ObjCException(
      .invalidArgument,
      "Attempt to insert non-property list object \(described.clippedForMessage) for key \(key.clippedForMessage)"
    )
  }
}
