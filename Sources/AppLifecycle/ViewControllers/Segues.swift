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
      guard case .string(let identifier) = message.argument(0) else {
        throw LifecycleError(
          "performSegueWithIdentifier:sender: needs a segue identifier (a string)")
      }
      try message.receiver(as: UIViewController.self).performSegue(
        identifier: identifier, sender: message.argument(1))
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
      if let (navigation, towards, animated) = try unwind(message) {
        _ = try navigation.pop(to: towards, animated: animated)
      }
      return .nil
    }
    runtime.classNamed("UITabBarController")?.addMethod("unwindForSegue:towardsViewController:") {
      message in
      if let (tabBar, towards, _) = try unwind(message),
        let index = tabBar.children.firstIndex(where: { $0 === towards })
      {
        try tabBar.select(index)
      }
      return .nil
    }
  }
}

extension UIViewController {
  // MARK: Performing

  /// `performSegueWithIdentifier:sender:`: the controller's segue with that identifier, else
  /// UIKit's exception, which a controller made in code meets too (it has no storyboard).
  fileprivate func performSegue(identifier: String, sender: RuntimeValue) throws {
    guard
      let segue = storyboardScene?.segues.first(where: {
        $0.identifier == identifier && $0.kind != .embed
      })
    else {
      throw ObjCException(
        .invalidArgument,
        "Receiver (\(objectDescription)) has no segue with identifier '\(identifier)'")
    }
    try performSegue(segue, sender: sender, triggered: false)
  }

  /// A segue of this controller's runs (presentation.md#segues):
  /// `shouldPerformSegueWithIdentifier:sender:` when a control triggered it, the destination
  /// made from the storyboard, `prepareForSegue:sender:`, then the transition of its kind.
  public func performSegue(_ segue: Storyboard.Segue, sender: RuntimeValue, triggered: Bool)
    throws
  {
    let device = self.device
    if triggered, !(try shouldPerform(segue, sender: sender)) { return }
    if segue.kind == .unwind { return try unwind(segue, sender: sender) }
    let destination = try instantiateDestination(of: segue)
    let object = try UIStoryboardSegue.make(segue, from: self, to: destination)
    try device.deliver(UIKitSelector.prepareForSegueSender, to: self, [.object(object), sender])
    guard segue.kind != .custom else {
      try device.deliver(UIKitSelector.perform, to: object)
      return
    }
    object.transition = { [self] in
      try transition(segue, to: destination)
    }
    try object.transition?()
  }

  /// This controller's say over a segue a control triggered; one without an identifier is not
  /// asked (the Swift signature's identifier is not optional, INFERRED).
  private func shouldPerform(_ segue: Storyboard.Segue, sender: RuntimeValue) throws -> Bool {
    guard let identifier = segue.identifier else { return true }
    return try device.deliver(
      UIKitSelector.shouldPerformSegueWithIdentifierSender, to: self,
      [.string(identifier), sender]
    ).boolValue
  }

  /// The transition of a segue of UIKit's kinds from this controller: show pushes onto its
  /// navigation controller, or presents without one; the modal kinds present with the segue's
  /// style.
  private func transition(_ segue: Storyboard.Segue, to destination: UIViewController) throws {
    switch segue.kind {
    case .show, .showDetail, .push:
      var navigation: UIViewController? = self
      while let candidate = navigation, ContainerKind(candidate.isa) != .navigation {
        navigation = candidate.parent
      }
      if let navigation {
        return try navigation.push(destination, animated: segue.animates)
      }
      if segue.kind == .push {
        throw ObjCException(
          .generic,
          "Could not find a navigation controller for segue '\(segue.identifier ?? "")'. Push segues can only be used when the source controller is managed by an instance of UINavigationController.",
          origin: segue.place.map { "the push segue at \($0)" })
      }
      try present(destination, animated: segue.animates, completion: .nil)
    case .presentation, .modal, .popoverPresentation, .popover:
      if let style = segue.modalPresentationStyle.flatMap({
        UIViewController.modalPresentationStyles[$0]
      }) {
        destination.modalPresentationStyle = style
      } else if segue.kind == .popoverPresentation || segue.kind == .popover {
        destination.modalPresentationStyle = UIViewController.modalPresentationStyles["popover"]
      }
      try present(destination, animated: segue.animates, completion: .nil)
    case .replace:
      throw LifecycleError(
        "the replace segue \(segue.name)\(segue.place.map { " at \($0)" } ?? "") replaces the detail of an iPad's split view; lifescript's device is an iPhone"
      )
    case .custom, .embed, .unwind:
      preconditionFailure("performed elsewhere")
    }
  }

  /// The controller a segue of this one leads to, instantiated from its storyboard (a reference
  /// followed), with `initWithCoder:` and `awakeFromNib`.
  private func instantiateDestination(of segue: Storyboard.Segue) throws -> UIViewController {
    let device = self.device
    guard let storyboard,
      let scene = device.storyboard(named: storyboard.name)?.segueDestinations[segue.destination]
    else {
      // A storyboard file's segues all have their destinations when it is read; one declared
      // again since the source was made may not.
      let place = segue.place.map { " at \($0)" } ?? ""
      let name = storyboard.map { " \($0.name)" } ?? ""
      throw LifecycleError(
        "the segue \(segue.name)\(place) of \(objectDescription) leads to '\(segue.destination)', which the storyboard\(name) declared since does not have"
      )
    }
    return try StoryboardDecoder.instantiate(scene, of: storyboard, on: device)
  }

