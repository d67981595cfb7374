/// The app's Info.plist, with Xcode's build variables (`$(PRODUCT_MODULE_NAME)`) expanded when a
/// value is read.
public struct InfoPlist: Equatable, Sendable {
  public var values: [String: PlistValue]
  /// Build variables beyond the defaults (module, product and executable name come from
  /// `CFBundleExecutable`).
  public var buildSettings: [String: String] = [:]
  /// Whether the values are as Xcode built them from a project, variables expanded
  /// (`Project`): nothing is expanded again.
  public var isBuilt = false

  /// The device the app runs on, as Info.plist keys name it after `~`: `iphone` (lifescript's
  /// device is an iPhone) or `ipad`.
  public var device = "iphone"

  public init(_ values: [String: PlistValue] = [:]) { self.values = values }

  /// The key the system reads for `key` on this device: the most specific one present of
  /// `key-iphoneos~iphone`, `key~iphone`, `key-iphoneos` and `key` (§8.3; the order between the
  /// platform-only and the device-only key is INFERRED).
  public func resolvedKey(_ key: String) -> String {
    for candidate in [key + "-iphoneos~" + device, key + "~" + device, key + "-iphoneos"]
    where values[candidate] != nil {
      return candidate
    }
    return key
  }

  /// The value of `key` on this device (`resolvedKey`), unexpanded.
  public func value(_ key: String) -> PlistValue? { values[resolvedKey(key)] }

  /// The app's module: `PRODUCT_MODULE_NAME`, else `CFBundleExecutable` (expanded) as Xcode
  /// makes a module name of it (`My App` is `My_App`).
  public var moduleName: String? {
    buildSettings["PRODUCT_MODULE_NAME"]
      ?? string("CFBundleExecutable").map(IdentifierText.c99Extended)
  }

  /// A string value with `$(VAR)` build variables expanded; empty strings read as absent, as
  /// UIKit treats them.
  public func string(_ key: String) -> String? {
    guard let raw = value(key)?.string else { return nil }
    let expanded = expand(raw)
    return expanded.isEmpty ? nil : expanded
  }

  /// The strings of an array value, each expanded (`UIBackgroundModes`,
  /// `BGTaskSchedulerPermittedIdentifiers`); items that are not strings are skipped, as the
  /// system skips them.
  public func strings(_ key: String) -> [String] {
    guard case .array(let items) = values[key] else { return [] }
    var strings: [String] = []
    for case .string(let text) in items { strings.append(expand(text)) }
    return strings
  }

  /// `$(NAME)`, `${NAME}` and `$NAME` replaced by the build setting, with Xcode's operators
  /// (`$(PRODUCT_NAME:rfc1034identifier)`, `:default=`); unknown variables become empty, as in
  /// Xcode (Documentation/Reference/xcode-projects.md#build-settings). An Info.plist Xcode built
  /// (`isBuilt`) has nothing left to expand.
  public func expand(_ text: String) -> String {
    guard !isBuilt else { return text }
    let expression = BuildSettingExpression(text)
    if expression.isLiteral { return text }
    // Past the longest value a build setting may have, the text stays as written.
    let expanded = try? expression.evaluate(maximumBytes: BuildSettings.maximumValueBytes) {
      name throws(ProjectError) in variable(name)
    }
    return (expanded ?? nil) ?? text
  }

  /// A build setting; the names Xcode derives from the product default to a literal
  /// `CFBundleExecutable` (Xcode's own template writes `$(EXECUTABLE_NAME)` there, which then
  /// needs the build setting).
  func variable(_ name: String) -> String? {
    if let value = buildSettings[name] { return value }
    switch name {
    case "PRODUCT_MODULE_NAME":
      // Xcode's default: `$(PRODUCT_NAME:c99extidentifier)`.
      return variable("PRODUCT_NAME").map(IdentifierText.c99Extended)
    case "PRODUCT_NAME", "EXECUTABLE_NAME", "TARGET_NAME":
      if let executable = buildSettings["EXECUTABLE_NAME"] ?? buildSettings["PRODUCT_NAME"] {
        return executable
      }
      guard let literal = values["CFBundleExecutable"]?.string,
        BuildSettingExpression(literal).isLiteral
      else { return nil }
      return literal
    default:
      return nil
    }
  }
}
