import AppLifecycle
import Testing
import XcodeFiles

/// Notification taps and foreground notifications (Documentation/UIKit/background-launches.md,
/// §19.3): the response goes to `UNUserNotificationCenter`'s delegate, cold or warm, and the app
/// in front is asked how to present a notification.
@Suite struct NotificationResponseTests {
  static var payload: [String: RuntimeValue] {
    [
      "aps": .dictionary(["alert": .dictionary(["title": .string("New"), "body": .string("7")])]),
      "id": .int(7),
    ]
  }

  static var tap: SystemRequest {
    .notificationResponse(SystemRequest.NotificationResponseRequest(payload: payload))
  }

  /// What the notification center's delegate received.
  final class Received {
    var responses: [RuntimeObject] = []
    var presented: [RuntimeObject] = []
    var launchOptions: [RuntimeValue] = []
  }

  /// An app without scenes whose app delegate makes a `NotificationDelegate` the notification
  /// center's delegate in willFinishLaunching (unless `setsDelegate` is false), and makes its
  /// window in didFinishLaunching.
  static func legacyApp(setsDelegate: Bool = true) throws -> (TestApp, Received) {
    let app = try TestApp()
    let received = Received()
    let device = app.device
    let delegateClass = try notificationDelegate(in: device, received)
    app.createWindowInDidFinishLaunching()
    app.implement([
      "applicationDidBecomeActive:", "applicationWillEnterForeground:",
      "applicationWillResignActive:", "applicationDidEnterBackground:",
    ])
    app.delegate.addMethod("application:willFinishLaunchingWithOptions:") { message in
      received.launchOptions.append(message.argument(1))
      try registerForRemoteNotifications(message, on: device)
      if setsDelegate {
        let delegate = try device.create(delegateClass)
        try device.runtime.send(
          Selector("setDelegate:"), to: device.currentNotificationCenter, [.object(delegate)])
      }
      return .bool(true)
    }
    return (app, received)
  }

  /// A `UNUserNotificationCenterDelegate` that records what it hears.
  static func notificationDelegate(in device: Device, _ received: Received) throws
    -> RuntimeClass
  {
    let cls = try device.runtime.defineClass(
      "NotificationDelegate", superclass: device.runtime.classNamed("NSObject"),
      protocols: ["UNUserNotificationCenterDelegate"])
    cls.addMethod("userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:") {
      message in
      if let response = message.argument(1).object { received.responses.append(response) }
      if let completion = message.argument(2).object as? NativeBlock { try completion.call([]) }
      return .nil
    }
    cls.addMethod("userNotificationCenter:willPresentNotification:withCompletionHandler:") {
      message in
      if let notification = message.argument(1).object { received.presented.append(notification) }
      return .nil
    }
    return cls
  }

  /// The payload a response or notification carries, through its request and content.
  static func userInfo(of notification: RuntimeObject?) -> [String: RuntimeValue]? {
    guard let request = notification?.instanceVariables["request"]?.object,
      let content = request.instanceVariables["content"]?.object,
      case .dictionary(let userInfo) = content.instanceVariables["userInfo"]
    else { return nil }
    return userInfo
  }

