/// `UIViewController`: its view loads lazily, the first time it is asked for.
public final class UIViewController: UIResponder {
  public internal(set) var view: RuntimeObject? {
    didSet { (view as? UIView)?.viewController = self }
  }
  /// Controllers embedded through relationship segues.
  public internal(set) var children: [UIViewController] = [] {
    didSet { for child in children { child.parent = self } }
  }
  public internal(set) weak var parent: UIViewController?
  /// The window this is the root view controller of.
  weak var window: UIWindow?
}

extension Device {
  func registerViewController(superclass: RuntimeClass) throws {
    let controller = try runtime.defineClass(
      "UIViewController", superclass: superclass,
      allocator: { UIViewController(isa: $0, identifier: $1) })
    // `view` loads the view on first access: loadView, then viewDidLoad (§1.1 step 10, §12.9).
    controller.addProperty(
      "view",
      get: { [unowned self] message in
        let controller = message.receiver as! UIViewController
        try loadViewIfNeeded(controller)
        return controller.view.map { .object($0) } ?? .nil
      },
      set: { ($0.receiver as! UIViewController).view = $0.argument(0).object })
    // The responder chain: a child's parent, else the window it is the root of.
    controller.addProperty("nextResponder") { message in
      let controller = message.receiver as! UIViewController
      if let parent = controller.parent { return .object(parent) }
      return controller.window.map { .object($0) } ?? .nil
    }
    controller.addProperty("parent") { message in
      (message.receiver as! UIViewController).parent.map { .object($0) } ?? .nil
    }
    controller.addProperty("isViewLoaded") {
      .bool(($0.receiver as! UIViewController).view != nil)
    }
    controller.addMethod("initWithCoder:") { .object($0.receiver) }
    controller.addProperty("children") { message in
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
      "encodeRestorableStateWithCoder:", "decodeRestorableStateWithCoder:",
    ] {
      controller.addMethod(name) { _ in .nil }
    }
    // State restoration (§10.1): a controller is preserved only with an identifier.
    controller.declareProperty("restorationIdentifier")
    try registerContainers(superclass: controller)
  }

  /// UINavigationController, UITabBarController and UISplitViewController: containers whose
  /// children come from a storyboard's relationship segues; and the other controllers Xcode's
  /// templates put in storyboards by their element (`<tableViewController>`), so a storyboard
  /// that uses them without a custom class gets UIKit's class, not "Unknown class". (Forwarding
  /// appearance to the children is not modelled yet.)
  func registerContainers(superclass controller: RuntimeClass) throws {
    for name in ["UITableViewController", "UICollectionViewController", "UIPageViewController"] {
      _ = try runtime.defineClass(name, superclass: controller)
    }
    // The Master-Detail template's root: relationship segues `masterViewController` and
    // `detailViewController` (iOS 14: `primaryViewController`, `secondaryViewController`).
    let split = try runtime.defineClass("UISplitViewController", superclass: controller)
    split.addProperty("viewControllers") { message in
      .array((message.receiver as! UIViewController).children.map { .object($0) })
    }
    let navigation = try runtime.defineClass("UINavigationController", superclass: controller)
    navigation.addProperty("viewControllers") { message in
      .array((message.receiver as! UIViewController).children.map { .object($0) })
    }
    navigation.addProperty("topViewController") { message in
      (message.receiver as! UIViewController).children.last.map { .object($0) } ?? .nil
    }
    let tabBar = try runtime.defineClass("UITabBarController", superclass: controller)
    tabBar.addProperty("viewControllers") { message in
      .array((message.receiver as! UIViewController).children.map { .object($0) })
    }
    tabBar.addProperty("selectedViewController") { message in
      (message.receiver as! UIViewController).children.first.map { .object($0) } ?? .nil
    }
  }

  /// `loadViewIfRequired`: loadView then viewDidLoad, once.
  // §1.1 step 10 (loadViewIfRequired): loadView, then viewDidLoad, once.
  func loadViewIfNeeded(_ controller: UIViewController) throws {
    guard controller.view == nil else { return }
    try deliver(Selector("loadView"), to: controller)
    try deliver(Selector("viewDidLoad"), to: controller)
  }
}
