extension Device {
  /// `UIApplicationMain(argc, argv, principalClassName, delegateClassName)`: a cold launch from
  /// the home screen, run until the main run loop is idle. (In a real app it never returns; here
  /// it returns so the scenario can go on as the user and the system.)
  ///
  /// An Objective-C exception ends the process and is traced; script errors propagate.
  public func applicationMain(principalClassName: String?, delegateClassName: String?) throws {
    // §7.4: a second call comes from inside the running app and meets the singleton check.
    if isAppRunning {
      try asProcess {
        throw ObjCException(
          .internalInconsistency, "There can only be one UIApplication instance.")
      }
      return
    }
    entryPoint = EntryPoint(
      principalClassName: principalClassName, delegateClassName: delegateClassName)
    try launch()
  }

  /// Launches the remembered entry point again, with fresh UIKit objects.
  func launch() throws {
    guard let entryPoint else { return }
    defer { coldLaunchURL = nil }
    // §8: the launch screen is up before the entry point's first line.
    try showLaunchScreen()
    // §9.1: the watchdog watches launch work until the app is up.
    launchCount += 1
    launchDeadline = loop.now.advanced(by: launchWatchdogAllowance)
    defer { launchDeadline = nil }
    try asProcess { try launchLegacyApp(entryPoint) }
    launchDeadline = nil
    try loop.runUntilIdle()
    if isAppRunning { removeLaunchScreen() }
  }

  private func launchLegacyApp(_ entryPoint: EntryPoint) throws {
    let applicationClass = runtime.classNamed("UIApplication")!
    runtime.moduleName = info.moduleName
    if profile.requiresScenes && !usesScenes {
      // §11: "apps built with the latest SDK must adopt the scene-based life cycle or they fail to
      // launch". Where UIKit asserts, and its text, are not public: here, before any object, with
      // lifescript's own reason (INFERRED).
      throw ObjCException(
        .internalInconsistency,
        "[lifescript: UIKit's exact text is not public] iOS \(profile) requires the scene-based life cycle: an app without a UIApplicationSceneManifest fails to launch (TN3187)"
      )
    }
    // §0 step 4: the principal class: the argument, else Info.plist's NSPrincipalClass, else
    // UIApplication; an unknown name is an assertion.
    var principal = applicationClass
    if let name = entryPoint.principalClassName ?? info.string("NSPrincipalClass") {
      guard let found = runtime.classNamed(name) else {
        throw ObjCException(
          .internalInconsistency,
          "Unable to instantiate the UIApplication subclass instance. No class named \(name) is loaded."
        )
      }
      principal = found
    }
    // §7.2 (INFERRED): UIKit sends a class method only UIApplication has.
    guard principal.isSubclass(of: applicationClass) else {
      throw ObjCException(
        .invalidArgument,
        "+[\(principal.name) _startStatusBarServerIfNecessary]: unrecognized selector sent to class \(principal.address)"
      )
    }
    // §0 step 5: UIApp is assigned before -init runs, so UIApplication.shared is set inside it.
    let application = runtime.allocate(principal) as! UIApplication
    self.application = application
    record(.created(className: principal.name))
    try runtime.send(Selector("init"), to: application)

    // §0 step 6: the delegate class: the argument, else Info.plist's UIApplicationDelegateClass,
    // else none. A subclass of UIApplication makes the application its own delegate (§7.1).
    if let name = entryPoint.delegateClassName ?? info.string("UIApplicationDelegateClass") {
      guard let delegateClass = runtime.classNamed(name) else {
        throw ObjCException(
          .internalInconsistency,
          "Unable to instantiate the UIApplication delegate instance. No class named \(name) is loaded."
        )
      }
      if delegateClass.isSubclass(of: applicationClass) {
        application.delegate = application
      } else {
        application.delegate = try create(delegateClass)
      }
    }
    _ = application.stateMachine.launch()
    try checkProfile(for: application)
    if usesScenes {
      try runSceneLaunchSequence(application)
    } else {
      try runLegacyLaunchSequence(application)
    }
  }

