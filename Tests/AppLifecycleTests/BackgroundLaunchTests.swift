import AppLifecycle
import Testing
import XcodeFiles

/// Background launches and deliveries (Documentation/UIKit/background-launches.md, §19): a
/// silent push to an app that is not running, suspended or in front, and the first foreground
/// after a background launch.
@Suite struct BackgroundLaunchTests {
  /// `{ aps = { ["content-available"] = 1 }, id = 7 }`.
  static var silentPush: RemoteNotification {
    RemoteNotification(
      payload: ["aps": .dictionary(["content-available": .int(1)]), "id": .int(7)],
      contentAvailable: true)
  }

  /// What the app delegate's callbacks saw: `selector state`, plus what the notification
  /// handler and the launch methods received.
  final class Seen {
    var states: [String] = []
    var launchOptions: [RuntimeValue] = []
    var userInfo: [RuntimeValue] = []
    var completions: [NativeBlock] = []
  }

  /// A storyboard app without scenes (§1.1) that declares the Remote notifications background
  /// mode and implements the notification handler, calling its completion at once unless
  /// `completes` is false.
  static func storyboardApp(
    backgroundModes: [String] = ["remote-notification"], completes: Bool = true,
    options: LaunchOrderOptions = LaunchOrderOptions()
  ) throws -> (TestApp, Seen) {
    let app = try TestApp(options: options)
    var info: [String: PlistValue] = ["UIMainStoryboardFile": .string("Main")]
    if !backgroundModes.isEmpty {
      info["UIBackgroundModes"] = .array(backgroundModes.map(PlistValue.string))
    }
    app.device.info = InfoPlist(info)
    app.device.storyboards["Main"] = Storyboard(
      name: "Main", initialViewController: Storyboard.Scene(className: "ViewController"))
    app.delegate.declareProperty("window")
    let seen = Seen()
    let device = app.device
    func note(_ name: String) {
      seen.states.append("\(name) \(device.machine.applicationState.rawValue)")
    }
    for name in [
      "applicationDidBecomeActive:", "applicationWillResignActive:",
      "applicationDidEnterBackground:", "applicationWillEnterForeground:",
    ] {
      app.delegate.addMethod(name) { _ in
        note(name)
        return .nil
      }
    }
    for name in [
      "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
    ] {
      app.delegate.addMethod(name) { message in
        note(name)
        seen.launchOptions.append(message.argument(1))
        if name == "application:didFinishLaunchingWithOptions:" {
          try registerForRemoteNotifications(message, on: device)
        }
        return .bool(true)
      }
    }
    app.delegate.addMethod("application:didReceiveRemoteNotification:fetchCompletionHandler:") {
      message in
      note("didReceiveRemoteNotification")
      seen.userInfo.append(message.argument(1))
      guard let completion = message.argument(2).object as? NativeBlock else {
        Issue.record("no completion handler")
        return .nil
      }
      if completes {
        try completion.call([.string("newData")])
      } else {
        seen.completions.append(completion)
      }
      return .nil
    }
    return (app, seen)
  }

  /// The payload's `id`.
  static func id(of payload: [String: RuntimeValue]) -> Int? {
    if case .int(let id) = payload["id"] { return id }
    return nil
  }

  /// The launch, then the system ends the app in the background (not a force quit).
  static func launchedAndEnded(_ app: TestApp) throws -> Int {
    _ = try app.launch()
    try app.device.terminateInBackground()
    return app.lifecycleLines.count
  }

  // MARK: Not running: a background launch (§19.1, §19.2 item 4)

