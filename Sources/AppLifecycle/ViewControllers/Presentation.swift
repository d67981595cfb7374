/// Modal presentation: `presentViewController:animated:completion:` and
/// `dismissViewControllerAnimated:completion:` (Documentation/UIKit/presentation.md).
extension UIViewController {
  static func definePresentation(in runtime: Runtime, of controller: RuntimeClass) {
    controller.addMethod("presentViewController:animated:completion:") { message in
      let device = message.device
      device.noteInterfaceWork("presentViewController:animated:completion:", on: message.receiver)
      let presented = try message.viewControllerArgument(
        "presentViewController:animated:completion:")
      try message.receiver(as: UIViewController.self).present(
        presented, animated: message.argument(1).boolValue, completion: message.argument(2))
      return .nil
    }
    controller.addMethod("dismissViewControllerAnimated:completion:") { message in
      let device = message.device
      device.noteInterfaceWork("dismissViewControllerAnimated:completion:", on: message.receiver)
      try message.receiver(as: UIViewController.self).dismiss(
        animated: message.argument(0).boolValue, completion: message.argument(1))
      return .nil
    }
    // "The view controller that was presented by this view controller or its nearest ancestor."
    controller.addProperty("presentedViewController") { message in
      Self.nearest(message.receiver, \.presented).map { .object($0) } ?? .nil
    }
    // "The view controller that presented this view controller (or its farthest ancestor.)"
    controller.addProperty("presentingViewController") { message in
      Self.nearest(message.receiver, \.presenter).map { .object($0) } ?? .nil
    }
    controller.addProperty("isBeingPresented") {
      .bool(try $0.receiver(as: UIViewController.self).presentationPhase == .presenting)
    }
    controller.addProperty("isBeingDismissed") {
      .bool(try $0.receiver(as: UIViewController.self).presentationPhase == .dismissing)
    }
    controller.addProperty(
      "modalPresentationStyle",
      get: { message in
        let device = message.device
        return .int(
          try message.receiver(as: UIViewController.self).modalPresentationStyle
            ?? (device.profile >= IOSProfile(13) ? -2 : 0))
      },
      set: { message in
        let value = message.argument(0)
        let style: Int? =
          switch value {
          case .int(let raw) where Self.modalPresentationStyles.values.contains(raw): raw
          case .string(let name): Self.modalPresentationStyles[name]
          default: nil
          }
        guard let style else {
          throw LifecycleError(
            "modalPresentationStyle must be one of \(Self.modalPresentationStyles.sorted { $0.value < $1.value }.map(\.key).joined(separator: ", ")) or its raw value"
          )
        }
        try message.receiver(as: UIViewController.self).modalPresentationStyle = style
      })
  }
}

extension UIViewController {
  /// Whether presenting this controller takes its presenter's view away, so that the presenter
  /// disappears and later reappears (presentation.md#presentation-styles): full screen and
  /// current context do; sheets from iOS 13 on, over-full-screen and custom do not; before
  /// iOS 13 an iPhone adapts sheets and popovers to full screen.
  var removesPresentersView: Bool {
    let profile = device.profile
    let style = modalPresentationStyle ?? (profile >= IOSProfile(13) ? -2 : 0)
    switch style {
    case 0, 3: return true
    case 1, 2, 7, -2: return profile < IOSProfile(13)
    default: return false
    }
  }

  /// The controller that presents when this one asks: the top of its chain of parents, which is
  /// the window's root or a presented controller (presentation.md#presenting-and-dismissing).
  private var presentationContext: UIViewController {
    var top = self
    while let parent = top.parent { top = parent }
    return top
  }

