/// `UIWindow`: shows a root view controller's view once it is key and visible.
public final class UIWindow: UIResponder {
  public internal(set) var rootViewController: UIViewController? {
    didSet {
      if oldValue?.window === self { oldValue?.window = nil }
      rootViewController?.window = self
    }
  }
  public internal(set) var isKeyWindow = false
  public internal(set) var isHidden = true
  public internal(set) weak var windowScene: UIScene? {
    didSet {
      oldValue?.windowList.remove(self)
      windowScene?.windowList.append(self)
    }
  }
}

/// Windows as UIKit lists them (`UIApplication.windows`, `UIWindowScene.windows`), without
/// keeping them alive: a window lives as long as the app references it
/// (Documentation/UIKit/windows-and-view-controllers.md#window-lifetime).
struct WindowList {
  private struct Reference { weak var window: UIWindow? }
  private var references: [Reference] = []

  var windows: [UIWindow] { references.compactMap(\.window) }

  mutating func append(_ window: UIWindow) {
    references.removeAll { $0.window == nil }
    references.append(Reference(window: window))
  }

  mutating func remove(_ window: UIWindow) {
    references.removeAll { $0.window == nil || $0.window === window }
  }
}

extension UIWindow {
  static func define(in runtime: Runtime, superclass: RuntimeClass) throws {
    let window = try runtime.defineClass(
      "UIWindow", superclass: superclass,
      allocator: { cls, identifier in
        let device = cls.runtime.owningDevice
        let window = UIWindow(isa: cls, identifier: identifier)
        device.application?.windowList.append(window)
        return window
      })
    window.addProperty(
      "rootViewController",
      get: { try $0.receiver(as: UIWindow.self).rootViewController.map { .object($0) } ?? .nil },
      set: { message in
        let device = message.device
        device.noteInterfaceWork("setRootViewController:", on: message.receiver)
        let value = message.argument(0)
        guard value.isNil || value.object is UIViewController else {
          throw LifecycleError("rootViewController must be a view controller or nil")
        }
        try message.receiver(as: UIWindow.self).setRootViewController(
          value.object as? UIViewController)
      })
    window.addProperty("isKeyWindow") { .bool(try $0.receiver(as: UIWindow.self).isKeyWindow) }
    // UIWindow(windowScene:), or from a script UIWindow.new(scene) / UIWindow.new{ windowScene = scene }.
    window.addMethod("init") { message in
      let window = try message.receiver(as: UIWindow.self)
      var argument = message.argument(0)
      if case .dictionary(let fields) = argument { argument = fields["windowScene"] ?? .nil }
      switch argument {
      case .nil: break
      case .object(let scene as UIScene): window.windowScene = scene
      default:
        throw LifecycleError("UIWindow(windowScene:) needs a UIWindowScene")
      }
      return .object(window)
    }
    window.addProperty(
      "windowScene",
      get: { try $0.receiver(as: UIWindow.self).windowScene.map { .object($0) } ?? .nil },
      set: { message in
        guard case .object(let scene as UIScene) = message.argument(0) else {
          throw LifecycleError("windowScene must be a UIWindowScene")
        }
        try message.receiver(as: UIWindow.self).windowScene = scene
      })
    // The responder chain: a window's next responder is the application.
    window.addProperty("nextResponder") { message in
      let device = message.device
      return device.application.map { .object($0) } ?? .nil
    }
    window.addProperty("isHidden") { .bool(try $0.receiver(as: UIWindow.self).isHidden) }
    window.addMethod("makeKeyAndVisible") { message in
      let device = message.device
      device.noteInterfaceWork("makeKeyAndVisible", on: message.receiver)
      try message.receiver(as: UIWindow.self).makeKeyAndVisible()
      return .nil
    }
    window.addMethod("sendEvent:") { message in
      let device = message.device
      guard let event = message.argument(0).object as? UIEvent else { return .nil }
      try event.dispatch(in: try message.receiver(as: UIWindow.self))
      return .nil
    }
  }
}

extension UIWindow {
  /// `makeKeyAndVisible`. During launch UIKit waits until `didFinishLaunching` returns before
  /// showing the window (reference §2 step 5, Apple's willFinish doc); the root view still loads
  /// now (§2 step 5: INFERRED, viewDidLoad runs inside the call).
  func makeKeyAndVisible() throws {
    let device = self.device
    for other in device.application?.windows ?? [] where other !== self {
      other.isKeyWindow = false
    }
    isKeyWindow = true
    if device.process.connectingScene != nil {
      isHidden = false
      if let root = rootViewController { try beginAppearanceInConnectingScene(root) }
      return
    }
    if let application = device.application, device.machine.isLaunching {
      application.windowToShowAfterLaunch = self
      application.launchWindowShownByApp = true
      if let root = rootViewController { try root.loadViewIfNeeded() }
      return
    }
    makeVisible()
    guard let root = rootViewController else { return }
    try root.appear()
  }

  /// §3.2 (INFERRED): inside `scene(_:willConnectTo:options:)` a visible window's root loads and
  /// will appear at once; it appears after the scene is active (§3.1 step 16).
  private func beginAppearanceInConnectingScene(_ root: UIViewController) throws {
    try root.beginAppearance(appearing: true, animated: false)
    device.process.awaitingDidAppear.append(root)
  }

  /// The app delegate's `window` property holds this window: the common case, in which the
  /// window is alive without asking the garbage collector.
  var isHeldByAppDelegate: Bool {
    device.application?.delegate?.instanceVariables["window"]?.object === self
  }

  /// The window becomes the key window, and visible.
  func makeVisible() {
    for other in device.application?.windows ?? [] where other !== self {
      other.isKeyWindow = false
    }
    isKeyWindow = true
    isHidden = false
  }

  /// Replacing the root view controller of a visible window: the old one disappears, the new one
  /// loads and appears. (INFERRED: the reference does not cover replacing a root; this is
  /// UIKit's documented appearance pairing, old controller first.)
  func setRootViewController(_ controller: UIViewController?) throws {
    let device = self.device
    let previous = rootViewController
    rootViewController = controller
    guard !isHidden, device.application != nil, previous !== controller else { return }
    if device.process.connectingScene != nil {
      // A window made key and visible inside willConnect before it had a root view controller
      // shows the one set afterwards, as if it had been there (§3.2, INFERRED).
      if let previous,
        let index = device.process.awaitingDidAppear.firstIndex(where: { $0 === previous })
      {
        device.process.awaitingDidAppear.remove(at: index)
        try previous.beginAppearance(appearing: false, animated: false)
        try previous.endAppearance()
      }
      if let controller { try beginAppearanceInConnectingScene(controller) }
      return
    }
    guard !device.machine.isLaunching else { return }
    if let previous {
      try previous.beginAppearance(appearing: false, animated: false)
      try previous.endAppearance()
    }
    if let controller { try controller.appear() }
  }
}
