import XcodeFiles

extension Device {
  /// The storyboard UIKit finds by `name` as a storyboard (`UIMainStoryboardFile`,
  /// `UISceneStoryboardFile`, references, `UIStoryboard(name:bundle:)`): a `.xib` of that name
  /// is a nib in the bundle, not a storyboard, so it is not one (INFERRED).
  func storyboard(named name: String) -> Storyboard? {
    guard let storyboard = storyboards[name], !storyboard.isNib else { return nil }
    return storyboard
  }

  /// Interface Builder's build error for a launch storyboard that sets a class of the app's own
  /// (`LaunchScreenConfiguration.checkStoryboards`).
  public func checkLaunchStoryboards() throws(LifecycleError) {
    try LaunchScreenConfiguration(checking: info).checkStoryboards(storyboards)
  }

  /// Adds a storyboard (or launch screen .xib) to the app's bundle, where UIKit finds it by name:
  /// `UIMainStoryboardFile`, `UISceneStoryboardFile`, the launch-screen keys, storyboard
  /// references and `UIStoryboard(name:bundle:)` all look it up in `storyboards`.
  ///
  /// Every source of storyboards goes through here: a scenario's `Storyboard` line and the
  /// files an Xcode project ships. A storyboard of the same name replaces the earlier one. A
  /// launch storyboard that sets a custom class is refused, as Xcode refuses to build it, and
  /// the app's storyboards stay as they were.
  public func addStoryboard(_ storyboard: Storyboard) throws(LifecycleError) {
    let previous = storyboards[storyboard.name]
    storyboards[storyboard.name] = storyboard
    do {
      try checkLaunchStoryboards()
    } catch {
      storyboards[storyboard.name] = previous
      throw error
    }
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
