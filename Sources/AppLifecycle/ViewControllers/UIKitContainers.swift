/// UIKit's container view controllers: navigation, tab bar, split view and page view controllers
/// (Documentation/UIKit/containment.md), and the other controllers Xcode's templates put in
/// storyboards by their element (`<tableViewController>`), so a storyboard that uses them
/// without a custom class gets UIKit's class, not "Unknown class".
extension UIViewController {
  static func defineContainers(in runtime: Runtime, superclass controller: RuntimeClass) throws {
    for name in ["UITableViewController", "UICollectionViewController"] {
      _ = try runtime.defineClass(name, superclass: controller)
    }
    let children: (Message) throws -> RuntimeValue = { message in
      .array(try message.receiver(as: UIViewController.self).children.map { .object($0) })
    }
    // The Master-Detail template's root: relationship segues `masterViewController` and
    // `detailViewController` (iOS 14: `primaryViewController`, `secondaryViewController`).
    let split = try runtime.defineClass("UISplitViewController", superclass: controller)
    split.addProperty("viewControllers", get: children)
    try UIViewController.defineNavigationController(in: runtime, superclass: controller)
    try UIViewController.defineTabBarController(in: runtime, superclass: controller)
    let page = try runtime.defineClass("UIPageViewController", superclass: controller)
    page.addProperty("viewControllers", get: children)
    page.addMethod("setViewControllers:direction:animated:completion:") { message in
      let device = message.device
      let page = try message.receiver(as: UIViewController.self)
      let method = "setViewControllers:direction:animated:completion:"
      guard let list = device.list(message.argument(0)) else {
        throw LifecycleError("\(method) needs a list of view controllers")
      }
      let pages = try list.map {
        guard let controller = $0.object as? UIViewController else {
          throw LifecycleError("\(method) needs view controllers")
        }
        return controller
      }
      // One page per spread: the scroll style, or a curl with its spine at an edge
      // (containment.md#page-view-controller). UIKit's exception for any other count.
      guard pages.count == 1 else {
        throw ObjCException(
          .invalidArgument,
          "The number of view controllers provided (\(pages.count)) doesn't match the number required (1) for the requested transition"
        )
      }
      try page.setPages(
        pages, animated: message.argument(2).boolValue, completion: message.argument(3))
      return .nil
    }
  }

  private static func defineNavigationController(
    in runtime: Runtime, superclass controller: RuntimeClass
  ) throws {
    let navigation = try runtime.defineClass("UINavigationController", superclass: controller)
    // `UINavigationController(rootViewController:)`: from a script,
    // `UINavigationController.new(root)` or `.new{ rootViewController = root }`.
    let initialize: (Message) throws -> RuntimeValue = { message in
      var argument = message.argument(0)
      if case .dictionary(let fields) = argument { argument = fields["rootViewController"] ?? .nil }
      guard !argument.isNil else { return .object(message.receiver) }
      guard let root = argument.object as? UIViewController else {
        throw LifecycleError("UINavigationController(rootViewController:) needs a view controller")
      }
      try message.receiver(as: UIViewController.self).push(root, animated: false)
      return .object(message.receiver)
    }
    navigation.addMethod("init", initialize)
    navigation.addMethod("initWithRootViewController:", initialize)
    navigation.addProperty("viewControllers") { message in
      .array(try message.receiver(as: UIViewController.self).children.map { .object($0) })
    }
    navigation.addProperty("topViewController") { message in
      try message.receiver(as: UIViewController.self).children.last.map { .object($0) } ?? .nil
    }
    navigation.addProperty("visibleViewController") { message in
      try message.receiver(as: UIViewController.self).children.last.map { .object($0) } ?? .nil
    }
    navigation.addMethod("pushViewController:animated:") { message in
      let device = message.device
      device.noteInterfaceWork("pushViewController:animated:", on: message.receiver)
      let pushed = try message.viewControllerArgument("pushViewController:animated:")
      try message.receiver(as: UIViewController.self).push(
        pushed, animated: message.argument(1).boolValue)
      return .nil
    }
    navigation.addMethod("popViewControllerAnimated:") { message in
      let device = message.device
      device.noteInterfaceWork("popViewControllerAnimated:", on: message.receiver)
      let navigation = try message.receiver(as: UIViewController.self)
      guard navigation.children.count > 1 else { return .nil }
      let popped = try navigation.pop(
        to: navigation.children[navigation.children.count - 2],
        animated: message.argument(0).boolValue)
      return popped.last.map { .object($0) } ?? .nil
    }
    navigation.addMethod("popToRootViewControllerAnimated:") { message in
      let device = message.device
      device.noteInterfaceWork("popToRootViewControllerAnimated:", on: message.receiver)
      let navigation = try message.receiver(as: UIViewController.self)
      guard let root = navigation.children.first else { return .nil }
      let popped = try navigation.pop(to: root, animated: message.argument(0).boolValue)
      return .array(popped.map { .object($0) })
    }
    navigation.addMethod("popToViewController:animated:") { message in
      let device = message.device
      device.noteInterfaceWork("popToViewController:animated:", on: message.receiver)
      let navigation = try message.receiver(as: UIViewController.self)
      let target = try message.viewControllerArgument("popToViewController:animated:")
      guard navigation.children.contains(where: { $0 === target }) else {
        throw ObjCException(
          .invalidArgument, "Tried to pop to a view controller that doesn't exist.")
      }
      let popped = try navigation.pop(to: target, animated: message.argument(1).boolValue)
      return .array(popped.map { .object($0) })
    }
  }