  @Test func aSilentPushLaunchesAnAppWithoutScenesInTheBackground() throws {
    let (app, seen) = try Self.storyboardApp()
    let before = try Self.launchedAndEnded(app)
    seen.states = []
    seen.launchOptions = []
    try app.device.push(Self.silentPush)
    #expect(
      app.lines(since: before) == [
        "new UIApplication",
        "new AppDelegate",
        "new ViewController",
        "ViewController.initWithCoder:",
        "ViewController.awakeFromNib",
        "AppDelegate.window",
        "new UIWindow",
        "AppDelegate.setWindow:",
        "UIWindow.setRootViewController:",
        "AppDelegate.application:willFinishLaunchingWithOptions:",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "post UIApplicationDidFinishLaunchingNotification",
        "AppDelegate.applicationDidEnterBackground:",
        "post UIApplicationDidEnterBackgroundNotification",
        "AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:",
      ])
    #expect(
      seen.states == [
        "application:willFinishLaunchingWithOptions: background",
        "application:didFinishLaunchingWithOptions: background",
        "applicationDidEnterBackground: background",
        "didReceiveRemoteNotification background",
      ])
    // The launch options carry the payload (§19.2 item 4), and so does the handler.
    for options in seen.launchOptions {
      guard case .dictionary(let fields) = options,
        case .dictionary(let payload) = fields["UIApplicationLaunchOptionsRemoteNotificationKey"]
      else {
        Issue.record("launch options without the remote notification: \(options)")
        continue
      }
      #expect(Self.id(of: payload) == 7)
    }
    #expect(seen.launchOptions.count == 2)
    guard case .dictionary(let userInfo) = seen.userInfo.first else {
      Issue.record("no userInfo")
      return
    }
    #expect(Self.id(of: userInfo) == 7)
    // The completion was called: suspended, the window still hidden, no launch screen drawn.
    #expect(app.device.machine.phase == .suspended)
    #expect(app.device.application?.windows.allSatisfy(\.isHidden) == true)
    #expect(!app.device.trace.lines().suffix(15).contains("screen launch removed"))
  }

  @Test func aWindowTheAppShowsItselfAppearsDuringTheBackgroundLaunch() throws {
    let app = try TestApp()
    app.device.info = InfoPlist(["UIBackgroundModes": .array([.string("remote-notification")])])
    app.createWindowInDidFinishLaunching()
    app.delegate.addMethod("application:willFinishLaunchingWithOptions:") {
      [device = app.device] message in
      try registerForRemoteNotifications(message, on: device)
      return .bool(true)
    }
    app.implement([
      "applicationDidBecomeActive:", "applicationWillEnterForeground:",
      "applicationDidEnterBackground:",
      "application:didReceiveRemoteNotification:fetchCompletionHandler:",
    ])
    let before = try Self.launchedAndEnded(app)
    try app.device.push(Self.silentPush)
    // §19.1: makeKeyAndVisible in didFinishLaunching shows the window, in the background.
    #expect(
      Array(app.lines(since: before).dropFirst(2)) == [
        "AppDelegate.application:willFinishLaunchingWithOptions:",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "new UIWindow",
        "new ViewController",
        "ViewController.loadView",
        "ViewController.viewDidLoad",
        "post UIApplicationDidFinishLaunchingNotification",
        "ViewController.viewWillAppear:",
        "ViewController.viewDidAppear:",
        "AppDelegate.applicationDidEnterBackground:",
        "post UIApplicationDidEnterBackgroundNotification",
        "AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:",
      ])
    // §19.5: it appeared already, so the first foreground brings no appearance callbacks.
    let launched = app.lifecycleLines.count
    try app.device.activate()
    #expect(
      app.lines(since: launched) == [
        "AppDelegate.applicationWillEnterForeground:",
        "post UIApplicationWillEnterForegroundNotification",
        "AppDelegate.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
      ])
  }

  // MARK: The first foreground after a background launch (§19.5)

  @Test func theFirstForegroundShowsTheHiddenWindowWithoutASecondLaunch() throws {
    let (app, seen) = try Self.storyboardApp()
    _ = try Self.launchedAndEnded(app)
    try app.device.push(Self.silentPush)
    let launched = app.lifecycleLines.count
    seen.states = []
    try app.device.activate()
    #expect(
      app.lines(since: launched) == [
        "AppDelegate.applicationWillEnterForeground:",
        "post UIApplicationWillEnterForegroundNotification",
        "ViewController.loadView",
        "ViewController.viewDidLoad",
        "ViewController.viewWillAppear:",
        "AppDelegate.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
        "ViewController.viewDidAppear:",
      ])
    #expect(
      seen.states == [
        "applicationWillEnterForeground: background", "applicationDidBecomeActive: active",
      ])
    // Later returns are ordinary ones.
    try app.device.home()
    let home = app.lifecycleLines.count
    try app.device.activate()
    #expect(!app.lines(since: home).contains { $0.hasPrefix("ViewController.") })
  }

  @Test(arguments: [
    LaunchOrderOptions.LegacyActivation.beforeViewLoads, .betweenWillAndDidAppear, .afterDidAppear,
  ])
  func theHiddenWindowAppearsWhereTheLegacyActivationOptionPutsIt(
    order: LaunchOrderOptions.LegacyActivation
  ) throws {
    var options = LaunchOrderOptions()
    options.legacyActivation = order
    let (app, _) = try Self.storyboardApp(options: options)
    let foreground = try app.launch().filter {
      $0 == "ViewController.viewWillAppear:" || $0 == "ViewController.viewDidAppear:"
        || $0 == "AppDelegate.applicationDidBecomeActive:"
    }
    try app.device.terminateInBackground()
    try app.device.push(Self.silentPush)
    let launched = app.lifecycleLines.count
    try app.device.activate()
    let first = app.lines(since: launched).filter { foreground.contains($0) }
    #expect(first == foreground)
  }

  @Test func aSceneAppConnectsNoSceneUntilTheUserOpensIt() throws {
    let device = try Device()
    device.profile = IOSProfile(18, 3)
    device.info = InfoPlist([
      "UIBackgroundModes": .array([.string("remote-notification")]),
      "UIApplicationSceneManifest": .dictionary([
        "UISceneConfigurations": .dictionary([
          SceneManifest.applicationRole: .array([
            .dictionary(["UISceneDelegateClassName": .string("SceneDelegate")])
          ])
        ])
      ]),
    ])
    let runtime = device.runtime
    let sceneDelegate = try runtime.defineClass(
      "SceneDelegate", superclass: runtime.classNamed("UIResponder"),
      protocols: ["UIWindowSceneDelegate"])
    for name in [
      "scene:willConnectToSession:options:", "sceneWillEnterForeground:", "sceneDidBecomeActive:",
    ] {
      sceneDelegate.addMethod(name) { _ in .nil }
    }
    let appDelegate = try runtime.defineClass(
      "AppDelegate", superclass: runtime.classNamed("UIResponder"),
      protocols: ["UIApplicationDelegate"])
    var states: [String] = []
    for name in [
      "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
      "application:didReceiveRemoteNotification:fetchCompletionHandler:",
      "applicationDidEnterBackground:",
    ] {
      appDelegate.addMethod(name) { message in
        states.append("\(name) \(device.machine.applicationState.rawValue)")
        if name == "application:didFinishLaunchingWithOptions:" {
          try registerForRemoteNotifications(message, on: device)
        }
        if let block = message.arguments.last?.object as? NativeBlock { try block.call([]) }
        if name.hasSuffix("WithOptions:") { #expect(message.argument(1).isNil) }
        return .bool(true)
      }
    }
    try device.applicationMain(principalClassName: nil, delegateClassName: "AppDelegate")
    try device.terminateInBackground()
    let before = device.trace.lines().count
    states = []
    try device.push(Self.silentPush)
    #expect(
      Array(device.trace.lines().dropFirst(before)) == [
        "new UIApplication",
        "new AppDelegate",
        "AppDelegate.application:willFinishLaunchingWithOptions:",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "post UIApplicationDidFinishLaunchingNotification",
        "AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:",
      ])
    #expect(
      states == [
        "application:willFinishLaunchingWithOptions: background",
        "application:didFinishLaunchingWithOptions: background",
        "application:didReceiveRemoteNotification:fetchCompletionHandler: background",
      ])
    #expect(device.machine.connectedScenes.isEmpty)
    #expect(device.machine.phase == .suspended)
    let launched = device.trace.lines().count
    try device.activate()
    #expect(
      Array(device.trace.lines().dropFirst(launched)) == [
        "new UIWindowScene",
        "new SceneDelegate",
        "SceneDelegate.scene:willConnectToSession:options:",
        "post UISceneWillConnectNotification",
        "SceneDelegate.sceneWillEnterForeground:",
        "post UISceneWillEnterForegroundNotification",
        "post UIApplicationWillEnterForegroundNotification",
        "SceneDelegate.sceneDidBecomeActive:",
        "post UISceneDidActivateNotification",
        "post UIApplicationDidBecomeActiveNotification",
      ])
    #expect(device.machine.applicationState == .active)
  }

  // MARK: A running app (§19.1, §19.2 item 5)

  @Test func aSuspendedAppWakesInTheBackgroundForIt() throws {
    let (app, seen) = try Self.storyboardApp()
    _ = try app.launch()
    try app.device.home()
    #expect(app.device.machine.phase == .suspended)
    let before = app.lifecycleLines.count
    seen.states = []
    try app.device.push(Self.silentPush)
    #expect(
      app.lines(since: before) == [
        "AppDelegate.applicationDidEnterBackground:",
        "post UIApplicationDidEnterBackgroundNotification",
        "AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:",
      ])
    #expect(
      seen.states == [
        "applicationDidEnterBackground: background", "didReceiveRemoteNotification background",
      ])
    #expect(app.device.machine.phase == .suspended)
  }

  @Test func theAppInFrontGetsItAtOnceWhileActive() throws {
    let (app, seen) = try Self.storyboardApp(backgroundModes: [])
    _ = try app.launch()
    let before = app.lifecycleLines.count
    seen.states = []
    try app.device.push(Self.silentPush)
    #expect(
      app.lines(since: before) == [
        "AppDelegate.application:didReceiveRemoteNotification:fetchCompletionHandler:"
      ])
    #expect(seen.states == ["didReceiveRemoteNotification active"])
  }

  // MARK: What keeps the system from launching or waking the app (§19.2 items 1 and 7)

  @Test func withoutTheBackgroundModeNothingHappensAndUIKitSaysSoAtLaunch() throws {
    let (app, _) = try Self.storyboardApp(backgroundModes: ["fetch"])
    let lines = try app.launch()
    #expect(
      lines.contains(
        "log You've implemented -[<UIApplicationDelegate> application:didReceiveRemoteNotification:fetchCompletionHandler:], but you still need to add \"remote-notification\" to the list of your supported UIBackgroundModes in your Info.plist."
      ))
    try app.device.home()
    let suspended = app.lifecycleLines.count
    try app.device.push(Self.silentPush)
    try app.device.terminateInBackground()
    try app.device.push(Self.silentPush)
    #expect(
      app.lines(since: suspended) == [
        "device push (ignored: the app does not declare remote-notification in UIBackgroundModes)",
        "device push (ignored: the app does not declare remote-notification in UIBackgroundModes)",
      ])
  }

  @Test func anAppTheUserForceQuitIsNotLaunchedUntilTheUserOpensIt() throws {
    let (app, _) = try Self.storyboardApp()
    _ = try app.launch()
    try app.device.kill()
    let killed = app.lifecycleLines.count
    try app.device.push(Self.silentPush)
    #expect(app.lines(since: killed) == ["device push (ignored: the user force-quit the app)"])
    try app.device.activate()
    try app.device.home()
    try app.device.push(Self.silentPush)
    #expect(app.lifecycleLines.last?.contains("didReceiveRemoteNotification") == true)
  }

  /// background-launches.md#registering-for-remote-notifications: the token comes on the next
  /// turn, at every registration, the same until the app is installed again.
  @Test func registeringGivesATokenOnTheNextTurnUntilTheAppIsReinstalled() throws {
    let app = try TestApp()
    var tokens: [String] = []
    app.delegate.addMethod("application:didFinishLaunchingWithOptions:") {
      [device = app.device] message in
      try registerForRemoteNotifications(message, on: device)
      return .bool(true)
    }
    app.delegate.addMethod("application:didRegisterForRemoteNotificationsWithDeviceToken:") {
      message in
      tokens.append(message.argument(1).stringValue)
      return .nil
    }
    let lines = try app.launch()
    #expect(
      Array(lines.suffix(3)) == [
        "post UIApplicationDidFinishLaunchingNotification",
        "post UIApplicationDidBecomeActiveNotification",
        "AppDelegate.application:didRegisterForRemoteNotificationsWithDeviceToken:",
      ])
    try app.device.kill()
    try app.device.activate()
    try app.device.reinstall()
    try app.device.activate()
    #expect(tokens.count == 3)
    #expect(tokens[0].count == 64 && tokens[0].allSatisfy(\.isHexDigit))
    #expect(tokens[0] == tokens[1] && tokens[1] != tokens[2])
  }

  @Test func aPushBeforeTheAppIsKnownIsAnError() throws {
    let (app, _) = try Self.storyboardApp()
    #expect(
      throws: LifecycleError(
        "device.push: the app was never launched; call UIApplicationMain (or main) first, so the device knows the app"
      )
    ) { try app.device.push(Self.silentPush) }
  }

  // MARK: The completion handler and its 30 s (§19.2 items 3 and 6)

  @Test func theAppRunsUntilItCallsTheCompletionHandler() throws {
    let (app, seen) = try Self.storyboardApp(completes: false)
    _ = try Self.launchedAndEnded(app)
    try app.device.push(Self.silentPush)
    #expect(app.device.machine.phase == .running)
    try app.device.wait(29)
    #expect(app.device.machine.phase == .running)
    try #require(seen.completions.first).call([.string("newData")])
    #expect(app.device.machine.phase == .suspended)
    // Called again, or after the time: nothing.
    try seen.completions[0].call([])
    try app.device.wait(5)
    #expect(app.device.isAppRunning && app.device.machine.phase == .suspended)
  }

  @Test func notCallingItWithin30SecondsEndsTheApp() throws {
    let (app, _) = try Self.storyboardApp(completes: false)
    _ = try app.launch()
    try app.device.home()
    try app.device.wait(10)
    try app.device.push(Self.silentPush)
    try app.device.wait(29.5)
    #expect(app.device.isAppRunning)
    try app.device.wait(1)
    #expect(!app.device.isAppRunning)
    #expect(
      app.lifecycleLines.last
        == "terminated [lifescript: UIKit's exact text is not public] the app did not call the completion handler of application:didReceiveRemoteNotification:fetchCompletionHandler: within 30 seconds (see Documentation/UIKit/background-launches.md#background-notifications)"
    )
    #expect(app.device.trace.entries.last?.time.seconds == 40)
  }

  @Test func anAppInFrontIsNotEndedForAHandlerItKeeps() throws {
    let (app, _) = try Self.storyboardApp(completes: false)
    _ = try app.launch()
    try app.device.push(Self.silentPush)
    try app.device.wait(31)
    #expect(app.device.isAppRunning && app.device.machine.applicationState == .active)
    // The handler no longer keeps the app from being suspended.
    try app.device.home()
    #expect(app.device.machine.phase == .suspended)
  }
}

/// What an app that receives pushes does in `application:didFinishLaunchingWithOptions:`:
/// `application.registerForRemoteNotifications()`, so APNs has a token for it
/// (background-launches.md#registering-for-remote-notifications).
func registerForRemoteNotifications(_ launch: Message, on device: Device) throws {
  try device.runtime.send(
    Selector("registerForRemoteNotifications"), to: launch.argument(0).object)
}
