/// `UIEvent`: a touch sequence or a motion (shake) the system delivers through the application.
public final class UIEvent: RuntimeObject {
  public enum Kind: String, Sendable {
    case touches
    case motion
  }

  public internal(set) var kind = Kind.touches
}

extension UIEvent {
  static func define(in runtime: Runtime, responder: RuntimeClass) throws {
    let event = try runtime.defineClass(
      "UIEvent", superclass: nil, allocator: { UIEvent(isa: $0, identifier: $1) })
    event.addProperty("type") { .string(try $0.receiver(as: UIEvent.self).kind.rawValue) }
    event.addProperty("subtype") {
      .string(try $0.receiver(as: UIEvent.self).kind == .motion ? "motionShake" : "none")
    }
    // UIResponder's own implementations pass events up the responder chain.
    for name in [
      "touchesBegan:withEvent:", "touchesMoved:withEvent:", "touchesEnded:withEvent:",
      "touchesCancelled:withEvent:", "motionBegan:withEvent:", "motionEnded:withEvent:",
      "motionCancelled:withEvent:",
    ] {
      responder.addMethod(
        Selector(name),
        .native { message in
          let device = message.device
          guard
            let next = try device.runtime.send(UIKitSelector.nextResponder, to: message.receiver)
              .object
          else { return .nil }
          try device.deliver(message.selector, to: next, message.arguments)
          return .nil
        })
    }
  }
}

extension UIEvent {
  /// UIWindow's `sendEvent:`: touches to the view, motions to the root view controller. (Not
  /// covered by the reference: a tap's began-then-ended phases as UIKit documents them; INFERRED.)
  func dispatch(in window: UIWindow) throws {
    let event = self
    let device = self.device
    guard let root = window.rootViewController else { return }
    let arguments: [RuntimeValue] = [.nil, .object(event)]
    switch event.kind {
    case .touches:
      let view = root.view ?? root
      try device.deliver(UIKitSelector.touchesBeganWithEvent, to: view, arguments)
      try device.deliver(UIKitSelector.touchesEndedWithEvent, to: view, arguments)
    case .motion:
      try device.deliver(
        UIKitSelector.motionBeganWithEvent, to: root, [.string("motionShake"), .object(event)])
      try device.deliver(
        UIKitSelector.motionEndedWithEvent, to: root, [.string("motionShake"), .object(event)])
    }
  }
}
