/// The methods of UIKit's delegate protocols (from `UIKitSelector`), for recognising a
/// misspelled implementation.
public enum UIKitProtocols {
  public static let selectors: [String: [String]] = [
    "UIApplicationDelegate": [
      UIKitSelector.applicationWillFinishLaunchingWithOptions,
      UIKitSelector.applicationDidFinishLaunchingWithOptions,
      UIKitSelector.applicationDidBecomeActive, UIKitSelector.applicationWillResignActive,
      UIKitSelector.applicationDidEnterBackground, UIKitSelector.applicationWillEnterForeground,
      UIKitSelector.applicationWillTerminate, UIKitSelector.applicationDidReceiveMemoryWarning,
      UIKitSelector.applicationSignificantTimeChange, UIKitSelector.applicationOpenURLOptions,
      UIKitSelector.applicationPerformActionForShortcutItemCompletionHandler,
      UIKitSelector.applicationContinueUserActivityRestorationHandler,
      UIKitSelector.applicationWillContinueUserActivityWithType,
      UIKitSelector.applicationConfigurationForConnectingSceneSessionOptions,
      UIKitSelector.applicationDidDiscardSceneSessions,
      UIKitSelector.applicationShouldSaveSecureApplicationState,
      UIKitSelector.applicationShouldRestoreSecureApplicationState,
      UIKitSelector.applicationShouldSaveApplicationState,
      UIKitSelector.applicationShouldRestoreApplicationState,
      UIKitSelector.applicationWillEncodeRestorableStateWithCoder,
      UIKitSelector.applicationDidDecodeRestorableStateWithCoder,
      UIKitSelector.applicationHandleEventsForBackgroundURLSessionCompletionHandler,
      UIKitSelector.applicationSupportedInterfaceOrientationsForWindow,
      UIKitSelector.applicationDidRegisterForRemoteNotificationsWithDeviceToken,
      UIKitSelector.applicationDidFailToRegisterForRemoteNotificationsWithError,
      UIKitSelector.applicationDidReceiveRemoteNotificationFetchCompletionHandler,
      UIKitSelector.applicationProtectedDataWillBecomeUnavailable,
      UIKitSelector.applicationProtectedDataDidBecomeAvailable, UIKitSelector.window,
      UIKitSelector.setWindow,
    ].map(\.name),
    "UIViewControllerRestoration": [
      UIKitSelector.viewControllerWithRestorationIdentifierPathCoder
    ].map(\.name),
    "NSUserActivityDelegate": [
      UIKitSelector.userActivityWillSave, UIKitSelector.userActivityWasContinued,
      UIKitSelector.userActivityDidReceiveInputStreamOutputStream,
    ].map(\.name),
    "UISceneDelegate": [
      UIKitSelector.sceneWillConnectToSessionOptions, UIKitSelector.sceneDidDisconnect,
      UIKitSelector.sceneDidBecomeActive, UIKitSelector.sceneWillResignActive,
      UIKitSelector.sceneWillEnterForeground, UIKitSelector.sceneDidEnterBackground,
      UIKitSelector.sceneOpenURLContexts, UIKitSelector.sceneContinueUserActivity,
      UIKitSelector.sceneWillContinueUserActivityWithType,
      UIKitSelector.sceneDidFailToContinueUserActivityWithTypeError,
      UIKitSelector.sceneDidUpdateUserActivity, UIKitSelector.stateRestorationActivityForScene,
      UIKitSelector.sceneRestoreInteractionStateWithUserActivity,
    ].map(\.name),
    "UNUserNotificationCenterDelegate": [
      UIKitSelector.userNotificationCenterWillPresentNotificationWithCompletionHandler,
      UIKitSelector.userNotificationCenterDidReceiveNotificationResponseWithCompletionHandler,
      UIKitSelector.userNotificationCenterOpenSettingsForNotification,
    ].map(\.name),
    "UIWindowSceneDelegate": [
      UIKitSelector.window, UIKitSelector.setWindow,
      UIKitSelector.windowScenePerformActionForShortcutItemCompletionHandler,
      UIKitSelector.windowSceneDidUpdateCoordinateSpaceInterfaceOrientationTraitCollection,
    ].map(\.name),
  ]

