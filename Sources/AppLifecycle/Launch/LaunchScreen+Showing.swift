import XcodeFiles

extension UIApplication {
  /// `UIApplication.clearLaunchScreenCache()`, seed 004's extension: it deletes the snapshots
  /// in `Library/SplashBoard`, so the next cold launch draws the launch screen again (§8.2).
  static func defineLaunchScreenCache(in runtime: Runtime) {
    runtime.classNamed("UIApplication")!.addMethod("clearLaunchScreenCache") { message in
      let device = message.device
      device.install.launchScreenCache = [:]
      return .nil
    }
  }
}

extension LaunchScreen {
  /// §8.1: "The system displays your launch storyboard until your app is ready to display its
  /// UI". It is up before the process runs any of the app's code, so it is traced before
  /// `main`. The first launch of an install draws it, for the scheme of the URL the launch opens
  /// (nil: from the home screen), and caches the snapshot; later launches show the snapshot (§8.2;
  /// cached per URL scheme of the launch, INFERRED). What iOS draws when there is nothing to
  /// draw is not in the reference: black, and lifescript warns (INFERRED).
  static func show(forURLScheme scheme: String?, on device: Device) throws {
    // Before the launch screen: an app the device cannot install never shows one.
    try device.checkInstallable()
    let configuration = try LaunchScreenConfiguration(checking: device.info)
    try configuration.checkStoryboards(device.storyboards)
    if let cached = device.install.launchScreenCache[scheme] {
      device.record(.launchScreenShown(cached, cached: true))
      return
    }
    var screen = configuration.launchScreen(
      forURLScheme: scheme, plistKeysSupported: device.profile.supportsLaunchScreenKeys)
    let storyboards = device.storyboards
    if let name = screen.storyboardName, storyboards[name] == nil {
      device.warn(
        .launchStoryboardMissing,
        "the launch screen is the storyboard \(name), but the app has no storyboard of that name; iOS shows a black launch screen (INFERRED, see Documentation/UIKit/launch-screen.md#which-launch-screen-a-launch-shows); declare it with Storyboard(\"\(name)\", { ... })"
      )
      screen = .black(because: "no storyboard named \(name)")
    } else if case .storyboard(let name, let identifier, _) = screen,
      storyboards[name]?.isNib == true
    {
      // A .xib named as the launch storyboard, as Xcode 6 made them (§8.1).
      screen = .storyboard(name, identifier: identifier, nib: true)
    } else if case .black(let reason) = screen {
      device.warn(
        .blackLaunchScreen,
        "\(reason), so a launch from the home screen or by a URL scheme it does not list shows a black launch screen (INFERRED, see Documentation/UIKit/launch-screen.md#which-launch-screen-a-launch-shows)"
      )
    }
    device.install.launchScreenCache[scheme] = screen
    device.record(.launchScreenShown(screen, cached: false))
  }
}

extension LaunchScreenConfiguration {
  /// The Info.plist's launch-screen keys, checked (reference §8.1).
  init(checking info: InfoPlist) throws(LifecycleError) {
    do {
      try self.init(info)
    } catch {
      throw LifecycleError(error.message)
    }
  }

  /// Interface Builder's build error for a launch storyboard that sets a class of the app's own:
  /// the system draws launch screens outside the app's process, where its classes do not exist.
  /// The wording is ibtool's as public developer notes quote it (not in the reference). A
  /// storyboard is a launch storyboard when it is marked "Use as Launch Screen" or the
  /// Info.plist's launch keys name it (the latter INFERRED).
  func checkStoryboards(_ storyboards: [String: Storyboard]) throws(LifecycleError) {
    let named = storyboardNames
    for name in storyboards.keys.sorted() {
      guard let storyboard = storyboards[name], let custom = storyboard.customClass,
        storyboard.isLaunchScreen || named.contains(name)
      else { continue }
      let place = custom.file.map { file in " at \(file)" + (custom.line.map { ":\($0)" } ?? "") }
      throw LifecycleError(
        "Launch screens may not set custom classnames: \(storyboard.fileName) sets \(custom.name)\(place ?? "") (Xcode's build error for a launch storyboard)"
      )
    }
  }
}
