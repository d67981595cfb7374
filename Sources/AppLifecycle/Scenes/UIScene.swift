/// `UIScene` / `UIWindowScene`: one instance of the app's UI, with its delegate and session.
public final class UIScene: UIResponder {
  /// The scene's number, as the life-cycle machine knows it.
  var sceneID = 0
  public internal(set) var delegate: RuntimeObject? {
    get { delegateObject }
    set { delegateObject = newValue }
  }
  // Private storage: every scene-delegate callback reads the delegate, and a public stored
  // property keeps a run-time exclusivity check on each read.
  private var delegateObject: RuntimeObject?
  public internal(set) var session: UISceneSession?
  /// The scene's windows the app still references.
  public var windows: [UIWindow] { windowList.windows }
  var windowList = WindowList()
  /// What the system handed the scene when it connected.
  var connectionOptions: UISceneConnectionOptions?
  /// The window of the scene's storyboard, shown once the scene has connected (§3.1 step 11).
  var storyboardWindow: UIWindow?
}

/// `UISceneSession`: what persists of a scene: its identifier, role and configuration.
public final class UISceneSession: RuntimeObject {
  /// The session's number, as the life-cycle machine knows it.
  var number = 0
  public internal(set) var persistentIdentifier = ""
  /// The system gives a session its role when it makes it, before the app delegate chooses a
  /// configuration for it: Xcode's template passes `connectingSceneSession.role` to
  /// `UISceneConfiguration(name:sessionRole:)`
  /// (Documentation/UIKit/scenes.md#scene-sessions-after-the-launch, point 1).
  public internal(set) var role = SceneManifest.applicationRole
  public internal(set) var configuration: UISceneConfiguration?
  public internal(set) weak var scene: UIScene?
  /// The activity the scene delegate gave when the scene last went to the background (§10.2).
  public internal(set) var stateRestorationActivity: RuntimeValue = .nil
}

/// `UIScene.ConnectionOptions`: what the system hands a connecting scene. Empty for a launch
/// from the home screen; URLs, shortcut items and user activities fill it when they launch the
/// app.
public final class UISceneConnectionOptions: RuntimeObject {
  public internal(set) var urlContexts: [RuntimeValue] = []
  public internal(set) var sourceApplication: RuntimeValue = .nil
  public internal(set) var shortcutItem: RuntimeValue = .nil
  public internal(set) var userActivities: [RuntimeValue] = []
  public internal(set) var handoffUserActivityType: RuntimeValue = .nil
  public internal(set) var notificationResponse: RuntimeValue = .nil
}

/// `UISceneConfiguration`: name, role, delegate class, scene class and storyboard of a scene.
public final class UISceneConfiguration: RuntimeObject {
  public internal(set) var configuration = SceneConfiguration(
    name: nil, sessionRole: SceneManifest.applicationRole)
}

