import AppLifecycle
import Testing
import XcodeFiles

/// Appearance forwarding from containers to their children, navigation and tab transitions, and
/// the layout pass (Documentation/UIKit/containment.md, Documentation/UIKit/layout.md).
@Suite struct ContainmentTests {
  /// A legacy storyboard app whose initial view controller is `initial` with `children` by
  /// relationship segues.
  func containerApp(
    _ initial: String, children: [String], options: LaunchOrderOptions = LaunchOrderOptions(),
    profile: IOSProfile = IOSProfile(18, 3)
  ) throws -> TestApp {
    let app = try TestApp(options: options, profile: profile)
    app.device.info = InfoPlist(["UIMainStoryboardFile": .string("Main")])
    app.device.storyboards["Main"] = Storyboard(
      name: "Main",
      initialViewController: Storyboard.Scene(
        className: initial, children: children.map { Storyboard.Scene(className: $0) }))
    app.delegate.declareProperty("window")
    app.implement(["applicationDidBecomeActive:"])
    app.delegate.addMethod("application:didFinishLaunchingWithOptions:") { _ in .bool(true) }
    for name in Set(children) where name != "ViewController" {
      _ = try app.device.runtime.defineClass(
        name, superclass: app.device.runtime.classNamed("UIViewController"))
    }
    return app
  }

  func root(of app: TestApp) throws -> UIViewController {
    try #require(app.device.application?.windows.first?.rootViewController)
  }

  func send(
    _ app: TestApp, _ selector: String, to receiver: RuntimeObject, _ arguments: [RuntimeValue] = []
  )
    throws
  {
    try app.device.runtime.send(Selector(selector), to: receiver, arguments)
  }

