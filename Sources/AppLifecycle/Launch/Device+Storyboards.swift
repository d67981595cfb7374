import XcodeFiles

extension Device {
  /// The storyboard UIKit finds by `name` as a storyboard (`UIMainStoryboardFile`,
  /// `UISceneStoryboardFile`, references, `UIStoryboard(name:bundle:)`): a `.xib` of that name
  /// is a nib in the bundle, not a storyboard, so it is not one (INFERRED).
  func storyboard(named name: String) -> Storyboard? {
    guard let storyboard = storyboards[name], !storyboard.isNib else { return nil }
    return storyboard
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
    storyboardClass.addMethod(Selector("initWithName:bundle:"), .native(initializer))
    storyboardClass.addMethod(Selector("init"), .native(initializer))
    storyboardClass.addMethod("instantiateInitialViewController") { message in
      let device = message.device
      let name = try message.receiver(as: UIStoryboard.self).name
      guard let storyboard = device.storyboard(named: name) else { return .nil }
      return try device.instantiateInitialViewController(
        of: storyboard, object: message.receiver as? UIStoryboard
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
      return .object(try device.instantiate(scene, of: StoryboardSource(object)))
    }
  }
}

extension Device {
  /// `instantiateInitialViewController`: `initWithCoder:` for each controller, relationship
  /// children included, then `awakeFromNib` (§1.1 step 3). No entry point is a log, not a crash.
  func instantiateInitialViewController(
    of storyboard: Storyboard, object: UIStoryboard? = nil, category: String = "Application"
  ) throws -> UIViewController? {
    guard let scene = storyboard.initialViewController else {
      // §7.5: the scene path uses the same text, with the category WindowScene.
      log(
        "[\(category)] Failed to instantiate the default view controller for UIMainStoryboardFile '\(storyboard.name)' - perhaps the designated entry point is not set?"
      )
      return nil
    }
    return try instantiate(
      scene, of: object.map(StoryboardSource.init) ?? StoryboardSource(name: storyboard.name))
  }

  /// A scene's controller and its relationship children, each with `initWithCoder:`, then
  /// `awakeFromNib` to every one of them (§1.1 step 3). Each controller keeps `storyboard`,
  /// the storyboard that made it (another one's, through a reference).
  func instantiate(_ scene: Storyboard.Scene, of storyboard: StoryboardSource) throws
    -> UIViewController
  {
    var decoded: [UIViewController] = []
    var following: [Storyboard.Reference] = []
    let root = try decode(scene, of: storyboard, into: &decoded, following: &following)
    for controller in decoded { try deliver(Selector("awakeFromNib"), to: controller) }
    return root
  }

  /// Decodes `scene` and its relationship children. A storyboard reference among them is
  /// followed now, as UIKit instantiates what it embeds (§1.1 step 3); `following` holds the
  /// references on the way here, so a loop of them is an error rather than endless.
  private func decode(
    _ scene: Storyboard.Scene, of storyboard: StoryboardSource,
    into decoded: inout [UIViewController], following: inout [Storyboard.Reference],
    depth: Int = 1
  ) throws -> UIViewController {
    if let reference = scene.reference {
      let target = try referencedScene(reference, following: following)
      following.append(reference)
      defer { following.removeLast() }
      return try decode(
        target, of: StoryboardSource(name: reference.storyboardName), into: &decoded,
        following: &following, depth: depth)
    }
    // Each storyboard is bounded when it is read; references chain them, so bound the whole.
    guard depth <= Storyboard.maximumDepth, decoded.count < Storyboard.maximumControllers else {
      let place = following.last?.place.map { " (through the storyboard reference at \($0))" }
      let excess =
        depth > Storyboard.maximumDepth
        ? "embed view controllers more than \(Storyboard.maximumDepth) levels deep"
        : "make more than \(Storyboard.maximumControllers) view controllers"
      throw LifecycleError("instantiating \(scene.className)\(place ?? "") would \(excess)")
    }
    var cls = runtime.classNamed(scene.className)
    let viewController = runtime.classNamed("UIViewController")!
    if cls == nil || !(cls!.isSubclass(of: viewController)) {
      // INFERRED wording of Interface Builder's console message; UIKit falls back to the
      // storyboard's base class.
      log("Unknown class \(scene.className) in Interface Builder file.")
      cls = viewController
    }
    let controller = runtime.allocate(cls!) as! UIViewController
    controller.storyboard = storyboard
    controller.storyboardScene = scene
    // Decoded from the nib with the controller, before initWithCoder: returns (INFERRED).
    if let identifier = scene.restorationIdentifier {
      controller.instanceVariables["restorationIdentifier"] = .string(identifier)
    }
    record(.created(className: cls!.name))
    try deliver(Selector("initWithCoder:"), to: controller, [.nil])
    decoded.append(controller)
    // The children are set together: appending one at a time would set them again on every
    // append, quadratic in a tab bar controller's tabs.
    var children: [UIViewController] = []
    children.reserveCapacity(scene.children.count)
    for child in scene.children {
      children.append(
        try decode(
          child, of: storyboard, into: &decoded, following: &following, depth: depth + 1))
    }
    controller.children = children
    return controller
  }

