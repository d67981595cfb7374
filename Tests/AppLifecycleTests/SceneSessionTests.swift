import AppLifecycle
import Testing

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
