import AppLifecycle
import Testing
import XcodeFiles

/// Scene sessions after the launch (Documentation/UIKit/scenes.md#scene-sessions-after-the-launch):
/// what the connecting session carries, what a requested scene is handed, and sessions that
/// outlive their scenes.
@Suite struct SceneSessionTests {
  /// A scene app whose app delegate chooses the configuration as Xcode's template does and whose
  /// scene delegate writes down what UIKit hands it.
  final class SceneApp {
    let device: Device
    /// `role application:configurationForConnectingSceneSession:options: …`, `connect …`, …
    var seen: [String] = []

    init(multipleScenes: Bool = false) throws {
      device = try Device()
      device.info = InfoPlist([
        "UIApplicationSceneManifest": .dictionary([
          "UIApplicationSupportsMultipleScenes": .bool(multipleScenes),
          "UISceneConfigurations": .dictionary([
            SceneManifest.applicationRole: .array([
              .dictionary([
                "UISceneConfigurationName": .string("Default Configuration"),
                "UISceneDelegateClassName": .string("SceneDelegate"),
              ])
            ])
          ]),
        ])
      ])
      let runtime = device.runtime
      let appDelegate = try runtime.defineClass(
        "AppDelegate", superclass: runtime.classNamed("UIResponder"),
        protocols: ["UIApplicationDelegate"])
      // Xcode's template: UISceneConfiguration(name: "Default Configuration",
      // sessionRole: connectingSceneSession.role).
      appDelegate.addMethod("application:configurationForConnectingSceneSession:options:") {
        [unowned self] message in
        let role = try runtime.send(Selector("role"), to: message.arguments[1].object)
        let options = message.arguments[2].object
        let activities = try runtime.send(Selector("userActivities"), to: options)
        seen.append("configure role \(role.stringValue) activities \(Self.describe(activities))")
        let configuration = try device.create(
          runtime.classNamed("UISceneConfiguration")!,
          [.string("Default Configuration"), role])
        let chosen = try runtime.send(Selector("role"), to: configuration)
        seen.append("configuration role \(chosen.stringValue)")
        return .object(configuration)
      }
      for name in [
        "application:didFinishLaunchingWithOptions:", "application:didDiscardSceneSessions:",
      ] {
        appDelegate.addMethod(name) { _ in .nil }
      }
      let sceneDelegate = try runtime.defineClass(
        "SceneDelegate", superclass: runtime.classNamed("UIResponder"),
        protocols: ["UIWindowSceneDelegate"])
      sceneDelegate.addMethod("scene:willConnectToSession:options:") { [unowned self] message in
        let session = message.arguments[1].object
        let identifier = try runtime.send(Selector("persistentIdentifier"), to: session)
        let activities = try runtime.send(
          Selector("userActivities"), to: message.arguments[2].object)
        seen.append("connect \(identifier.stringValue) activities \(Self.describe(activities))")
        return .nil
      }
      // §10.2: the scene's state, saved and restored.
      sceneDelegate.addMethod("stateRestorationActivityForScene:") { _ in .string("page 42") }
      sceneDelegate.addMethod("scene:restoreInteractionStateWithUserActivity:") {
        [unowned self] message in
        seen.append("restore \(message.arguments[1].stringValue)")
        return .nil
      }
      for name in [
        "sceneWillEnterForeground:", "sceneDidBecomeActive:", "sceneWillResignActive:",
        "sceneDidEnterBackground:", "sceneDidDisconnect:",
      ] {
        sceneDelegate.addMethod(name) { _ in .nil }
      }
    }

    /// A value as a line: strings as they are, arrays in brackets.
    static func describe(_ value: RuntimeValue) -> String {
      if case .array(let items) = value {
        return "[" + items.map(describe).joined(separator: ", ") + "]"
      }
      return value.stringValue
    }

    func launch() throws {
      try device.applicationMain(principalClassName: nil, delegateClassName: "AppDelegate")
    }

