extension Device {
  /// Reference §3.1 (scene with storyboard), §3.2 (without), §14 C and D, for the application
  /// role's first scene.
  func runSceneLaunchSequence(_ application: UIApplication) throws {
    application.sceneAggregate = { [unowned self] in sceneAggregate }
    warnAboutDelegateMethodsScenesMakeDead(application)
    // §3.1 steps 2-4: "If the app supports scenes, this is nil" for the launch options.
    let arguments: [RuntimeValue] = [.object(application), .nil]
    try deliverIfImplemented(
      Selector("application:willFinishLaunchingWithOptions:"), to: application.delegate, arguments)
    try deliverIfImplemented(
      Selector("application:didFinishLaunchingWithOptions:"), to: application.delegate, arguments)
    try post("UIApplicationDidFinishLaunchingNotification")
    // §3.1 step 5: sessions discarded while the app was not running (slot INFERRED).
    if !discardedSessionIdentifiers.isEmpty {
      let sessions = discardedSessionIdentifiers.map { identifier -> RuntimeValue in
        let session = runtime.allocate(runtime.classNamed("UISceneSession")!) as! UISceneSession
        session.persistentIdentifier = identifier
        return .object(session)
      }
      discardedSessionIdentifiers = []
      try deliverIfImplemented(
        Selector("application:didDiscardSceneSessions:"), to: application.delegate,
        [.object(application), .array(sessions)])
    }
    // Sessions that survived the last process (the system ended it in the background) reconnect;
    // otherwise a new session connects.
    let surviving = survivingSessions
    survivingSessions = []
    if surviving.isEmpty {
      try connectScene(for: application)
    } else {
      for session in surviving { try connectScene(for: application, session: session) }
    }
    // The process is now in the foreground; with scenes the app delegate's state methods are
    // not called (§3.5), so the legacy machine only keeps the process state.
    _ = application.stateMachine.finishLaunching(inForeground: true)
  }

  /// Connects a scene for the application role: for a new session, UIKit asks for its
  /// configuration; an existing session reconnects with the one it has (§3.3, INFERRED). Then
  /// the scene, its delegate, the storyboard window, connection, foreground and activation.
  @discardableResult
  func connectScene(for application: UIApplication, session existing: UISceneSession? = nil)
    throws -> UIScene
  {
    let session: UISceneSession
    let configuration: SceneConfiguration
    // §6.2: a scene that connects for a URL, quick action or activity gets it in its options,
    // which UIKit also hands configurationForConnecting.
    let request = pendingLaunchRequest
    pendingLaunchRequest = nil
    let sceneOptions = connectionOptions(for: request)
    if let existing, let known = existing.configuration {
      session = existing
      configuration = known.configuration
    } else {
      session = runtime.allocate(runtime.classNamed("UISceneSession")!) as! UISceneSession
      session.persistentIdentifier = "SESSION-\(nextSceneID)"
      configuration = try configurationForConnecting(
        session, options: sceneOptions, application: application)
      let wrapper =
        runtime.allocate(runtime.classNamed("UISceneConfiguration")!) as! UISceneConfiguration
      wrapper.configuration = configuration
      session.configuration = wrapper
    }

    // §3.1 step 7: the scene (UISceneClassName, default UIWindowScene), then its delegate.
    let scene = try create(sceneClass(for: configuration)) as! UIScene
    scene.sceneID = nextSceneID
    nextSceneID += 1
    scene.session = session
    session.scene = scene
    scenes[scene.sceneID] = scene
    sceneAggregate.add(scene.sceneID)
    if let delegateClass = delegateClass(for: configuration) {
      scene.delegate = try create(delegateClass)
    }
    // §3.1 step 8.
    var storyboardWindow: UIWindow?
    if let name = configuration.storyboardName {
      storyboardWindow = try loadStoryboardWindow(named: name, for: scene, configuration)
    }
    // §3.1 steps 9-10: willConnect, then its notification; a window made visible inside it is
    // shown at once (§3.2).
    connectingScene = scene
    defer { connectingScene = nil }
    try perform(
      sceneAggregate.connect(scene.sceneID), scene: scene,
      arguments: [.object(scene), .object(session), .object(sceneOptions)])
    connectingScene = nil
    // §3.1 step 11: the deferred initial window update shows the storyboard window: the root
    // view loads, and will appear (INFERRED).
    let showStoryboardWindow = { [self] in
      guard let window = storyboardWindow, let root = window.rootViewController else { return }
      window.isKeyWindow = true
      window.isHidden = false
      try loadViewIfNeeded(root)
      try deliver(Selector("viewWillAppear:"), to: root, [.bool(false)])
      awaitingDidAppear.append(root)
    }
    // §3.1 step 13, §10.2 restore step 2: "after scene connection, but before activation".
    let restore = { [self] in
      guard !session.stateRestorationActivity.isNil else { return }
      try deliverIfImplemented(
        Selector("scene:restoreInteractionStateWithUserActivity:"), to: scene.delegate,
        [.object(scene), session.stateRestorationActivity])
    }
    let enterForeground = { [self] in
      try perform(sceneAggregate.enterForeground(scene.sceneID), scene: scene)
    }
    let activate = { [self] in try perform(sceneAggregate.activate(scene.sceneID), scene: scene) }
    // §3.4, CONFLICTING: where the storyboard's view controller appears; §3.1 steps 14-16.
    switch options.sceneAppearance {
    case .duringConnection:
      try showStoryboardWindow()
      try restore()
      try enterForeground()
      try activate()
      try deliverAwaitedDidAppear()
    case .beforeActivation:
      try restore()
      try enterForeground()
      try showStoryboardWindow()
      try deliverAwaitedDidAppear()
      try activate()
    case .afterActivation:
      try restore()
      try enterForeground()
      try activate()
      try showStoryboardWindow()
      try deliverAwaitedDidAppear()
    }
    if let request { try deliverHandoffAfterConnection(request, scene: scene) }
    return scene
  }

