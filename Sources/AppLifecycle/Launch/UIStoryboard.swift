import XcodeFiles

/// `UIStoryboard`, as app code uses it.
public final class UIStoryboard: RuntimeObject {
  public internal(set) var name = ""
}

/// The storyboard that made a view controller, shared by the controllers of one instantiation:
/// its name, and the `UIStoryboard` object app code sees as their `storyboard`, made when first
/// asked for (so that a launch allocates no object the trace would not show).
public final class StoryboardSource {
  public let name: String
  var object: UIStoryboard?

  init(name: String) { self.name = name }

  init(_ object: UIStoryboard) {
    name = object.name
    self.object = object
  }
}

extension UIStoryboard {
  /// `UIStoryboard(name:bundle:)` for app code: a storyboard object, or the same exception as a
  /// missing main storyboard.
  static func define(in runtime: Runtime) throws {
    let storyboardClass = try runtime.defineClass(
      "UIStoryboard", superclass: nil, allocator: { UIStoryboard(isa: $0, identifier: $1) })
    let initializer: (Message) throws -> RuntimeValue = { message in
      let device = message.device
      let object = try message.receiver(as: UIStoryboard.self)
      guard case .string(let name) = message.argument(0), device.storyboard(named: name) != nil
      else {
        throw ObjCException(
          .invalidArgument,
          "Could not find a storyboard named '\(message.argument(0).stringValue)' in bundle NSBundle <main>"
        )
      }
      object.name = name
      return .object(object)
    }
    // UIStoryboard(name:bundle:); from a script, UIStoryboard.new(name).
    storyboardClass.addMethod(UIKitSelector.initWithNameBundle, .native(initializer))
    storyboardClass.addMethod(Selector("init"), .native(initializer))
    storyboardClass.addMethod("instantiateInitialViewController") { message in
      let device = message.device
      let name = try message.receiver(as: UIStoryboard.self).name
      guard let storyboard = device.storyboard(named: name) else { return .nil }
      return try StoryboardDecoder.instantiateInitialViewController(
        of: storyboard, object: message.receiver as? UIStoryboard, on: device
      ).map { .object($0) } ?? .nil
    }
    // instantiateViewController(withIdentifier:): the controller with that Storyboard ID,
    // references followed as at launch; an unknown ID is UIKit's exception.
    storyboardClass.addMethod("instantiateViewControllerWithIdentifier:") { message in
      let device = message.device
      let object = try message.receiver(as: UIStoryboard.self)
      let identifier = message.argument(0).stringValue
      guard let scene = device.storyboard(named: object.name)?.identifiedViewControllers[identifier]
      else {
        throw ObjCException(
          .invalidArgument,
          "Storyboard (<UIStoryboard: \(object.address)>) doesn't contain a view controller with identifier '\(identifier)'"
        )
      }
      return .object(
        try StoryboardDecoder.instantiate(scene, of: StoryboardSource(object), on: device))
    }
  }
}
