/// The explorer's checks of UIKit's contract with the app beyond what ends its process: UI work
/// while the app is in the background, the opening callback of a will/did pair delivered twice
/// to one object, a callback to an object of a process that has ended
/// (Documentation/UIKit/background-and-foreground.md#what-a-backgrounded-app-runs,
/// Documentation/Reference/explore.md#what-counts-as-broken). Traces are unchanged: each breach
/// is a line for `lifescript explore` to report.
///
/// The device tells it what it delivers and what the app does (`Device.noteCallback` and the
/// like); off, which it is unless the explorer or a counterexample it wrote turns it on, the
/// device asks it nothing.
struct ContractChecker {
  /// The breaches so far, in order.
  private(set) var breaches: [String] = []
  /// How many callbacks that take the app's interface on or off the screen are running.
  private var interfaceTransitions = 0

  /// The callbacks (and their notifications) in which the app's interface comes on or goes off
  /// the screen: UI work in them is expected, though the app's state still reads background (a
  /// scene process.connecting, entering the foreground; entering the background, before the snapshot).
  static let interfaceTransitionSelectors: [Selector] = [
    UIKitSelector.applicationWillEnterForeground, UIKitSelector.applicationDidEnterBackground,
    UIKitSelector.sceneWillEnterForeground, UIKitSelector.sceneDidEnterBackground,
    UIKitSelector.sceneWillConnectToSessionOptions,
  ]
  static let interfaceTransitionNotifications: Set<String> = [
    "UIApplicationWillEnterForegroundNotification", "UIApplicationDidEnterBackgroundNotification",
    "UISceneWillEnterForegroundNotification", "UISceneDidEnterBackgroundNotification",
    "UISceneWillConnectNotification",
  ]

  mutating func beginInterfaceTransition() { interfaceTransitions += 1 }
  mutating func endInterfaceTransition() { interfaceTransitions -= 1 }

  /// The app's code sent `selector` (presenting, dismissing, pushing, popping, a window's root
  /// or key window) to `receiver` while the app was in the background: a breach outside the
  /// callbacks of an interface transition. Its windows are not on the screen, so the work is
  /// not seen, and the system's snapshot was taken already.
  mutating func noteInterfaceWorkInBackground(_ selector: String, on receiver: RuntimeObject) {
    guard interfaceTransitions == 0 else { return }
    breaches.append(
      "UI work in the background: the app sent \(selector) to \(receiver.objectDescription) while it was in the background, where its windows are not on the screen"
    )
  }

  /// A callback of a will/did pair delivered to `receiver`: the opening callback of a pair
  /// delivered again before one that closes it is a breach.
  mutating func notePair(
    _ selector: Selector, to receiver: RuntimeObject, in pairs: inout CallbackPairs
  ) {
    guard let unclosed = pairs.deliver(selector, to: receiver.identifier) else { return }
    breaches.append(
      "unbalanced callbacks: \(receiver.objectDescription) got \(selector.name) twice without \(unclosed) between them"
    )
  }

  /// UIKit delivered `selector` to an object of a process that has ended, after its
  /// `applicationWillTerminate:` or without one (UIKit calls nothing of an app whose process is
  /// gone: Documentation/UIKit/termination.md#what-ends-with-the-process). UIKit keeps this
  /// itself, so the check guards the model, as it does for the pairs UIKit keeps.
  mutating func noteCallbackAfterTermination(_ selector: Selector, to receiver: RuntimeObject) {
    breaches.append(
      "a callback after termination: \(receiver.objectDescription) got \(selector.name) after its process ended"
    )
  }

  /// The console line of unbalanced appearance transitions is the app's container's bug.
  mutating func noteUnbalancedAppearance(_ line: String) {
    breaches.append(line)
  }
}
