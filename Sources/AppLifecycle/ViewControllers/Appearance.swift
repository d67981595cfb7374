/// The appearance callbacks of view controllers and their forwarding to children
/// (Documentation/UIKit/containment.md, Documentation/UIKit/layout.md).
///
/// Every appearance goes through `beginAppearance` (the `will` callback) and `endAppearance`
/// (the `did` callback), with a layout pass between them. A container forwards both to the
/// children it shows unless it returns false from `shouldAutomaticallyForwardAppearanceMethods`.

/// Which of UIKit's containers a view controller is, by its class.
enum ContainerKind {
  case navigation, tabBar, split, page, custom

  init(_ cls: RuntimeClass) {
    var current: RuntimeClass? = cls
    while let candidate = current {
      switch candidate.name {
      case "UINavigationController": self = .navigation
      case "UITabBarController": self = .tabBar
      case "UISplitViewController": self = .split
      case "UIPageViewController": self = .page
      default:
        current = candidate.superclass
        continue
      }
      return
    }
    self = .custom
  }
}

extension UIViewController {
  /// The four appearance methods. UIKit's own implementations do nothing; called by the app
  /// rather than by UIKit (not from an override's `super` call), iOS 15 and later log the misuse
  /// message of containment.md#appearance-misuse-messages.
  static func defineAppearance(in runtime: Runtime, of controller: RuntimeClass) {
    for name in ["viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:"] {
      controller.addMethod(name) { message in
        let device = message.device
        let receiver = ObjectIdentifier(message.receiver)
        let fromUIKit = device.delivery.appearanceCallbacks.contains {
          $0.controller == receiver && $0.selector == message.selector
        }
        if !fromUIKit, device.profile >= IOSProfile(15) {
          device.log(
            "[ViewController] Calling -\(message.selector.name) directly on a view controller is not supported, and may result in out-of-order callbacks and other inconsistent behavior. Use the -beginAppearanceTransition:animated: and -endAppearanceTransition APIs on UIViewController to manually drive appearance callbacks instead. Make a symbolic breakpoint at UIViewControllerAlertForAppearanceCallbackMisuse to catch this in the debugger. View controller: \(message.receiver.objectDescription)"
          )
        }
        return .nil
      }
    }
    controller.addProperty("shouldAutomaticallyForwardAppearanceMethods") { _ in .bool(true) }
    // containment.md#appearance-forwarding-in-general, point 2: a container that forwards by
    // hand drives its children's callbacks with these.
    controller.addMethod("beginAppearanceTransition:animated:") { message in
      let device = message.device
      let controller = try message.receiver(as: UIViewController.self)
      if controller.appearance == .appearing || controller.appearance == .disappearing {
        device.logUnbalancedAppearance(controller)
        controller.appearance = controller.appearance == .appearing ? .appeared : .disappeared
      }
      try device.beginAppearance(
        controller, appearing: message.argument(0).boolValue,
        animated: message.argument(1).boolValue)
      return .nil
    }
    controller.addMethod("endAppearanceTransition") { message in
      let device = message.device
      let controller = try message.receiver(as: UIViewController.self)
      switch controller.appearance {
      case .appearing:
        try device.layOut(controller)
        try device.endAppearance(controller)
      case .disappearing:
        try device.endAppearance(controller)
      case .appeared, .disappeared:
        device.logUnbalancedAppearance(controller)
      }
      return .nil
    }
  }
}

extension Device {
  fileprivate func logUnbalancedAppearance(_ controller: UIViewController) {
    let line =
      "Unbalanced calls to begin/end appearance transitions for \(controller.objectDescription)."
    log(line)
    noteUnbalancedAppearance(line)
  }

  /// Sends an appearance callback as UIKit does: traced, and not a misuse.
  private func deliverAppearance(
    _ selector: Selector, to controller: UIViewController, animated: Bool
  ) throws {
    notePair(selector, to: controller)
    delivery.appearanceCallbacks.append((ObjectIdentifier(controller), selector))
    defer { delivery.appearanceCallbacks.removeLast() }
    try deliver(selector, to: controller, [.bool(animated)])
  }

  /// The view controller's view starts appearing (`viewWillAppear:`) or disappearing
  /// (`viewWillDisappear:`), and so do the children it shows. An appearing view loads first.
  /// Nothing happens when it is already going that way.
  func beginAppearance(_ controller: UIViewController, appearing: Bool, animated: Bool) throws {
    if appearing {
      guard controller.appearance == .disappeared || controller.appearance == .disappearing else {
        return
      }
      try loadViewIfNeeded(controller)
      controller.appearance = .appearing
      controller.needsLayout = true
      controller.sentIsAppearing = false
      try deliverAppearance(Selector("viewWillAppear:"), to: controller, animated: animated)
      // The view is in the window now: its safe area and traits (layout.md §17.3, §17.4).
      try updateEnvironment(controller)
    } else {
      guard controller.appearance == .appeared || controller.appearance == .appearing else {
        return
      }
      controller.appearance = .disappearing
      controller.childAppearanceDeferred = false
      try deliverAppearance(Selector("viewWillDisappear:"), to: controller, animated: animated)
    }
    guard try forwardsAppearance(controller) else { return }
    // containment.md#appearance-forwarding-in-general, point 3: a navigation controller starts
    // its top child's appearance in its layout pass (option `navigation-child-appearance`).
    if appearing, ContainerKind(controller.isa) == .navigation,
      machine.configuration.options.navigationChildAppearance == .layoutPass
    {
      controller.childAppearanceDeferred = true
      return
    }
    for child in shownChildren(of: controller) {
      try beginAppearance(child, appearing: appearing, animated: animated)
    }
  }

