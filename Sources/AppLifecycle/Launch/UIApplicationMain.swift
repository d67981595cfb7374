import XcodeFiles

extension Device {
  /// §0 steps 4-6: the principal class (the argument, else Info.plist's NSPrincipalClass, else
  /// UIApplication) is instantiated, then the delegate class (the argument, else Info.plist's
  /// UIApplicationDelegateClass, else none). Unknown names are UIKit's assertions (§7.3).
  func createApplication() throws {
    guard let entryPoint else {
      throw LifecycleError("lifescript: a launch began before UIApplicationMain named the app")
    }
    let applicationClass = runtime.classNamed("UIApplication")!
    runtime.moduleName = info.moduleName
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
    // §7.4: init must return that instance. A script's init returns nothing: the instance.
    let initialized = try runtime.send(Selector("init"), to: application)
    guard initialized.isNil || initialized.object === application else {
      throw ObjCException(
        .internalInconsistency, "Unable to instantiate the UIApplication singleton.")
    }

    // A subclass of UIApplication as the delegate class makes the application its own
    // delegate (§7.1).
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
  }

  /// What the iOS release says about this app before its launch goes on (§7.7, §8.1, §11):
  /// lifescript's warnings, once each.
  func checkAppAgainstRelease() {
    if profile.requiresLaunchScreen,
      !LaunchScreenConfiguration.keys.contains(where: { info.value($0) != nil })
    {
      warn(
        .launchScreenMissing,
        "iOS \(profile): the Info.plist names no launch screen (UILaunchStoryboardName, UILaunchStoryboards, UILaunchScreen or UILaunchScreens); apps built with the 27.0 SDK must include one (see Documentation/UIKit/launch-screen.md#launch-screen-keys)"
      )
    }
    guard !machine.configuration.usesScenes, profile >= IOSProfile(26),
      let delegate = application?.delegate
    else { return }
    for (selector, replacement) in IOSProfile.deprecatedInIOS26
    where runtime.responds(delegate, to: Selector(selector)) {
      warnOnce(
        .deprecatedAppDelegateMethod,
        "\(delegate.isa.name) implements \(selector), deprecated in iOS 26 (see Documentation/UIKit/ios-releases.md#deprecations-in-ios-26); adopt scenes and use \(replacement)"
      )
    }
  }

  /// §1.1 step 3: the main storyboard (`openMainStoryboard` in the machine's order, with
  /// `instantiateMainStoryboardController`, `prepareDelegateWindow` and `setMainStoryboardRoot`).
  func openMainStoryboard() throws {
    _ = try runningApplication()
    guard let storyboard = try mainStoryboard() else {
      machine.mainStoryboardOpened(hasEntryPoint: false)
      return
    }
    // Without an entry point the console says so; nothing is shown.
    if storyboard.initialViewController == nil {
      _ = try StoryboardDecoder.instantiateInitialViewController(of: storyboard, on: self)
    }
    machine.mainStoryboardOpened(hasEntryPoint: storyboard.initialViewController != nil)
  }

  /// The Info.plist's `UIMainStoryboardFile`; nil without the key.
  private func mainStoryboard() throws -> Storyboard? {
    guard let name = info.string("UIMainStoryboardFile") else { return nil }
    guard let storyboard = storyboard(named: name) else {
      // INFERRED wording: UIKit's NSInvalidArgumentException for a storyboard missing from the
      // bundle.
      throw ObjCException(
        .invalidArgument, "Could not find a storyboard named '\(name)' in bundle NSBundle <main>")
    }
    return storyboard
  }

  /// §1.1 step 3: the main storyboard's initial view controller.
  func instantiateMainStoryboardController() throws {
    guard let storyboard = try mainStoryboard() else { return }
    process.mainStoryboardController = try StoryboardDecoder.instantiateInitialViewController(
      of: storyboard, on: self)
  }

  /// §1.1 step 4: the delegate's window, created and assigned when it is nil.
  func prepareDelegateWindow() throws {
    let application = try runningApplication()
    guard let delegate = application.delegate,
      runtime.responds(delegate, to: UIKitSelector.window)
    else {
      log(
        "[Application] The app delegate must implement the window property if it wants to use a main storyboard file."
      )
      machine.delegateWindowPrepared(false)
      return
    }
    var window = try deliver(UIKitSelector.window, to: delegate).object as? UIWindow
    if window == nil {
      let created = try create(runtime.classNamed("UIWindow")!) as! UIWindow
      try deliver(UIKitSelector.setWindow, to: delegate, [.object(created)])
      window = created
    }
    process.mainStoryboardWindow = window
    machine.delegateWindowPrepared(true)
  }

  /// §1.1 step 5: the initial view controller becomes the window's root; UIKit shows the window
  /// after didFinishLaunching (§1.1 step 10).
  func setMainStoryboardRoot() throws {
    let application = try runningApplication()
    defer { (process.mainStoryboardWindow, process.mainStoryboardController) = (nil, nil) }
    guard let window = process.mainStoryboardWindow,
      let controller = process.mainStoryboardController
    else { return }
    try deliver(UIKitSelector.setRootViewController, to: window, [.object(controller)])
    application.windowToShowAfterLaunch = window
  }

  /// §2 end (iOS 9+): every window needs a root view controller at the end of launch.
  func checkLaunchWindows() throws {
    guard let application, application.windows.contains(where: { $0.rootViewController == nil })
    else { return }
    // A window the app no longer references is gone on a device, and not checked.
    host.releaseUnreferencedObjects()
    guard application.windows.contains(where: { $0.rootViewController == nil }) else { return }
    throw ObjCException(
      .internalInconsistency,
      "Application windows are expected to have a root view controller at the end of application launch"
    )
  }

  /// The window made key and visible during the launch becomes visible: its root view loads
  /// and will appear. No window is a black screen, not an error (§2 end, INFERRED).
  func showLaunchWindow() throws {
    if let window = application?.windowToShowAfterLaunch, !window.isHeldByAppDelegate {
      host.releaseUnreferencedObjects()
    }
    guard let application, let window = application.windowToShowAfterLaunch else { return }
    application.windowToShowAfterLaunch = nil
    window.makeVisible()
    guard let root = window.rootViewController else { return }
    try root.beginAppearance(appearing: true, animated: false)
    process.appearingLaunchWindow = window
  }

  /// The launch window's root view controller has appeared.
  func launchWindowDidAppear() throws {
    guard let window = process.appearingLaunchWindow, let root = window.rootViewController else {
      return
    }
    process.appearingLaunchWindow = nil
    try root.layOut()
    try root.endAppearance()
  }
}
