import XcodeFiles

/// Unwind segues (Apple's TN2298, Documentation/UIKit/presentation.md#segues): the search for
/// the controller that wants the action, the action, and the way back to it.
extension UIViewController {
  /// An unwind segue from this controller (TN2298, presentation.md#segues): the destination
  /// found up the hierarchy, this controller's `prepareForSegue:sender:`, the destination's
  /// action with the segue, then the dismissal and the containers'
  /// `unwindForSegue:towardsViewController:`. No controller wants it: nothing happens
  /// (INFERRED).
  func unwind(_ segue: Storyboard.Segue, sender: RuntimeValue) throws {
    let device = self.device
    let action = Selector(segue.unwindAction ?? "")
    guard let destination = try unwindDestination(for: action, sender: sender)
    else { return }
    let object = try UIStoryboardSegue.make(segue, from: self, to: destination)
    try device.deliver(UIKitSelector.prepareForSegueSender, to: self, [.object(object), sender])
    try device.deliver(action, to: destination, [.object(object)])
    object.transition = { [self] in
      try object.unwindTransition(from: self, to: destination)
    }
    try object.transition?()
  }

  /// The first controller that wants the action, asked up from this one: at each step the
  /// parent (or, at the top, the presenter), first the children it does not reach this one
  /// through (a navigation controller's newest first), then itself.
  private func unwindDestination(for action: Selector, sender: RuntimeValue) throws
    -> UIViewController?
  {
    let device = self.device
    let source = self
    let ask = Selector(
      device.profile >= IOSProfile(13)
        ? "canPerformUnwindSegueAction:fromViewController:sender:"
        : "canPerformUnwindSegueAction:fromViewController:withSender:")
    func wants(_ controller: UIViewController) throws -> Bool {
      try device.deliver(ask, to: controller, [.selector(action), .object(source), sender])
        .boolValue
    }
    func search(_ controller: UIViewController, skipping path: UIViewController?) throws
      -> UIViewController?
    {
      var children = controller.children.filter { $0 !== path }
      if ContainerKind(controller.isa) == .navigation { children.reverse() }
      for child in children {
        if let found = try search(child, skipping: nil) { return found }
      }
      return try wants(controller) ? controller : nil
    }
    var path = source
    var current = source.parent ?? source.presenter
    while let stop = current {
      if let found = try search(stop, skipping: path) { return found }
      path = stop
      current = stop.parent ?? stop.presenter
    }
    return nil
  }
}

extension UIStoryboardSegue {
  /// The way back: what is presented above the destination's context is dismissed, then each
  /// container on the destination's path, outermost first, moves towards it.
  fileprivate func unwindTransition(
    from source: UIViewController, to destination: UIViewController
  ) throws {
    var path = [destination]
    while let parent = path[path.count - 1].parent { path.append(parent) }
    var sourceTop = source
    while let parent = sourceTop.parent { sourceTop = parent }
    if sourceTop !== path[path.count - 1] {
      try path[path.count - 1].dismiss(animated: animates, completion: .nil)
    }
    for index in stride(from: path.count - 1, to: 0, by: -1) {
      try device.deliver(
        UIKitSelector.unwindForSegueTowardsViewController, to: path[index],
        [.object(self), .object(path[index - 1])])
    }
  }
}
