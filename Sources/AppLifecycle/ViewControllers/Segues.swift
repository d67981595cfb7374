import XcodeFiles

/// `UIStoryboardSegue`: the segue a storyboard performs, as `prepareForSegue:sender:` and an
/// unwind action receive it.
public final class UIStoryboardSegue: RuntimeObject {
  var segueIdentifier: String?
  var source: UIViewController?
  var destination: UIViewController?
  /// Whether the transition animates (`animates="NO"` in the file turns it off).
  var animates = true
  /// The transition of a segue of UIKit's kinds, which its `perform` runs; a custom segue's
  /// class performs its own.
  var transition: (() throws -> Void)?
}

/// Storyboard segues: performed by identifier, triggered by a control, embedded when a
/// container's view loads, unwound (Documentation/UIKit/presentation.md#segues).
extension UIStoryboardSegue {
  static func define(in runtime: Runtime, of controller: RuntimeClass) throws {
    let segue = try runtime.defineClass(
      "UIStoryboardSegue", superclass: nil,
      allocator: { UIStoryboardSegue(isa: $0, identifier: $1) })
    segue.addProperty("identifier") {
      try $0.receiver(as: UIStoryboardSegue.self).segueIdentifier.map { .string($0) } ?? .nil
    }
    // Objective-C's names and Swift's.
    for (name, link) in [
      ("sourceViewController", \UIStoryboardSegue.source), ("source", \.source),
      ("destinationViewController", \.destination), ("destination", \.destination),
    ] {
      segue.addProperty(name) {
        try $0.receiver(as: UIStoryboardSegue.self)[keyPath: link].map { .object($0) } ?? .nil
      }
    }
    segue.addMethod("perform") { message in
      try message.receiver(as: UIStoryboardSegue.self).transition?()
      return .nil
    }
    controller.addProperty("storyboard") { message in
      let device = message.device
      guard let source = try message.receiver(as: UIViewController.self).storyboard else {
        return .nil
      }
      if source.object == nil {
        let object =
          device.runtime.allocate(device.runtime.classNamed("UIStoryboard")!) as! UIStoryboard
        object.name = source.name
        source.object = object
      }
      return source.object.map { .object($0) } ?? .nil
    }
    controller.addMethod("performSegueWithIdentifier:sender:") { message in
      let device = message.device
      guard case .string(let identifier) = message.argument(0) else {
        throw LifecycleError(
          "performSegueWithIdentifier:sender: needs a segue identifier (a string)")
      }
      try device.performSegue(
        identifier: identifier, from: try message.receiver(as: UIViewController.self),
        sender: message.argument(1))
      return .nil
    }
    // UIKit's own implementations: prepare does nothing, should says yes.
    controller.addMethod("prepareForSegue:sender:") { _ in .nil }
    controller.addMethod("shouldPerformSegueWithIdentifier:sender:") { _ in .bool(true) }
    // A controller wants an unwind when it implements the action and did not start the unwind.
    for name in [
      "canPerformUnwindSegueAction:fromViewController:sender:",
      "canPerformUnwindSegueAction:fromViewController:withSender:",
    ] {
      controller.addMethod(name) { message in
        let device = message.device
        guard case .selector(let action) = message.argument(0) else { return .bool(false) }
        return .bool(
          message.argument(1).object !== message.receiver
            && device.runtime.responds(message.receiver, to: action))
      }
    }
    controller.addMethod("unwindForSegue:towardsViewController:") { _ in .nil }
    UIStoryboardSegue.defineUnwinding(in: runtime, of: controller)
    try UIStoryboardSegue.defineControls(in: runtime)
  }

