extension LifecycleMachine {
  /// A change of one scene's activation state (without scenes: of the app's), with the delegate
  /// method UIKit sends and the notification it posts for it.
  public enum Transition: Equatable, Sendable, CaseIterable {
    case enterForeground
    case becomeActive
    case resignActive
    case enterBackground

    /// Whether UIKit sends its method before the change (`will…`: the callback still sees the
    /// old state) or after it (`did…`).
    var isAnnouncement: Bool {
      switch self {
      case .enterForeground, .resignActive: true
      case .becomeActive, .enterBackground: false
      }
    }

    /// The state the transition leads to from `state`, or nil where it does not apply. A
    /// connecting scene is attached in the background before it enters the foreground (§3.1
    /// steps 17-18), and an app without scenes launches in the foreground, inactive, so its
    /// launch ends in `applicationDidBecomeActive:` alone (§1.1 step 11): nothing leaves
    /// `.unattached` by a transition.
    func target(from state: ActivationState) -> ActivationState? {
      switch (self, state) {
      case (.enterForeground, .background): .foregroundInactive
      case (.enterForeground, .unattached), (.enterForeground, .foregroundInactive),
        (.enterForeground, .foregroundActive):
        nil
      case (.becomeActive, .foregroundInactive): .foregroundActive
      case (.becomeActive, .unattached), (.becomeActive, .foregroundActive),
        (.becomeActive, .background):
        nil
      case (.resignActive, .foregroundActive): .foregroundInactive
      case (.resignActive, .unattached), (.resignActive, .foregroundInactive),
        (.resignActive, .background):
        nil
      case (.enterBackground, .foregroundInactive): .background
      case (.enterBackground, .unattached), (.enterBackground, .foregroundActive),
        (.enterBackground, .background):
        nil
      }
    }

    /// Without scenes: the app delegate's method and UIApplication's notification, which UIKit
    /// posts after the method returns (§1.3, §4.1).
    var applicationCallback: (selector: Selector, notification: String) {
      switch self {
      case .enterForeground: Names.applicationWillEnterForeground
      case .becomeActive: Names.applicationDidBecomeActive
      case .resignActive: Names.applicationWillResignActive
      case .enterBackground: Names.applicationDidEnterBackground
      }
    }

    /// With scenes: the scene delegate's method and UIScene's notification (§3.6, §4.2).
    var sceneCallback: (selector: Selector, notification: String) {
      switch self {
      case .enterForeground: Names.sceneWillEnterForeground
      case .becomeActive: Names.sceneDidBecomeActive
      case .resignActive: Names.sceneWillResignActive
      case .enterBackground: Names.sceneDidEnterBackground
      }
    }
  }

  /// UIKit's selectors and notification names, interned once.
  enum Names {
    // §1.3: "After calling this method, UIKit posts…"; for willEnterForeground and
    // didEnterBackground the same order is INFERRED by analogy.
    static let applicationWillEnterForeground = (
      UIKitSelector.applicationWillEnterForeground, "UIApplicationWillEnterForegroundNotification"
    )
    static let applicationDidBecomeActive = (
      UIKitSelector.applicationDidBecomeActive, "UIApplicationDidBecomeActiveNotification"
    )
    static let applicationWillResignActive = (
      UIKitSelector.applicationWillResignActive, "UIApplicationWillResignActiveNotification"
    )
    static let applicationDidEnterBackground = (
      UIKitSelector.applicationDidEnterBackground, "UIApplicationDidEnterBackgroundNotification"
    )
    // §3.6: UIScene's notifications; delegate-then-notification INFERRED by analogy with
    // UIApplication's documentation (READ from the decompile for willConnect).
    static let sceneWillEnterForeground = (
      UIKitSelector.sceneWillEnterForeground, "UISceneWillEnterForegroundNotification"
    )
    static let sceneDidBecomeActive = (
      UIKitSelector.sceneDidBecomeActive, "UISceneDidActivateNotification"
    )
    static let sceneWillResignActive = (
      UIKitSelector.sceneWillResignActive, "UISceneWillDeactivateNotification"
    )
    static let sceneDidEnterBackground = (
      UIKitSelector.sceneDidEnterBackground, "UISceneDidEnterBackgroundNotification"
    )
    static let sceneWillConnect = (
      UIKitSelector.sceneWillConnectToSessionOptions, "UISceneWillConnectNotification"
    )
    static let sceneDidDisconnect = (
      UIKitSelector.sceneDidDisconnect, "UISceneDidDisconnectNotification"
    )
    // §5.1: "After calling this method, the app also posts a willTerminateNotification."
    static let applicationWillTerminate = (
      UIKitSelector.applicationWillTerminate, "UIApplicationWillTerminateNotification"
    )
    static let willFinishLaunching = UIKitSelector.applicationWillFinishLaunchingWithOptions
    static let didFinishLaunching = UIKitSelector.applicationDidFinishLaunchingWithOptions
    static let didFinishLaunchingNotification = "UIApplicationDidFinishLaunchingNotification"
    static let didReceiveMemoryWarning = (
      UIKitSelector.applicationDidReceiveMemoryWarning,
      "UIApplicationDidReceiveMemoryWarningNotification"
    )
  }

  // MARK: One scene's transitions

  /// What a transition does, decided when it is performed: the delegate method, its
  /// notification, with scenes UIApplication's notification for a change of the aggregate, and
  /// the state the scene takes after the callbacks (a `will…` method still sees the old state).
  public struct Callbacks: Equatable, Sendable {
    /// Who hears it: the app delegate (an app without scenes), or a scene's delegate.
    public enum Receiver: Equatable, Sendable {
      case applicationDelegate
      case sceneDelegate(Int)
    }

