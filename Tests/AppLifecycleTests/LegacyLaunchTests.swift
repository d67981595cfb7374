import AppLifecycle
import Testing
import XcodeFiles

/// An app written against the device's runtime with Swift closures as its methods, as a script's
/// Lua functions will be.
struct TestApp {
  let device: Device
  let delegate: RuntimeClass
  let controller: RuntimeClass

  /// On iOS 18.3 by default: the reference's canonical traces, before iOS 18.4's adoption log.
  init(options: LaunchOrderOptions = LaunchOrderOptions(), profile: IOSProfile = IOSProfile(18, 3))
    throws
  {
    device = try Device()
    device.options = options
    device.profile = profile
    let runtime = device.runtime
    delegate = try runtime.defineClass(
      "AppDelegate", superclass: runtime.classNamed("UIResponder"),
      protocols: ["UIApplicationDelegate"])
    controller = try runtime.defineClass(
      "ViewController", superclass: runtime.classNamed("UIViewController"))
  }

  func implement(_ names: [String], returning result: RuntimeValue = .nil) {
    for name in names { delegate.addMethod(name) { _ in result } }
  }

  /// §2 step 5: the app makes a window, keeps it in its `window` property (unless `keep` is
  /// false), sets its root view controller and shows it.
  func createWindowInDidFinishLaunching(
    makeKeyAndVisible: Bool = true, root: Bool = true, keep: Bool = true
  ) {
    delegate.addMethod("application:didFinishLaunchingWithOptions:") {
      [device, controller] message in
      let window = try device.create(device.runtime.classNamed("UIWindow")!)
      if keep { message.receiver.instanceVariables["window"] = .object(window) }
      if root {
        let root = try device.create(controller)
        try device.runtime.send(Selector("setRootViewController:"), to: window, [.object(root)])
      }
      if makeKeyAndVisible { try device.runtime.send(Selector("makeKeyAndVisible"), to: window) }
      return .bool(true)
    }
  }

  /// Launches the app; returns the lines of its life cycle so far.
  func launch(principal: String? = nil, delegate: String? = "AppDelegate") throws -> [String] {
    try device.applicationMain(principalClassName: principal, delegateClassName: delegate)
    return lifecycleLines
  }

  /// The trace without the launch screen's lines (the system's, before and after the app's;
  /// LaunchScreenTests checks them) and the messages UIKit skipped: what the reference's
  /// canonical traces (§14) list.
  var lifecycleLines: [String] {
    device.trace.entries.compactMap { entry in
      switch entry.event {
      case .launchScreenShown, .launchScreenRemoved, .skipped: nil
      default: entry.event.line()
      }
    }
  }

  /// The life-cycle lines traced since `count`.
  func lines(since count: Int) -> [String] { Array(lifecycleLines.dropFirst(count)) }
}

@Suite struct LegacyLaunchTests {
  static let lifecycle = [
    "application:willFinishLaunchingWithOptions:", "applicationDidBecomeActive:",
    "applicationWillResignActive:", "applicationDidEnterBackground:",
    "applicationWillEnterForeground:", "applicationWillTerminate:",
  ]