  /// How UINavigationController and UITabBarController take part in an unwind: "pop any
  /// necessary view controllers", select the tab on the way (presentation.md#segues).
  private static func defineUnwinding(in runtime: Runtime, of controller: RuntimeClass) {
    let unwind: (Message) throws -> (UIViewController, UIViewController, Bool)? = { message in
      guard let segue = message.argument(0).object as? UIStoryboardSegue,
        let towards = message.argument(1).object as? UIViewController
      else { return nil }
      return (try message.receiver(as: UIViewController.self), towards, segue.animates)
    }
    runtime.classNamed("UINavigationController")?.addMethod(
      "unwindForSegue:towardsViewController:"
    ) { message in
      let device = message.device
      if let (navigation, towards, animated) = try unwind(message) {
        _ = try device.pop(to: towards, in: navigation, animated: animated)
      }
      return .nil
    }
    runtime.classNamed("UITabBarController")?.addMethod("unwindForSegue:towardsViewController:") {
      message in
      let device = message.device
      if let (tabBar, towards, _) = try unwind(message),
        let index = tabBar.children.firstIndex(where: { $0 === towards })
      {
        try device.select(index, in: tabBar)
      }
      return .nil
    }
  }
}

extension Device {
  // MARK: Performing

  /// `performSegueWithIdentifier:sender:`: the controller's segue with that identifier, else
  /// UIKit's exception, which a controller made in code meets too (it has no storyboard).
  func performSegue(identifier: String, from source: UIViewController, sender: RuntimeValue)
    throws
  {
    guard
      let segue = source.storyboardScene?.segues.first(where: {
        $0.identifier == identifier && $0.kind != .embed
      })
    else {
      throw ObjCException(
        .invalidArgument,
        "Receiver (\(source.objectDescription)) has no segue with identifier '\(identifier)'")
    }
    try performSegue(segue, from: source, sender: sender, triggered: false)
  }

  /// A segue runs (presentation.md#segues): `shouldPerformSegueWithIdentifier:sender:` when a
  /// control triggered it, the destination made from the storyboard, `prepareForSegue:sender:`,
  /// then the transition of its kind.
  public func performSegue(
    _ segue: Storyboard.Segue, from source: UIViewController, sender: RuntimeValue,
    triggered: Bool
  ) throws {
    if triggered, !(try shouldPerform(segue, from: source, sender: sender)) { return }
    if segue.kind == .unwind { return try unwind(segue, from: source, sender: sender) }
    let destination = try instantiateDestination(of: segue, from: source)
    let object = try makeSegue(segue, from: source, to: destination)
    try deliver(Selector("prepareForSegue:sender:"), to: source, [.object(object), sender])
    guard segue.kind != .custom else {
      try deliver(Selector("perform"), to: object)
      return
    }
    object.transition = { [unowned self] in
      try transition(segue, from: source, to: destination)
    }
    try object.transition?()
  }

  /// The source's say over a segue a control triggered; one without an identifier is not
  /// asked (the Swift signature's identifier is not optional, INFERRED).
  private func shouldPerform(
    _ segue: Storyboard.Segue, from source: UIViewController, sender: RuntimeValue
  ) throws -> Bool {
    guard let identifier = segue.identifier else { return true }
    return try deliver(
      Selector("shouldPerformSegueWithIdentifier:sender:"), to: source,
      [.string(identifier), sender]
    ).boolValue
  }

  /// The transition of a segue of UIKit's kinds: show pushes onto the source's navigation
  /// controller, or presents without one; the modal kinds present with the segue's style.
  private func transition(
    _ segue: Storyboard.Segue, from source: UIViewController, to destination: UIViewController
  ) throws {
    switch segue.kind {
    case .show, .showDetail, .push:
      var navigation: UIViewController? = source
      while let candidate = navigation, ContainerKind(candidate.isa) != .navigation {
        navigation = candidate.parent
      }
      if let navigation {
        return try push(destination, on: navigation, animated: segue.animates)
      }
      if segue.kind == .push {
        throw ObjCException(
          .generic,
          "Could not find a navigation controller for segue '\(segue.identifier ?? "")'. Push segues can only be used when the source controller is managed by an instance of UINavigationController.",
          origin: segue.place.map { "the push segue at \($0)" })
      }
      try present(destination, from: source, animated: segue.animates, completion: .nil)
    case .presentation, .modal, .popoverPresentation, .popover:
      if let style = segue.modalPresentationStyle.flatMap({
        UIViewController.modalPresentationStyles[$0]
      }) {
        destination.modalPresentationStyle = style
      } else if segue.kind == .popoverPresentation || segue.kind == .popover {
        destination.modalPresentationStyle = UIViewController.modalPresentationStyles["popover"]
      }
      try present(destination, from: source, animated: segue.animates, completion: .nil)
    case .replace:
      throw LifecycleError(
        "the replace segue \(segue.name)\(segue.place.map { " at \($0)" } ?? "") replaces the detail of an iPad's split view; lifescript's device is an iPhone"
      )
    case .custom, .embed, .unwind:
      preconditionFailure("performed elsewhere")
    }
  }

