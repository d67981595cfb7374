/// View-controller containment: child controllers, the view hierarchy that decides which of them
/// are on screen, and UIKit's container controllers
/// (Documentation/UIKit/containment.md#view-controller-containment).
extension UIView {
  /// `addSubview:` and `removeFromSuperview`. A child view controller's view entering or leaving
  /// the view of a container on screen makes the child appear or disappear
  /// (containment.md#custom-containers, point 5).
  static func defineHierarchy(in runtime: Runtime, of view: RuntimeClass) {
    view.addProperty("superview") {
      try $0.receiver(as: UIView.self).superview.map { .object($0) } ?? .nil
    }
    view.addProperty("subviews") {
      .array(try $0.receiver(as: UIView.self).subviews.map { .object($0) })
    }
    view.addMethod("addSubview:") { message in
      let device = message.device
      let superview = try message.receiver(as: UIView.self)
      guard let subview = message.argument(0).object as? UIView else {
        throw LifecycleError("addSubview: needs a UIView")
      }
      guard !superview.isDescendant(of: subview) else {
        throw ObjCException(
          .invalidArgument, "Can't add device as subview",
          origin: "addSubview: of \(subview.objectDescription)")
      }
      try device.detach(subview)
      superview.subviews.append(subview)
      subview.superview = superview
      try device.childViewEntered(subview)
      return .nil
    }
    view.addMethod("removeFromSuperview") { message in
      let device = message.device
      try device.detach(try message.receiver(as: UIView.self))
      return .nil
    }
  }
}

extension UIViewController {
  /// `addChildViewController:`, `removeFromParentViewController` and the ancestors a child
  /// finds (`navigationController`, `tabBarController`, `splitViewController`).
  static func defineContainment(in runtime: Runtime, of controller: RuntimeClass) {
    controller.addMethod("addChildViewController:") { message in
      let device = message.device
      try device.addChild(
        try device.viewControllerArgument(message, "addChildViewController:"),
        to: try message.receiver(as: UIViewController.self))
      return .nil
    }
    controller.addMethod("removeFromParentViewController") { message in
      let device = message.device
      try device.removeFromParent(try message.receiver(as: UIViewController.self), notify: true)
      return .nil
    }
    for (property, kind) in [
      ("navigationController", ContainerKind.navigation), ("tabBarController", .tabBar),
      ("splitViewController", .split),
    ] {
      controller.addProperty(property) { message in
        var current = try message.receiver(as: UIViewController.self).parent
        while let ancestor = current, ContainerKind(ancestor.isa) != kind {
          current = ancestor.parent
        }
        return current.map { .object($0) } ?? .nil
      }
    }
  }
}

extension Device {
  /// Takes a view out of its superview; a child controller's view leaving a shown container
  /// disappears.
  fileprivate func detach(_ view: UIView) throws {
    guard let superview = view.superview else { return }
    superview.subviews.removeAll { $0 === view }
    view.superview = nil
    guard let child = view.viewController, child.parent != nil,
      child.appearance == .appeared || child.appearance == .appearing
    else { return }
    try beginAppearance(child, appearing: false, animated: false)
    try endAppearance(child)
  }

  /// A view was added: if it is the view of a custom container's child and the container is on
  /// screen, the child appears: `viewWillAppear:` now, the layout pass and `viewDidAppear:`
  /// once the current callbacks return (or with the container's own `viewDidAppear:`).
  fileprivate func childViewEntered(_ view: UIView) throws {
    guard let child = view.viewController, let container = child.parent,
      ContainerKind(container.isa) == .custom,
      container.appearance == .appeared || container.appearance == .appearing,
      shownChildren(of: container).contains(where: { $0 === child }),
      try forwardsAppearance(container)
    else { return }
    try beginAppearance(child, appearing: true, animated: false)
    guard container.appearance == .appeared else { return }
    try DeferredWork(self).afterCallbacks { [unowned self] in
      try layOut(child)
      try endAppearance(child)
    }
  }

  /// The view controller a containment method was given; anything else is a scenario error.
  func viewControllerArgument(_ message: Message, _ method: String, at index: Int = 0) throws
    -> UIViewController
  {
    guard let controller = message.argument(index).object as? UIViewController else {
      throw LifecycleError("\(method) needs a view controller")
    }
    return controller
  }

  /// `addChildViewController:` (containment.md#custom-containers, points 1 and 2): a child of
  /// another parent leaves it first; `willMoveToParentViewController:` comes before the child is
  /// added; `didMoveToParentViewController:` is the container's to call.
  func addChild(_ child: UIViewController, to container: UIViewController) throws {
    try refuseCycle(adding: child, to: container, "addChildViewController:")
    guard child.parent !== container else { return }
    if child.parent != nil { try removeFromParent(child, notify: true) }
    try deliverIfOverridden(
      Selector("willMoveToParentViewController:"), to: child, [.object(container)])
    container.children.append(child)
  }

  /// A controller cannot be its own descendant: UIKit would recurse for ever.
  func refuseCycle(adding child: UIViewController, to container: UIViewController, _ method: String)
    throws
  {
    var current: UIViewController? = container
    while let ancestor = current {
      if ancestor === child {
        throw LifecycleError(
          "\(method): \(child.objectDescription) cannot become a child of \(container.objectDescription), which it contains (a view controller cannot contain itself)"
        )
      }
      current = ancestor.parent
    }
  }

  /// `removeFromParentViewController`: out of its parent's children, then
  /// `didMoveToParentViewController:` with nil (containment.md#custom-containers, point 3).
  func removeFromParent(_ child: UIViewController, notify: Bool) throws {
    guard let parent = child.parent else { return }
    parent.children.removeAll { $0 === child }
    child.parent = nil
    if notify {
      try deliverIfOverridden(Selector("didMoveToParentViewController:"), to: child, [.nil])
    }
  }
}