  /// What the iOS release says about this app before its launch goes on (§7.7, §8.1, §11).
  private func checkProfile(for application: UIApplication) throws {
    if profile.requiresLaunchScreen,
      !LaunchScreenConfiguration.keys.contains(where: { info.values[$0] != nil })
    {
      warningHandler(
        "warning: iOS \(profile): the Info.plist names no launch screen (UILaunchStoryboardName, UILaunchStoryboards, UILaunchScreen or UILaunchScreens); apps built with the 27.0 SDK must include one (reference §8.1)"
      )
    }
    guard !usesScenes else { return }
    if let adoption = profile.legacyAdoptionLog { log(adoption) }
    if profile >= IOSProfile(26), let delegate = application.delegate {
      for (selector, replacement) in IOSProfile.deprecatedInIOS26
      where runtime.responds(delegate, to: Selector(selector)) {
        warnOnce(
          "warning: \(delegate.isa.name) implements \(selector), deprecated in iOS 26 (reference §11); adopt scenes and use \(replacement)"
        )
      }
    }
  }

  /// Reference §1 (main storyboard), §2 (none), §14 A and B.
  private func runLegacyLaunchSequence(_ application: UIApplication) throws {
    if let storyboard = info.string("UIMainStoryboardFile") {
      // §1.1 step 2.
      if info.string("NSMainNibFile") != nil {
        log("NSMainNibFile and UIMainStoryboardFile are both set. NSMainNibFile ignored.")
      }
      try loadMainStoryboard(named: storyboard, for: application)
    }
    // §6.1 step 1: a launch by a URL, quick action or activity carries it in the options.
    let launchOptions = pendingLaunchRequest?.launchOptions
    let arguments: [RuntimeValue] = [
      .object(application), launchOptions.map { .dictionary($0) } ?? .nil,
    ]
    // §2 step 3, §1.1 step 6: the app is inactive.
    let willFinish = try deliverIfImplemented(
      Selector("application:willFinishLaunchingWithOptions:"), to: application.delegate, arguments)
    // §10.1 steps 2-7: restoration runs between will- and didFinishLaunching.
    try restoreApplicationState(application)
    // §2 step 5.
    let didFinish = try deliverIfImplemented(
      Selector("application:didFinishLaunchingWithOptions:"), to: application.delegate, arguments)
    // §6.1 step 3: "If either method returns false, the system doesn't call" the request's
    // method; one not implemented does not count.
    launchRequestAccepted = (willFinish?.boolValue ?? true) && (didFinish?.boolValue ?? true)
    // §1.3: posted after didFinishLaunching returns; §6.1 step 1: with the options as userInfo.
    try post("UIApplicationDidFinishLaunchingNotification", userInfo: launchOptions)
    // §2 end (iOS 9+): every window needs a root view controller at the end of launch.
    if application.windows.contains(where: { $0.rootViewController == nil }) {
      throw ObjCException(
        .internalInconsistency,
        "Application windows are expected to have a root view controller at the end of application launch"
      )
    }
    guard let window = application.windowToShowAfterLaunch else {
      // §2 end: no window is a black screen, not an error (INFERRED); the app still activates.
      try finishLaunchingIntoForeground()
      return
    }
    application.windowToShowAfterLaunch = nil
    // §1.2, CONFLICTING: where activation falls relative to the root view's appearance.
    switch options.legacyActivation {
    case .beforeViewLoads:
      try finishLaunchingIntoForeground()
      try show(window, activatingBetweenAppearances: false)
    case .betweenWillAndDidAppear:
      try show(window, activatingBetweenAppearances: true)
    case .afterDidAppear:
      try show(window, activatingBetweenAppearances: false)
      try finishLaunchingIntoForeground()
    }
  }

  /// §1.1 steps 3 to 5: the initial view controller, the delegate's window, the root view
  /// controller; UIKit shows the window after didFinishLaunching (§1.1 step 10).
  private func loadMainStoryboard(named name: String, for application: UIApplication) throws {
    guard let storyboard = storyboards[name] else {
      // INFERRED wording: UIKit's NSInvalidArgumentException for a storyboard missing from the
      // bundle.
      throw ObjCException(
        .invalidArgument, "Could not find a storyboard named '\(name)' in bundle NSBundle <main>")
    }
    // §1.1 step 3: without an entry point nothing is shown and nothing crashes, so no window
    // is made either (a window without a root view controller would be an exception).
    guard storyboard.initialViewController != nil else {
      _ = try instantiateInitialViewController(of: storyboard)
      return
    }
    var controller: UIViewController?
    if options.storyboardWindowOrder == .viewControllerFirst {
      controller = try instantiateInitialViewController(of: storyboard)
    }
    // §1.1 step 4: the delegate's window, created and assigned when it is nil.
    guard let delegate = application.delegate,
      runtime.responds(delegate, to: Selector("window"))
    else {
      log(
        "[Application] The app delegate must implement the window property if it wants to use a main storyboard file."
      )
      return
    }
    var window = try deliver(Selector("window"), to: delegate).object as? UIWindow
    if window == nil {
      let created = try create(runtime.classNamed("UIWindow")!) as! UIWindow
      try deliver(Selector("setWindow:"), to: delegate, [.object(created)])
      window = created
    }
    if options.storyboardWindowOrder == .windowFirst {
      controller = try instantiateInitialViewController(of: storyboard)
    }
    guard let window, let controller else { return }
    // §1.1 step 5.
    try deliver(Selector("setRootViewController:"), to: window, [.object(controller)])
    application.windowToShowAfterLaunch = window
  }