  /// The controller a segue leads to, instantiated from the source's storyboard (a reference
  /// followed), with `initWithCoder:` and `awakeFromNib`.
  func instantiateDestination(of segue: Storyboard.Segue, from source: UIViewController)
    throws -> UIViewController
  {
    guard let storyboard = source.storyboard,
      let scene = self.storyboard(named: storyboard.name)?.segueDestinations[segue.destination]
    else {
      // A storyboard file's segues all have their destinations when it is read; one declared
      // again since the source was made may not.
      let place = segue.place.map { " at \($0)" } ?? ""
      let name = source.storyboard.map { " \($0.name)" } ?? ""
      throw LifecycleError(
        "the segue \(segue.name)\(place) of \(source.objectDescription) leads to '\(segue.destination)', which the storyboard\(name) declared since does not have"
      )
    }
    return try StoryboardDecoder.instantiate(scene, of: storyboard, on: self)
  }

  /// The segue object: UIKit's, or an instance of a custom segue's class.
  func makeSegue(
    _ segue: Storyboard.Segue, from source: UIViewController, to destination: UIViewController
  ) throws -> UIStoryboardSegue {
    let base = runtime.classNamed("UIStoryboardSegue")!
    var cls = base
    if segue.kind == .custom, let name = segue.customClass {
      guard let custom = runtime.classNamed(name), custom.isSubclass(of: base) else {
        throw ObjCException(
          .invalidArgument, "Could not find a segue class named '\(name)'",
          origin: segue.place.map { "the custom segue at \($0)" })
      }
      cls = custom
      record(.created(className: custom.name))
    }
    let object = runtime.allocate(cls) as! UIStoryboardSegue
    object.segueIdentifier = segue.identifier
    object.source = source
    object.destination = destination
    object.animates = segue.animates
    return object
  }

  // MARK: Embed segues

  /// A container's embed segues, when its view has loaded and before its `viewDidLoad`
  /// (presentation.md#segues): each child made, the container's `prepareForSegue:sender:`,
  /// then the child added with its view in the container's view.
  func performEmbedSegues(of container: UIViewController) throws {
    for segue in container.storyboardScene?.segues ?? [] where segue.kind == .embed {
      let child = try instantiateDestination(of: segue, from: container)
      try refuseEmbedLoop(child, in: container, segue)
      let object = try makeSegue(segue, from: container, to: child)
      // The sender of an embed segue is its source (INFERRED).
      try deliver(
        Selector("prepareForSegue:sender:"), to: container, [.object(object), .object(container)])
      try addChild(child, to: container)
      try loadViewIfNeeded(child)
      if let view = container.view, let childView = child.view {
        try runtime.send(Selector("addSubview:"), to: view, [.object(childView)])
      }
      try deliverIfOverridden(
        Selector("didMoveToParentViewController:"), to: child, [.object(container)])
    }
  }

  /// A loop of embed segues through storyboard references (within one file the reader refuses
  /// it): the child's scene is already one of its new ancestors'.
  private func refuseEmbedLoop(
    _ child: UIViewController, in container: UIViewController, _ segue: Storyboard.Segue
  ) throws {
    guard let id = child.storyboardScene?.id else { return }
    var ancestor: UIViewController? = container
    while let current = ancestor {
      if current.storyboardScene?.id == id, current.storyboard?.name == child.storyboard?.name {
        throw LifecycleError(
          "embed segues loop: \(container.objectDescription) embeds '\(id)' of \(child.storyboard?.name ?? "its storyboard") through the segue \(segue.name)\(segue.place.map { " at \($0)" } ?? ""), and so would the new one, for ever"
        )
      }
      ancestor = current.parent
    }
  }
}