  @Test func aTapLaunchesAnAppWithoutScenesAndTheResponseComesBeforeActivation() throws {
    let (app, received) = try Self.legacyApp()
    _ = try app.launch()
    try app.device.kill()
    let killed = app.lifecycleLines.count
    try app.device.handle(Self.tap)
    // §19.3 item 2, cold, legacy: after didFinishLaunching, before applicationDidBecomeActive.
    #expect(
      app.lines(since: killed) == [
        "new UIApplication",
        "new AppDelegate",
        "AppDelegate.application:willFinishLaunchingWithOptions:",
        "new NotificationDelegate",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "new UIWindow",
        "new ViewController",
        "ViewController.loadView",
        "ViewController.viewDidLoad",
        "post UIApplicationDidFinishLaunchingNotification",
        "ViewController.viewWillAppear:",
        "NotificationDelegate.userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
        "AppDelegate.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
        "ViewController.viewDidAppear:",
      ])
    let response = try #require(received.responses.first)
    #expect(
      response.instanceVariables["actionIdentifier"]?.stringValue
        == "com.apple.UNNotificationDefaultActionIdentifier")
    #expect(
      Self.userInfo(of: response.instanceVariables["notification"]?.object)?["id"].map {
        if case .int(7) = $0 { true } else { false }
      } == true)
    guard case .dictionary(let options)? = received.launchOptions.last,
      case .dictionary = options["UIApplicationLaunchOptionsRemoteNotificationKey"]
    else {
      Issue.record("no remote notification in the launch options: \(received.launchOptions)")
      return
    }
  }

  @Test func aDelegateSetTooLateMissesTheResponseThatLaunchedTheApp() throws {
    let (app, received) = try Self.legacyApp(setsDelegate: false)
    _ = try app.launch()
    try app.device.kill()
    try app.device.handle(Self.tap)
    #expect(received.responses.isEmpty)
    #expect(
      app.lifecycleLines.contains(
        "log [lifescript] the notification response was not delivered: no UNUserNotificationCenter delegate at the end of launch"
      ))
  }

  @Test func aTapOnABackgroundedAppBringsItToTheFrontAroundTheResponse() throws {
    let (app, received) = try Self.legacyApp()
    _ = try app.launch()
    try app.device.home()
    let home = app.lifecycleLines.count
    try app.device.handle(Self.tap)
    #expect(
      app.lines(since: home) == [
        "AppDelegate.applicationWillEnterForeground:",
        "post UIApplicationWillEnterForegroundNotification",
        "NotificationDelegate.userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
        "AppDelegate.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
      ])
    #expect(received.responses.count == 1)
    // A banner tapped while active: the response alone.
    let active = app.lifecycleLines.count
    try app.device.handle(Self.tap)
    #expect(
      app.lines(since: active) == [
        "NotificationDelegate.userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
      ])
  }

  @Test func anAlertIsPresentedByTheAppInFrontAndShownBySystemOtherwise() throws {
    let (app, received) = try Self.legacyApp()
    _ = try app.launch()
    let launched = app.lifecycleLines.count
    let alert = RemoteNotification(payload: Self.payload, contentAvailable: false)
    try app.device.push(alert)
    #expect(
      app.lines(since: launched) == [
        "NotificationDelegate.userNotificationCenter:willPresentNotification:withCompletionHandler:"
      ])
    #expect(Self.userInfo(of: received.presented.first) != nil)
    let content = received.presented.first?.instanceVariables["request"]?.object?
      .instanceVariables["content"]?.object
    #expect(content?.instanceVariables["title"]?.stringValue == "New")
    try app.device.home()
    let home = app.lifecycleLines.count
    try app.device.push(alert)
    #expect(
      app.lines(since: home) == [
        "device push (ignored: the app is not in front: the system shows the notification; device.tap_notification(payload) opens it)"
      ])
  }

  @Test func aTapConnectsASceneWithTheResponseInItsConnectionOptions() throws {
    let device = try Device()
    device.profile = IOSProfile(18, 3)
    device.info = InfoPlist([
      "UIApplicationSceneManifest": .dictionary([
        "UISceneConfigurations": .dictionary([
          SceneManifest.applicationRole: .array([
            .dictionary(["UISceneDelegateClassName": .string("SceneDelegate")])
          ])
        ])
      ])
    ])
    let received = Received()
    let notificationDelegate = try Self.notificationDelegate(in: device, received)
    let runtime = device.runtime
    let sceneDelegate = try runtime.defineClass(
      "SceneDelegate", superclass: runtime.classNamed("UIResponder"),
      protocols: ["UIWindowSceneDelegate"])
    var connectedWith: [RuntimeValue] = []
    sceneDelegate.addMethod("scene:willConnectToSession:options:") { message in
      if let options = message.argument(2).object {
        connectedWith.append(try runtime.send(Selector("notificationResponse"), to: options))
      }
      return .nil
    }
    for name in ["sceneWillEnterForeground:", "sceneDidBecomeActive:"] {
      sceneDelegate.addMethod(name) { _ in .nil }
    }
    let appDelegate = try runtime.defineClass(
      "AppDelegate", superclass: runtime.classNamed("UIResponder"),
      protocols: ["UIApplicationDelegate"])
    appDelegate.addMethod("application:didFinishLaunchingWithOptions:") { _ in
      let delegate = try device.create(notificationDelegate)
      try runtime.send(
        Selector("setDelegate:"), to: device.currentNotificationCenter, [.object(delegate)])
      return .bool(true)
    }
    try device.applicationMain(principalClassName: nil, delegateClassName: "AppDelegate")
    try device.kill()
    connectedWith = []
    let killed = device.trace.lines().count
    try device.handle(Self.tap)
    #expect(
      Array(device.trace.lines().dropFirst(killed)).filter {
        !$0.hasPrefix("post ") && !$0.hasPrefix("screen ")
      } == [
        "new UIApplication",
        "new AppDelegate",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "new NotificationDelegate",
        "new UIWindowScene",
        "new SceneDelegate",
        "SceneDelegate.scene:willConnectToSession:options:",
        "SceneDelegate.sceneWillEnterForeground:",
        "NotificationDelegate.userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
        "SceneDelegate.sceneDidBecomeActive:",
      ])
    #expect(connectedWith.count == 1)
    #expect(connectedWith.first?.object === received.responses.first)
  }
}
