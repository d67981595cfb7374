/// `UIView`. Views matter here only as what a view controller loads.
public final class UIView: UIResponder {
  /// The view controller whose view this is.
  weak var viewController: UIViewController?
  public internal(set) weak var superview: UIView?
  public internal(set) var subviews: [UIView] = []

  /// Whether this view is `view` or lies inside it.
  func isDescendant(of view: UIView) -> Bool {
    var current: UIView? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }
}

extension UIView {
  static func define(in runtime: Runtime, superclass: RuntimeClass) throws {
    let view = try runtime.defineClass(
      "UIView", superclass: superclass, allocator: { UIView(isa: $0, identifier: $1) })
    // The responder chain: a view's next responder is its view controller.
    view.addProperty("nextResponder") { message in
      try message.receiver(as: UIView.self).viewController.map { .object($0) } ?? .nil
    }
    defineHierarchy(in: runtime, of: view)
  }
}
