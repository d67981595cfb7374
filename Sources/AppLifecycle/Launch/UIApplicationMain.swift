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
    try asProcess { try launchLegacyApp(entryPoint) }
    try loop.runUntilIdle()
  }

  private func launchLegacyApp(_ entryPoint: EntryPoint) throws {
    let applicationClass = runtime.classNamed("UIApplication")!
    // §0 step 4: the principal class: the argument, else (Info.plist NSPrincipalClass, to come)
    // UIApplication; an unknown name is an assertion.
    var principal = applicationClass
    if let name = entryPoint.principalClassName {
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

    // §0 step 6: the delegate class: the argument, else (Info.plist, to come) none. A subclass of
    // UIApplication makes the application its own delegate (§7.1).
    if let name = entryPoint.delegateClassName {
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
    try runLegacyLaunchSequence(application)
  }

  /// Reference §2 (no main storyboard) and §14 B.
  private func runLegacyLaunchSequence(_ application: UIApplication) throws {
    let arguments: [RuntimeValue] = [.object(application), .nil]  // no launch options
    // §2 step 3, §1.1 step 6: the app is inactive.
    try deliverIfImplemented(
      Selector("application:willFinishLaunchingWithOptions:"), to: application.delegate, arguments)
    // §2 step 5.
    try deliverIfImplemented(
      Selector("application:didFinishLaunchingWithOptions:"), to: application.delegate, arguments)
    // §1.3: posted after didFinishLaunching returns.
    post("UIApplicationDidFinishLaunchingNotification")
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

  /// §1.1 step 11: `applicationDidBecomeActive:` then its notification; no
  /// `applicationWillEnterForeground:` at launch.
  func finishLaunchingIntoForeground() throws {
    guard let application else { return }
    try perform(application.stateMachine.finishLaunching(inForeground: true))
  }
}
