/// One scene's life cycle (reference §3, §4.2, §5.2): which scene-delegate methods UIKit calls
/// and which UIScene notifications it posts for each change of its activation state.
///
/// A value type whose events return actions in order; an event that does not apply to the
/// current state returns nothing and changes nothing. UIApplication's notifications follow the
/// aggregate of all scenes: see `SceneAggregate`.
public struct SceneStateMachine: Equatable, Sendable {
  /// `UIScene.ActivationState`, plus the end of the scene's connection.
  public enum State: Equatable, Sendable {
    case unattached
    case foregroundInactive
    case foregroundActive
    case background
    case disconnected
  }

  public enum Action: Equatable, Sendable {
    /// Send this selector to the scene delegate, if it implements it, with the scene.
    case callDelegate(Selector)
    /// Post this UIScene notification with the scene as its object.
    case post(String)
  }

  public private(set) var state: State = .unattached
  /// The scene stays unattached until it enters the foreground; this says it already connected.
  public private(set) var hasConnected = false

  public init() {}

  /// Whether the scene is connected (not yet disconnected).
  public var isConnected: Bool { state != .disconnected }

  /// `scene:willConnectToSession:options:` then `UISceneWillConnectNotification` (§3.6: READ
  /// from the decompile for this one).
  public mutating func connect() -> [Action] {
    guard state == .unattached, !hasConnected else { return [] }
    hasConnected = true
    return [
      .callDelegate(Selector("scene:willConnectToSession:options:")),
      .post("UISceneWillConnectNotification"),
    ]
  }

  /// `sceneWillEnterForeground:` (§4.2 returning, step 1; §14 C steps 17-18).
  public mutating func enterForeground() -> [Action] {
    guard state == .unattached || state == .background else { return [] }
    state = .foregroundInactive
    // §3.6: delegate-then-notification INFERRED by analogy with UIApplication's documentation.
    return [
      .callDelegate(Selector("sceneWillEnterForeground:")),
      .post("UISceneWillEnterForegroundNotification"),
    ]
  }

  /// `sceneDidBecomeActive:` (§4.2 returning, step 2; §14 C steps 20-21).
  public mutating func activate() -> [Action] {
    guard state == .foregroundInactive else { return [] }
    state = .foregroundActive
    return [
      .callDelegate(Selector("sceneDidBecomeActive:")), .post("UISceneDidActivateNotification"),
    ]
  }

  /// `sceneWillResignActive:`: an interruption, the switcher, or the way to the background
  /// (§4.2 going home, step 1).
  public mutating func resignActive() -> [Action] {
    guard state == .foregroundActive else { return [] }
    state = .foregroundInactive
    return [
      .callDelegate(Selector("sceneWillResignActive:")),
      .post("UISceneWillDeactivateNotification"),
    ]
  }

  /// `sceneDidEnterBackground:`, resigning first if active (§4.2 going home, §14 E).
  public mutating func enterBackground() -> [Action] {
    switch state {
    case .foregroundActive:
      return resignActive() + enterBackground()
    case .foregroundInactive:
      state = .background
      return [
        .callDelegate(Selector("sceneDidEnterBackground:")),
        .post("UISceneDidEnterBackgroundNotification"),
      ]
    default:
      return []
    }
  }

  /// `sceneDidDisconnect:` then `UISceneDidDisconnectNotification` (§5.2). The caller decides
  /// what comes before it (§14 G: resigning, and sometimes entering the background).
  public mutating func disconnect() -> [Action] {
    guard state != .disconnected else { return [] }
    state = .disconnected
    return [
      .callDelegate(Selector("sceneDidDisconnect:")), .post("UISceneDidDisconnectNotification"),
    ]
  }
}
