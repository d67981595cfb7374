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
      try device.setPages(
        pages, of: page, animated: message.argument(2).boolValue, completion: message.argument(3))
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
      let device = message.device
      var argument = message.argument(0)
      if case .dictionary(let fields) = argument { argument = fields["rootViewController"] ?? .nil }
      guard !argument.isNil else { return .object(message.receiver) }
      guard let root = argument.object as? UIViewController else {
        throw LifecycleError("UINavigationController(rootViewController:) needs a view controller")
      }
      try device.push(root, on: try message.receiver(as: UIViewController.self), animated: false)
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
      try device.push(
        try device.viewControllerArgument(message, "pushViewController:animated:"),
        on: try message.receiver(as: UIViewController.self), animated: message.argument(1).boolValue
      )
      return .nil
    }
    navigation.addMethod("popViewControllerAnimated:") { message in
      let device = message.device
      device.noteInterfaceWork("popViewControllerAnimated:", on: message.receiver)
      let navigation = try message.receiver(as: UIViewController.self)
      guard navigation.children.count > 1 else { return .nil }
      let popped = try device.pop(
        to: navigation.children[navigation.children.count - 2], in: navigation,
        animated: message.argument(0).boolValue)
      return popped.last.map { .object($0) } ?? .nil
    }
    navigation.addMethod("popToRootViewControllerAnimated:") { message in
      let device = message.device
      device.noteInterfaceWork("popToRootViewControllerAnimated:", on: message.receiver)
      let navigation = try message.receiver(as: UIViewController.self)
      guard let root = navigation.children.first else { return .nil }
      let popped = try device.pop(to: root, in: navigation, animated: message.argument(0).boolValue)
      return .array(popped.map { .object($0) })
    }
    navigation.addMethod("popToViewController:animated:") { message in
      let device = message.device
      device.noteInterfaceWork("popToViewController:animated:", on: message.receiver)
      let navigation = try message.receiver(as: UIViewController.self)
      let target = try device.viewControllerArgument(message, "popToViewController:animated:")
      guard navigation.children.contains(where: { $0 === target }) else {
        throw ObjCException(
          .invalidArgument, "Tried to pop to a view controller that doesn't exist.")
      }
      let popped = try device.pop(
        to: target, in: navigation, animated: message.argument(1).boolValue)
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
        for child in tabBar.children { try device.removeFromParent(child, notify: true) }
        for case .object(let child as UIViewController) in device.list(message.argument(0)) ?? [] {
          try device.addChild(child, to: tabBar)
          try device.deliverIfOverridden(
            Selector("didMoveToParentViewController:"), to: child, [.object(tabBar)])
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
        let device = message.device
        let tabBar = try message.receiver(as: UIViewController.self)
        guard let child = message.argument(0).object as? UIViewController,
          let index = tabBar.children.firstIndex(where: { $0 === child })
        else {
          throw LifecycleError(
            "selectedViewController must be one of the tab bar controller's viewControllers")
        }
        try device.select(index, in: tabBar)
      })
    tabBar.addProperty(
      "selectedIndex", get: { .int(try $0.receiver(as: UIViewController.self).selectedIndex) },
      set: { message in
        let device = message.device
        guard case .int(let index) = message.argument(0) else {
          throw LifecycleError("selectedIndex must be an integer")
        }
        try device.select(index, in: try message.receiver(as: UIViewController.self))
      })
  }
}

extension Device {
  // MARK: Navigation controller

  /// `pushViewController:animated:` (containment.md#navigation-controller): the controller joins
  /// the stack now; on screen, the transition runs once the current callbacks return.
  func push(_ controller: UIViewController, on navigation: UIViewController, animated: Bool) throws
  {
    if navigation.children.contains(where: { $0 === controller }) {
      throw ObjCException(
        .invalidArgument,
        "\(navigation.objectDescription) is pushing the same view controller instance (\(controller.objectDescription)) more than once which is not supported and is most likely an error in the application : \(bundleIdentifier)"
      )
    }
    let previous = navigation.children.last
    try addChild(controller, to: navigation)
    let didMove: () throws -> Void = { [unowned self] in
      try deliverIfOverridden(
        Selector("didMoveToParentViewController:"), to: controller, [.object(navigation)])
    }
    guard navigation.appearance == .appeared else { return try didMove() }
    try transition(from: previous, to: controller, animated: animated, then: didMove)
  }

