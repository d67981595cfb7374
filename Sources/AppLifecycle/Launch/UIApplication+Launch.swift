import XcodeFiles

/// What the application does while `UIApplicationMain` runs the launch without scenes (§1,
/// §2): the release's checks, the main storyboard in the machine's order, the windows' check
/// and the launch window's appearance.
extension UIApplication {
  /// What the iOS release says about this app before its launch goes on (§7.7, §8.1, §11):
  /// lifescript's warnings, once each.
  func checkAgainstRelease() {
    let device = self.device
    let profile = device.profile
    if profile.requiresLaunchScreen,
      !LaunchScreenConfiguration.keys.contains(where: { device.info.value($0) != nil })
    {
      device.warn(
        .launchScreenMissing,
        "iOS \(profile): the Info.plist names no launch screen (UILaunchStoryboardName, UILaunchStoryboards, UILaunchScreen or UILaunchScreens); apps built with the 27.0 SDK must include one (see Documentation/UIKit/launch-screen.md#launch-screen-keys)"
      )
    }
    guard !device.machine.configuration.usesScenes, profile >= IOSProfile(26), let delegate
    else { return }
    for (selector, replacement) in IOSProfile.deprecatedInIOS26
    where device.runtime.responds(delegate, to: Selector(selector)) {
      device.warnOnce(
        .deprecatedAppDelegateMethod,
        "\(delegate.isa.name) implements \(selector), deprecated in iOS 26 (see Documentation/UIKit/ios-releases.md#deprecations-in-ios-26); adopt scenes and use \(replacement)"
      )
    }
  }

  // MARK: The main storyboard (§1.1 steps 3-5, in the machine's order)

  /// §1.1 step 3: the main storyboard is found; one without an entry point is a console line.
  /// The machine hears whether it has one.
  func openMainStoryboard() throws {
    let device = self.device
    guard let storyboard = try mainStoryboard() else {
      device.machine.mainStoryboardOpened(hasEntryPoint: false)
      return
    }
    // Without an entry point the console says so; nothing is shown.
    if storyboard.initialViewController == nil {
      _ = try StoryboardDecoder.instantiateInitialViewController(of: storyboard, on: device)
    }
    device.machine.mainStoryboardOpened(hasEntryPoint: storyboard.initialViewController != nil)
  }

  /// The Info.plist's `UIMainStoryboardFile`; nil without the key.
  private func mainStoryboard() throws -> Storyboard? {
    guard let name = device.info.string("UIMainStoryboardFile") else { return nil }
    guard let storyboard = device.storyboard(named: name) else {
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
    device.process.mainStoryboardController =
      try StoryboardDecoder.instantiateInitialViewController(of: storyboard, on: device)
  }

  /// §1.1 step 4: the delegate's window, created and assigned when it is nil. The machine hears
  /// whether the delegate has a window property.
  func prepareDelegateWindow() throws {
    let device = self.device
    guard let delegate, device.runtime.responds(delegate, to: UIKitSelector.window) else {
      device.log(
        "[Application] The app delegate must implement the window property if it wants to use a main storyboard file."
      )
      device.machine.delegateWindowPrepared(false)
      return
    }
    var window = try device.deliver(UIKitSelector.window, to: delegate).object as? UIWindow
    if window == nil {
      let created = try device.create(device.runtime.classNamed("UIWindow")!) as! UIWindow
      try device.deliver(UIKitSelector.setWindow, to: delegate, [.object(created)])
      window = created
    }
    device.process.mainStoryboardWindow = window
    device.machine.delegateWindowPrepared(true)
  }

  /// §1.1 step 5: the initial view controller becomes the window's root; UIKit shows the window
  /// after didFinishLaunching (§1.1 step 10).
  func setMainStoryboardRoot() throws {
    let device = self.device
    defer {
      device.process.mainStoryboardWindow = nil
      device.process.mainStoryboardController = nil
    }
    guard let window = device.process.mainStoryboardWindow,
      let controller = device.process.mainStoryboardController
    else { return }
    try device.deliver(UIKitSelector.setRootViewController, to: window, [.object(controller)])
    windowToShowAfterLaunch = window
  }

  // MARK: The end of the launch

  /// §2 end (iOS 9+): every window needs a root view controller at the end of launch.
  func checkLaunchWindows() throws {
    guard windows.contains(where: { $0.rootViewController == nil }) else { return }
    // A window the app no longer references is gone on a device, and not checked.
    device.host.releaseUnreferencedObjects()
    guard windows.contains(where: { $0.rootViewController == nil }) else { return }
    throw ObjCException(
      .internalInconsistency,
      "Application windows are expected to have a root view controller at the end of application launch"
    )
  }

  /// The window made key and visible during the launch becomes visible: its root view loads
  /// and will appear. No window is a black screen, not an error (§2 end, INFERRED).
  func showLaunchWindow() throws {
    if let window = windowToShowAfterLaunch, !window.isHeldByAppDelegate {
      device.host.releaseUnreferencedObjects()
    }
    guard let window = windowToShowAfterLaunch else { return }
    windowToShowAfterLaunch = nil
    window.makeVisible()
    guard let root = window.rootViewController else { return }
    try root.beginAppearance(appearing: true, animated: false)
    device.process.appearingLaunchWindow = window
  }
}
