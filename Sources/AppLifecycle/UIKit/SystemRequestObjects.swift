/// `NSURL` (Swift's `URL`): `URL.new("demo://item/7")` in a script, or what the system hands
/// the app when it opens one.
public final class NSURL: RuntimeObject {
  public internal(set) var url = try! AppURL("about:blank")
}

/// `UIOpenURLContext`: a URL the system asks a scene to open, with its options.
public final class UIOpenURLContext: RuntimeObject {
  public internal(set) var url: NSURL?
  public internal(set) var options: RuntimeObject?
}

/// A block UIKit hands the app (a completion handler, a restoration handler): the app calls it.
public final class NativeBlock: RuntimeObject {
  var body: ([RuntimeValue]) throws -> Void = { _ in }

  /// Calls the block with the app's arguments.
  public func call(_ arguments: [RuntimeValue]) throws { try body(arguments) }
}

extension NSURL {
  /// Foundation's and UIKit's value objects of URLs, quick actions and user activities
  /// (reference §6).
  static func defineRequestObjects(in runtime: Runtime) throws {
    let url = try runtime.defineClass(
      "NSURL", superclass: nil, allocator: { NSURL(isa: $0, identifier: $1) })
    // URL(string:): a script that makes a URL from something that is not one learns why.
    url.addMethod("init") { message in
      let object = try message.receiver(as: NSURL.self)
      guard case .string(let text) = message.argument(0) else {
        throw LifecycleError("URL.new: a string expected, like \"demo://item/7\"")
      }
      object.url = try AppURL.parse(text, for: "URL.new")
      return .object(object)
    }
    let parts: [(String, (AppURL) -> String?)] = [
      ("absoluteString", \.absoluteString), ("scheme", \.scheme), ("host", \.host),
      ("path", \.path), ("query", \.query), ("fragment", \.fragment),
    ]
    for (name, part) in parts {
      url.addProperty(name) {
        part(try $0.receiver(as: NSURL.self).url).map { .string($0) } ?? .nil
      }
    }
    url.addMethod("description") { .string(try $0.receiver(as: NSURL.self).url.absoluteString) }

    let context = try runtime.defineClass(
      "UIOpenURLContext", superclass: nil,
      allocator: { UIOpenURLContext(isa: $0, identifier: $1) })
    context.addProperty("URL") {
      try $0.receiver(as: UIOpenURLContext.self).url.map { .object($0) } ?? .nil
    }
    context.addProperty("url") {
      try $0.receiver(as: UIOpenURLContext.self).url.map { .object($0) } ?? .nil
    }
    context.addProperty("options") {
      try $0.receiver(as: UIOpenURLContext.self).options.map { .object($0) } ?? .nil
    }
    // UISceneOpenURLOptions, UIApplicationShortcutItem and NSUserActivity are plain values.
    try runtime.defineValueClass(
      "UISceneOpenURLOptions", ["sourceApplication", "annotation", "openInPlace"])
    try runtime.defineValueClass(
      "UIApplicationShortcutItem", ["type", "localizedTitle", "localizedSubtitle", "userInfo"],
      initializerKey: "type")
    try runtime.defineValueClass(
      "NSUserActivity",
      ["activityType", "webpageURL", "title", "userInfo", "delegate", "needsSave"],
      initializerKey: "activityType")
    let block = try runtime.defineClass(
      "NSBlock", superclass: nil, allocator: { NativeBlock(isa: $0, identifier: $1) })
    block.addMethod("invoke") { message in
      try message.receiver(as: NativeBlock.self).call(message.arguments)
      return .nil
    }
  }
}

extension Runtime {
  /// A new value object of a class `defineValueClass` made, untraced (the system makes these).
  func makeValue(_ className: String, _ fields: [String: RuntimeValue]) -> RuntimeObject {
    let object = allocate(classNamed(className)!)
    object.instanceVariables = fields.filter { !$0.value.isNil }
    return object
  }

  /// An `NSURL` for a parsed URL, untraced.
  func makeURL(_ url: AppURL) -> NSURL {
    let object = allocate(classNamed("NSURL")!) as! NSURL
    object.url = url
    return object
  }

  /// A block for the app to call; `body` runs when it does.
  func makeBlock(_ body: @escaping ([RuntimeValue]) throws -> Void) -> RuntimeValue {
    let block = allocate(classNamed("NSBlock")!) as! NativeBlock
    block.body = body
    return .object(block)
  }

  /// A class of plain properties. `new("value")` sets `initializerKey`; `new{ key = value }` sets
  /// any of them.
  @discardableResult
  func defineValueClass(
    _ name: String, _ properties: [String], initializerKey: String? = nil,
    superclass: RuntimeClass? = nil
  ) throws -> RuntimeClass {
    let cls = try defineClass(name, superclass: superclass)
    for property in properties { cls.declareProperty(property) }
    cls.addMethod("init") { message in
      let object = message.receiver
      switch message.argument(0) {
      case .dictionary(let fields):
        for (key, value) in fields {
          guard properties.contains(key) else {
            throw LifecycleError(
              "\(name).new: no property '\(key)' (\(properties.joined(separator: ", ")))")
          }
          // Charged as a script's own fields are (Documentation/Reference/sandbox.md#memory).
          try object.isa.runtime.setInstanceVariable(key, of: object, to: value)
        }
      case .nil:
        break
      case let value:
        guard let initializerKey else {
          throw LifecycleError("\(name).new: a table of properties expected")
        }
        try object.isa.runtime.setInstanceVariable(initializerKey, of: object, to: value)
      }
      return .object(object)
    }
    return cls
  }
}
