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
        let controller = try message.receiver(as: UIViewController.self)
        controller.additionalSafeAreaInsets = try EdgeInsets(
          message.argument(0), "additionalSafeAreaInsets", on: message.device)
        try controller.safeAreaChanged()
      })
  }
}

extension UIViewController {
  /// `additionalSafeAreaInsets` changed: UIKit updates the safe area of the controller's view
  /// and its children's now, then lays them out once the app's callback has returned (§17.3:
  /// READ for the update, INFERRED for its timing).
  fileprivate func safeAreaChanged() throws {
    guard isInWindow else { return }
    var changed = false
    var pending = [self]
    while let next = pending.popLast() {
      if try next.updateSafeArea() { changed = true }
      pending += next.shownChildren.reversed()
    }
    guard changed else { return }
    try DeferredWork(device).afterCallbacks { try self.layOut() }
  }

  /// The safe area the controller's view has now: the window's for the interface orientation,
  /// plus its own `additionalSafeAreaInsets` and its ancestors'. Every view is modelled as
  /// filling the screen, without bars.
  private var currentSafeArea: EdgeInsets {
    var insets = ScreenGeometry.safeArea(InterfaceRotation(device).orientation)
    var current: UIViewController? = self
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
  func updateSafeArea() throws -> Bool {
    guard isInWindow, let view else { return false }
    let insets = currentSafeArea
    guard insets != safeArea ?? EdgeInsets() else {
      safeArea = insets
      return false
    }
    safeArea = insets
    needsLayout = true
    try view.deliverIfOverridden(UIKitSelector.layoutMarginsDidChange)
    try deliverIfOverridden(UIKitSelector.viewLayoutMarginsDidChange)
    try view.deliverIfOverridden(UIKitSelector.safeAreaInsetsDidChange)
    try deliverIfOverridden(UIKitSelector.viewSafeAreaInsetsDidChange)
    return true
  }
}

extension EdgeInsets {
  /// A `UIEdgeInsets` the app gives: a table of `top`, `left`, `bottom` and `right` (missing ones
  /// are 0), each a finite number.
  fileprivate init(_ value: RuntimeValue, _ property: String, on device: Device) throws {
    guard let fields = device.fields(value) else {
      throw LifecycleError(
        "\(property) must be a UIEdgeInsets table like { top = 10, left = 0, bottom = 0, right = 0 }"
      )
    }
    self.init()
    for (key, field) in fields {
      let number: Double
      switch field {
      case .int(let value): number = Double(value)
      case .double(let value) where value.isFinite: number = value
      default:
        throw LifecycleError("\(property).\(key) must be a finite number")
      }
      switch key {
      case "top": top = number
      case "left": left = number
      case "bottom": bottom = number
      case "right": right = number
      default:
        throw LifecycleError(
          "\(property) has no field '\(key)'; a UIEdgeInsets has top, left, bottom and right")
      }
    }
  }
}

extension UIViewController {
  /// Whether the view is in a window on screen: appearing or appeared.
  var isInWindow: Bool { appearance == .appearing || appearance == .appeared }
}
