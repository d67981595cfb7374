import AppLifecycle
import Testing
import XcodeFiles

/// What `UIApplication.shared.applicationState` and a scene's `activationState` read inside
/// every callback and notification, for both shapes of app, pinned row by row against
/// Documentation/UIKit/application-state.md (§18.2 without scenes, §18.3 with them).
@Suite struct ApplicationStateTests {
  /// An app whose every callback, notification and root view controller method writes down the
  /// states it reads: `sceneWillResignActive: active foregroundActive`.
  final class ProbedApp {
    let device: Device
    var seen: [String] = []

    /// The callbacks UIKit sends an app delegate in every shape of app.
    static let applicationCallbacks = [
      "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
      "applicationDidReceiveMemoryWarning:", "applicationWillTerminate:",
    ]
    static let legacyCallbacks = [
      "applicationDidBecomeActive:", "applicationWillResignActive:",
      "applicationDidEnterBackground:", "applicationWillEnterForeground:",
    ]
    static let sceneCallbacks = [
      "scene:willConnectToSession:options:", "sceneWillEnterForeground:", "sceneDidBecomeActive:",
      "sceneWillResignActive:", "sceneDidEnterBackground:", "sceneDidDisconnect:",
    ]

    init(
      scenes: Bool,
      legacyActivation: LaunchOrderOptions.LegacyActivation = .betweenWillAndDidAppear,
      sceneAppearance: LaunchOrderOptions.SceneAppearance = .duringConnection
    ) throws {
      device = try Device()
      device.profile = IOSProfile(18, 3)
      device.options.legacyActivation = legacyActivation
      device.options.sceneAppearance = sceneAppearance
      let runtime = device.runtime
      let responder = runtime.classNamed("UIResponder")
      let appDelegate = try runtime.defineClass(
        "AppDelegate", superclass: responder, protocols: ["UIApplicationDelegate"])
      let controller = try runtime.defineClass(
        "ViewController", superclass: runtime.classNamed("UIViewController"))
      for name in ["viewDidLoad", "viewWillAppear:", "viewDidAppear:"] {
        controller.addMethod(name) { [unowned self] _ in
          try note(name)
          return .nil
        }
      }
      for name in Self.applicationCallbacks + (scenes ? [] : Self.legacyCallbacks) {
        appDelegate.addMethod(name) { [unowned self] _ in
          try note(name)
          return .bool(true)
        }
      }
      device.notificationCenter.addObserver(forName: nil) { [unowned self] name, object, _ in
        try note("post " + name, scene: object as? UIScene)
      }
      if scenes {
        try defineSceneApp(appDelegate: appDelegate)
      } else {
        // §2 step 5: the window made in didFinishLaunching appears after it.
        appDelegate.addMethod("application:didFinishLaunchingWithOptions:") {
          [unowned self] message in
          try note("application:didFinishLaunchingWithOptions:")
          let window = try device.create(runtime.classNamed("UIWindow")!)
          message.receiver.instanceVariables["window"] = .object(window)  // self.window = window
          try runtime.send(
            Selector("setRootViewController:"), to: window, [.object(try device.create(controller))]
          )
          try runtime.send(Selector("makeKeyAndVisible"), to: window)
          return .bool(true)
        }
      }
    }

    /// A storyboard scene app (§3.1) whose app delegate chooses the configuration (§3.3).
    private func defineSceneApp(appDelegate: RuntimeClass) throws {
      let runtime = device.runtime
      device.info = InfoPlist([
        "UIApplicationSceneManifest": .dictionary([
          "UISceneConfigurations": .dictionary([
            SceneManifest.applicationRole: .array([
              .dictionary([
                "UISceneConfigurationName": .string("Default Configuration"),
                "UISceneDelegateClassName": .string("SceneDelegate"),
                "UISceneStoryboardFile": .string("Main"),
              ])
            ])
          ])
        ])
      ])
      device.storyboards["Main"] = Storyboard(
        name: "Main", initialViewController: Storyboard.Scene(className: "ViewController"))
      appDelegate.addMethod("application:configurationForConnectingSceneSession:options:") {
        [unowned self] _ in
        try note("application:configurationForConnectingSceneSession:options:")
        return .object(
          try device.create(
            runtime.classNamed("UISceneConfiguration")!,
            [.string("Default Configuration"), .string(SceneManifest.applicationRole)]))
      }
      let sceneDelegate = try runtime.defineClass(
        "SceneDelegate", superclass: runtime.classNamed("UIResponder"),
        protocols: ["UIWindowSceneDelegate"])
      sceneDelegate.declareProperty("window")
      for name in Self.sceneCallbacks {
        sceneDelegate.addMethod(name) { [unowned self] message in
          try note(name, scene: message.arguments.first?.object as? UIScene)
          return .nil
        }
      }
    }

