/// Rotation: the user turns the device, and UIKit turns the interface when the app supports the
/// orientation (Documentation/UIKit/layout.md#rotation-and-size-changes).
public final class UIViewControllerTransitionCoordinator: RuntimeObject {
  /// What `animateAlongsideTransition:completion:` was given, in order.
  var animations: [RuntimeValue] = []
  var completions: [RuntimeValue] = []
}

extension UIViewControllerTransitionCoordinator {
  static func defineRotation(in runtime: Runtime) throws {
    let device = try runtime.defineClass("UIDevice", superclass: nil)
    device.addProperty("orientation") { message in
      let device = message.device
      return .string(device.deviceOrientation.rawValue)
    }
    runtime.classNamed("UIWindowScene")?.addProperty("interfaceOrientation") { message in
      .string(InterfaceRotation(message.device).orientation.rawValue)
    }
    // Deprecated in iOS 13, still answered.
    runtime.classNamed("UIApplication")?.addProperty("statusBarOrientation") { message in
      .string(InterfaceRotation(message.device).orientation.rawValue)
    }
    let coordinator = try runtime.defineClass(
      "UIViewControllerTransitionCoordinator", superclass: nil,
      allocator: { UIViewControllerTransitionCoordinator(isa: $0, identifier: $1) })
    coordinator.addMethod("animateAlongsideTransition:completion:") { message in
      let device = message.device
      let coordinator = try message.receiver(as: UIViewControllerTransitionCoordinator.self)
      for (index, block) in [message.argument(0), message.argument(1)].enumerated()
      where !block.isNil && !device.host.isBlock(block) {
        throw LifecycleError(
          "animateAlongsideTransition:completion: argument #\(index + 1) must be a function (context) or nil"
        )
      }
      coordinator.animations.append(message.argument(0))
      coordinator.completions.append(message.argument(1))
      return .bool(true)
    }
    coordinator.addProperty("isAnimated") { _ in .bool(true) }
    coordinator.addProperty("isCancelled") { _ in .bool(false) }

    guard let controller = runtime.classNamed("UIViewController") else { return }
    controller.addProperty("shouldAutorotate") { _ in .bool(true) }
    controller.addProperty("supportedInterfaceOrientations") { _ in .string("allButUpsideDown") }
    // UIKit's implementations pass the change on: "View controllers forward the size change
    // message to their views and child view controllers. Presentation controllers forward the
    // size change to their presented view controller." (layout.md, §17.5)
    for name in [
      "willTransitionToTraitCollection:withTransitionCoordinator:",
      "viewWillTransitionToSize:withTransitionCoordinator:",
    ] {
      controller.addMethod(name) { message in
        let controller = try message.receiver(as: UIViewController.self)
        for child in controller.shownChildren {
          try child.sendTransition(message.selector, message.arguments)
        }
        if let presented = controller.presented {
          try presented.sendTransition(message.selector, message.arguments)
        }
        return .nil
      }
    }
  }
}

extension UIViewController {
  /// Sends a transition message: traced when the app overrides it, as UIKit's layout callbacks
  /// are; UIKit's own implementation forwards it untraced otherwise.
  func sendTransition(_ selector: Selector, _ arguments: [RuntimeValue]) throws {
    if try deliverIfOverridden(selector, arguments) == nil {
      try device.runtime.send(selector, to: self, arguments)
    }
  }
}

// MARK: The user turns the device

extension Device {
  /// The user turns the device to `orientation` (`LifecycleMachine.Event.rotate`).
  public func rotate(_ orientation: DeviceOrientation) throws {
    try deliver(.rotate(orientation))
  }
}
