/// The interface orientation of the app's process, and the interface turning with the device
/// (layout.md §17.5).
///
/// It belongs to none of UIKit's objects: the orientation is the process's (every window,
/// screen and trait collection reads it, before the app has a window or even an application),
/// and a turn reaches every window on screen. So it is a value that takes the device, named
/// after the idea, rather than a method of `UIApplication` or `UIScreen`.
struct InterfaceRotation {
  let device: Device

  init(_ device: Device) { self.device = device }

  /// The interface orientation of the running process. A launch starts in the device's
  /// orientation when the app's Info.plist allows it, else in the first orientation it lists
  /// (INFERRED); the root view controller is not asked at launch.
  var orientation: InterfaceOrientation {
    if let fixed = device.process.interfaceOrientation { return fixed }
    let allowed =
      ((try? infoOrientations()) ?? nil)
      ?? InterfaceOrientationMask.orientations(
        InterfaceOrientationMask.iPhoneDefault)
    let wanted = device.deviceOrientation.interfaceOrientation
    let start =
      allowed.contains(wanted) && wanted != .portraitUpsideDown
      ? wanted : allowed.first { $0 != .portraitUpsideDown } ?? .portrait
    if device.machine.isRunning { device.process.interfaceOrientation = start }
    return start
  }

  /// Turns the interface to the device's orientation if the app supports it; returns why not
  /// otherwise (nil when it turned, or had nothing to do). The system asks the top-most
  /// full-screen view controller, only if its `shouldAutorotate` is true, and intersects its
  /// `supportedInterfaceOrientations` with the app's (the iOS 6 release notes, layout.md §17.5).
  /// Also run when the app returns to the foreground, before its callbacks (level49's log).
  @discardableResult
  func followDeviceOrientation() throws -> String? {
    let target = device.deviceOrientation.interfaceOrientation
    guard target != orientation else { return nil }
    guard target != .portraitUpsideDown || ScreenGeometry.supportsUpsideDown else {
      return "an iPhone without a Home button has no upside-down interface orientation"
    }
    guard
      let window = device.application?.windows.first(where: { $0.isKeyWindow && !$0.isHidden }),
      var top = window.rootViewController
    else { return "no key window with a root view controller is on screen" }
    while let presented = top.presented, presented.removesPresentersView { top = presented }
    if let value = try top.deliverIfOverridden(UIKitSelector.shouldAutorotate),
      !value.boolValue
    {
      return "\(top.isa.name).shouldAutorotate is false"
    }
    let controllerMask = try InterfaceOrientationMask.mask(
      try top.deliverIfOverridden(UIKitSelector.supportedInterfaceOrientations)
        ?? .string("allButUpsideDown"),
      returnedBy: "\(top.isa.name).supportedInterfaceOrientations",
      on: device)
    let appMask = try applicationOrientationMask(for: window)
    guard controllerMask & appMask & target.maskBit != 0 else {
      let names = { (mask: Int) in
        InterfaceOrientationMask.orientations(mask).map(\.rawValue).joined(separator: ", ")
      }
      return
        "\(target.rawValue) is not a supported interface orientation (\(top.isa.name): \(names(controllerMask)); the app: \(names(appMask)))"
    }
    try rotate(to: target)
    return nil
  }

  /// The app's orientations: its delegate's `application:supportedInterfaceOrientationsForWindow:`
  /// when implemented, else the Info.plist's, else all but upside down.
  private func applicationOrientationMask(for window: UIWindow) throws -> Int {
    if let application = device.application,
      let value = try device.deliverIfImplemented(
        UIKitSelector.applicationSupportedInterfaceOrientationsForWindow,
        to: application.delegate, [.object(application), .object(window)])
    {
      return try InterfaceOrientationMask.mask(
        value, returnedBy: "application:supportedInterfaceOrientationsForWindow:", on: device)
    }
    guard let listed = try infoOrientations() else { return InterfaceOrientationMask.iPhoneDefault }
    return listed.reduce(0) { $0 | $1.maskBit }
  }

  /// The Info.plist's `UISupportedInterfaceOrientations` (its `~iphone` variant first), in its
  /// order; nil without the key.
  private func infoOrientations() throws -> [InterfaceOrientation]? {
    let info = device.info
    let key = info.resolvedKey("UISupportedInterfaceOrientations")
    guard let value = info.values[key] else { return nil }
    let expected = InterfaceOrientation.allCases.map(\.plistName).joined(separator: ", ")
    guard case .array(let items) = value else {
      throw LifecycleError("Info.plist \(key) must be an array of \(expected)")
    }
    return try items.map { item in
      guard let name = item.string.map(info.expand),
        let orientation = InterfaceOrientation.allCases.first(where: { $0.plistName == name })
      else {
        let shown = item.string.map { "\"\($0)\"" } ?? "a value that is not a string"
        throw LifecycleError("Info.plist \(key) lists \(shown); expected \(expected)")
      }
      return orientation
    }
  }