  @Test func aLaunchWithoutStoryboardFollowsTheCanonicalTrace() throws {
    let app = try TestApp()
    app.implement(Self.lifecycle)
    app.createWindowInDidFinishLaunching()
    // Reference §14 B, with §2 step 5's view loading inside makeKeyAndVisible.
    #expect(
      try app.launch() == [
        "new UIApplication",
        "new AppDelegate",
        "AppDelegate.application:willFinishLaunchingWithOptions:",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "new UIWindow",
        "new ViewController",
        "ViewController.loadView",
        "ViewController.viewDidLoad",
        "post UIApplicationDidFinishLaunchingNotification",
        "ViewController.viewWillAppear:",
        "AppDelegate.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
        "ViewController.viewDidAppear:",
      ])
    #expect(app.device.machine.applicationState == .active)
    #expect(app.device.application?.keyWindow != nil)
  }

  @Test(arguments: [
    (
      LaunchOrderOptions.LegacyActivation.beforeViewLoads,
      [
        "AppDelegate.applicationDidBecomeActive:", "post UIApplicationDidBecomeActiveNotification",
        "ViewController.viewWillAppear:", "ViewController.viewDidAppear:",
      ]
    ),
    (
      .afterDidAppear,
      [
        "ViewController.viewWillAppear:", "ViewController.viewDidAppear:",
        "AppDelegate.applicationDidBecomeActive:", "post UIApplicationDidBecomeActiveNotification",
      ]
    ),
  ])
  func theConflictingActivationOrderIsAnOption(
    order: LaunchOrderOptions.LegacyActivation, tail: [String]
  ) throws {
    var options = LaunchOrderOptions()
    options.legacyActivation = order
    let app = try TestApp(options: options)
    app.implement(["applicationDidBecomeActive:"])
    app.createWindowInDidFinishLaunching()
    #expect(Array(try app.launch().suffix(4)) == tail)
  }

  @Test func optionalDelegateMethodsThatAreNotImplementedAreNotSent() throws {
    let app = try TestApp()
    #expect(
      try app.launch() == [
        "new UIApplication",
        "new AppDelegate",
        "post UIApplicationDidFinishLaunchingNotification",
        "post UIApplicationDidBecomeActiveNotification",
      ])
  }

  /// What UIKit asked `respondsToSelector:` about and did not send is traced as skipped, for
  /// `--trace-all` and failure reports; the lines expectations compare leave it out.
  @Test func optionalDelegateMethodsThatAreNotImplementedAreTracedAsSkipped() throws {
    let app = try TestApp()
    app.implement(["applicationDidBecomeActive:"])
    _ = try app.launch()
    #expect(
      app.device.trace.lines(detail: .all).filter { !$0.hasPrefix("screen ") } == [
        "new UIApplication",
        "new AppDelegate",
        "skipped AppDelegate.application:willFinishLaunchingWithOptions: (not implemented)",
        "skipped AppDelegate.application:didFinishLaunchingWithOptions: (not implemented)",
        "post UIApplicationDidFinishLaunchingNotification",
        "AppDelegate.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
      ])
    #expect(!app.device.trace.lines().contains { $0.hasPrefix("skipped ") })
    #expect(
      app.device.trace.lines(detail: .standard) == app.device.trace.lines(),
      "no action: the test acts on the device directly, not as a scenario")
  }

  @Test func homeAndBackFollowTheCanonicalTraces() throws {
    let app = try TestApp()
    app.implement(Self.lifecycle)
    app.createWindowInDidFinishLaunching()
    let launched = try app.launch().count
    try app.device.home()
    // §14 E, legacy: no view controller appearance calls.
    #expect(
      app.lines(since: launched) == [
        "AppDelegate.applicationWillResignActive:",
        "post UIApplicationWillResignActiveNotification",
        "AppDelegate.applicationDidEnterBackground:",
        "post UIApplicationDidEnterBackgroundNotification",
      ])
    #expect(app.device.machine.applicationState == .background)
    let backgrounded = app.lifecycleLines.count
    try app.device.home()
    // A second home press does nothing, as on a device, and the trace says so.
    #expect(
      app.lines(since: backgrounded) == ["device home (ignored: already in the background)"])
    try app.device.activate()
    // §14 F, legacy.
    #expect(
      app.lines(since: backgrounded + 1) == [
        "AppDelegate.applicationWillEnterForeground:",
        "post UIApplicationWillEnterForegroundNotification",
        "AppDelegate.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
      ])
  }

  @Test func anInterruptionOnlyResignsActive() throws {
    let app = try TestApp()
    app.implement(Self.lifecycle)
    let launched = try app.launch().count
    try app.device.interrupt()
    try app.device.interrupt()
    try app.device.endInterruption()
    #expect(
      app.lines(since: launched) == [
        "AppDelegate.applicationWillResignActive:",
        "post UIApplicationWillResignActiveNotification",
        "device interrupt (ignored: an interruption is already in progress)",
        "AppDelegate.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
      ])
  }

  @Test func killingASuspendedAppCallsNothingAndTheNextTapRelaunchesWithFreshObjects() throws {
    let app = try TestApp()
    app.implement(Self.lifecycle)
    _ = try app.launch()
    let first = app.device.application
    try app.device.home()
    let suspended = app.lifecycleLines.count
    try app.device.kill()
    #expect(app.lines(since: suspended).isEmpty, "§14 G: legacy suspended: nothing")
    #expect(app.device.application == nil)
    try app.device.activate()
    #expect(
      Array(app.lines(since: suspended).prefix(2)) == ["new UIApplication", "new AppDelegate"])
    #expect(app.device.application !== first)
  }

  @Test func killingAnActiveAppResignsThenTerminates() throws {
    let app = try TestApp()
    app.implement(Self.lifecycle)
    let launched = try app.launch().count
    try app.device.kill()
    #expect(
      app.lines(since: launched) == [
        "AppDelegate.applicationWillResignActive:",
        "post UIApplicationWillResignActiveNotification",
        "AppDelegate.applicationWillTerminate:",
        "post UIApplicationWillTerminateNotification",
      ])
  }

  @Test func aUIApplicationSubclassNamedAsDelegateIsItsOwnDelegate() throws {
    let app = try TestApp()
    let application = try app.device.runtime.defineClass(
      "Application", superclass: app.device.runtime.classNamed("UIApplication"),
      protocols: ["UIApplicationDelegate"])
    application.addMethod("applicationDidBecomeActive:") { _ in .nil }
    // §7.1: one object; the application receives the delegate messages.
    #expect(
      try app.launch(principal: "Application", delegate: "Application") == [
        "new Application",
        "post UIApplicationDidFinishLaunchingNotification",
        "Application.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
      ])
    #expect(app.device.application?.delegate === app.device.application)
  }

  @Test(
    arguments: [
      (
        "Missing", "AppDelegate",
        "exception NSInternalInconsistencyException: Unable to instantiate the UIApplication subclass instance. No class named Missing is loaded."
      ),
      (
        nil, "Missing",
        "exception NSInternalInconsistencyException: Unable to instantiate the UIApplication delegate instance. No class named Missing is loaded."
      ),
    ] as [(String?, String, String)])
  func unknownClassNamesRaiseUIKitsAssertion(principal: String?, delegate: String, line: String)
    throws
  {
    let app = try TestApp()
    #expect(try app.launch(principal: principal, delegate: delegate).last == line)
    #expect(!app.device.isAppRunning)
  }

  @Test func aPrincipalClassThatIsNotAUIApplicationIsAnUnrecognizedClassMethod() throws {
    let app = try TestApp()
    let line = try app.launch(principal: "AppDelegate").last
    #expect(
      line?.hasPrefix(
        "exception NSInvalidArgumentException: +[AppDelegate _startStatusBarServerIfNecessary]: unrecognized selector sent to class 0x1"
      ) == true)
  }

  @Test func callingUIApplicationMainAgainFromTheAppIsTheSingletonAssertion() throws {
    let app = try TestApp()
    app.delegate.addMethod("applicationDidBecomeActive:") { [device = app.device] _ in
      try device.applicationMain(principalClassName: nil, delegateClassName: "AppDelegate")
      return .nil
    }
    let lines = try app.launch()
    #expect(
      lines.last
        == "exception NSInternalInconsistencyException: There can only be one UIApplication instance."
    )
    #expect(!app.device.isAppRunning)
  }

  @Test func aWindowWithoutARootViewControllerAtTheEndOfLaunchIsAnException() throws {
    let app = try TestApp()
    app.createWindowInDidFinishLaunching(root: false)
    let lines = try app.launch()
    #expect(
      lines.last
        == "exception NSInternalInconsistencyException: Application windows are expected to have a root view controller at the end of application launch"
    )
    #expect(!lines.contains("post UIApplicationDidBecomeActiveNotification"))
  }

  /// UIKit's list of windows keeps none alive (windows-and-view-controllers.md#window-lifetime):
  /// a window the app did not keep is gone by the end of the launch, and not checked.
  @Test func aWindowTheAppDidNotKeepIsNotCheckedAtTheEndOfLaunch() throws {
    let app = try TestApp()
    app.createWindowInDidFinishLaunching(root: false, keep: false)
    let lines = try app.launch()
    #expect(lines.last == "post UIApplicationDidBecomeActiveNotification")
    #expect(app.device.application?.windows.isEmpty == true)
  }
}