  /// The appearance begun by `beginAppearance` ends: `viewDidAppear:` or `viewDidDisappear:`,
  /// the container first, then the children in the same transition.
  func endAppearance(_ controller: UIViewController, animated: Bool = false) throws {
    switch controller.appearance {
    case .appearing:
      controller.appearance = .appeared
      try deliverAppearance(Selector("viewDidAppear:"), to: controller, animated: animated)
    case .disappearing:
      controller.appearance = .disappeared
      try deliverAppearance(Selector("viewDidDisappear:"), to: controller, animated: animated)
    case .appeared, .disappeared:
      return
    }
    guard try forwardsAppearance(controller) else { return }
    for child in controller.children
    where child.appearance == .appearing || child.appearance == .disappearing {
      try endAppearance(child, animated: animated)
    }
  }

  /// A whole appearance in one go: will, the layout pass, did.
  func appear(_ controller: UIViewController, animated: Bool = false) throws {
    try beginAppearance(controller, appearing: true, animated: animated)
    try layOut(controller)
    try endAppearance(controller, animated: animated)
  }

  /// The layout pass over a controller's view and the views of the children it shows
  /// (layout.md#layout-callbacks-at-launch-and-on-appearance): a changed safe area or traits,
  /// `viewIsAppearing:` once per appearance, then `viewWillLayoutSubviews`, the children's passes, `viewDidLayoutSubviews`.
  /// UIKit's own implementations of these do nothing, so they are sent (and traced) only when
  /// the app's class implements them.
  func layOut(_ controller: UIViewController) throws {
    guard controller.view != nil else { return }
    try updateEnvironment(controller)
    if controller.appearance == .appearing, !controller.sentIsAppearing {
      controller.sentIsAppearing = true
      if profile >= IOSProfile(13) {
        try deliverIfOverridden(Selector("viewIsAppearing:"), to: controller, [.bool(false)])
      }
    }
    let laysOut = controller.needsLayout
    controller.needsLayout = false
    if laysOut { try deliverIfOverridden(Selector("viewWillLayoutSubviews"), to: controller) }
    if controller.childAppearanceDeferred {
      controller.childAppearanceDeferred = false
      for child in shownChildren(of: controller) {
        try beginAppearance(child, appearing: true, animated: false)
      }
    }
    for child in shownChildren(of: controller) { try layOut(child) }
    if laysOut { try deliverIfOverridden(Selector("viewDidLayoutSubviews"), to: controller) }
  }

  /// The safe area and traits of a view in a window, reported when they changed: the superview's
  /// layout sets the safe area, then the controller's traits update before its own layout
  /// (layout.md §17.3, §17.4).
  func updateEnvironment(_ controller: UIViewController) throws {
    try updateSafeArea(controller)
    try updateTraits(controller)
  }

  /// Sends `selector` when the receiver's class, not UIKit, implements it.
  @discardableResult
  func deliverIfOverridden(
    _ selector: Selector, to receiver: RuntimeObject, _ arguments: [RuntimeValue] = []
  ) throws -> RuntimeValue? {
    guard let (_, owner) = receiver.isa.lookUp(selector), !uikitClassNames.contains(owner.name)
    else { return nil }
    return try deliver(selector, to: receiver, arguments)
  }

  /// `shouldAutomaticallyForwardAppearanceMethods`, which the app may override.
  func forwardsAppearance(_ controller: UIViewController) throws -> Bool {
    guard !controller.children.isEmpty else { return false }
    return try runtime.send(
      Selector("shouldAutomaticallyForwardAppearanceMethods"), to: controller
    ).boolValue
  }

  /// The children whose views a container shows: a navigation controller's top controller, a
  /// tab bar controller's selected one, a collapsed split view's primary column, a page view
  /// controller's pages, and a custom container's children whose views are in its view.
  func shownChildren(of controller: UIViewController) -> [UIViewController] {
    let children = controller.children
    guard !children.isEmpty else { return [] }
    switch ContainerKind(controller.isa) {
    case .navigation:
      return [children[children.count - 1]]
    case .tabBar:
      return children.indices.contains(controller.selectedIndex)
        ? [children[controller.selectedIndex]] : []
    case .split:
      return [children[0]]
    case .page:
      return children
    case .custom:
      guard let container = controller.view as? UIView else { return [] }
      return children.filter { ($0.view as? UIView)?.isDescendant(of: container) ?? false }
    }
  }
}
