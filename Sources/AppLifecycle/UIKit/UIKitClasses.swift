extension UIKitClasses {
  /// UIKit's classes with their native behaviour, each defined by its own type, in the order
  /// they are defined (a class's superclass first; the order fixes every class's address).
  static func define(in runtime: Runtime) throws {
    let responder = try UIResponder.define(in: runtime)
    try UIView.define(in: runtime, superclass: responder)
    try UIScreen.define(in: runtime)
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