  /// The connection options: empty for a launch from the home screen, else filled from the
  /// request (§6.2).
  private func connectionOptions(for request: SystemRequestObjects?) -> UISceneConnectionOptions {
    let options =
      runtime.allocate(runtime.classNamed("UISceneConnectionOptions")!)
      as! UISceneConnectionOptions
    if let request { fillConnectionOptions(options, from: request) }
    return options
  }

  func deliverAwaitedDidAppear() throws {
    let controllers = awaitingDidAppear
    awaitingDidAppear = []
    for controller in controllers {
      try deliver(Selector("viewDidAppear:"), to: controller, [.bool(false)])
    }
  }

  /// §3.1 step 6, §3.3: the app delegate's answer when it implements
  /// `application:configurationForConnectingSceneSession:options:`, else the manifest's default.
  private func configurationForConnecting(
    _ session: UISceneSession, options: UISceneConnectionOptions, application: UIApplication
  ) throws -> SceneConfiguration {
    let selector = Selector("application:configurationForConnectingSceneSession:options:")
    if lifecycle == .scenes, sceneManifest == nil,
      application.delegate.map({ runtime.responds($0, to: selector) }) != true
    {
      // A legacy app given scenes: what TN3187's migration produces, with the main storyboard.
      return SceneConfiguration(
        name: "Default Configuration", sessionRole: SceneManifest.applicationRole,
        delegateClassName: try migrationSceneDelegateClass().name,
        storyboardName: info.string("UIMainStoryboardFile"))
    }
    guard let delegate = application.delegate, runtime.responds(delegate, to: selector) else {
      return SceneManifest.configuration(
        named: nil, role: SceneManifest.applicationRole, in: sceneManifest,
        log: { log($0) })
    }
    let answer = try deliver(
      selector, to: delegate, [.object(application), .object(session), .object(options)])
    guard case .object(let object as UISceneConfiguration) = answer else {
      // Swift would not compile this; Objective-C would crash on the nil configuration.
      throw LifecycleError(
        "\(delegate.isa.name).application:configurationForConnectingSceneSession:options: must return a UISceneConfiguration"
      )
    }
    return object.configuration
  }

  /// The pass-through scene delegate of a forced scene life cycle, defined on first use.
  private func migrationSceneDelegateClass() throws -> RuntimeClass {
    if let known = runtime.classNamed(Device.migrationSceneDelegate) { return known }
    let cls = try runtime.defineClass(
      Device.migrationSceneDelegate, superclass: runtime.classNamed("UIResponder"),
      protocols: ["UIWindowSceneDelegate"])
    cls.declareProperty("window")
    for selector in [
      "scene:willConnectToSession:options:", "sceneDidDisconnect:", "sceneDidBecomeActive:",
      "sceneWillResignActive:", "sceneWillEnterForeground:", "sceneDidEnterBackground:",
    ] {
      cls.addMethod(selector) { _ in .nil }
    }
    return cls
  }

  /// `UISceneClassName`, checked as UIKit checks it (§7.6); UIWindowScene otherwise.
  private func sceneClass(for configuration: SceneConfiguration) -> RuntimeClass {
    let windowScene = runtime.classNamed("UIWindowScene")!
    guard let name = configuration.sceneClassName else { return windowScene }
    let prefix =
      "[SceneConfiguration] Info.plist configuration \"\(configuration.displayName)\" for \(configuration.sessionRole)"
    guard let cls = runtime.classNamed(name) else {
      log(
        "\(prefix) contained UISceneClassName key, but could not load class with name \"\(name)\".")
      return windowScene
    }
    guard cls.isSubclass(of: runtime.classNamed("UIScene")!) else {
      log("\(prefix) contained UISceneClassName, \"\(name)\", but it is not a subclass of UIScene.")
      return windowScene
    }
    return cls
  }

