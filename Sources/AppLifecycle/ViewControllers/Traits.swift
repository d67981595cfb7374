/// Trait collections and their changes: `traitCollection`, `traitCollectionDidChange:` and, from
/// iOS 17, `registerForTraitChanges:withHandler:` (Documentation/UIKit/layout.md#trait-changes).
public final class UITraitChangeRegistration: RuntimeObject {
  /// The trait classes observed, by name.
  var traits: Set<String> = []
  var handler: RuntimeValue = .nil
}

/// A `UITraitCollection`: a snapshot of traits.
public final class UITraitCollection: RuntimeObject {
  var traits = Traits()
}

extension UITraitCollection {
  static func define(in runtime: Runtime) throws {
    let collection = try runtime.defineClass(
      "UITraitCollection", superclass: nil,
      allocator: { UITraitCollection(isa: $0, identifier: $1) })
    collection.addProperty("horizontalSizeClass") {
      .string(try $0.receiver(as: UITraitCollection.self).traits.horizontalSizeClass.rawValue)
    }
    collection.addProperty("verticalSizeClass") {
      .string(try $0.receiver(as: UITraitCollection.self).traits.verticalSizeClass.rawValue)
    }
    collection.addProperty("userInterfaceStyle") {
      .string(try $0.receiver(as: UITraitCollection.self).traits.userInterfaceStyle.rawValue)
    }
    _ = try runtime.defineClass(
      "UITraitChangeRegistration", superclass: nil,
      allocator: { UITraitChangeRegistration(isa: $0, identifier: $1) })
    // Swift's trait types (`UITraitVerticalSizeClass.self`), to name what to observe.
    for name in Traits.classNames { _ = try runtime.defineClass(name, superclass: nil) }

    for className in ["UIView", "UIViewController", "UIWindowScene"] {
      guard let cls = runtime.classNamed(className) else { continue }
      cls.addMethod("traitCollectionDidChange:") { _ in .nil }
      cls.addProperty("traitCollection") { message in
        let device = message.device
        return .object(
          UITraitCollection.make(
            UITraitCollection.traits(of: message.receiver, on: device), in: device.runtime))
      }
      UITraitCollection.defineTraitChangeRegistration(in: runtime, of: cls)
    }
  }

  /// `registerForTraitChanges:withHandler:` and `unregisterForTraitChanges:`: iOS 17 API; on an
  /// earlier release the methods do not exist, and calling one is the Objective-C runtime's
  /// unrecognized-selector exception, as in a real app.
  private static func defineTraitChangeRegistration(in runtime: Runtime, of cls: RuntimeClass) {
    cls.addMethod("registerForTraitChanges:withHandler:") { message in
      let device = message.device
      guard device.profile >= IOSProfile(17) else {
        throw device.runtime.unrecognized(message.selector, message.receiver)
      }
      let method = "registerForTraitChanges:withHandler:"
      guard let items = device.list(message.argument(0)), !items.isEmpty else {
        throw LifecycleError(
          "\(method) needs a list of traits such as { UITraitVerticalSizeClass }")
      }
      var traits: Set<String> = []
      for item in items {
        guard case .class(let trait) = item, Traits.classNames.contains(trait.name) else {
          throw LifecycleError(
            "\(method) takes the traits \(Traits.classNames.joined(separator: ", ")); pass them as classes (UITraitVerticalSizeClass, not a string)"
          )
        }
        traits.insert(trait.name)
      }
      guard device.host.isBlock(message.argument(1)) else {
        throw LifecycleError(
          "\(method) needs a handler function (traitEnvironment, previousTraitCollection)")
      }
      let registration =
        device.runtime.allocate(device.runtime.classNamed("UITraitChangeRegistration")!)
        as! UITraitChangeRegistration
      registration.traits = traits
      registration.handler = message.argument(1)
      try message.receiver(as: UIResponder.self).traitRegistrations.append(registration)
      return .object(registration)
    }
    cls.addMethod("unregisterForTraitChanges:") { message in
      let device = message.device
      guard device.profile >= IOSProfile(17) else {
        throw device.runtime.unrecognized(message.selector, message.receiver)
      }
      guard let registration = message.argument(0).object as? UITraitChangeRegistration else {
        throw LifecycleError(
          "unregisterForTraitChanges: needs what registerForTraitChanges:withHandler: returned")
      }
      try message.receiver(as: UIResponder.self).traitRegistrations.removeAll {
        $0 === registration
      }
      return .nil
    }
  }
}

extension UITraitCollection {
  /// A new `UITraitCollection` object holding `traits`.
  static func make(_ traits: Traits, in runtime: Runtime) -> UITraitCollection {
    let collection =
      runtime.allocate(runtime.classNamed("UITraitCollection")!)
      as! UITraitCollection
    collection.traits = traits
    return collection
  }

  /// The traits an object has: a view controller's own; a view's controller's; the screen's
  /// for a window scene and other views.
  fileprivate static func traits(of object: RuntimeObject, on device: Device) -> Traits {
    let controller = object as? UIViewController ?? (object as? UIView)?.viewController
    return controller?.traits ?? .screen(of: device)
  }
}

extension Traits {
  /// The traits of the screen in the interface orientation of now.
  static func screen(of device: Device) -> Traits {
    ScreenGeometry.traits(InterfaceRotation(device).orientation, style: device.userInterfaceStyle)
  }
}

extension UIViewController {
  /// A view controller in a window takes the screen's traits. When they differ from its own,
  /// the controller then its view get `traitCollectionDidChange:` (when the app overrides it),
  /// then each registration for a trait that changed, in the order they were made (§17.4).
  /// Before iOS 13 the first appearance reports them with a nil previous collection.
  func updateTraits() throws {
    guard isInWindow else { return }
    let current = Traits.screen(of: device)
    guard traits != current else { return }
    let previous = traits
    traits = current
    needsLayout = true
    try reportTraitChange(from: previous, to: current)
    if let view {
      try view.reportTraitChange(from: previous, to: current)
    }
  }
}

extension RuntimeObject {
  /// `traitCollectionDidChange:` and the registrations of this trait environment (a view
  /// controller, a view, a window scene).
  func reportTraitChange(from previous: Traits?, to current: Traits) throws {
    let device = self.device
    let previousObject: RuntimeValue =
      previous.map { .object(UITraitCollection.make($0, in: device.runtime)) } ?? .nil
    try deliverIfOverridden(UIKitSelector.traitCollectionDidChange, [previousObject])
    guard let previous, let environment = self as? UIResponder else { return }
    let changed = current.changed(from: previous)
    for registration in environment.traitRegistrations
    where !registration.traits.isDisjoint(with: changed) {
      try device.host.call(registration.handler, [.object(self), previousObject])
    }
  }
}
