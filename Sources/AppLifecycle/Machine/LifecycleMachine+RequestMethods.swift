extension LifecycleMachine {
  /// A delegate method UIKit calls to hand the app a request (§6), named by what it does.
  public enum RequestMethod: Hashable, Sendable {
    /// `application:openURL:options:` (§6.1 step 3).
    case openURL
    /// `application:openURL:sourceApplication:annotation:` (iOS 4.2, deprecated).
    case openURLFromSourceApplication
    /// `application:handleOpenURL:` (iOS 2, deprecated).
    case handleOpenURL
    /// `application:performActionForShortcutItem:completionHandler:` (§6.3).
    case performShortcut
    /// `application:willContinueUserActivityWithType:` (§6.4).
    case willContinueActivity
    /// `application:continueUserActivity:restorationHandler:` (§6.4).
    case continueActivity
    /// `scene:openURLContexts:` (§6.2).
    case sceneOpenURLContexts
    /// `windowScene:performActionForShortcutItem:completionHandler:` (§6.3).
    case scenePerformShortcut
    /// `scene:willContinueUserActivityWithType:` (§6.4).
    case sceneWillContinueActivity
    /// `scene:continueUserActivity:` (§6.4).
    case sceneContinueActivity
    /// `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:` to the
    /// notification center's delegate, not the app's or the scene's (§19.3 item 2).
    case notificationResponse
  }

  /// The calls that hand `request` to the app delegate, in order; UIKit makes each call to the
  /// first method of its list that the delegate implements.
  public static func applicationDelegateCalls(for request: Request) -> [[RequestMethod]] {
    switch request {
    // §6.1 step 3. Without it, UIKit falls back to the deprecated iOS 4.2 and iOS 2 methods
    // (INFERRED from their documentation; not in the reference).
    case .openURL: [[.openURL, .openURLFromSourceApplication, .handleOpenURL]]
    case .quickAction: [[.performShortcut]]
    // §6.4: willContinue, then continue (order INFERRED from the names).
    case .userActivity: [[.willContinueActivity], [.continueActivity]]
    case .notificationResponse: [[.notificationResponse]]
    }
  }

  /// The calls that hand `request` to a scene's delegate, in order (§6.2, §6.3, §6.4; the
  /// activity's order INFERRED from the names).
  public static func sceneDelegateCalls(for request: Request) -> [[RequestMethod]] {
    switch request {
    case .openURL: [[.sceneOpenURLContexts]]
    case .quickAction: [[.scenePerformShortcut]]
    case .userActivity: [[.sceneWillContinueActivity], [.sceneContinueActivity]]
    case .notificationResponse: [[.notificationResponse]]
    }
  }
}
