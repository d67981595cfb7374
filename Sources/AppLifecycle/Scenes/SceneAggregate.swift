/// The app's state as the aggregate of its scenes' activation states (reference §3.6: "The app's
/// state is the aggregate of all the scene ActivationState values").
///
/// UIApplication's notifications are still posted with scenes; they follow the aggregate: the
/// first scene to become active posts `UIApplicationDidBecomeActiveNotification`, the last one
/// to go to the background posts `UIApplicationDidEnterBackgroundNotification` (INFERRED from
/// "aggregate"; with one scene they come right after the scene's own, §3.6 and §12.6).
public struct SceneAggregate: Equatable, Sendable {
  public private(set) var scenes: [Int: SceneStateMachine] = [:]

  public init() {}

  /// What `UIApplication.applicationState` reports: active if any scene is, else inactive if
  /// any is in the foreground, else background.
  public var applicationState: UIApplicationState {
    let states = scenes.values.map(\.state)
    if states.contains(.foregroundActive) { return .active }
    if states.contains(.foregroundInactive) { return .inactive }
    return .background
  }

  /// A scene action, or a UIApplication notification the aggregate change posts.
  public enum Action: Equatable, Sendable {
    case scene(Int, SceneStateMachine.Action)
    case postApplication(String)
  }

  /// Adds a scene in the unattached state.
  public mutating func add(_ scene: Int) {
    scenes[scene] = SceneStateMachine()
  }

  public mutating func remove(_ scene: Int) {
    scenes[scene] = nil
  }

  public func state(of scene: Int) -> SceneStateMachine.State? { scenes[scene]?.state }

  // Events on one scene. Each is made of single steps of the scene's machine; after each step
  // the UIApplication notification for a change of the aggregate follows the scene's own
  // (§14 C steps 17-22, E and F).

  public mutating func connect(_ scene: Int) -> [Action] { step(scene) { $0.connect() } }

  public mutating func enterForeground(_ scene: Int) -> [Action] {
    step(scene) { $0.enterForeground() }
  }

  public mutating func activate(_ scene: Int) -> [Action] { step(scene) { $0.activate() } }

  public mutating func resignActive(_ scene: Int) -> [Action] {
    step(scene) { $0.resignActive() }
  }

  /// Resigning first if the scene is active (§4.2).
  public mutating func enterBackground(_ scene: Int) -> [Action] {
    step(scene) { $0.resignActive() } + step(scene) { $0.enterBackground() }
  }

  /// A disconnection is not a trip to the background: no UIApplication notification follows it
  /// (§14 G lists none).
  public mutating func disconnect(_ scene: Int) -> [Action] {
    step(scene, postsApplicationNotifications: false) { $0.disconnect() }
  }

  private mutating func step(
    _ scene: Int, postsApplicationNotifications: Bool = true,
    _ event: (inout SceneStateMachine) -> [SceneStateMachine.Action]
  ) -> [Action] {
    guard var machine = scenes[scene] else { return [] }
    let before = applicationState
    let actions = event(&machine).map { Action.scene(scene, $0) }
    scenes[scene] = machine
    guard postsApplicationNotifications,
      let notification = Self.notification(from: before, to: applicationState)
    else { return actions }
    return actions + [.postApplication(notification)]
  }

  /// The UIApplication notification for a change of the aggregate state (§4.2, §14 E, F).
  static func notification(from old: UIApplicationState, to new: UIApplicationState) -> String? {
    switch (old, new) {
    case (.background, .inactive), (.background, .active):
      return "UIApplicationWillEnterForegroundNotification"
    case (.inactive, .active):
      return "UIApplicationDidBecomeActiveNotification"
    case (.active, .inactive):
      return "UIApplicationWillResignActiveNotification"
    case (.inactive, .background), (.active, .background):
      return "UIApplicationDidEnterBackgroundNotification"
    default:
      return nil
    }
  }
}