  /// `UIStoryboard(name:bundle:)` for app code: a storyboard object, or the same exception as a
  /// missing main storyboard.
  func registerStoryboard() throws {
    let storyboardClass = try runtime.defineClass(
      "UIStoryboard", superclass: nil, allocator: { UIStoryboard(isa: $0, identifier: $1) })
    let initializer: (Message) throws -> RuntimeValue = { [unowned self] message in
      let object = message.receiver as! UIStoryboard
      guard case .string(let name) = message.argument(0), storyboards[name] != nil else {
        throw ObjCException(
          .invalidArgument,
          "Could not find a storyboard named '\(message.argument(0).stringValue)' in bundle NSBundle <main>"
        )
      }
      object.name = name
      return .object(object)
    }
    // UIStoryboard(name:bundle:); from a script, UIStoryboard.new(name).
    storyboardClass.addMethod(Selector("initWithName:bundle:"), .native(initializer))
    storyboardClass.addMethod(Selector("init"), .native(initializer))
    storyboardClass.addMethod("instantiateInitialViewController") { [unowned self] message in
      let name = (message.receiver as! UIStoryboard).name
      guard let storyboard = storyboards[name] else { return .nil }
      return try instantiateInitialViewController(of: storyboard).map { .object($0) } ?? .nil
    }
  }

  /// `instantiateInitialViewController`: `initWithCoder:` for each controller, relationship
  /// children included, then `awakeFromNib` (§1.1 step 3). No entry point is a log, not a crash.
  func instantiateInitialViewController(
    of storyboard: Storyboard, category: String = "Application"
  ) throws -> UIViewController? {
    guard let scene = storyboard.initialViewController else {
      // §7.5: the scene path uses the same text, with the category WindowScene.
      log(
        "[\(category)] Failed to instantiate the default view controller for UIMainStoryboardFile '\(storyboard.name)' - perhaps the designated entry point is not set?"
      )
      return nil
    }
    var decoded: [UIViewController] = []
    let root = try decode(scene, into: &decoded)
    for controller in decoded { try deliver(Selector("awakeFromNib"), to: controller) }
    return root
  }

  private func decode(_ scene: Storyboard.Scene, into decoded: inout [UIViewController]) throws
    -> UIViewController
  {
    var cls = runtime.classNamed(scene.className)
    let viewController = runtime.classNamed("UIViewController")!
    if cls == nil || !(cls!.isSubclass(of: viewController)) {
      // INFERRED wording of Interface Builder's console message; UIKit falls back to the
      // storyboard's base class.
      log("Unknown class \(scene.className) in Interface Builder file.")
      cls = viewController
    }
    let controller = runtime.allocate(cls!) as! UIViewController
    record(.created(className: cls!.name))
    try deliver(Selector("initWithCoder:"), to: controller, [.nil])
    decoded.append(controller)
    for child in scene.children {
      controller.children.append(try decode(child, into: &decoded))
    }
    return controller
  }

  /// §1.1 step 11: `applicationDidBecomeActive:` then its notification; no
  /// `applicationWillEnterForeground:` at launch. A launch request is delivered first.
  func finishLaunchingIntoForeground() throws {
    guard let application else { return }
    // §6.1 step 3: the request is delivered "after your app finishes initializing itself", and
    // before it becomes active (step 4, INFERRED).
    if let request = pendingLaunchRequest {
      try deliverLaunchRequest(request, application: application)
    }
    try perform(application.stateMachine.finishLaunching(inForeground: true))
  }
}
