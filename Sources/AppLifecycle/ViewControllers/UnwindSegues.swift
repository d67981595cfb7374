import XcodeFiles

/// Unwind segues (Apple's TN2298, Documentation/UIKit/presentation.md#segues): the search for
/// the controller that wants the action, the action, and the way back to it.
extension Device {
  /// An unwind segue (TN2298, presentation.md#segues): the destination found up the
  /// hierarchy, the source's `prepareForSegue:sender:`, the destination's action with the
  /// segue, then the dismissal and the containers' `unwindForSegue:towardsViewController:`.
  /// No controller wants it: nothing happens (INFERRED).
  func unwind(
    _ segue: Storyboard.Segue, from source: UIViewController, sender: RuntimeValue
  )
    throws
  {
    let action = Selector(segue.unwindAction ?? "")
    guard let destination = try unwindDestination(for: action, from: source, sender: sender)
    else { return }
    let object = try makeSegue(segue, from: source, to: destination)
    try deliver(Selector("prepareForSegue:sender:"), to: source, [.object(object), sender])
    try deliver(action, to: destination, [.object(object)])
    object.transition = { [unowned self] in
      try unwindTransition(object, from: source, to: destination)
    }
    try object.transition?()
  }

  /// The first controller that wants the action, asked up from the source: at each step the
  /// parent (or, at the top, the presenter), first the children it does not reach the source
  /// through (a navigation controller's newest first), then itself.
  private func unwindDestination(
    for action: Selector, from source: UIViewController, sender: RuntimeValue
  ) throws -> UIViewController? {
    let ask = Selector(
      profile >= IOSProfile(13)
        ? "canPerformUnwindSegueAction:fromViewController:sender:"
        : "canPerformUnwindSegueAction:fromViewController:withSender:")
    func wants(_ controller: UIViewController) throws -> Bool {
      try deliver(ask, to: controller, [.selector(action), .object(source), sender]).boolValue
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

  /// The way back: what is presented above the destination's context is dismissed, then each
  /// container on the destination's path, outermost first, moves towards it.
  private func unwindTransition(
    _ segue: UIStoryboardSegue, from source: UIViewController, to destination: UIViewController
  ) throws {
    var path = [destination]
    while let parent = path[path.count - 1].parent { path.append(parent) }
    var sourceTop = source
    while let parent = sourceTop.parent { sourceTop = parent }
    if sourceTop !== path[path.count - 1] {
      try dismiss(from: path[path.count - 1], animated: segue.animates, completion: .nil)
    }
    for index in stride(from: path.count - 1, to: 0, by: -1) {
      try deliver(
        Selector("unwindForSegue:towardsViewController:"), to: path[index],
        [.object(segue), .object(path[index - 1])])
    }
  }
}
