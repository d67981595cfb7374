/// Rotation: the user turns the device, and UIKit turns the interface when the app supports the
/// orientation (Documentation/UIKit/layout.md#rotation-and-size-changes).
public final class UIViewControllerTransitionCoordinator: RuntimeObject {
  /// What `animateAlongsideTransition:completion:` was given, in order.
  var animations: [RuntimeValue] = []
  var completions: [RuntimeValue] = []
}

extension UIViewControllerTransitionCoordinator {
  static func defineRotation(in runtime: Runtime) throws {
    let device = try runtime.defineClass("UIDevice", superclass: nil)
    device.addProperty("orientation") { message in
      let device = message.device
      return .string(device.deviceOrientation.rawValue)
    }
    runtime.classNamed("UIWindowScene")?.addProperty("interfaceOrientation") { message in
      let device = message.device
      return .string(device.interfaceOrientation.rawValue)
    }
    // Deprecated in iOS 13, still answered.
    runtime.classNamed("UIApplication")?.addProperty("statusBarOrientation") { message in
      let device = message.device
      return .string(device.interfaceOrientation.rawValue)
    }
    let coordinator = try runtime.defineClass(
      "UIViewControllerTransitionCoordinator", superclass: nil,
      allocator: { UIViewControllerTransitionCoordinator(isa: $0, identifier: $1) })
    coordinator.addMethod("animateAlongsideTransition:completion:") { message in
      let device = message.device
      let coordinator = try message.receiver(as: UIViewControllerTransitionCoordinator.self)
      for (index, block) in [message.argument(0), message.argument(1)].enumerated()
      where !block.isNil && !device.host.isBlock(block) {
        throw LifecycleError(
          "animateAlongsideTransition:completion: argument #\(index + 1) must be a function (context) or nil"
        )
      }
      coordinator.animations.append(message.argument(0))
      coordinator.completions.append(message.argument(1))
      return .bool(true)
    }
    coordinator.addProperty("isAnimated") { _ in .bool(true) }
    coordinator.addProperty("isCancelled") { _ in .bool(false) }

    guard let controller = runtime.classNamed("UIViewController") else { return }
    controller.addProperty("shouldAutorotate") { _ in .bool(true) }
    controller.addProperty("supportedInterfaceOrientations") { _ in .string("allButUpsideDown") }
    // UIKit's implementations pass the change on: "View controllers forward the size change
    // message to their views and child view controllers. Presentation controllers forward the
    // size change to their presented view controller." (layout.md, §17.5)
    for name in [
      "willTransitionToTraitCollection:withTransitionCoordinator:",
      "viewWillTransitionToSize:withTransitionCoordinator:",
    ] {
      controller.addMethod(name) { message in
        let device = message.device
        let controller = try message.receiver(as: UIViewController.self)
        for child in controller.shownChildren {
          try device.sendTransition(message.selector, to: child, message.arguments)
        }
        if let presented = controller.presented {
          try device.sendTransition(message.selector, to: presented, message.arguments)
        }
        return .nil
      }
    }
  }
}

extension Device {
  /// The interface orientation of the running process. A launch starts in the device's
  /// orientation when the app's Info.plist allows it, else in the first orientation it lists
  /// (INFERRED); the root view controller is not asked at launch.
  public var interfaceOrientation: InterfaceOrientation {
    if let fixed = process.interfaceOrientation { return fixed }
    let allowed =
      ((try? infoOrientations()) ?? nil)
      ?? InterfaceOrientationMask.orientations(
        InterfaceOrientationMask.iPhoneDefault)
    let wanted = deviceOrientation.interfaceOrientation
    let start =
      allowed.contains(wanted) && wanted != .portraitUpsideDown
      ? wanted : allowed.first { $0 != .portraitUpsideDown } ?? .portrait
    if machine.isRunning { process.interfaceOrientation = start }
    return start
  }

  /// Sends a transition message: traced when the app overrides it, as UIKit's layout callbacks
  /// are; UIKit's own implementation forwards it untraced otherwise.
  fileprivate func sendTransition(
    _ selector: Selector, to controller: UIViewController, _ arguments: [RuntimeValue]
  ) throws {
    if try controller.deliverIfOverridden(selector, arguments) == nil {
      try runtime.send(selector, to: controller, arguments)
    }
  }

  // MARK: The user turns the device

  /// The user turns the device to `orientation` (`LifecycleMachine.Event.rotate`).
  public func rotate(_ orientation: DeviceOrientation) throws {
    try deliver(.rotate(orientation))
  }

  /// Turns the interface to the device's orientation if the app supports it; returns why not
  /// otherwise (nil when it turned, or had nothing to do). The system asks the top-most
  /// full-screen view controller, only if its `shouldAutorotate` is true, and intersects its
  /// `supportedInterfaceOrientations` with the app's (the iOS 6 release notes, layout.md §17.5).
  /// Also run when the app returns to the foreground, before its callbacks (level49's log).
  @discardableResult
  func followDeviceOrientation() throws -> String? {
    let target = deviceOrientation.interfaceOrientation
    guard target != interfaceOrientation else { return nil }
    guard target != .portraitUpsideDown || ScreenGeometry.supportsUpsideDown else {
      return "an iPhone without a Home button has no upside-down interface orientation"
    }
    guard let window = application?.windows.first(where: { $0.isKeyWindow && !$0.isHidden }),
      var top = window.rootViewController
    else { return "no key window with a root view controller is on screen" }
    while let presented = top.presented, presented.removesPresentersView { top = presented }
    if let value = try top.deliverIfOverridden(Selector("shouldAutorotate")),
      !value.boolValue
    {
      return "\(top.isa.name).shouldAutorotate is false"
    }
    let controllerMask = try orientationMask(
      try top.deliverIfOverridden(Selector("supportedInterfaceOrientations"))
        ?? .string("allButUpsideDown"), "\(top.isa.name).supportedInterfaceOrientations")
    let appMask = try applicationOrientationMask(for: window)
    guard controllerMask & appMask & target.maskBit != 0 else {
      let names = { (mask: Int) in
        InterfaceOrientationMask.orientations(mask).map(\.rawValue).joined(separator: ", ")
      }
      return
        "\(target.rawValue) is not a supported interface orientation (\(top.isa.name): \(names(controllerMask)); the app: \(names(appMask)))"
    }
    try rotateInterface(to: target)
    return nil
  }