// MARK: The user

extension UIStoryboardSegue {
  /// Controls a storyboard segue can hang on, as the `sender` UIKit passes for them.
  static func defineControls(in runtime: Runtime) throws {
    let view = runtime.classNamed("UIView")!
    let control = try runtime.defineClass("UIControl", superclass: view)
    _ = try runtime.defineClass("UIButton", superclass: control)
    for name in ["UITableViewCell", "UICollectionViewCell"] {
      _ = try runtime.defineClass(name, superclass: view)
    }
    for name in ["UIBarButtonItem", "UIGestureRecognizer"] {
      _ = try runtime.defineClass(name, superclass: nil)
    }
  }
}

extension Device {
  /// The object for a control of a storyboard, by its element: the class UIKit makes of it.
  private func control(for element: String) -> RuntimeObject {
    let name: String =
      switch element {
      case "button": "UIButton"
      case "tableViewCell": "UITableViewCell"
      case "collectionViewCell": "UICollectionViewCell"
      case "barButtonItem": "UIBarButtonItem"
      case _ where element.hasSuffix("GestureRecognizer"): "UIGestureRecognizer"
      case "switch", "segmentedControl", "slider", "stepper", "textField", "datePicker",
        "pageControl":
        "UIControl"
      default: "UIView"
      }
    return runtime.allocate(runtime.classNamed(name)!)
  }

  /// The user taps the control that triggers a segue of `controller`'s scene, named by the
  /// segue's identifier, or by the segue's or the control's `id` in the storyboard: the segue
  /// runs as a triggered one, `shouldPerformSegueWithIdentifier:sender:` first, with the
  /// control as the sender (presentation.md#segues). Then the main run loop runs until idle.
  /// Asked from inside a callback, the tap waits until the callbacks return.
  public func tapSegue(of controller: UIViewController, named name: String) throws {
    let description = controller.objectDescription
    guard machine.isRunning, !machine.isLaunching, machine.applicationState == .active else {
      let state = machine.isRunning ? machine.applicationState.rawValue : "not running"
      throw LifecycleError(
        "device.tap_segue: the app is not active in the foreground (\(state)); the user taps the app in front"
      )
    }
    let segues = controller.storyboardScene?.segues ?? []
    let triggered = segues.filter { $0.trigger != nil && $0.kind != .embed }
    guard
      let segue = triggered.first(where: { $0.identifier == name })
        ?? triggered.first(where: { $0.id == name || $0.trigger?.id == name }),
      let trigger = segue.trigger
    else {
      if segues.contains(where: { $0.trigger == nil && $0.identifier == name }) {
        throw LifecycleError(
          "device.tap_segue: the segue '\(name)' of \(description) hangs on the view controller, not on a control, so there is nothing to tap; app code performs it with performSegueWithIdentifier:sender:"
        )
      }
      let known = triggered.map { segue in
        "\(segue.identifier ?? segue.id) (\(segue.trigger!.element) \(segue.trigger!.id))"
      }
      let hint =
        controller.storyboard == nil
        ? "it was not made from a storyboard"
        : known.isEmpty
          ? "no control of its scene has a segue"
          : "its controls' segues are \(known.joined(separator: ", "))"
      throw LifecycleError(
        "device.tap_segue: \(description) has no control with a segue named '\(name.clippedForMessage)'; \(hint)"
      )
    }
    guard controller.appearance == .appeared else {
      throw LifecycleError(
        "device.tap_segue: \(description) is not on screen (\(controller.appearance)); the user taps only what is shown"
      )
    }
    let sender = control(for: trigger.element)
    let tap = { [unowned self] in
      try asProcess {
        try performSegue(segue, from: controller, sender: .object(sender), triggered: true)
      }
    }
    // From inside a callback, the tap comes once the callbacks return, as other events do.
    try deliver(userAction: "tap_segue", tap)
  }
}
