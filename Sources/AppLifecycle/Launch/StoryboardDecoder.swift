import XcodeFiles

/// A storyboard's view controllers as UIKit decodes them (§1.1 step 3): each controller of a
/// scene and its relationship children with `initWithCoder:`, then `awakeFromNib` to every one
/// of them, storyboard references followed on the way.
struct StoryboardDecoder {
  let device: Device
  /// The controllers decoded so far, in order.
  private var decoded: [UIViewController] = []
  /// The references on the way to the scene being decoded, so a loop of them is an error
  /// rather than endless.
  private var following: [Storyboard.Reference] = []

  private init(_ device: Device) { self.device = device }

  /// `instantiateInitialViewController`: `initWithCoder:` for each controller, relationship
  /// children included, then `awakeFromNib` (§1.1 step 3). No entry point is a log, not a crash.
  static func instantiateInitialViewController(
    of storyboard: Storyboard, object: UIStoryboard? = nil, category: String = "Application",
    on device: Device
  ) throws -> UIViewController? {
    guard let scene = storyboard.initialViewController else {
      // §7.5: the scene path uses the same text, with the category WindowScene.
      device.log(
        "[\(category)] Failed to instantiate the default view controller for UIMainStoryboardFile '\(storyboard.name)' - perhaps the designated entry point is not set?"
      )
      return nil
    }
    return try instantiate(
      scene, of: object.map(StoryboardSource.init) ?? StoryboardSource(name: storyboard.name),
      on: device)
  }

  /// A scene's controller and its relationship children, each with `initWithCoder:`, then
  /// `awakeFromNib` to every one of them (§1.1 step 3). Each controller keeps `storyboard`,
  /// the storyboard that made it (another one's, through a reference).
  static func instantiate(
    _ scene: Storyboard.Scene, of storyboard: StoryboardSource, on device: Device
  ) throws -> UIViewController {
    var decoder = StoryboardDecoder(device)
    let root = try decoder.decode(scene, of: storyboard)
    for controller in decoder.decoded {
      try device.deliver(UIKitSelector.awakeFromNib, to: controller)
    }
    return root
  }

  /// Decodes `scene` and its relationship children. A storyboard reference among them is
  /// followed now, as UIKit instantiates what it embeds (§1.1 step 3).
  private mutating func decode(
    _ scene: Storyboard.Scene, of storyboard: StoryboardSource, depth: Int = 1
  ) throws -> UIViewController {
    if let reference = scene.reference {
      let target = try referencedScene(reference, following: following)
      following.append(reference)
      defer { following.removeLast() }
      return try decode(
        target, of: StoryboardSource(name: reference.storyboardName), depth: depth)
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
    let runtime = device.runtime
    var cls = runtime.classNamed(scene.className)
    let viewController = runtime.classNamed("UIViewController")!
    if cls == nil || !(cls!.isSubclass(of: viewController)) {
      // INFERRED wording of Interface Builder's console message; UIKit falls back to the
      // storyboard's base class.
      device.log("Unknown class \(scene.className) in Interface Builder file.")
      cls = viewController
    }
    let controller = runtime.allocate(cls!) as! UIViewController
    controller.storyboard = storyboard
    controller.storyboardScene = scene
    // Decoded from the nib with the controller, before initWithCoder: returns (INFERRED).
    if let identifier = scene.restorationIdentifier {
      controller.instanceVariables["restorationIdentifier"] = .string(identifier)
    }
    device.record(.created(className: cls!.name))
    try device.deliver(UIKitSelector.initWithCoder, to: controller, [.nil])
    decoded.append(controller)
    // The children are set together: appending one at a time would set them again on every
    // append, quadratic in a tab bar controller's tabs.
    var children: [UIViewController] = []
    children.reserveCapacity(scene.children.count)
    for child in scene.children {
      children.append(
        try decode(child, of: storyboard, depth: depth + 1))
    }
    controller.children = children
    return controller
  }

  /// The controller a storyboard reference stands for, found by the storyboard's name among
  /// the app's storyboards (`storyboards`, however they were registered). A missing storyboard
  /// or Storyboard ID is UIKit's exception for it, with the reference's place as its origin
  /// (Documentation/UIKit/windows-and-view-controllers.md#storyboard-references).
  private func referencedScene(
    _ reference: Storyboard.Reference, following: [Storyboard.Reference]
  ) throws -> Storyboard.Scene {
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
    guard let storyboard = device.storyboard(named: reference.storyboardName) else {
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
      let object = device.runtime.allocate(device.runtime.classNamed("UIStoryboard")!)
      // UIKit's reason for an unknown Storyboard ID (`instantiateViewControllerWithIdentifier:`).
      throw ObjCException(
        .invalidArgument,
        "Storyboard (<UIStoryboard: \(object.address)>) doesn't contain a view controller with identifier '\(identifier)'",
        origin: origin)
    }
    return scene
  }
}
