/// The iOS release a scenario runs on (`--ios`), and what differs between releases
/// (reference §7.7, §8.1, §11).
public struct IOSProfile: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var major: Int
  public var minor: Int

  public init(_ major: Int, _ minor: Int = 0) {
    self.major = major
    self.minor = minor
  }

  /// `"26"`, `"18.4"`; nil for anything else, or a release before 12.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let major = Int(parts[0]), major >= 12, major <= 30 else {
      return nil
    }
    let minor = parts.count == 2 ? Int(parts[1]) : 0
    guard let minor, minor >= 0 else { return nil }
    self.init(major, minor)
  }

  /// The current release (2026): iOS 26.
  public static let current = IOSProfile(26)

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }

  public var description: String { minor == 0 ? "\(major)" : "\(major).\(minor)" }

  /// Scenes exist from iOS 13; an older release ignores a scene manifest.
  public var supportsScenes: Bool { self >= IOSProfile(13) }

  /// The console line a legacy (no scenes) app gets at launch: iOS 18.4 and iOS 26 (§7.7, §11).
  public var legacyAdoptionLog: String? {
    if self >= IOSProfile(26) {
      return
        "UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future."
    }
    if self >= IOSProfile(18, 4) {
      return
        "CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version."
    }
    return nil
  }

  /// Seconds a background task runs before its expiration handler: about 30 on iOS 13 and later,
  /// 180 on iOS 7 to 12 (reference §9.2; undocumented by Apple).
  public var backgroundTaskAllowance: Double { self >= IOSProfile(13) ? 30 : 180 }

  /// From iOS 27, apps built with the latest SDK must adopt scenes or fail to launch (§11).
  public var requiresScenes: Bool { self >= IOSProfile(27) }

  /// `UILaunchScreen` and `UILaunchScreens` exist from iOS 14; before, only the storyboard keys
  /// name a launch screen (§8.1).
  public var supportsLaunchScreenKeys: Bool { self >= IOSProfile(14) }

  /// From iOS 27, the Info.plist must name a launch screen (§8.1).
  public var requiresLaunchScreen: Bool { self >= IOSProfile(27) }

  /// App-delegate methods deprecated in iOS 26, with Apple's replacement (§11).
  public static let deprecatedInIOS26: [(selector: String, replacement: String)] = [
    ("applicationDidBecomeActive:", "sceneDidBecomeActive:"),
    ("applicationWillResignActive:", "sceneWillResignActive:"),
    ("applicationWillEnterForeground:", "sceneWillEnterForeground:"),
    ("application:openURL:options:", "scene:openURLContexts:"),
    (
      "application:performActionForShortcutItem:completionHandler:",
      "windowScene:performActionForShortcutItem:completionHandler:"
    ),
    ("application:continueUserActivity:restorationHandler:", "scene:continueUserActivity:"),
    ("application:willContinueUserActivityWithType:", "scene:willContinueUserActivityWithType:"),
    ("application:supportedInterfaceOrientationsForWindow:", "the window scene's orientations"),
    ("applicationDidFinishLaunching:", "application:didFinishLaunchingWithOptions:"),
  ]
}