  // MARK: Embed segues

  /// This container's embed segues, when its view has loaded and before its `viewDidLoad`
  /// (presentation.md#segues): each child made, the container's `prepareForSegue:sender:`,
  /// then the child added with its view in the container's view.
  func performEmbedSegues() throws {
    let device = self.device
    for segue in storyboardScene?.segues ?? [] where segue.kind == .embed {
      let child = try instantiateDestination(of: segue)
      try refuseEmbedLoop(child, segue)
      let object = try UIStoryboardSegue.make(segue, from: self, to: child)
      // The sender of an embed segue is its source (INFERRED).
      try device.deliver(
        UIKitSelector.prepareForSegueSender, to: self, [.object(object), .object(self)])
      try addChild(child)
      try child.loadViewIfNeeded()
      if let view, let childView = child.view {
        try device.runtime.send(UIKitSelector.addSubview, to: view, [.object(childView)])
      }
      try child.deliverIfOverridden(UIKitSelector.didMoveToParentViewController, [.object(self)])
    }
  }

  /// A loop of embed segues through storyboard references (within one file the reader refuses
  /// it): the child's scene is already one of its new ancestors'.
  private func refuseEmbedLoop(_ child: UIViewController, _ segue: Storyboard.Segue) throws {
    guard let id = child.storyboardScene?.id else { return }
    var ancestor: UIViewController? = self
    while let current = ancestor {
      if current.storyboardScene?.id == id, current.storyboard?.name == child.storyboard?.name {
        throw LifecycleError(
          "embed segues loop: \(objectDescription) embeds '\(id)' of \(child.storyboard?.name ?? "its storyboard") through the segue \(segue.name)\(segue.place.map { " at \($0)" } ?? ""), and so would the new one, for ever"
        )
      }
      ancestor = current.parent
    }
  }
}

extension UIStoryboardSegue {
  /// The segue object: UIKit's, or an instance of a custom segue's class.
  static func make(
    _ segue: Storyboard.Segue, from source: UIViewController, to destination: UIViewController
  ) throws -> UIStoryboardSegue {
    let device = source.device
    let runtime = device.runtime
    let base = runtime.classNamed("UIStoryboardSegue")!
    var cls = base
    if segue.kind == .custom, let name = segue.customClass {
      guard let custom = runtime.classNamed(name), custom.isSubclass(of: base) else {
        throw ObjCException(
          .invalidArgument, "Could not find a segue class named '\(name)'",
          origin: segue.place.map { "the custom segue at \($0)" })
      }
      cls = custom
      device.record(.created(className: custom.name))
    }
    let object = runtime.allocate(cls) as! UIStoryboardSegue
    object.segueIdentifier = segue.identifier
    object.source = source
    object.destination = destination
    object.animates = segue.animates
    return object
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

extension UIStoryboardSegue {
  /// The object for a control of a storyboard, by its element: the class UIKit makes of it.
  fileprivate static func control(for element: String, in runtime: Runtime) -> RuntimeObject {
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
}

extension UIViewController {
  /// The user's tap on the control that triggers a segue of this controller's scene, named by
  /// the segue's identifier, or by the segue's or the control's `id` in the storyboard, once it
  /// is checked that the user can make it (the app active, the controller on screen): the segue
  /// runs as a triggered one, `shouldPerformSegueWithIdentifier:sender:` first, with the
  /// control as the sender (presentation.md#segues).
  fileprivate func tap(onSegueNamed name: String) throws -> () throws -> Void {
    let device = self.device
    let description = objectDescription
    let machine = device.machine
    guard machine.isRunning, !machine.isLaunching, machine.applicationState == .active else {
      let state = machine.isRunning ? machine.applicationState.rawValue : "not running"
      throw LifecycleError(
        "device.tap_segue: the app is not active in the foreground (\(state)); the user taps the app in front"
      )
    }
    let segues = storyboardScene?.segues ?? []
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
        storyboard == nil
        ? "it was not made from a storyboard"
        : known.isEmpty
          ? "no control of its scene has a segue"
          : "its controls' segues are \(known.joined(separator: ", "))"
      throw LifecycleError(
        "device.tap_segue: \(description) has no control with a segue named '\(name.clippedForMessage)'; \(hint)"
      )
    }
    guard appearance == .appeared else {
      throw LifecycleError(
        "device.tap_segue: \(description) is not on screen (\(appearance)); the user taps only what is shown"
      )
    }
    let sender = UIStoryboardSegue.control(for: trigger.element, in: device.runtime)
    return { [unowned device] in
      try device.asProcess {
        try self.performSegue(segue, sender: .object(sender), triggered: true)
      }
    }
  }
}

extension Device {
  /// The user taps the control that triggers the segue `name` of `controller`'s scene
  /// (`UIViewController.tap(onSegueNamed:)`). Asked from inside a callback, the tap waits until
  /// the callbacks return, as other events do; then the main run loop runs until idle.
  public func tapSegue(of controller: UIViewController, named name: String) throws {
    try deliver(userAction: "tap_segue", controller.tap(onSegueNamed: name))
  }
}