  @Test func aNavigationControllersRootAppearsInItsFirstLayoutPass() throws {
    let app = try containerApp("UINavigationController", children: ["ViewController"])
    let lines = try app.launch()
    #expect(
      Array(lines.suffix(10)) == [
        "UINavigationController.loadView",
        "UINavigationController.viewDidLoad",
        "UINavigationController.viewWillAppear:",
        "AppDelegate.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
        "ViewController.loadView",
        "ViewController.viewDidLoad",
        "ViewController.viewWillAppear:",
        "UINavigationController.viewDidAppear:",
        "ViewController.viewDidAppear:",
      ])
    let top = try #require(try root(of: app).children.first)
    #expect(top.view != nil && top.appearance == .appeared)
  }

  @Test func theNestedChoiceStartsTheRootInsideTheContainersViewWillAppear() throws {
    var options = LaunchOrderOptions()
    options.navigationChildAppearance = .nested
    let lines = try containerApp(
      "UINavigationController", children: ["ViewController"], options: options
    ).launch()
    #expect(
      Array(lines.suffix(8)) == [
        "UINavigationController.viewWillAppear:",
        "ViewController.loadView",
        "ViewController.viewDidLoad",
        "ViewController.viewWillAppear:",
        "AppDelegate.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
        "UINavigationController.viewDidAppear:",
        "ViewController.viewDidAppear:",
      ])
  }

  @Test func aMemoryWarningReachesTheNavigationControllersRoot() throws {
    let app = try containerApp("UINavigationController", children: ["ViewController"])
    _ = try app.launch()
    let count = app.lifecycleLines.count
    try app.device.memoryWarning()
    #expect(
      app.lines(since: count).filter { $0.hasSuffix("didReceiveMemoryWarning") } == [
        "UINavigationController.didReceiveMemoryWarning", "ViewController.didReceiveMemoryWarning",
      ])
  }

  @Test func anUnanimatedPushFollowsTheDeviceLogAndAnAnimatedPopEndsOnTheNextTurn() throws {
    let app = try containerApp("UINavigationController", children: ["ViewController"])
    _ = try app.launch()
    let navigation = try root(of: app)
    let detail = try app.device.create(app.device.runtime.classNamed("UIViewController")!)
    var count = app.lifecycleLines.count
    try send(app, "pushViewController:animated:", to: navigation, [.object(detail), .bool(false)])
    #expect(
      app.lines(since: count) == [
        "UIViewController.loadView",
        "UIViewController.viewDidLoad",
        "ViewController.viewWillDisappear:",
        "UIViewController.viewWillAppear:",
        "ViewController.viewDidDisappear:",
        "UIViewController.viewDidAppear:",
      ])
    count = app.lifecycleLines.count
    // From inside the app (a callback), the pop runs once the callback returns; animated, its
    // did callbacks wait for a later turn of the main run loop.
    app.delegate.addMethod("applicationWillResignActive:") { _ in
      try app.device.runtime.send(
        Selector("popViewControllerAnimated:"), to: navigation, [.bool(true)])
      #expect(navigation.children.count == 1)
      return .nil
    }
    try app.device.interrupt()
    #expect(
      app.lines(since: count) == [
        "AppDelegate.applicationWillResignActive:",
        "post UIApplicationWillResignActiveNotification",
        "UIViewController.viewWillDisappear:",
        "ViewController.viewWillAppear:",
        "UIViewController.viewDidDisappear:",
        "ViewController.viewDidAppear:",
      ])
  }

  @Test func pushingAControllerAlreadyInTheStackIsUIKitsException() throws {
    let app = try containerApp("UINavigationController", children: ["ViewController"])
    _ = try app.launch()
    let navigation = try root(of: app)
    let top = try #require(navigation.children.first)
    let exception = #expect(throws: ObjCException.self) {
      try send(app, "pushViewController:animated:", to: navigation, [.object(top), .bool(false)])
    }
    #expect(exception?.name == .invalidArgument)
    #expect(
      exception?.reason
        == "<UINavigationController: \(navigation.address)> is pushing the same view controller instance (<ViewController: \(top.address)>) more than once which is not supported and is most likely an error in the application : com.example.app"
    )
  }

  @Test func aTabSwitchMovesAppearanceFromTheOldTabToTheNewOne() throws {
    let app = try containerApp("UITabBarController", children: ["FeedController", "MapController"])
    let launch = try app.launch()
    #expect(!launch.contains("MapController.viewDidLoad"))
    #expect(launch.contains("FeedController.viewDidAppear:"))
    let count = app.lifecycleLines.count
    try send(app, "setSelectedIndex:", to: try root(of: app), [.int(1)])
    #expect(
      app.lines(since: count) == [
        "MapController.loadView",
        "MapController.viewDidLoad",
        "MapController.viewWillAppear:",
        "FeedController.viewWillDisappear:",
        "FeedController.viewDidDisappear:",
        "MapController.viewDidAppear:",
      ])
  }

  @Test(arguments: [(IOSProfile(18, 3), true), (IOSProfile(12, 4), false)])
  func layoutCallbacksComeBeforeViewDidAppearWhenTheAppImplementsThem(
    profile: IOSProfile, isAppearing: Bool
  ) throws {
    let app = try containerApp(
      "UINavigationController", children: ["ViewController"], profile: profile)
    for name in ["viewIsAppearing:", "viewWillLayoutSubviews", "viewDidLayoutSubviews"] {
      app.controller.addMethod(name) { _ in .nil }
    }
    let lines = try app.launch()
    let expected =
      ["ViewController.viewWillAppear:"] + (isAppearing ? ["ViewController.viewIsAppearing:"] : [])
      + [
        "ViewController.viewWillLayoutSubviews", "ViewController.viewDidLayoutSubviews",
        "UINavigationController.viewDidAppear:", "ViewController.viewDidAppear:",
      ]
    #expect(Array(lines.suffix(expected.count)) == expected)
  }

  @Test func aContainerThatForwardsByHandGetsNoAutomaticChildCallbacks() throws {
    let app = try containerApp("UINavigationController", children: ["ViewController"])
    let navigation = try #require(app.device.runtime.classNamed("UINavigationController"))
    navigation.addMethod("shouldAutomaticallyForwardAppearanceMethods") { _ in .bool(false) }
    let lines = try app.launch()
    #expect(!lines.contains("ViewController.viewWillAppear:"))
    let top = try #require(try root(of: app).children.first)
    let count = app.lifecycleLines.count
    try send(app, "beginAppearanceTransition:animated:", to: top, [.bool(true), .bool(false)])
    try send(app, "endAppearanceTransition", to: top)
    try send(app, "endAppearanceTransition", to: top)
    #expect(
      app.lines(since: count) == [
        "ViewController.loadView", "ViewController.viewDidLoad", "ViewController.viewWillAppear:",
        "ViewController.viewDidAppear:",
        "log Unbalanced calls to begin/end appearance transitions for <ViewController: \(top.address)>.",
      ])
  }

  @Test func aControllerCannotBecomeItsOwnDescendant() throws {
    let app = try containerApp("UINavigationController", children: ["ViewController"])
    _ = try app.launch()
    let navigation = try root(of: app)
    let top = try #require(navigation.children.first)
    #expect(throws: LifecycleError.self) {
      try send(app, "addChildViewController:", to: top, [.object(navigation)])
    }
  }

  @Test func workTheAppLeftOnTheRunLoopDiesWithItsProcess() throws {
    let app = try containerApp("UINavigationController", children: ["ViewController"])
    _ = try app.launch()
    let navigation = try root(of: app)
    let detail = try app.device.create(app.device.runtime.classNamed("UIViewController")!)
    // The user kills the app from inside a callback that then asks for a push: the kill comes
    // first on the run loop, and the push's transition, left behind, never runs.
    app.delegate.addMethod("applicationWillResignActive:") { _ in
      try app.device.kill()
      try app.device.runtime.send(
        Selector("pushViewController:animated:"), to: navigation, [.object(detail), .bool(false)])
      return .nil
    }
    try app.device.interrupt()
    #expect(!app.lifecycleLines.contains("UIViewController.viewDidLoad"))
    #expect(!app.device.isAppRunning)
  }
}
