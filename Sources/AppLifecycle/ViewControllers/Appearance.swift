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
      let controller = try message.receiver(as: UIViewController.self)
      if controller.appearance == .appearing || controller.appearance == .disappearing {
        controller.logUnbalancedAppearance()
        controller.appearance = controller.appearance == .appearing ? .appeared : .disappeared
      }
      try controller.beginAppearance(
        appearing: message.argument(0).boolValue, animated: message.argument(1).boolValue)
      return .nil
    }
    controller.addMethod("endAppearanceTransition") { message in
      let controller = try message.receiver(as: UIViewController.self)
      switch controller.appearance {
      case .appearing:
        try controller.layOut()
        try controller.endAppearance()
      case .disappearing:
        try controller.endAppearance()
      case .appeared, .disappeared:
        controller.logUnbalancedAppearance()
      }
      return .nil
    }
  }
}

extension UIViewController {
  fileprivate func logUnbalancedAppearance() {
    let device = self.device
    let line = "Unbalanced calls to begin/end appearance transitions for \(objectDescription)."
    device.log(line)
    device.noteUnbalancedAppearance(line)
  }

  /// Sends an appearance callback as UIKit does: traced, and not a misuse.
  private func deliverAppearance(_ selector: Selector, animated: Bool) throws {
    let device = self.device
    device.notePair(selector, to: self)
    device.delivery.appearanceCallbacks.append((ObjectIdentifier(self), selector))
    defer { device.delivery.appearanceCallbacks.removeLast() }
    try device.deliver(selector, to: self, [.bool(animated)])
  }

  /// The view controller's view starts appearing (`viewWillAppear:`) or disappearing
  /// (`viewWillDisappear:`), and so do the children it shows. An appearing view loads first.
  /// Nothing happens when it is already going that way.
  func beginAppearance(appearing: Bool, animated: Bool) throws {
    if appearing {
      guard appearance == .disappeared || appearance == .disappearing else {
        return
      }
      try loadViewIfNeeded()
      appearance = .appearing
      needsLayout = true
      sentIsAppearing = false
      try deliverAppearance(UIKitSelector.viewWillAppear, animated: animated)
      // The view is in the window now: its safe area and traits (layout.md §17.3, §17.4).
      try updateEnvironment()
    } else {
      guard appearance == .appeared || appearance == .appearing else {
        return
      }
      appearance = .disappearing
      childAppearanceDeferred = false
      try deliverAppearance(UIKitSelector.viewWillDisappear, animated: animated)
    }
    guard try forwardsAppearance() else { return }
    // containment.md#appearance-forwarding-in-general, point 3: a navigation controller starts
    // its top child's appearance in its layout pass (option `navigation-child-appearance`).
    if appearing, ContainerKind(isa) == .navigation,
      device.machine.configuration.options.navigationChildAppearance == .layoutPass
    {
      childAppearanceDeferred = true
      return
    }
    for child in shownChildren {
      try child.beginAppearance(appearing: appearing, animated: animated)
    }
  }

  /// The appearance begun by `beginAppearance` ends: `viewDidAppear:` or `viewDidDisappear:`,
  /// the container first, then the children in the same transition.
  func endAppearance(animated: Bool = false) throws {
    switch appearance {
    case .appearing:
      appearance = .appeared
      try deliverAppearance(UIKitSelector.viewDidAppear, animated: animated)
    case .disappearing:
      appearance = .disappeared
      try deliverAppearance(UIKitSelector.viewDidDisappear, animated: animated)
    case .appeared, .disappeared:
      return
    }
    guard try forwardsAppearance() else { return }
    for child in children
    where child.appearance == .appearing || child.appearance == .disappearing {
      try child.endAppearance(animated: animated)
    }
  }

  /// A whole appearance in one go: will, the layout pass, did.
  func appear(animated: Bool = false) throws {
    try beginAppearance(appearing: true, animated: animated)
    try layOut()
    try endAppearance(animated: animated)
  }

  /// The layout pass over a controller's view and the views of the children it shows
  /// (layout.md#layout-callbacks-at-launch-and-on-appearance): a changed safe area or traits,
  /// `viewIsAppearing:` once per appearance, then `viewWillLayoutSubviews`, the children's passes, `viewDidLayoutSubviews`.
  /// UIKit's own implementations of these do nothing, so they are sent (and traced) only when
  /// the app's class implements them.
  func layOut() throws {
    guard view != nil else { return }
    try updateEnvironment()
    if appearance == .appearing, !sentIsAppearing {
      sentIsAppearing = true
      if device.profile >= IOSProfile(13) {
        try deliverIfOverridden(UIKitSelector.viewIsAppearing, [.bool(false)])
      }
    }
    let laysOut = needsLayout
    needsLayout = false
    if laysOut { try deliverIfOverridden(UIKitSelector.viewWillLayoutSubviews) }
    if childAppearanceDeferred {
      childAppearanceDeferred = false
      for child in shownChildren {
        try child.beginAppearance(appearing: true, animated: false)
      }
    }
    for child in shownChildren { try child.layOut() }
    if laysOut { try deliverIfOverridden(UIKitSelector.viewDidLayoutSubviews) }
  }

  /// The safe area and traits of a view in a window, reported when they changed: the superview's
  /// layout sets the safe area, then the controller's traits update before its own layout
  /// (layout.md §17.3, §17.4).
  func updateEnvironment() throws {
    try updateSafeArea()
    try updateTraits()
  }

  /// `shouldAutomaticallyForwardAppearanceMethods`, which the app may override.
  func forwardsAppearance() throws -> Bool {
    guard !children.isEmpty else { return false }
    return try device.runtime.send(
      UIKitSelector.shouldAutomaticallyForwardAppearanceMethods, to: self
    ).boolValue
  }

  /// The children whose views a container shows: a navigation controller's top controller, a
  /// tab bar controller's selected one, a collapsed split view's primary column, a page view
  /// controller's pages, and a custom container's children whose views are in its view.
  var shownChildren: [UIViewController] {
    let children = self.children
    guard !children.isEmpty else { return [] }
    switch ContainerKind(isa) {
    case .navigation:
      return [children[children.count - 1]]
    case .tabBar:
      return children.indices.contains(selectedIndex)
        ? [children[selectedIndex]] : []
    case .split:
      return [children[0]]
    case .page:
      return children
    case .custom:
      guard let container = view as? UIView else { return [] }
      return children.filter { ($0.view as? UIView)?.isDescendant(of: container) ?? false }
    }
  }
}

extension RuntimeObject {
  /// UIKit sends `selector` to this object when its class, not UIKit, implements it: UIKit's own
  /// implementations of the layout and appearance callbacks do nothing, so only an override is
  /// sent (and traced).
  @discardableResult
  func deliverIfOverridden(_ selector: Selector, _ arguments: [RuntimeValue] = []) throws
    -> RuntimeValue?
  {
    guard let (_, owner) = isa.lookUp(selector) else { return nil }
    let device = self.device
    guard !device.uikitClassNames.contains(owner.name) else { return nil }
    return try device.deliver(selector, to: self, arguments)
  }
}
