/// `NSCoder` as state restoration hands it to the app: values by key, kept in the archive.
public final class NSCoder: RuntimeObject {
  public internal(set) var values: [String: RuntimeValue] = [:]
  public internal(set) var requiresSecureCoding = false
}

/// What legacy state preservation saved (reference §10.1): the app's own coder and, for each
/// view controller with a restoration identifier path, its coder.
struct RestorationArchive {
  struct Controller {
    var path: [String]
    var values: [String: RuntimeValue]
    /// `kViewControllerViewWasLoadedKey`: the view is loaded before decoding.
    var viewWasLoaded: Bool
    /// The controller's `restorationClass` when it was saved (§10.3 item 1).
    var restorationClass: RuntimeClass?
    /// The storyboard it came from (`UIStateRestorationViewControllerStoryboardKey`, §10.3 item 4).
    var storyboardName: String?
  }

  var application: [String: RuntimeValue]
  var controllers: [Controller]
}

extension NSCoder {
  static func define(in runtime: Runtime) throws {
    let coder = try runtime.defineClass(
      "NSCoder", superclass: nil, allocator: { NSCoder(isa: $0, identifier: $1) })
    coder.addProperty("requiresSecureCoding") {
      .bool(try $0.receiver(as: NSCoder.self).requiresSecureCoding)
    }
    // encodeObject:forKey:, encodeInteger:forKey:, ... and their decode… counterparts.
    for kind in ["Object", "Integer", "Bool", "Double", "Float"] {
      coder.addMethod("encode\(kind):forKey:") { message in
        try message.receiver(as: NSCoder.self).values[message.argument(1).stringValue] =
          message.argument(0)
        return .nil
      }
      coder.addMethod("decode\(kind)ForKey:") { message in
        let value = try message.receiver(as: NSCoder.self).values[message.argument(0).stringValue]
        switch (kind, value) {
        case (_, let value?): return value
        case ("Integer", nil): return .int(0)
        case ("Bool", nil): return .bool(false)
        case ("Double", nil), ("Float", nil): return .double(0)
        default: return .nil
        }
      }
    }
    // Swift's coder.encode(value, forKey:) and decodeObject(forKey:), for scripts.
    coder.addMethod("encode:forKey:") { message in
      try message.receiver(as: NSCoder.self).values[message.argument(1).stringValue] =
        message.argument(0)
      return .nil
    }
    coder.addMethod("containsValueForKey:") {
      .bool(try $0.receiver(as: NSCoder.self).values[$0.argument(0).stringValue] != nil)
    }
  }
}
