import AppLifecycle
import Testing

@Suite struct SceneStateMachineTests {
  typealias State = SceneStateMachine.State

  /// Short names: delegate selectors, and notifications as "post X" ("app X" for UIApplication's).
  static func lines(_ actions: [SceneAggregate.Action]) -> [String] {
    actions.map { action in
      switch action {
      case .scene(_, .callDelegate(let selector)): selector.name
      case .scene(_, .post(let name)): "post " + name
      case .postApplication(let name): "app " + name
      }
    }
  }

  static func connectedScene() -> (SceneAggregate, [String]) {
    var aggregate = SceneAggregate()
    aggregate.add(1)
    let lines =
      lines(aggregate.connect(1)) + lines(aggregate.enterForeground(1))
      + lines(aggregate.activate(1))
    return (aggregate, lines)
  }

  @Test func aConnectingSceneFollowsTheCanonicalOrder() {
    let (aggregate, lines) = Self.connectedScene()
    // Reference §14 C steps 13-14 and 17-22.
    #expect(
      lines == [
        "scene:willConnectToSession:options:", "post UISceneWillConnectNotification",
        "sceneWillEnterForeground:", "post UISceneWillEnterForegroundNotification",
        "app UIApplicationWillEnterForegroundNotification",
        "sceneDidBecomeActive:", "post UISceneDidActivateNotification",
        "app UIApplicationDidBecomeActiveNotification",
      ])
    #expect(aggregate.applicationState == .active)
  }

  @Test func backgroundAndForegroundFollowTheCanonicalOrders() {
    var (aggregate, _) = Self.connectedScene()
    // §14 E, scenes.
    #expect(
      Self.lines(aggregate.enterBackground(1)) == [
        "sceneWillResignActive:", "post UISceneWillDeactivateNotification",
        "app UIApplicationWillResignActiveNotification",
        "sceneDidEnterBackground:", "post UISceneDidEnterBackgroundNotification",
        "app UIApplicationDidEnterBackgroundNotification",
      ])
    #expect(aggregate.applicationState == .background)
    // §14 F, scenes.
    #expect(
      Self.lines(aggregate.enterForeground(1) + aggregate.activate(1)) == [
        "sceneWillEnterForeground:", "post UISceneWillEnterForegroundNotification",
        "app UIApplicationWillEnterForegroundNotification",
        "sceneDidBecomeActive:", "post UISceneDidActivateNotification",
        "app UIApplicationDidBecomeActiveNotification",
      ])
  }

  @Test func applicationNotificationsFollowTheFirstSceneToActivateAndTheLastToBackground() {
    var (aggregate, _) = Self.connectedScene()
    aggregate.add(2)
    let second =
      aggregate.connect(2) + aggregate.enterForeground(2) + aggregate.activate(2)
    #expect(!Self.lines(second).contains { $0.hasPrefix("app ") }, "the app was already active")
    let firstLeaves = aggregate.enterBackground(1)
    #expect(!Self.lines(firstLeaves).contains { $0.hasPrefix("app ") }, "scene 2 is still active")
    #expect(aggregate.applicationState == .active)
    let lastLeaves = Self.lines(aggregate.enterBackground(2))
    #expect(
      lastLeaves.filter { $0.hasPrefix("app ") } == [
        "app UIApplicationWillResignActiveNotification",
        "app UIApplicationDidEnterBackgroundNotification",
      ])
  }

  @Test func aDuplicatedConnectionDoesNotRepeatTheCallbacks() {
    var machine = SceneStateMachine()
    #expect(machine.connect().count == 2)
    #expect(machine.connect().isEmpty)
    #expect(machine.state == .unattached)
  }

  @Test func disconnectingPostsTheSceneNotificationOnly() {
    var (aggregate, _) = Self.connectedScene()
    _ = aggregate.resignActive(1)
    #expect(
      Self.lines(aggregate.disconnect(1)) == [
        "sceneDidDisconnect:", "post UISceneDidDisconnectNotification",
      ])
    #expect(aggregate.state(of: 1) == .disconnected)
    #expect(aggregate.disconnect(1).isEmpty)
  }

  @Test(arguments: [
    (State.unattached, ["activate", "resignActive", "enterBackground"]),
    (.foregroundInactive, ["connect", "enterForeground"]),
    (.foregroundActive, ["connect", "enterForeground", "activate"]),
    (.background, ["connect", "activate", "resignActive", "enterBackground"]),
  ])
  func eventsThatDoNotApplyChangeNothing(state: State, events: [String]) {
    for event in events {
      var machine = Self.machine(in: state)
      let actions: [SceneStateMachine.Action]
      switch event {
      case "connect": actions = machine.connect()
      case "enterForeground": actions = machine.enterForeground()
      case "activate": actions = machine.activate()
      case "resignActive": actions = machine.resignActive()
      default: actions = machine.enterBackground()
      }
      #expect(actions.isEmpty, "\(event) in \(state)")
      #expect(machine.state == state)
    }
  }

  static func machine(in state: State) -> SceneStateMachine {
    var machine = SceneStateMachine()
    switch state {
    case .unattached: break
    case .foregroundInactive: _ = machine.enterForeground()
    case .foregroundActive:
      _ = machine.enterForeground()
      _ = machine.activate()
    case .background:
      _ = machine.enterForeground()
      _ = machine.enterBackground()
    case .disconnected: _ = machine.disconnect()
    }
    return machine
  }
}