  /// Delegate methods that return a `BOOL` UIKit acts on. A `SelectorSet` rather than a `Set`:
  /// every message a script method answers asks it, and a bit test costs no `Hasher`.
  public static let booleanSelectors = SelectorSet([
    UIKitSelector.applicationWillFinishLaunchingWithOptions,
    UIKitSelector.applicationDidFinishLaunchingWithOptions, UIKitSelector.applicationOpenURLOptions,
    UIKitSelector.applicationContinueUserActivityRestorationHandler,
    UIKitSelector.applicationWillContinueUserActivityWithType,
    UIKitSelector.applicationShouldSaveSecureApplicationState,
    UIKitSelector.applicationShouldRestoreSecureApplicationState,
    UIKitSelector.applicationShouldSaveApplicationState,
    UIKitSelector.applicationShouldRestoreApplicationState,
  ])

  /// Protocols that inherit others (UIWindowSceneDelegate is a UISceneDelegate).
  public static let inherited: [String: [String]] = ["UIWindowSceneDelegate": ["UISceneDelegate"]]

  /// The selectors of a protocol and of the protocols it inherits.
  public static func selectors(of protocolName: String) -> [String] {
    (selectors[protocolName] ?? [])
      + (inherited[protocolName] ?? []).flatMap { selectors(of: $0) }
  }
}

/// Recognises a method name that was meant to be a known selector: a near misspelling, a
/// difference in case, or the Swift spelling turned into a Lua name
/// (`scene_willConnectTo_options` for `scene:willConnectToSession:options:`).
public enum NearMiss {
  /// The selector `name` most likely meant, or nil when it is one of them or like none.
  public static func suggestion(for name: String, among selectors: [String]) -> String? {
    let candidates = selectors.map { (selector: $0, lua: SelectorSpelling.luaName(of: $0)) }
    if candidates.contains(where: { $0.lua == name }) { return nil }
    if let swiftStyle = candidates.first(where: { swiftStyleLuaName(of: $0.selector) == name }) {
      return swiftStyle.selector
    }
    let lowered = name.lowercased()
    let allowed = name.count >= 8 ? 2 : (name.count >= 5 ? 1 : 0)
    var best: (selector: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(lowered, candidate.lua.lowercased(), limit: allowed)
      if distance <= allowed, distance < (best?.distance ?? Int.max) {
        best = (candidate.selector, distance)
      }
    }
    return best?.selector
  }

  /// The name among `names` that `name` most likely meant (a near misspelling or a difference
  /// in case), or nil when none is near; for names people write in settings and options.
  public static func closest(to name: String, among names: [String]) -> String? {
    let lowered = name.lowercased()
    let allowed = name.count >= 12 ? 3 : name.count >= 5 ? 2 : 1
    var best: (name: String, distance: Int)?
    for candidate in names {
      let distance = editDistance(lowered, candidate.lowercased(), limit: allowed)
      if distance <= allowed, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// `scene(_:willConnectTo:options:)` written as a Lua name the way a Swift programmer would:
  /// `scene_willConnectTo_options`.
  static func swiftStyleLuaName(of selector: String) -> String {
    let swift = SelectorSpelling.swiftName(of: selector)
    guard let open = swift.firstIndex(of: "(") else { return swift }
    let labels = swift[swift.index(after: open)...].dropLast().split(separator: ":")
      .filter { $0 != "_" }
    return ([String(swift[..<open])] + labels.map(String.init)).joined(separator: "_")
  }

  /// Levenshtein distance, giving up (returning limit + 1) once it must exceed `limit`.
  static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    if abs(a.count - b.count) > limit { return limit + 1 }
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      var rowMinimum = i
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        rowMinimum = min(rowMinimum, current[j])
      }
      if rowMinimum > limit { return limit + 1 }
      previous = current
    }
    return previous[b.count]
  }
}
