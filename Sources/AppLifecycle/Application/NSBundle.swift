import XcodeFiles

/// `NSBundle` (Swift's `Bundle`): `Bundle.main`, the app's bundle, reads the Info.plist as it
/// was built, every build variable expanded (Documentation/Reference/scenario-language.md#bundlemain).
public final class NSBundle: RuntimeObject {}

extension NSBundle {
  /// `Bundle.main`: the app's bundle. It exists before the app launches, as the installed app
  /// does, and reads the current Info.plist.
  static func define(in runtime: Runtime) throws {
    let bundle = try runtime.defineClass(
      "NSBundle", superclass: nil, allocator: { NSBundle(isa: $0, identifier: $1) })
    bundle.addProperty("infoDictionary") { message in
      let device = message.device
      return .dictionary(device.info.infoDictionary)
    }
    bundle.addProperty("bundleIdentifier") { message in
      let device = message.device
      return device.info.string("CFBundleIdentifier").map { .string($0) } ?? .nil
    }
    bundle.addMethod("objectForInfoDictionaryKey:") { message in
      let device = message.device
      guard case .string(let key) = message.argument(0) else {
        throw LifecycleError("objectForInfoDictionaryKey: a key (a string) expected")
      }
      return device.info.infoDictionary[key] ?? .nil
    }
  }
}

extension InfoPlist {
  /// The Info.plist as the app's bundle holds it: every string expanded.
  var infoDictionary: [String: RuntimeValue] {
    values.mapValues { expandedValue(RuntimeValue($0)) }
  }

  private func expandedValue(_ value: RuntimeValue) -> RuntimeValue {
    switch value {
    case .string(let text): .string(expand(text))
    case .array(let items): .array(items.map(expandedValue))
    case .dictionary(let entries): .dictionary(entries.mapValues(expandedValue))
    default: value
    }
  }
}
