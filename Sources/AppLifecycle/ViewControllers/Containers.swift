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
      let superview = try message.receiver(as: UIView.self)
      guard let subview = message.argument(0).object as? UIView else {
        throw LifecycleError("addSubview: needs a UIView")
      }
      guard !superview.isDescendant(of: subview) else {
        throw ObjCException(
          .invalidArgument, "Can't add device as subview",
          origin: "addSubview: of \(subview.objectDescription)")
      }
      try subview.detach()
      superview.subviews.append(subview)
      subview.superview = superview
      try subview.childViewEntered()
      return .nil
    }
    view.addMethod("removeFromSuperview") { message in
      try message.receiver(as: UIView.self).detach()
      return .nil
    }
  }
}

extension UIViewController {
  /// `addChildViewController:`, `removeFromParentViewController` and the ancestors a child
  /// finds (`navigationController`, `tabBarController`, `splitViewController`).
  static func defineContainment(in runtime: Runtime, of controller: RuntimeClass) {
    controller.addMethod("addChildViewController:") { message in
      let child = try message.viewControllerArgument("addChildViewController:")
      try message.receiver(as: UIViewController.self).addChild(child)
      return .nil
    }
    controller.addMethod("removeFromParentViewController") { message in
      try message.receiver(as: UIViewController.self).removeFromParent(notify: true)
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

extension UIView {
  /// Takes the view out of its superview; a child controller's view leaving a shown container
  /// disappears.
  fileprivate func detach() throws {
    guard let superview else { return }
    superview.subviews.removeAll { $0 === self }
    self.superview = nil
    guard let child = viewController, child.parent != nil,
      child.appearance == .appeared || child.appearance == .appearing
    else { return }
    try child.beginAppearance(appearing: false, animated: false)
    try child.endAppearance()
  }

  /// The view was added: if it is the view of a custom container's child and the container is
  /// on screen, the child appears: `viewWillAppear:` now, the layout pass and `viewDidAppear:`
  /// once the current callbacks return (or with the container's own `viewDidAppear:`).
  fileprivate func childViewEntered() throws {
    guard let child = viewController, let container = child.parent,
      ContainerKind(container.isa) == .custom,
      container.appearance == .appeared || container.appearance == .appearing,
      container.shownChildren.contains(where: { $0 === child }),
      try container.forwardsAppearance()
    else { return }
    try child.beginAppearance(appearing: true, animated: false)
    guard container.appearance == .appeared else { return }
    try DeferredWork(device).afterCallbacks {
      try child.layOut()
      try child.endAppearance()
    }
  }
}

extension Message {
  /// The view controller a containment method was given; anything else is a scenario error.
  func viewControllerArgument(_ method: String, at index: Int = 0) throws -> UIViewController {
    guard let controller = argument(index).object as? UIViewController else {
      throw LifecycleError("\(method) needs a view controller")
    }
    return controller
  }
}

extension UIViewController {
  /// `addChildViewController:` (containment.md#custom-containers, points 1 and 2): a child of
  /// another parent leaves it first; `willMoveToParentViewController:` comes before the child is
  /// added; `didMoveToParentViewController:` is the container's to call.
  func addChild(_ child: UIViewController) throws {
    try refuseCycle(adding: child, "addChildViewController:")
    guard child.parent !== self else { return }
    if child.parent != nil { try child.removeFromParent(notify: true) }
    try child.deliverIfOverridden(UIKitSelector.willMoveToParentViewController, [.object(self)])
    children.append(child)
  }

  /// A controller cannot be its own descendant: UIKit would recurse for ever.
  private func refuseCycle(adding child: UIViewController, _ method: String) throws {
    var current: UIViewController? = self
    while let ancestor = current {
      if ancestor === child {
        throw LifecycleError(
          "\(method): \(child.objectDescription) cannot become a child of \(objectDescription), which it contains (a view controller cannot contain itself)"
        )
      }
      current = ancestor.parent
    }
  }

  /// `removeFromParentViewController`: out of its parent's children, then
  /// `didMoveToParentViewController:` with nil (containment.md#custom-containers, point 3).
  func removeFromParent(notify: Bool) throws {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
    if notify {
      try deliverIfOverridden(UIKitSelector.didMoveToParentViewController, [.nil])
    }
  }
}