  /// The controller a storyboard reference stands for, found by the storyboard's name among
  /// the app's storyboards (`storyboards`, however they were registered). A missing storyboard
  /// or Storyboard ID is UIKit's exception for it, with the reference's place as its origin
  /// (Documentation/UIKit/windows-and-view-controllers.md#storyboard-references).
  func referencedScene(_ reference: Storyboard.Reference, following: [Storyboard.Reference])
    throws -> Storyboard.Scene
  {
    let place = reference.place.map { " at \($0)" } ?? ""
    if let bundle = reference.bundleIdentifier {
      throw LifecycleError(
        "the storyboard reference\(place) names the storyboard \(reference.storyboardName) of the bundle \(bundle); lifescript models only the app's own bundle, so declare that storyboard in the app (Storyboard \"\(reference.storyboardName).storyboard\") and drop bundleIdentifier"
      )
    }
    let key = { (other: Storyboard.Reference) in
      other.storyboardName == reference.storyboardName && other.identifier == reference.identifier
    }
    if let start = following.firstIndex(where: key) {
      let loop = following[start...].map { step in
        "\(step.place ?? "a reference") refers to \(step.storyboardName)"
          + (step.identifier.map { " '\($0)'" } ?? "")
      }
      throw LifecycleError(
        "storyboard references loop: \(loop.joined(separator: ", ")), and so on; UIKit follows them at launch (relationship segues) and would instantiate them until the app ran out of stack"
      )
    }
    let origin = "the storyboard reference\(place)"
    guard let storyboard = storyboard(named: reference.storyboardName) else {
      // The same exception as a missing main storyboard (§7.5, INFERRED for a reference).
      throw ObjCException(
        .invalidArgument,
        "Could not find a storyboard named '\(reference.storyboardName)' in bundle NSBundle <main>",
        origin: origin
          + ": the app has no storyboard named \(reference.storyboardName); declare it with Storyboard \"path/\(reference.storyboardName).storyboard\""
      )
    }
    guard let identifier = reference.identifier else {
      guard let initial = storyboard.initialViewController else {
        throw LifecycleError(
          "the storyboard reference\(place) stands for the initial view controller of \(storyboard.fileName), which has none; set its entry point or a referencedIdentifier"
        )
      }
      return initial
    }
    guard let scene = storyboard.identifiedViewControllers[identifier] else {
      let object = runtime.allocate(runtime.classNamed("UIStoryboard")!)
      // UIKit's reason for an unknown Storyboard ID (`instantiateViewControllerWithIdentifier:`).
      throw ObjCException(
        .invalidArgument,
        "Storyboard (<UIStoryboard: \(object.address)>) doesn't contain a view controller with identifier '\(identifier)'",
        origin: origin)
    }
    return scene
  }
}