    /// Writes down what the app reads now: `name applicationState [activationState]`.
    func note(_ name: String, scene: UIScene? = nil) throws {
      let runtime = device.runtime
      let state = try runtime.send(Selector("applicationState"), to: device.application)
      var line = "\(name) \(state.stringValue)"
      if let scene {
        line += " " + (try runtime.send(Selector("activationState"), to: scene).stringValue)
      }
      seen.append(line)
    }

    /// The lines written down while `body` ran.
    func reads(_ body: (Device) throws -> Void) throws -> [String] {
      let start = seen.count
      try body(device)
      return Array(seen[start...])
    }

    func launch() throws -> [String] {
      try reads {
        try $0.applicationMain(principalClassName: nil, delegateClassName: "AppDelegate")
      }
    }
  }

  // MARK: Without scenes (§18.2)

  @Test func anAppWithoutScenesReadsTheStatesOfTheTable() throws {
    let app = try ProbedApp(scenes: false)
    #expect(
      try app.launch() == [
        "application:willFinishLaunchingWithOptions: inactive",
        "application:didFinishLaunchingWithOptions: inactive",
        // §2 step 5: makeKeyAndVisible loads the view; it appears after didFinishLaunching.
        "viewDidLoad inactive",
        "post UIApplicationDidFinishLaunchingNotification inactive",
        "viewWillAppear: inactive",
        "applicationDidBecomeActive: active",
        "post UIApplicationDidBecomeActiveNotification active",
        "viewDidAppear: active",
      ])
    #expect(
      try app.reads { try $0.home() } == [
        "applicationWillResignActive: active",
        "post UIApplicationWillResignActiveNotification active",
        "applicationDidEnterBackground: background",
        "post UIApplicationDidEnterBackgroundNotification background",
      ])
    #expect(
      try app.reads { try $0.activate() } == [
        "applicationWillEnterForeground: background",
        "post UIApplicationWillEnterForegroundNotification background",
        "applicationDidBecomeActive: active",
        "post UIApplicationDidBecomeActiveNotification active",
      ])
    #expect(
      try app.reads { try $0.interrupt() } == [
        "applicationWillResignActive: active",
        "post UIApplicationWillResignActiveNotification active",
      ])
    // An interruption in progress: foreground, not active.
    #expect(
      try app.reads { try $0.memoryWarning() } == [
        "applicationDidReceiveMemoryWarning: inactive",
        "post UIApplicationDidReceiveMemoryWarningNotification inactive",
      ])
    #expect(
      try app.reads { try $0.endInterruption() } == [
        "applicationDidBecomeActive: active",
        "post UIApplicationDidBecomeActiveNotification active",
      ])
    #expect(
      try app.reads { try $0.memoryWarning() } == [
        "applicationDidReceiveMemoryWarning: active",
        "post UIApplicationDidReceiveMemoryWarningNotification active",
      ])
    #expect(
      try app.reads { try $0.kill() } == [
        "applicationWillResignActive: active",
        "post UIApplicationWillResignActiveNotification active",
        "applicationWillTerminate: background",
        "post UIApplicationWillTerminateNotification background",
      ])
  }

  /// The root view controller's appearance at launch reads whatever the `legacy-activation`
  /// option puts before it.
  @Test(arguments: [
    (
      LaunchOrderOptions.LegacyActivation.beforeViewLoads,
      [
        "viewDidLoad inactive", "applicationDidBecomeActive: active", "viewWillAppear: active",
        "viewDidAppear: active",
      ]
    ),
    (
      .betweenWillAndDidAppear,
      [
        "viewDidLoad inactive", "viewWillAppear: inactive", "applicationDidBecomeActive: active",
        "viewDidAppear: active",
      ]
    ),
    (
      .afterDidAppear,
      [
        "viewDidLoad inactive", "viewWillAppear: inactive", "viewDidAppear: inactive",
        "applicationDidBecomeActive: active",
      ]
    ),
  ])
  func theLaunchWindowReadsTheStateTheActivationOptionGivesIt(
    activation: LaunchOrderOptions.LegacyActivation, expected: [String]
  ) throws {
    let app = try ProbedApp(scenes: false, legacyActivation: activation)
    let reads = try app.launch().filter {
      $0.hasPrefix("view") || $0.hasPrefix("applicationDidBecomeActive:")
    }
    #expect(reads == expected)
  }

  // MARK: With scenes (§18.3)

  @Test func aSceneAppReadsTheStatesOfTheTable() throws {
    let app = try ProbedApp(scenes: true)
    #expect(
      try app.launch() == [
        // No scene is attached yet: no scene of record (§18.1 point 5).
        "application:willFinishLaunchingWithOptions: background",
        "application:didFinishLaunchingWithOptions: background",
        "post UIApplicationDidFinishLaunchingNotification background",
        "application:configurationForConnectingSceneSession:options: background",
        "scene:willConnectToSession:options: background unattached",
        "post UISceneWillConnectNotification background unattached",
        // §3.4: the storyboard window appears once the scene is connected.
        "viewDidLoad background", "viewWillAppear: background",
        "sceneWillEnterForeground: background background",
        "post UISceneWillEnterForegroundNotification background background",
        "post UIApplicationWillEnterForegroundNotification background",
        "sceneDidBecomeActive: active foregroundActive",
        "post UISceneDidActivateNotification active foregroundActive",
        "post UIApplicationDidBecomeActiveNotification active",
        "viewDidAppear: active",
      ])
    #expect(
      try app.reads { try $0.home() } == [
        "sceneWillResignActive: active foregroundActive",
        "post UISceneWillDeactivateNotification active foregroundActive",
        "post UIApplicationWillResignActiveNotification active",
        "sceneDidEnterBackground: background background",
        "post UISceneDidEnterBackgroundNotification background background",
        "post UIApplicationDidEnterBackgroundNotification background",
      ])
    #expect(
      try app.reads { try $0.activate() } == [
        "sceneWillEnterForeground: background background",
        "post UISceneWillEnterForegroundNotification background background",
        "post UIApplicationWillEnterForegroundNotification background",
        "sceneDidBecomeActive: active foregroundActive",
        "post UISceneDidActivateNotification active foregroundActive",
        "post UIApplicationDidBecomeActiveNotification active",
      ])
    #expect(
      try app.reads { try $0.interrupt() } == [
        "sceneWillResignActive: active foregroundActive",
        "post UISceneWillDeactivateNotification active foregroundActive",
        "post UIApplicationWillResignActiveNotification active",
      ])
    #expect(
      try app.reads { try $0.memoryWarning() } == [
        "applicationDidReceiveMemoryWarning: inactive",
        "post UIApplicationDidReceiveMemoryWarningNotification inactive",
      ])
    #expect(
      try app.reads { try $0.endInterruption() } == [
        "sceneDidBecomeActive: active foregroundActive",
        "post UISceneDidActivateNotification active foregroundActive",
        "post UIApplicationDidBecomeActiveNotification active",
      ])
    #expect(
      try app.reads { try $0.memoryWarning() } == [
        "applicationDidReceiveMemoryWarning: active",
        "post UIApplicationDidReceiveMemoryWarningNotification active",
      ])
    // The scene disconnects before the app terminates: nothing is attached any more.
    #expect(
      try app.reads { try $0.kill() } == [
        "sceneWillResignActive: active foregroundActive",
        "post UISceneWillDeactivateNotification active foregroundActive",
        "post UIApplicationWillResignActiveNotification active",
        "sceneDidDisconnect: background unattached",
        "post UISceneDidDisconnectNotification background unattached",
        "applicationWillTerminate: background",
        "post UIApplicationWillTerminateNotification background",
      ])
  }

  /// The storyboard's view controller reads the state of where the `scene-appearance` option
  /// puts it: still unattached during the connection, between foreground and activation, or
  /// active.
  @Test(arguments: [
    (LaunchOrderOptions.SceneAppearance.duringConnection, "background", "active"),
    (.beforeActivation, "inactive", "inactive"),
    (.afterActivation, "active", "active"),
  ])
  func theStoryboardViewReadsTheStateTheAppearanceOptionGivesIt(
    appearance: LaunchOrderOptions.SceneAppearance, willAppear: String, didAppear: String
  ) throws {
    let app = try ProbedApp(scenes: true, sceneAppearance: appearance)
    let views = try app.launch().filter { $0.hasPrefix("view") }
    #expect(
      views == [
        "viewDidLoad \(willAppear)", "viewWillAppear: \(willAppear)", "viewDidAppear: \(didAppear)",
      ])
  }
}