extension UIScene {
  static func define(in runtime: Runtime, superclass responder: RuntimeClass) throws {
    let scene = try runtime.defineClass(
      "UIScene", superclass: responder, allocator: { UIScene(isa: $0, identifier: $1) })
    scene.addProperty(
      "delegate", get: { try $0.receiver(as: UIScene.self).delegate.map { .object($0) } ?? .nil },
      set: { try $0.receiver(as: UIScene.self).delegate = $0.argument(0).object })
    scene.addProperty("session") {
      try $0.receiver(as: UIScene.self).session.map { .object($0) } ?? .nil
    }
    scene.addProperty("activationState") { message in
      .string(try message.receiver(as: UIScene.self).activationStateName)
    }
    let windowScene = try runtime.defineClass("UIWindowScene", superclass: scene)
    windowScene.addProperty("windows") { message in
      let device = message.device
      device.host.releaseUnreferencedObjects()
      return .array(try message.receiver(as: UIScene.self).windows.map { .object($0) })
    }
    windowScene.addProperty("coordinateSpace") { message in
      let device = message.device
      return .object(device.mainScreen)
    }

    let session = try runtime.defineClass(
      "UISceneSession", superclass: nil, allocator: { UISceneSession(isa: $0, identifier: $1) })
    session.addProperty("persistentIdentifier") {
      .string(try $0.receiver(as: UISceneSession.self).persistentIdentifier)
    }
    session.addProperty("role") { .string(try $0.receiver(as: UISceneSession.self).role) }
    session.addProperty("configuration") {
      try $0.receiver(as: UISceneSession.self).configuration.map { .object($0) } ?? .nil
    }
    session.addProperty("scene") {
      try $0.receiver(as: UISceneSession.self).scene.map { .object($0) } ?? .nil
    }
    session.addProperty(
      "stateRestorationActivity",
      get: { try $0.receiver(as: UISceneSession.self).stateRestorationActivity },
      set: { try $0.receiver(as: UISceneSession.self).stateRestorationActivity = $0.argument(0) })

    let options = try runtime.defineClass(
      "UISceneConnectionOptions", superclass: nil,
      allocator: { UISceneConnectionOptions(isa: $0, identifier: $1) })
    options.addProperty("urlContexts") {
      .array(try $0.receiver(as: UISceneConnectionOptions.self).urlContexts)
    }
    options.addProperty("URLContexts") {
      .array(try $0.receiver(as: UISceneConnectionOptions.self).urlContexts)
    }
    options.addProperty("sourceApplication") {
      try $0.receiver(as: UISceneConnectionOptions.self).sourceApplication
    }
    options.addProperty("shortcutItem") {
      try $0.receiver(as: UISceneConnectionOptions.self).shortcutItem
    }
    options.addProperty("userActivities") {
      .array(try $0.receiver(as: UISceneConnectionOptions.self).userActivities)
    }
    options.addProperty("handoffUserActivityType") {
      try $0.receiver(as: UISceneConnectionOptions.self).handoffUserActivityType
    }
    options.addProperty("notificationResponse") {
      try $0.receiver(as: UISceneConnectionOptions.self).notificationResponse
    }

    let configuration = try runtime.defineClass(
      "UISceneConfiguration", superclass: nil,
      allocator: { UISceneConfiguration(isa: $0, identifier: $1) })
    // UISceneConfiguration(name:sessionRole:): resolved against the manifest, with its logs.
    configuration.addMethod("init") { message in
      let device = message.device
      let object = try message.receiver(as: UISceneConfiguration.self)
      let name: String? = if case .string(let text) = message.argument(0) { text } else { nil }
      let role: String =
        if case .string(let text) = message.argument(1) { text } else {
          SceneManifest.applicationRole
        }
      object.configuration = SceneManifest.configuration(
        named: name, role: role, in: device.sceneManifest, log: { device.log($0) })
      return .object(object)
    }
    configuration.addProperty("name") {
      try $0.receiver(as: UISceneConfiguration.self).configuration.name.map { .string($0) }
        ?? .nil
    }
    // UIKit's property is `role`; `sessionRole` is the initializer's label, kept for scripts.
    for property in ["role", "sessionRole"] {
      configuration.addProperty(property) {
        .string(try $0.receiver(as: UISceneConfiguration.self).configuration.sessionRole)
      }
    }
    // delegateClass and sceneClass: class objects in, class names kept.
    for (property, keyPath) in [
      ("delegateClass", \SceneConfiguration.delegateClassName),
      ("sceneClass", \SceneConfiguration.sceneClassName),
    ] {
      configuration.addProperty(
        property,
        get: { message in
          let device = message.device
          let name = try message.receiver(as: UISceneConfiguration.self).configuration[
            keyPath: keyPath]
          return name.flatMap { device.runtime.classNamed($0) }.map { .class($0) } ?? .nil
        },
        set: { message in
          guard case .class(let cls) = message.argument(0) else { return }
          try message.receiver(as: UISceneConfiguration.self).configuration[keyPath: keyPath] =
            cls.name
        })
    }
    // storyboard: a UIStoryboard, as UIKit has it.
    configuration.addProperty(
      "storyboard",
      get: { message in
        let device = message.device
        guard
          let name = try message.receiver(as: UISceneConfiguration.self).configuration
            .storyboardName,
          device.storyboard(named: name) != nil
        else { return .nil }
        let storyboard =
          device.runtime.allocate(device.runtime.classNamed("UIStoryboard")!) as! UIStoryboard
        storyboard.name = name
        return .object(storyboard)
      },
      set: { message in
        try message.receiver(as: UISceneConfiguration.self).configuration.storyboardName =
          (message.argument(0).object as? UIStoryboard)?.name
      })
    configuration.addProperty(
      "storyboardName",
      get: {
        try $0.receiver(as: UISceneConfiguration.self).configuration.storyboardName.map {
          .string($0)
        }
          ?? .nil
      },
      set: { message in
        let name: String? = if case .string(let text) = message.argument(0) { text } else { nil }
        try message.receiver(as: UISceneConfiguration.self).configuration.storyboardName = name
      })
  }
}

extension UIScene {
  /// `UIScene.ActivationState` as scripts read it; a scene that is not connected is unattached.
  var activationStateName: String {
    guard device.scenes[sceneID] === self else { return "unattached" }
    switch device.machine.activationState(ofScene: sceneID) {
    case .foregroundActive: return "foregroundActive"
    case .foregroundInactive: return "foregroundInactive"
    case .background: return "background"
    case .unattached, nil: return "unattached"
    }
  }
}