  /// The app's orientations: its delegate's `application:supportedInterfaceOrientationsForWindow:`
  /// when implemented, else the Info.plist's, else all but upside down.
  private func applicationOrientationMask(for window: UIWindow) throws -> Int {
    if let application,
      let value = try deliverIfImplemented(
        Selector("application:supportedInterfaceOrientationsForWindow:"),
        to: application.delegate, [.object(application), .object(window)])
    {
      return try orientationMask(value, "application:supportedInterfaceOrientationsForWindow:")
    }
    guard let listed = try infoOrientations() else { return InterfaceOrientationMask.iPhoneDefault }
    return listed.reduce(0) { $0 | $1.maskBit }
  }

  /// The Info.plist's `UISupportedInterfaceOrientations` (its `~iphone` variant first), in its
  /// order; nil without the key.
  func infoOrientations() throws -> [InterfaceOrientation]? {
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

  /// A `UIInterfaceOrientationMask` the app returned: a Swift name (`"landscape"`), a list of
  /// names, or the raw value; never empty.
  func orientationMask(_ value: RuntimeValue, _ source: String) throws -> Int {
    var mask: Int?
    switch value {
    case .int(let raw) where raw & ~InterfaceOrientationMask.names["all"]! == 0: mask = raw
    case .string(let name): mask = InterfaceOrientationMask.names[name]
    default:
      if let items = list(value) {
        var bits = 0
        for item in items {
          guard case .string(let name) = item, let bit = InterfaceOrientationMask.names[name]
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
        "\(source) returned \(Self.describe(value)); it must return a UIInterfaceOrientationMask: one of \(InterfaceOrientationMask.names.keys.sorted().joined(separator: ", ")), a list of them, or the raw value (not 0)"
      )
    }
    return mask
  }

  /// A value the app returned, as an error message shows it.
  static func describe(_ value: RuntimeValue) -> String {
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

  // MARK: The interface turns

  /// The root view controllers of the windows on screen, covered by a full-screen presentation
  /// or not: a presenter hears of the size change too (onmyway133/notes issue 202, §17.5).
  private var rootsOnScreen: [UIViewController] {
    (application?.windows ?? []).compactMap { window in
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
  func rotateInterface(to orientation: InterfaceOrientation) throws {
    let previousOrientation = interfaceOrientation
    let previousTraits = Traits.screen(of: self)
    let roots = rootsOnScreen
    let coordinator =
      runtime.allocate(
        runtime.classNamed("UIViewControllerTransitionCoordinator")!)
      as! UIViewControllerTransitionCoordinator
    let newTraits = ScreenGeometry.traits(orientation, style: userInterfaceStyle)
    if newTraits != previousTraits {
      for root in roots {
        try sendTransition(
          Selector("willTransitionToTraitCollection:withTransitionCoordinator:"), to: root,
          [.object(UITraitCollection.make(newTraits, in: runtime)), .object(coordinator)])
      }
    }
    let size = ScreenGeometry.size(orientation)
    for root in roots {
      try sendTransition(
        Selector("viewWillTransitionToSize:withTransitionCoordinator:"), to: root,
        [
          .dictionary(["width": .double(size.width), "height": .double(size.height)]),
          .object(coordinator),
        ])
    }
    process.interfaceOrientation = orientation
    for animation in coordinator.animations where !animation.isNil {
      try host.call(animation, [.object(coordinator)])
    }
    let windowScenes = scenes.keys.sorted().compactMap { scenes[$0] }
      .filter { !$0.windows.isEmpty }
    if newTraits != previousTraits {
      for scene in windowScenes {
        try scene.reportTraitChange(from: previousTraits, to: newTraits)
      }
    }
    // Every view on screen changes size, so each lays out in both passes.
    for _ in 0..<2 {
      for controller in roots.flatMap(presentationChain) where controller.isInWindow {
        var pending = [controller]
        while let next = pending.popLast() {
          next.needsLayout = true
          pending += next.shownChildren
        }
        try controller.layOut()
      }
    }
    for scene in windowScenes {
      try deliverIfImplemented(
        Selector("windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:"),
        to: scene.delegate,
        [
          .object(scene), .object(mainScreen), .string(previousOrientation.rawValue),
          .object(UITraitCollection.make(previousTraits, in: runtime)),
        ])
    }
    try DeferredWork(self).onNextTurn { [unowned self] in
      for completion in coordinator.completions where !completion.isNil {
        try host.call(completion, [.object(coordinator)])
      }
    }
  }

  /// A root and the controllers presented above it, bottom to top.
  private func presentationChain(_ root: UIViewController) -> [UIViewController] {
    var chain = [root]
    while let next = chain[chain.count - 1].presented { chain.append(next) }
    return chain
  }
}