  private static func defineTabBarController(
    in runtime: Runtime, superclass controller: RuntimeClass
  ) throws {
    let tabBar = try runtime.defineClass("UITabBarController", superclass: controller)
    tabBar.addProperty(
      "viewControllers",
      get: { .array(try $0.receiver(as: UIViewController.self).children.map { .object($0) }) },
      set: { message in
        let device = message.device
        let tabBar = try message.receiver(as: UIViewController.self)
        for child in tabBar.children { try child.removeFromParent(notify: true) }
        for case .object(let child as UIViewController) in device.list(message.argument(0)) ?? [] {
          try tabBar.addChild(child)
          try child.deliverIfOverridden(
            UIKitSelector.didMoveToParentViewController, [.object(tabBar)])
        }
        tabBar.selectedIndex = 0
      })
    tabBar.addProperty(
      "selectedViewController",
      get: { message in
        let tabBar = try message.receiver(as: UIViewController.self)
        return tabBar.children.indices.contains(tabBar.selectedIndex)
          ? .object(tabBar.children[tabBar.selectedIndex]) : .nil
      },
      set: { message in
        let tabBar = try message.receiver(as: UIViewController.self)
        guard let child = message.argument(0).object as? UIViewController,
          let index = tabBar.children.firstIndex(where: { $0 === child })
        else {
          throw LifecycleError(
            "selectedViewController must be one of the tab bar controller's viewControllers")
        }
        try tabBar.select(index)
      })
    tabBar.addProperty(
      "selectedIndex", get: { .int(try $0.receiver(as: UIViewController.self).selectedIndex) },
      set: { message in
        guard case .int(let index) = message.argument(0) else {
          throw LifecycleError("selectedIndex must be an integer")
        }
        try message.receiver(as: UIViewController.self).select(index)
      })
  }
}

extension UIViewController {
  // MARK: Navigation controller

  /// `pushViewController:animated:` on this navigation controller
  /// (containment.md#navigation-controller): the controller joins the stack now; on screen,
  /// the transition runs once the current callbacks return.
  func push(_ controller: UIViewController, animated: Bool) throws {
    if children.contains(where: { $0 === controller }) {
      throw ObjCException(
        .invalidArgument,
        "\(objectDescription) is pushing the same view controller instance (\(controller.objectDescription)) more than once which is not supported and is most likely an error in the application : \(device.bundleIdentifier)"
      )
    }
    let previous = children.last
    try addChild(controller)
    let didMove: () throws -> Void = { [self] in
      try controller.deliverIfOverridden(
        UIKitSelector.didMoveToParentViewController, [.object(self)])
    }
    guard appearance == .appeared else { return try didMove() }
    try transition(from: previous, to: controller, animated: animated, then: didMove)
  }