  /// Pops every controller above `target`: the top one disappears as `target` appears; the ones
  /// between leave without appearance callbacks. Returns the popped controllers, bottom first.
  func pop(to target: UIViewController, in navigation: UIViewController, animated: Bool)
    throws -> [UIViewController]
  {
    guard let index = navigation.children.firstIndex(where: { $0 === target }),
      index < navigation.children.count - 1
    else { return [] }
    let popped = Array(navigation.children[(index + 1)...])
    for controller in popped.reversed() {
      try deliverIfOverridden(Selector("willMoveToParentViewController:"), to: controller, [.nil])
      try removeFromParent(controller, notify: false)
    }
    let didMove = { [unowned self] in
      for controller in popped.reversed() {
        try deliverIfOverridden(Selector("didMoveToParentViewController:"), to: controller, [.nil])
      }
    }
    guard navigation.appearance == .appeared else {
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
    try DeferredWork(self).afterCallbacks { [unowned self] in
      try loadViewIfNeeded(new)
      if let old { try beginAppearance(old, appearing: false, animated: animated) }
      try beginAppearance(new, appearing: true, animated: animated)
      try layOut(new)
      let finish = { [unowned self] in
        if let old { try endAppearance(old, animated: animated) }
        try endAppearance(new, animated: animated)
        try completion()
      }
      if animated { try DeferredWork(self).onNextTurn(finish) } else { try finish() }
    }
  }

  // MARK: Tab bar controller

  /// Switching tabs (containment.md#tab-bar-controller, point 2): the new tab's view loads and
  /// will appear, the old one will and did disappear, then the new one did appear; all within the
  /// call. An index outside the tabs changes nothing.
  func select(_ index: Int, in tabBar: UIViewController) throws {
    guard tabBar.children.indices.contains(index), index != tabBar.selectedIndex else { return }
    let old = shownChildren(of: tabBar).first
    tabBar.selectedIndex = index
    let new = tabBar.children[index]
    guard tabBar.appearance == .appeared else { return }
    try beginAppearance(new, appearing: true, animated: false)
    if let old {
      try beginAppearance(old, appearing: false, animated: false)
      try endAppearance(old)
    }
    try layOut(new)
    try endAppearance(new)
  }

  // MARK: Page view controller

  /// `setViewControllers:direction:animated:completion:`: the pages replace the shown ones;
  /// on screen, the new page will appear, the old will disappear, the new did appear, the old
  /// did disappear (containment.md#page-view-controller, scroll style); then the completion.
  fileprivate func setPages(
    _ pages: [UIViewController], of page: UIViewController, animated: Bool, completion: RuntimeValue
  ) throws {
    let old = page.children
    for child in old where !pages.contains(where: { $0 === child }) {
      try removeFromParent(child, notify: false)
    }
    for child in pages { try addChild(child, to: page) }
    if page.appearance == .appeared {
      for child in pages { try beginAppearance(child, appearing: true, animated: animated) }
      for child in old where child.parent == nil {
        try beginAppearance(child, appearing: false, animated: animated)
      }
      for child in pages {
        try layOut(child)
        try endAppearance(child, animated: animated)
      }
      for child in old where child.parent == nil { try endAppearance(child, animated: animated) }
    }
    for child in pages {
      try deliverIfOverridden(
        Selector("didMoveToParentViewController:"), to: child, [.object(page)])
    }
    if !completion.isNil { try host.call(completion, [.bool(true)]) }
  }
}