@Suite struct IOSProfileTests {
  @Test(
    arguments: [
      (IOSProfile(18, 3), nil),
      (
        IOSProfile(18, 4),
        "log CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version."
      ),
      (
        IOSProfile(26),
        "log UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future."
      ),
    ] as [(IOSProfile, String?)])
  func legacyAppsGetTheAdoptionLogOfTheirRelease(profile: IOSProfile, line: String?) throws {
    let lines = try TestApp(profile: profile).launch()
    #expect(lines.first { $0.hasPrefix("log ") } == line)
  }

  @Test func onIOS27ALegacyAppFailsToLaunch() throws {
    let app = try TestApp(profile: IOSProfile(27))
    let lines = try app.launch()
    #expect(
      lines.last?.hasPrefix(
        "exception NSInternalInconsistencyException: [lifescript: UIKit's exact text is not public] iOS 27 requires the scene-based life cycle"
      ) == true)
    #expect(lines.count == 1, "nothing is created")
    #expect(!app.device.isAppRunning)
  }

  @Test func iOS12IgnoresASceneManifest() throws {
    let app = try TestApp(profile: IOSProfile(12))
    app.device.info = InfoPlist(["UIApplicationSceneManifest": .dictionary([:])])
    #expect(!app.device.usesScenes)
    app.device.profile = IOSProfile(13)
    #expect(app.device.usesScenes)
  }

  @Test(arguments: [("26", "26"), ("18.4", "18.4"), ("12", "12")])
  func releasesParse(text: String, shown: String) {
    #expect(IOSProfile(text)?.description == shown)
  }

  @Test(arguments: ["11", "18.x", "", "26.1.2", "-3"])
  func otherReleasesAreRefused(text: String) {
    #expect(IOSProfile(text) == nil)
  }
}