  /// `UISceneDelegateClassName`, checked as UIKit checks it (§7.6); no delegate when it fails.
  private func delegateClass(for configuration: SceneConfiguration) -> RuntimeClass? {
    guard let name = configuration.delegateClassName else { return nil }
    let prefix =
      "[SceneConfiguration] Info.plist configuration \"\(configuration.displayName)\" for \(configuration.sessionRole)"
    guard let cls = runtime.classNamed(name) else {
      log(
        "\(prefix) contained UISceneDelegateClassName key, but could not load class with name \"\(name)\"."
      )
      return nil
    }
    guard cls.conforms(to: "UISceneDelegate") || cls.conforms(to: "UIWindowSceneDelegate") else {
      log(
        "\(prefix) contained UISceneDelegateClassName, \"\(name)\", but it does not conform to the UISceneDelegate protocol."
      )
      return nil
    }
    return cls
  }

  /// §3.1 step 8: the initial view controller first, then the delegate's window (created and
  /// assigned when nil), then the root view controller; with §7.5's and §7.6's messages.
  private func loadStoryboardWindow(
    named name: String, for scene: UIScene, _ configuration: SceneConfiguration
  ) throws -> UIWindow? {
    guard let storyboard = storyboards[name] else {
      log(
        "[SceneConfiguration] Info.plist configuration \"\(configuration.displayName)\" for \(configuration.sessionRole) contained UIMainStoryboardFile key, but could not find storyboard with name \(name)."
      )
      return nil
    }
    guard
      let controller = try instantiateInitialViewController(of: storyboard, category: "WindowScene")
    else { return nil }
    guard let delegate = scene.delegate else {
      log(
        "[WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file."
      )
      return nil
    }
    var window: UIWindow?
    if runtime.responds(delegate, to: Selector("window")) {
      window = try deliver(Selector("window"), to: delegate).object as? UIWindow
      window?.windowScene = scene
    }
    if window == nil {
      guard runtime.responds(delegate, to: Selector("setWindow:")) else {
        log(
          "[WindowScene] The scene delegate must implement the window property if it wants to use a main storyboard file."
        )
        return nil
      }
      let created = try create(runtime.classNamed("UIWindow")!, [.object(scene)]) as! UIWindow
      try deliver(Selector("setWindow:"), to: delegate, [.object(created)])
      window = created
    }
    try deliver(Selector("setRootViewController:"), to: window!, [.object(controller)])
    return window
  }

  /// §10.2 save: when a scene has gone to the background (timing INFERRED), its delegate's
  /// activity becomes the session's, and `scene:didUpdateUserActivity:` follows.
  func saveStateRestorationActivity(of scene: UIScene) throws {
    guard let session = scene.session,
      let activity = try deliverIfImplemented(
        Selector("stateRestorationActivityForScene:"), to: scene.delegate, [.object(scene)])
    else { return }
    session.stateRestorationActivity = activity
    if !activity.isNil {
      try deliverIfImplemented(
        Selector("scene:didUpdateUserActivity:"), to: scene.delegate, [.object(scene), activity])
    }
  }

  /// Performs scene actions: scene-delegate calls (with the scene, or `arguments`), UIScene
  /// notifications with the scene as object, and UIApplication notifications.
  func perform(
    _ actions: [SceneAggregate.Action], scene: UIScene, arguments: [RuntimeValue]? = nil
  ) throws {
    for action in actions {
      switch action {
      case .scene(_, .callDelegate(let selector)):
        try deliverIfImplemented(selector, to: scene.delegate, arguments ?? [.object(scene)])
      case .scene(_, .post(let name)):
        try post(name, object: scene)
      case .postApplication(let name):
        try post(name)
      }
    }
  }

  /// §3.5: with scenes UIKit no longer calls these app-delegate methods, even if implemented.
  private func warnAboutDelegateMethodsScenesMakeDead(_ application: UIApplication) {
    guard let delegate = application.delegate else { return }
    // TN3187's mapping, the table migrate-check uses too.
    let replacements = LifecycleComparison.moves
    for (dead, replacement) in replacements where runtime.responds(delegate, to: Selector(dead)) {
      warnOnce(
        "warning: \(delegate.isa.name) implements \(dead), which UIKit does not call when the app uses scenes (reference §3.5); implement \(replacement) in the scene delegate instead"
      )
    }
  }
}
