/// The safe area of view controllers' views: reported when a view first shows in a window, when
/// the interface rotates and when `additionalSafeAreaInsets` changes
/// (Documentation/UIKit/layout.md#safe-area-and-layout-margins).
extension UIViewController {
  static func defineSafeArea(in runtime: Runtime, of controller: RuntimeClass) {
    // UIKit's own implementations do nothing; they exist so that overrides can call super.
    for name in ["viewLayoutMarginsDidChange", "viewSafeAreaInsetsDidChange"] {
      controller.addMethod(name) { _ in .nil }
    }
    if let view = runtime.classNamed("UIView") {
      for name in ["layoutMarginsDidChange", "safeAreaInsetsDidChange"] {
        view.addMethod(name) { _ in .nil }
      }
      // A view controller's view has its controller's safe area while it is in a window;
      // other views, and views off screen, have none (layout.md, "What lifescript models").
      view.addProperty("safeAreaInsets") { message in
        let controller = try message.receiver(as: UIView.self).viewController
        return (controller.flatMap { $0.isInWindow ? $0.safeArea : nil } ?? EdgeInsets())
          .runtimeValue
      }
    }
    controller.addProperty(
      "additionalSafeAreaInsets",
      get: { try $0.receiver(as: UIViewController.self).additionalSafeAreaInsets.runtimeValue },
      set: { message in
        let device = message.device
        let controller = try message.receiver(as: UIViewController.self)
        controller.additionalSafeAreaInsets = try device.edgeInsets(
          message.argument(0), "additionalSafeAreaInsets")
        try device.safeAreaChanged(below: controller)
      })
  }
}

extension Device {
  /// `additionalSafeAreaInsets` changed: UIKit updates the safe area of the controller's view
  /// and its children's now, then lays them out once the app's callback has returned (§17.3:
  /// READ for the update, INFERRED for its timing).
  fileprivate func safeAreaChanged(below controller: UIViewController) throws {
    guard controller.isInWindow else { return }
    var changed = false
    var pending = [controller]
    while let next = pending.popLast() {
      if try updateSafeArea(next) { changed = true }
      pending += shownChildren(of: next).reversed()
    }
    guard changed else { return }
    try DeferredWork(self).afterCallbacks { [unowned self] in try layOut(controller) }
  }

  /// The safe area the controller's view has now: the window's for the interface orientation,
  /// plus its own `additionalSafeAreaInsets` and its ancestors'. Every view is modelled as
  /// filling the screen, without bars.
  func currentSafeArea(of controller: UIViewController) -> EdgeInsets {
    var insets = ScreenGeometry.safeArea(interfaceOrientation)
    var current: UIViewController? = controller
    while let each = current {
      insets = insets + each.additionalSafeAreaInsets
      current = each.parent
    }
    return insets
  }

  /// Reports a changed safe area to a controller whose view is in a window, as the kruil log
  /// shows at launch and on a rotation: the view's `layoutMarginsDidChange`, the controller's
  /// `viewLayoutMarginsDidChange`, then the same pair for the safe area. Each is sent only when
  /// the app overrides it. The view then needs a layout pass. Returns whether it changed.
  @discardableResult
  func updateSafeArea(_ controller: UIViewController) throws -> Bool {
    guard controller.isInWindow, let view = controller.view else { return false }
    let insets = currentSafeArea(of: controller)
    guard insets != controller.safeArea ?? EdgeInsets() else {
      controller.safeArea = insets
      return false
    }
    controller.safeArea = insets
    controller.needsLayout = true
    try deliverIfOverridden(Selector("layoutMarginsDidChange"), to: view)
    try deliverIfOverridden(Selector("viewLayoutMarginsDidChange"), to: controller)
    try deliverIfOverridden(Selector("safeAreaInsetsDidChange"), to: view)
    try deliverIfOverridden(Selector("viewSafeAreaInsetsDidChange"), to: controller)
    return true
  }

  /// A `UIEdgeInsets` the app gives: a table of `top`, `left`, `bottom` and `right` (missing ones
  /// are 0), each a finite number.
  func edgeInsets(_ value: RuntimeValue, _ property: String) throws -> EdgeInsets {
    guard let fields = fields(value) else {
      throw LifecycleError(
        "\(property) must be a UIEdgeInsets table like { top = 10, left = 0, bottom = 0, right = 0 }"
      )
    }
    var insets = EdgeInsets()
    for (key, field) in fields {
      let number: Double
      switch field {
      case .int(let value): number = Double(value)
      case .double(let value) where value.isFinite: number = value
      default:
        throw LifecycleError("\(property).\(key) must be a finite number")
      }
      switch key {
      case "top": insets.top = number
      case "left": insets.left = number
      case "bottom": insets.bottom = number
      case "right": insets.right = number
      default:
        throw LifecycleError(
          "\(property) has no field '\(key)'; a UIEdgeInsets has top, left, bottom and right")
      }
    }
    return insets
  }
}

extension UIViewController {
  /// Whether the view is in a window on screen: appearing or appeared.
  var isInWindow: Bool { appearance == .appearing || appearance == .appeared }
}