    public var receiver: Receiver
    /// The scene (without scenes: `Scene.application`) whose state changes.
    public var scene: Int
    public var selector: Selector
    /// Posted after the method returns, with the scene (or the application) as object.
    public var notification: String
    /// UIApplication's notification, posted after the scene's own.
    public var applicationNotification: String? = nil
    /// The scene's state after the callbacks, for a `will…` transition; nil when the state
    /// changed before them.
    public var stateAfterwards: ActivationState? = nil
  }

  /// The transition of scene `id`, now that it is performed: nil if it no longer applies; else
  /// its callbacks, with UIApplication's notification when the aggregate of the scenes' states
  /// changes (§3.6, INFERRED from "aggregate": the first scene to become active posts
  /// UIApplicationDidBecomeActiveNotification, the last one to go to the background posts
  /// UIApplicationDidEnterBackgroundNotification; with one scene they follow the scene's own,
  /// §14 C steps 17-22, E and F). A `did…` method sees the new state, so the state changes now;
  /// a `will…` method sees the state it leaves, so it changes with `commit` after the callbacks,
  /// as UIKit stores the new settings only after them (§18.1 point 6).
  public mutating func transition(_ transition: Transition, scene id: Int) -> Callbacks? {
    guard let index = index(ofScene: id), let target = transition.target(from: scenes[index].state)
    else { return nil }
    var callbacks: Callbacks
    if configuration.usesScenes {
      let before = applicationState
      let old = scenes[index].state
      scenes[index].state = target
      let after = applicationState
      scenes[index].state = old
      let (selector, notification) = transition.sceneCallback
      callbacks = Callbacks(
        receiver: .sceneDelegate(id), scene: id, selector: selector, notification: notification,
        applicationNotification: Self.applicationNotification(from: before, to: after))
    } else {
      let (selector, notification) = transition.applicationCallback
      callbacks = Callbacks(
        receiver: .applicationDelegate, scene: id, selector: selector, notification: notification)
    }
    if transition.isAnnouncement {
      callbacks.stateAfterwards = target
    } else {
      scenes[index].state = target
    }
    return callbacks
  }

  /// The state change of a `will…` transition, after its callbacks.
  public mutating func commit(scene id: Int, _ state: ActivationState) {
    if let index = index(ofScene: id) { scenes[index].state = state }
  }

  /// UIApplication's notification for a change of the aggregate state (§4.2, §14 E, F).
  static func applicationNotification(from old: UIApplicationState, to new: UIApplicationState)
    -> String?
  {
    switch (old, new) {
    case (.background, .inactive), (.background, .active):
      Names.applicationWillEnterForeground.1
    case (.inactive, .active): Names.applicationDidBecomeActive.1
    case (.active, .inactive): Names.applicationWillResignActive.1
    case (.inactive, .background), (.active, .background):
      Names.applicationDidEnterBackground.1
    case (.active, .active), (.inactive, .inactive), (.background, .background): nil
    }
  }

  /// To the foreground and active, as far as each applies (§4.1 returning, §4.2, §14 F).
  mutating func bringToForeground(scene id: Int, into actions: inout [Action]) {
    actions.append(.transition(.enterForeground, scene: id))
    appendBecomeActive(scene: id, into: &actions)
  }

  /// Active. The first time after a background launch, the launch window, hidden until now,
  /// appears around it as at a launch into the foreground (§19.5, option legacy-activation).
  mutating func appendBecomeActive(scene id: Int, into actions: inout [Action]) {
    guard launchWindowDeferred else {
      actions.append(.transition(.becomeActive, scene: id))
      return
    }
    launchWindowDeferred = false
    actions.append(.prepareDeferredLaunchWindow)
    actions += aroundLaunchWindow([.transition(.becomeActive, scene: id)])
  }

  /// To the background, resigning first if active (§4.1 steps 1-2, §4.2 going home, §14 E).
  func sendToBackground(scene id: Int, into actions: inout [Action]) {
    actions.append(.transition(.resignActive, scene: id))
    actions.append(.transition(.enterBackground, scene: id))
  }

  /// `sceneDidDisconnect:` then its notification; the scene is no longer connected, so the
  /// callbacks read the state of the scenes left (§18.3). UIKit's `-[UIScene _invalidate]` then
  /// tells its multiplexer that its scene of record went (Documentation/UIKit/scenes.md#scenes-that-come-and-go):
  /// when the app's state changes — the last scene in the foreground disconnected —
  /// UIApplication's notification follows, as for any change of the aggregate (INFERRED). Not
  /// when the process ends right after (a swipe-away: §14 G lists none).
  mutating func disconnect(scene id: Int, processEnds: Bool) -> [Action] {
    guard let index = index(ofScene: id) else { return [] }
    let before = applicationState
    scenes.remove(at: index)
    var actions: [Action] = [
      .callSceneDelegate(id, Names.sceneDidDisconnect.0, .scene),
      .post(Names.sceneDidDisconnect.1, .scene(id)),
    ]
    if !processEnds, let name = Self.applicationNotification(from: before, to: applicationState) {
      actions.append(.post(name, .application))
    }
    return actions
  }

  /// The process leaves the background: the background clock stops and a suspended process
  /// runs again.
  mutating func leaveBackground(into actions: inout [Action]) {
    if backgroundClockRunning {
      backgroundClockRunning = false
      actions.append(.stopBackgroundClock)
    }
    if phase == .suspended { phase = .running }
  }
}
