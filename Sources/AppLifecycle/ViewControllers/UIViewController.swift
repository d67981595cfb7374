/// `UIViewController`: its view loads lazily, the first time it is asked for.
public final class UIViewController: UIResponder {
  public internal(set) var view: RuntimeObject?
  /// Controllers embedded through relationship segues.
  public internal(set) var children: [UIViewController] = []
}

extension Device {
  func registerViewController(superclass: RuntimeClass) throws {
    let controller = try runtime.defineClass(
      "UIViewController", superclass: superclass,
      allocator: { UIViewController(isa: $0, identifier: $1) })
    // `view` loads the view on first access: loadView, then viewDidLoad.
    controller.addMethod("view") { [unowned self] message in
      let controller = message.receiver as! UIViewController
      try loadViewIfNeeded(controller)
      return controller.view.map { .object($0) } ?? .nil
    }
    controller.addMethod("setView:") { message in
      (message.receiver as! UIViewController).view = message.argument(0).object
      return .nil
    }
    controller.addMethod("isViewLoaded") { .bool(($0.receiver as! UIViewController).view != nil) }
    controller.addMethod("initWithCoder:") { .object($0.receiver) }
    controller.addMethod("children") { message in
      .array((message.receiver as! UIViewController).children.map { .object($0) })
    }
    controller.addMethod("loadView") { [unowned self] message in
      (message.receiver as! UIViewController).view = runtime.allocate(
        runtime.classNamed("UIView")!)
      return .nil
    }
    // UIKit's own implementations do nothing; they exist so that every view controller responds
    // and subclasses can call super.
    for name in [
      "viewDidLoad", "viewWillAppear:", "viewDidAppear:", "viewWillDisappear:",
      "viewDidDisappear:", "didReceiveMemoryWarning", "awakeFromNib",
    ] {
      controller.addMethod(name) { _ in .nil }
    }
  }

  /// `loadViewIfRequired`: loadView then viewDidLoad, once.
  func loadViewIfNeeded(_ controller: UIViewController) throws {
    guard controller.view == nil else { return }
    try deliver(Selector("loadView"), to: controller)
    try deliver(Selector("viewDidLoad"), to: controller)
  }
}
