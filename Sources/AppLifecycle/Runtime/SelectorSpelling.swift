/// The three ways a selector is written: Objective-C (`application:didFinishLaunchingWithOptions:`),
/// Lua (`application_didFinishLaunchingWithOptions`, the scenario language's method names) and
/// Swift (`application(_:didFinishLaunchingWithOptions:)`).
public enum SelectorSpelling: Sendable {
  case objectiveC
  case lua
  case swift

  /// `name` (Objective-C) written in this spelling.
  public func write(_ name: String) -> String {
    switch self {
    case .objectiveC: name
    case .lua: Self.luaName(of: name)
    case .swift: Self.swiftName(of: name)
    }
  }

  /// Every `:` becomes `_` and a trailing `_` is dropped
  /// (Documentation/Reference/scenario-language.md#classes).
  public static func luaName(of selector: String) -> String {
    var name = selector.replacingColons(with: "_")
    if name.hasSuffix("_") { name.removeLast() }
    return name
  }

  /// UIKit's Swift name: the imported name where Swift renames it, else the mechanical one
  /// (`base(_:label:)`, or `base()` for no arguments).
  public static func swiftName(of selector: String) -> String {
    if let renamed = swiftRenames[selector] { return renamed }
    let pieces = selector.split(separator: ":", omittingEmptySubsequences: false).dropLast()
    guard let base = pieces.first else { return selector + "()" }
    let labels = ["_"] + pieces.dropFirst().map(String.init)
    return base + "(" + labels.map { $0 + ":" }.joined() + ")"
  }

  /// The Objective-C selector of a Swift name written mechanically or as UIKit renames it.
  public static func objectiveCName(ofSwift swiftName: String) -> String? {
    if let original = swiftRenames.first(where: { $0.value == swiftName })?.key { return original }
    guard swiftName.hasSuffix(")"), let open = swiftName.firstIndex(of: "(") else { return nil }
    let base = swiftName[..<open]
    let labels = swiftName[
      swiftName.index(after: open)..<swiftName.index(before: swiftName.endIndex)
    ]
    .split(separator: ":").map(String.init)
    guard !base.isEmpty, labels.first == "_" || labels.isEmpty else { return nil }
    return base + labels.enumerated().map { $0.offset == 0 ? ":" : $0.element + ":" }.joined()
  }

  /// Selectors whose Swift name is not the mechanical one (UIKit's `NS_SWIFT_NAME`s and Swift's
  /// omit-needless-words renaming), for the UIKit methods lifescript models.
  static let swiftRenames: [String: String] = [
    "scene:willConnectToSession:options:": "scene(_:willConnectTo:options:)",
    "application:configurationForConnectingSceneSession:options:":
      "application(_:configurationForConnecting:options:)",
    "application:openURL:options:": "application(_:open:options:)",
    "application:performActionForShortcutItem:completionHandler:":
      "application(_:performActionFor:completionHandler:)",
    "windowScene:performActionForShortcutItem:completionHandler:":
      "windowScene(_:performActionFor:completionHandler:)",
    "application:continueUserActivity:restorationHandler:":
      "application(_:continue:restorationHandler:)",
    "scene:continueUserActivity:": "scene(_:continue:)",
    "stateRestorationActivityForScene:": "stateRestorationActivity(for:)",
    "scene:restoreInteractionStateWithUserActivity:": "scene(_:restoreInteractionStateWith:)",
    "application:willEncodeRestorableStateWithCoder:":
      "application(_:willEncodeRestorableStateWith:)",
    "application:didDecodeRestorableStateWithCoder:":
      "application(_:didDecodeRestorableStateWith:)",
    "touchesBegan:withEvent:": "touchesBegan(_:with:)",
    "touchesMoved:withEvent:": "touchesMoved(_:with:)",
    "touchesEnded:withEvent:": "touchesEnded(_:with:)",
    "touchesCancelled:withEvent:": "touchesCancelled(_:with:)",
    "motionBegan:withEvent:": "motionBegan(_:with:)",
    "motionEnded:withEvent:": "motionEnded(_:with:)",
    "initWithCoder:": "init(coder:)",
    "init": "init()",
  ]
}

extension String {
  fileprivate func replacingColons(with replacement: String) -> String {
    split(separator: ":", omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
