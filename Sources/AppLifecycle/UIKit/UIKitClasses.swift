/// `UIResponder`, the superclass of the application, the app delegate, windows and view
/// controllers. Its own `nextResponder` is nil; subclasses override it.
open class UIResponder: RuntimeObject {
  /// `registerForTraitChanges` of a view, view controller or window scene (iOS 17 and later).
  var traitRegistrations: [UITraitChangeRegistration] = []
}

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

/// `UIScreen`: one main screen, an iPhone's, its bounds following the interface orientation
/// (Documentation/UIKit/layout.md#rotation-and-size-changes).
public final class UIScreen: RuntimeObject {}

extension UIKitClasses {
  /// Registers UIKit's classes in the device's runtime, with their native behaviour.
  static func define(in runtime: Runtime) throws {
    let responder = try runtime.defineClass(
      "UIResponder", superclass: nil, allocator: { UIResponder(isa: $0, identifier: $1) })
    responder.addProperty("nextResponder") { _ in .nil }
    // The activity a responder manages (state-restoration.md, §10.3 item 6); UIKit's own
    // updateUserActivityState: and restoreUserActivityState: do nothing.
    responder.declareProperty("userActivity")
    responder.addMethod("updateUserActivityState:") { _ in .nil }
    responder.addMethod("restoreUserActivityState:") { _ in .nil }
    let view = try runtime.defineClass(
      "UIView", superclass: responder, allocator: { UIView(isa: $0, identifier: $1) })
    // The responder chain: a view's next responder is its view controller.
    view.addProperty("nextResponder") { message in
      try message.receiver(as: UIView.self).viewController.map { .object($0) } ?? .nil
    }
    UIView.defineHierarchy(in: runtime, of: view)
    let screen = try runtime.defineClass(
      "UIScreen", superclass: nil, allocator: { UIScreen(isa: $0, identifier: $1) })
    screen.addProperty("bounds") { message in
      let device = message.device
      let size = ScreenGeometry.size(InterfaceRotation(device).orientation)
      return .dictionary([
        "x": .double(0), "y": .double(0), "width": .double(size.width),
        "height": .double(size.height),
      ])
    }
    try UIApplication.define(in: runtime, superclass: responder)
    UIApplication.defineLaunchScreenCache(in: runtime)
    try UIWindow.define(in: runtime, superclass: responder)
    try UIViewController.define(in: runtime, superclass: responder)
    try UIStoryboard.define(in: runtime)
    try UIScene.define(in: runtime, superclass: responder)
    try UIEvent.define(in: runtime, responder: responder)
    try NSURL.defineRequestObjects(in: runtime)
    try UNUserNotificationCenter.define(in: runtime)
    try BGTaskScheduler.define(in: runtime)
    try NSCoder.define(in: runtime)
    try NSBundle.define(in: runtime)
    try UIViewControllerTransitionCoordinator.defineRotation(in: runtime)
    try UITraitCollection.define(in: runtime)
    try NSUserDefaults.define(in: runtime)
  }
}