  /// The root view controllers of the windows on screen, covered by a full-screen presentation
  /// or not: a presenter hears of the size change too (onmyway133/notes issue 202, §17.5).
  private var rootsOnScreen: [UIViewController] {
    (device.application?.windows ?? []).compactMap { window in
      guard !window.isHidden, let root = window.rootViewController, root.view != nil else {
        return nil
      }
      return root
    }
  }

  /// The interface turns to `orientation`, in the order of layout.md §17.5: for each window's
  /// root (passed on to its shown children and presented controllers by UIKit's own
  /// implementations) `willTransitionToTraitCollection:withTransitionCoordinator:` when the
  /// size classes change, `viewWillTransitionToSize:withTransitionCoordinator:`; the new size;
  /// the coordinator's animations; the window scenes' trait changes; two layout passes (the
  /// kruil log), the first reporting the safe area and the traits; the scene delegate's
  /// `windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:`; the
  /// coordinator's completions when the animation ends, on the next turn of the main run loop.
  private func rotate(to orientation: InterfaceOrientation) throws {
    let device = self.device
    let runtime = device.runtime
    let previousOrientation = self.orientation
    let previousTraits = Traits.screen(of: device)
    let roots = rootsOnScreen
    let coordinator =
      runtime.allocate(
        runtime.classNamed("UIViewControllerTransitionCoordinator")!)
      as! UIViewControllerTransitionCoordinator
    let newTraits = ScreenGeometry.traits(orientation, style: device.userInterfaceStyle)
    if newTraits != previousTraits {
      for root in roots {
        try root.sendTransition(
          UIKitSelector.willTransitionToTraitCollectionWithTransitionCoordinator,
          [.object(UITraitCollection.make(newTraits, in: runtime)), .object(coordinator)])
      }
    }
    let size = ScreenGeometry.size(orientation)
    for root in roots {
      try root.sendTransition(
        UIKitSelector.viewWillTransitionToSizeWithTransitionCoordinator,
        [
          .dictionary(["width": .double(size.width), "height": .double(size.height)]),
          .object(coordinator),
        ])
    }
    device.process.interfaceOrientation = orientation
    for animation in coordinator.animations where !animation.isNil {
      try device.host.call(animation, [.object(coordinator)])
    }
    let scenes = device.scenes
    let windowScenes = scenes.keys.sorted().compactMap { scenes[$0] }
      .filter { !$0.windows.isEmpty }
    if newTraits != previousTraits {
      for scene in windowScenes {
        try scene.reportTraitChange(from: previousTraits, to: newTraits)
      }
    }
    // Every view on screen changes size, so each lays out in both passes.
    for _ in 0..<2 {
      for controller in roots.flatMap(\.presentationChain) where controller.isInWindow {
        var pending = [controller]
        while let next = pending.popLast() {
          next.needsLayout = true
          pending += next.shownChildren
        }
        try controller.layOut()
      }
    }
    for scene in windowScenes {
      try device.deliverIfImplemented(
        UIKitSelector.windowSceneDidUpdateCoordinateSpaceInterfaceOrientationTraitCollection,
        to: scene.delegate,
        [
          .object(scene), .object(device.mainScreen), .string(previousOrientation.rawValue),
          .object(UITraitCollection.make(previousTraits, in: runtime)),
        ])
    }
    try DeferredWork(device).onNextTurn { [unowned device] in
      for completion in coordinator.completions where !completion.isNil {
        try device.host.call(completion, [.object(coordinator)])
      }
    }
  }
}

extension UIViewController {
  /// This root and the controllers presented above it, bottom to top.
  fileprivate var presentationChain: [UIViewController] {
    var chain = [self]
    while let next = chain[chain.count - 1].presented { chain.append(next) }
    return chain
  }
}

extension InterfaceOrientationMask {
  /// A `UIInterfaceOrientationMask` the app returned (`source` names what returned it): a Swift
  /// name (`"landscape"`), a list of names, or the raw value; never empty.
  static func mask(_ value: RuntimeValue, returnedBy source: String, on device: Device) throws
    -> Int
  {
    var mask: Int?
    switch value {
    case .int(let raw) where raw & ~names["all"]! == 0: mask = raw
    case .string(let name): mask = names[name]
    default:
      if let items = device.list(value) {
        var bits = 0
        for item in items {
          guard case .string(let name) = item, let bit = names[name]
          else {
            bits = 0
            break
          }
          bits |= bit
        }
        mask = bits
      }
    }
    guard let mask, mask > 0 else {
      throw LifecycleError(
        "\(source) returned \(describe(value)); it must return a UIInterfaceOrientationMask: one of \(names.keys.sorted().joined(separator: ", ")), a list of them, or the raw value (not 0)"
      )
    }
    return mask
  }

  /// A value the app returned, as an error message shows it.
  private static func describe(_ value: RuntimeValue) -> String {
    switch value {
    case .nil: "nil"
    case .bool(let flag): "\(flag)"
    case .int(let number): "\(number)"
    case .double(let number): "\(number)"
    case .string(let text): "\"\(text)\""
    case .object(let object): object.objectDescription
    case .class(let cls): cls.name
    default: "a table"
    }
  }
}