  /// Pops every controller above `target` off this navigation controller: the top one
  /// disappears as `target` appears; the ones between leave without appearance callbacks.
  /// Returns the popped controllers, bottom first.
  func pop(to target: UIViewController, animated: Bool) throws -> [UIViewController] {
    guard let index = children.firstIndex(where: { $0 === target }),
      index < children.count - 1
    else { return [] }
    let popped = Array(children[(index + 1)...])
    for controller in popped.reversed() {
      try controller.deliverIfOverridden(UIKitSelector.willMoveToParentViewController, [.nil])
      try controller.removeFromParent(notify: false)
    }
    let didMove = {
      for controller in popped.reversed() {
        try controller.deliverIfOverridden(UIKitSelector.didMoveToParentViewController, [.nil])
      }
    }
    guard appearance == .appeared else {
      try didMove()
      return popped
    }
    try transition(from: popped.last, to: target, animated: animated, then: didMove)
    return popped
  }

  /// A navigation transition, deferred to the navigation controller's next layout pass: the
  /// incoming view loads, the outgoing controller will disappear, the incoming one will appear
  /// and is laid out; then (at once, or on the next turn when animated) the outgoing one did
  /// disappear and the incoming one did appear (containment.md#navigation-controller).
  private func transition(
    from old: UIViewController?, to new: UIViewController, animated: Bool,
    then completion: @escaping () throws -> Void
  ) throws {
    let device = self.device
    try DeferredWork(device).afterCallbacks { [unowned device] in
      try new.loadViewIfNeeded()
      if let old { try old.beginAppearance(appearing: false, animated: animated) }
      try new.beginAppearance(appearing: true, animated: animated)
      try new.layOut()
      let finish = {
        if let old { try old.endAppearance(animated: animated) }
        try new.endAppearance(animated: animated)
        try completion()
      }
      if animated { try DeferredWork(device).onNextTurn(finish) } else { try finish() }
    }
  }

  // MARK: Tab bar controller

  /// Switching this tab bar controller's tabs (containment.md#tab-bar-controller, point 2): the
  /// new tab's view loads and will appear, the old one will and did disappear, then the new one
  /// did appear; all within the call. An index outside the tabs changes nothing.
  func select(_ index: Int) throws {
    guard children.indices.contains(index), index != selectedIndex else { return }
    let old = shownChildren.first
    selectedIndex = index
    let new = children[index]
    guard appearance == .appeared else { return }
    try new.beginAppearance(appearing: true, animated: false)
    if let old {
      try old.beginAppearance(appearing: false, animated: false)
      try old.endAppearance()
    }
    try new.layOut()
    try new.endAppearance()
  }

  // MARK: Page view controller

  /// `setViewControllers:direction:animated:completion:` on this page view controller: the
  /// pages replace the shown ones; on screen, the new page will appear, the old will disappear,
  /// the new did appear, the old did disappear (containment.md#page-view-controller, scroll
  /// style); then the completion.
  fileprivate func setPages(
    _ pages: [UIViewController], animated: Bool, completion: RuntimeValue
  ) throws {
    let old = children
    for child in old where !pages.contains(where: { $0 === child }) {
      try child.removeFromParent(notify: false)
    }
    for child in pages { try addChild(child) }
    if appearance == .appeared {
      for child in pages { try child.beginAppearance(appearing: true, animated: animated) }
      for child in old where child.parent == nil {
        try child.beginAppearance(appearing: false, animated: animated)
      }
      for child in pages {
        try child.layOut()
        try child.endAppearance(animated: animated)
      }
      for child in old where child.parent == nil { try child.endAppearance(animated: animated) }
    }
    for child in pages {
      try child.deliverIfOverridden(UIKitSelector.didMoveToParentViewController, [.object(self)])
    }
    if !completion.isNil { try device.host.call(completion, [.bool(true)]) }
  }
}