    /// The trace lines `body` adds.
    func lines(_ body: (Device) throws -> Void) throws -> [String] {
      let start = device.trace.lines().count
      try body(device)
      return Array(device.trace.lines().dropFirst(start))
    }

    /// The only connected scene.
    var scene: UIScene {
      get throws { try #require(device.scenes.count == 1 ? device.scenes.values.first : nil) }
    }

    /// `UIApplication.shared.requestSceneSessionActivation(session, userActivity:, options:,
    /// errorHandler:)`, as the app's own code calls it.
    func requestSceneSessionActivation(_ session: RuntimeValue, userActivity: RuntimeValue) throws {
      try device.runtime.send(
        Selector("requestSceneSessionActivation:userActivity:options:errorHandler:"),
        to: device.application, [session, userActivity, .nil, .nil])
    }
  }

  // MARK: The connecting session's role (§3.7 point 1)

  @Test func theConnectingSessionHasItsRoleWhenTheConfigurationIsChosen() throws {
    let app = try SceneApp()
    try app.launch()
    #expect(
      app.seen.prefix(2) == [
        "configure role UIWindowSceneSessionRoleApplication activities []",
        "configuration role UIWindowSceneSessionRoleApplication",
      ])
    let session = try #require(app.device.scenes.values.first?.session)
    #expect(
      try app.device.runtime.send(Selector("role"), to: session).stringValue
        == SceneManifest.applicationRole)
  }

  // MARK: The last scene closed (§3.7 point 4)

  @Test func closingTheOnlySceneSendsTheAppToTheBackgroundAndTheIconConnectsANewSession() throws {
    let app = try SceneApp()
    try app.launch()
    let closed = try app.scene
    let session = try #require(closed.session)
    let closing = try app.lines { try $0.closeScene(closed) }
    #expect(
      closing == [
        "SceneDelegate.sceneWillResignActive:",
        "post UISceneWillDeactivateNotification", "post UIApplicationWillResignActiveNotification",
        "SceneDelegate.sceneDidDisconnect:", "post UISceneDidDisconnectNotification",
        "post UIApplicationDidEnterBackgroundNotification",
        "AppDelegate.application:didDiscardSceneSessions:",
      ])
    #expect(session.scene == nil, "UIKit clears a disconnected scene's session.scene")
    #expect(app.device.machine.applicationState == .background)
    #expect(app.device.machine.phase == .suspended)
    app.seen = []
    let returning = try app.lines { try $0.activate() }
    // A new session, as tapping the icon of an app with no scene gives; the process goes on.
    #expect(
      app.seen == [
        "configure role UIWindowSceneSessionRoleApplication activities []",
        "configuration role UIWindowSceneSessionRoleApplication",
        "connect SESSION-2 activities []",
      ])
    #expect(
      returning.filter { $0.hasPrefix("SceneDelegate.") || $0.hasPrefix("AppDelegate.") } == [
        "AppDelegate.application:configurationForConnectingSceneSession:options:",
        "SceneDelegate.scene:willConnectToSession:options:",
        "SceneDelegate.sceneWillEnterForeground:", "SceneDelegate.sceneDidBecomeActive:",
      ])
    #expect(app.device.machine.applicationState == .active)
  }

  // MARK: A scene the system reclaims (§3.7 point 3)

  @Test func aReclaimedSceneReconnectsWithItsSessionAndItsState() throws {
    let app = try SceneApp()
    try app.launch()
    let reclaimed = try app.scene
    let session = try #require(reclaimed.session)
    let reclaiming = try app.lines { try $0.reclaimScene(reclaimed) }
    #expect(
      reclaiming.filter { $0.hasPrefix("SceneDelegate.") || $0.hasPrefix("AppDelegate.") } == [
        "SceneDelegate.sceneWillResignActive:", "SceneDelegate.sceneDidEnterBackground:",
        "SceneDelegate.stateRestorationActivityForScene:", "SceneDelegate.sceneDidDisconnect:",
      ])
    #expect(session.scene == nil && session.stateRestorationActivity.stringValue == "page 42")
    #expect(app.device.machine.phase == .suspended)
    app.seen = []
    let returning = try app.lines { try $0.activate() }
    // The same session, without a configuration asked for it, restored before activation.
    #expect(app.seen == ["connect SESSION-1 activities []", "restore page 42"])
    let scene = try app.scene
    #expect(scene !== reclaimed && scene.session === session && session.scene === scene)
    #expect(
      returning.filter { $0.hasPrefix("SceneDelegate.") || $0.hasPrefix("AppDelegate.") } == [
        "SceneDelegate.scene:willConnectToSession:options:",
        "SceneDelegate.scene:restoreInteractionStateWithUserActivity:",
        "SceneDelegate.sceneWillEnterForeground:", "SceneDelegate.sceneDidBecomeActive:",
      ])
  }

  @Test func onlyAConnectedSceneOfAnAppWithScenesCanBeReclaimed() throws {
    let app = try SceneApp()
    try app.launch()
    let scene = try app.scene
    try app.device.reclaimScene(scene)
    let notConnected = LifecycleError(
      "device.reclaim_scene: the scene is not connected (it was closed or reclaimed, or its process ended)"
    )
    #expect(throws: notConnected) { try app.device.reclaimScene(scene) }
    #expect(throws: notConnected) { try app.device.reclaimScene(nil) }
    let legacy = try TestApp()
    _ = try legacy.launch()
    #expect(
      throws: LifecycleError(
        "device.reclaim_scene: the app does not use scenes (no UIApplicationSceneManifest), so it has no scene to reclaim; the system reclaims its memory by ending it: device.terminate_in_background()"
      )
    ) { try legacy.device.reclaimScene(nil) }
  }

  /// The system acts between UIKit's callbacks: a reclaim asked for while the scene connects, in
  /// the launch, happens once the launch is over, not in the middle of it.
  @Test func aReclaimDuringTheLaunchWaitsForTheLaunchsCallbacks() throws {
    let app = try SceneApp()
    let sceneDelegate = try #require(app.device.runtime.classNamed("SceneDelegate"))
    sceneDelegate.addMethod("scene:willConnectToSession:options:") {
      [device = app.device] message in
      try device.reclaimScene(message.arguments[0].object as? UIScene)
      return .nil
    }
    let lines = try app.lines {
      try $0.applicationMain(principalClassName: nil, delegateClassName: "AppDelegate")
    }
    #expect(
      lines.filter { $0.hasPrefix("SceneDelegate.") } == [
        "SceneDelegate.scene:willConnectToSession:options:",
        "SceneDelegate.sceneWillEnterForeground:", "SceneDelegate.sceneDidBecomeActive:",
        "SceneDelegate.sceneWillResignActive:", "SceneDelegate.sceneDidEnterBackground:",
        "SceneDelegate.stateRestorationActivityForScene:", "SceneDelegate.sceneDidDisconnect:",
      ])
    #expect(app.device.machine.reclaimedSessions == [1] && app.device.scenes.isEmpty)
  }

  // MARK: An activity the app asks a new scene for (§3.7 point 2)

  @Test func theActivityOfASceneRequestIsInTheNewScenesConnectionOptions() throws {
    let app = try SceneApp(multipleScenes: true)
    try app.launch()
    app.seen = []
    try app.requestSceneSessionActivation(.nil, userActivity: .string("com.example.compose"))
    #expect(
      app.seen == [
        "configure role UIWindowSceneSessionRoleApplication activities [com.example.compose]",
        "configuration role UIWindowSceneSessionRoleApplication",
        "connect SESSION-2 activities [com.example.compose]",
      ])
    // The activity went with that request only: the next window opens empty.
    app.seen = []
    try app.device.openScene()
    #expect(app.seen.last == "connect SESSION-3 activities []")
  }
}
