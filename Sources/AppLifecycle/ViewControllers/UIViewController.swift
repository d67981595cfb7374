import XcodeFiles

/// `UIViewController`: its view loads lazily, the first time it is asked for.
public final class UIViewController: UIResponder {
  public internal(set) var view: RuntimeObject? {
    didSet { (view as? UIView)?.viewController = self }
  }
  /// Child view controllers: from a storyboard's relationship segues, a navigation stack, or
  /// `addChildViewController:`.
  /// Each change sets `parent` only on the children that are new to it (setting a weak
  /// reference is the costly part), so building a container of n children is linear.
  public internal(set) var children: [UIViewController] = [] {
    didSet { for child in children where child.parent !== self { child.parent = self } }
  }
  public internal(set) weak var parent: UIViewController? {
    didSet { parentAssignments += 1 }
  }
  /// How many times `parent` was set: once per containment, which a test counts to keep the
  /// work of building containers linear.
  var parentAssignments = 0
  /// The window this is the root view controller of.
  weak var window: UIWindow?
  /// Where the controller is in its appearance, UIKit's appear state.
  public internal(set) var appearance = Appearance.disappeared
  /// The view needs a layout pass: it is appearing, or its size changed.
  var needsLayout = false
  /// `viewIsAppearing:` was sent in the current appearance.
  var sentIsAppearing = false
  /// A navigation controller starts its top child's appearance in its next layout pass
  /// (Documentation/UIKit/containment.md#appearance-forwarding-in-general, point 3).
  var childAppearanceDeferred = false
  /// The safe area last reported to the controller (`viewSafeAreaInsetsDidChange`); nil until
  /// its view is first in a window.
  var safeArea: EdgeInsets?
  /// `additionalSafeAreaInsets`.
  var additionalSafeAreaInsets = EdgeInsets()
  /// The traits the controller has; nil before its view first appears on iOS 12 and earlier,
  /// which report them then (Documentation/UIKit/layout.md#trait-changes).
  var traits: Traits?
  /// A tab bar controller's selected child.
  var selectedIndex = 0
  /// The controller this one presents modally, and the one that presents this one.
  public internal(set) var presented: UIViewController?
  public internal(set) weak var presenter: UIViewController?
  /// `modalPresentationStyle`, UIKit's raw value; nil until set (the release's default).
  var modalPresentationStyle: Int?
  /// A presentation or dismissal of this controller has begun and not ended.
  var presentationPhase = PresentationPhase.none
  /// The storyboard that made it and its scene there, with the segues it can perform; nil for a
  /// controller made in code.
  public internal(set) var storyboard: StoryboardSource?
  public internal(set) var storyboardScene: Storyboard.Scene?

  enum PresentationPhase { case none, presenting, dismissing }

  /// UIKit's appear state of a view controller: whether its view is (going) on screen.
  public enum Appearance: Sendable {
    case disappeared, appearing, appeared, disappearing
  }
}

extension UIViewController {
  static func define(in runtime: Runtime, superclass: RuntimeClass) throws {
    let controller = try runtime.defineClass(
      "UIViewController", superclass: superclass,
      allocator: { cls, identifier in
        let device = cls.runtime.owningDevice
        let controller = UIViewController(isa: cls, identifier: identifier)
        // layout.md §17.4: since iOS 13 UIKit predicts a new controller's traits.
        if device.profile >= IOSProfile(13) { controller.traits = .screen(of: device) }
        return controller
      })
    // `view` loads the view on first access: loadView, then viewDidLoad (§1.1 step 10, §12.9).
    controller.addProperty(
      "view",
      get: { message in
        let controller = try message.receiver(as: UIViewController.self)
        try controller.loadViewIfNeeded()
        return controller.view.map { .object($0) } ?? .nil
      },
      set: { try $0.receiver(as: UIViewController.self).view = $0.argument(0).object })
    // The responder chain: a child's parent, else the window it is the root of.
    controller.addProperty("nextResponder") { message in
      let controller = try message.receiver(as: UIViewController.self)
      if let parent = controller.parent { return .object(parent) }
      return controller.window.map { .object($0) } ?? .nil
    }
    controller.addProperty("parent") { message in
      try message.receiver(as: UIViewController.self).parent.map { .object($0) } ?? .nil
    }
    controller.addProperty("parentViewController") { message in
      try message.receiver(as: UIViewController.self).parent.map { .object($0) } ?? .nil
    }
    controller.addProperty("isViewLoaded") {
      .bool(try $0.receiver(as: UIViewController.self).view != nil)
    }
    controller.addProperty("viewIfLoaded") {
      try $0.receiver(as: UIViewController.self).view.map { .object($0) } ?? .nil
    }
    controller.addMethod("loadViewIfNeeded") { message in
      try message.receiver(as: UIViewController.self).loadViewIfNeeded()
      return .nil
    }
    controller.addMethod("initWithCoder:") { .object($0.receiver) }
    controller.addProperty("children") { message in
      .array(try message.receiver(as: UIViewController.self).children.map { .object($0) })
    }
    controller.addProperty("childViewControllers") { message in
      .array(try message.receiver(as: UIViewController.self).children.map { .object($0) })
    }
    controller.addMethod("loadView") { message in
      let device = message.device
      let view = device.runtime.allocate(device.runtime.classNamed("UIView")!)
      try message.receiver(as: UIViewController.self).view = view
      return .nil
    }
    // UIKit's own implementations do nothing; they exist so that every view controller responds
    // and subclasses can call super.
    for name in [
      "viewDidLoad", "didReceiveMemoryWarning", "awakeFromNib",
      "encodeRestorableStateWithCoder:", "decodeRestorableStateWithCoder:",
      "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewIsAppearing:",
      "willMoveToParentViewController:", "didMoveToParentViewController:",
    ] {
      controller.addMethod(name) { _ in .nil }
    }
    UIViewController.defineAppearance(in: runtime, of: controller)
    UIViewController.defineSafeArea(in: runtime, of: controller)
    // State restoration (§10.1): a controller is preserved only with an identifier.
    controller.declareProperty("restorationIdentifier")
    // The class asked for the controller at restore time (state-restoration.md §10.3 item 1):
    // `Class<UIViewControllerRestoration>` in Swift, so nothing else can be assigned.
    controller.addProperty(
      "restorationClass", get: { $0.receiver.instanceVariables["restorationClass"] ?? .nil },
      set: { message in
        switch message.argument(0) {
        case .class, .nil:
          message.receiver.instanceVariables["restorationClass"] = message.argument(0)
        default:
          throw LifecycleError(
            "restorationClass of \(message.receiver.isa.name) needs a class that implements viewControllerWithRestorationIdentifierPath_coder, or nil"
          )
        }
      })
    UIViewController.defineContainment(in: runtime, of: controller)
    UIViewController.definePresentation(in: runtime, of: controller)
    try UIViewController.defineContainers(in: runtime, superclass: controller)
    try UIStoryboardSegue.define(in: runtime, of: controller)
  }
}

extension UIViewController {
  /// `loadViewIfRequired`: loadView then viewDidLoad, once.
  // §1.1 step 10 (loadViewIfRequired): loadView, then viewDidLoad, once; a storyboard's embed
  // segues run between them (presentation.md#segues).
  func loadViewIfNeeded() throws {
    guard view == nil else { return }
    let device = self.device
    try device.deliver(UIKitSelector.loadView, to: self)
    try performEmbedSegues()
    try device.deliver(UIKitSelector.viewDidLoad, to: self)
  }
}