  /// `presentViewController:animated:completion:` (presentation.md#presenting-and-dismissing):
  /// refused with UIKit's log line when the presenter is not on screen or presents already;
  /// else the presented controller appears once the current callback returns (on the next turn
  /// when animated), its presenter disappearing under a full-screen presentation, then the
  /// completion runs.
  func present(_ controller: UIViewController, animated: Bool, completion: RuntimeValue) throws {
    let device = self.device
    let presenter = presentationContext
    if let other = controller.presenter {
      throw ObjCException(
        .invalidArgument,
        "Application tried to present modally a view controller \(controller.objectDescription) that is already being presented by \(other.objectDescription)."
      )
    }
    guard controller.parent == nil, controller.window == nil, controller !== presenter else {
      throw LifecycleError(
        "presentViewController:animated:completion: \(controller.objectDescription) is already on screen (a window's root or a child of a container); present a controller that is not"
      )
    }
    let attempt =
      "Attempt to present \(controller.objectDescription) on \(presenter.objectDescription) (from \(objectDescription))"
    if let current = presenter.presented {
      device.log(
        current.presentationPhase == .presenting
          ? "[Presentation] \(attempt) while a presentation is in progress."
          : "[Presentation] \(attempt) which is already presenting \(current.objectDescription).")
      return
    }
    guard presenter.appearance == .appeared else {
      device.log("[Presentation] \(attempt) whose view is not in the window hierarchy.")
      return
    }
    presenter.presented = controller
    controller.presenter = presenter
    controller.presentationPhase = .presenting
    let covers = controller.removesPresentersView
    try DeferredWork(device).afterCallbacks { [unowned device] in
      try controller.loadViewIfNeeded()
      if covers { try presenter.beginAppearance(appearing: false, animated: animated) }
      try controller.beginAppearance(appearing: true, animated: animated)
      try controller.layOut()
      let finish = { [unowned device] in
        try controller.endAppearance(animated: animated)
        if covers { try presenter.endAppearance(animated: animated) }
        controller.presentationPhase = .none
        if !completion.isNil { try device.host.call(completion, []) }
      }
      if animated { try DeferredWork(device).onNextTurn(finish) } else { try finish() }
    }
  }

  /// `dismissViewControllerAnimated:completion:`: called on a presenter, it dismisses what it
  /// presents; called on a presented controller (or a child of one), its presenter dismisses
  /// it. The presented controllers above go too; the top one will disappear, the presenter
  /// reappears if it was covered, then the completion runs. Nothing presented: nothing happens.
  func dismiss(animated: Bool, completion: RuntimeValue) throws {
    let device = self.device
    var dismissed: UIViewController?
    var current: UIViewController? = self
    while let candidate = current, dismissed == nil {
      dismissed = candidate.presented ?? (candidate.presenter != nil ? candidate : nil)
      current = candidate.parent
    }
    guard let dismissed, let presenter = dismissed.presenter,
      dismissed.presentationPhase != .dismissing
    else { return }
    var chain = [dismissed]
    while let next = chain[chain.count - 1].presented { chain.append(next) }
    for controller in chain { controller.presentationPhase = .dismissing }
    let uncovers = chain.contains { $0.removesPresentersView }
    try DeferredWork(device).afterCallbacks { [unowned device] in
      for controller in chain.reversed() {
        try controller.beginAppearance(appearing: false, animated: animated)
      }
      if uncovers {
        try presenter.beginAppearance(appearing: true, animated: animated)
        try presenter.layOut()
      }
      let finish = { [unowned device] in
        if uncovers { try presenter.endAppearance(animated: animated) }
        for controller in chain.reversed() {
          try controller.endAppearance(animated: animated)
          controller.presentationPhase = .none
          controller.presenter?.presented = nil
          controller.presenter = nil
        }
        if !completion.isNil { try device.host.call(completion, []) }
      }
      if animated { try DeferredWork(device).onNextTurn(finish) } else { try finish() }
    }
  }
}

extension UIViewController {
  /// `UIModalPresentationStyle` by its Swift case names (as storyboards write them too), with
  /// UIKit's raw values.
  public static let modalPresentationStyles: [String: Int] = [
    "fullScreen": 0, "pageSheet": 1, "formSheet": 2, "currentContext": 3, "custom": 4,
    "overFullScreen": 5, "overCurrentContext": 6, "popover": 7, "none": -1, "automatic": -2,
  ]

  /// The first `link` found on `object` or its chain of parents.
  static func nearest(
    _ object: RuntimeObject, _ link: KeyPath<UIViewController, UIViewController?>
  ) -> UIViewController? {
    var current = object as? UIViewController
    while let candidate = current {
      if let found = candidate[keyPath: link] { return found }
      current = candidate.parent
    }
    return nil
  }
}
