extension Device {
  /// §3.1 step 6, §3.3: the session of a connecting scene. An existing one keeps the
  /// configuration it has (INFERRED); a new one gets the app delegate's answer to
  /// `application:configurationForConnectingSceneSession:options:`, else the manifest's
  /// default. The connection options carry the request the scene connects for (§6.2), which
  /// UIKit also hands `configurationForConnecting`, or the activity of the app's
  /// `requestSceneSessionActivation`.
  func prepareSession(scene id: Int, session number: Int, isNew: Bool, request: Bool) throws {
    let application = try runningApplication()
    let options =
      runtime.allocate(runtime.classNamed("UISceneConnectionOptions")!)
      as! UISceneConnectionOptions
    if request { try currentRequest().fill(options) }
    // The app's requestSceneSessionActivation: its activity is in userActivities (§3.7 point 2),
    // for this connection only.
    if let activity = delivery.sceneActivationUserActivity, !activity.isNil {
      options.userActivities.append(activity)
    }
    delivery.sceneActivationUserActivity = nil
    let session: UISceneSession
    if !isNew, let existing = install.sessions[number], existing.configuration != nil {
      session = existing
    } else {
      session = runtime.allocate(runtime.classNamed("UISceneSession")!) as! UISceneSession
      session.number = number
      session.persistentIdentifier = "SESSION-\(number)"
      let configuration = try configurationForConnecting(
        session, options: options, application: application)
      let wrapper =
        runtime.allocate(runtime.classNamed("UISceneConfiguration")!) as! UISceneConfiguration
      wrapper.configuration = configuration
      session.configuration = wrapper
    }
    install.sessions[number] = session
    process.connecting = (id, session, options)
  }

  /// §3.1 step 7: the scene (UISceneClassName, default UIWindowScene), then its delegate.
  func createScene(_ id: Int) throws {
    guard let (sceneID, session, options) = process.connecting, sceneID == id,
      let configuration = session.configuration?.configuration
    else {
      throw LifecycleError("lifescript: scene \(id) was created before its session")
    }
    process.connecting = nil
    let scene = try create(sceneClass(for: configuration)) as! UIScene
    scene.sceneID = id
    scene.session = session
    scene.connectionOptions = options
    session.scene = scene
    process.scenes[id] = scene
    delivery.latestScene = scene
    if let delegateClass = delegateClass(for: configuration) {
      scene.delegate = try create(delegateClass)
    }
  }

  /// `viewDidAppear:` for the view controllers that appeared while a scene connected (§3.1 step
  /// 16).
  func deliverAwaitedDidAppear() throws {
    let controllers = process.awaitingDidAppear
    process.awaitingDidAppear = []
    for controller in controllers {
      try controller.layOut()
      try controller.endAppearance()
    }
  }

  /// §3.1 step 11: the deferred initial window update shows the storyboard window: the root
  /// view loads, and will appear (INFERRED).
  func showStoryboardWindow(of scene: UIScene) throws {
    guard let window = scene.storyboardWindow, let root = window.rootViewController else { return }
    window.isKeyWindow = true
    window.isHidden = false
    try root.beginAppearance(appearing: true, animated: false)
    process.awaitingDidAppear.append(root)
  }

  /// §3.1 step 13, §10.2 restore step 2: the session's state restoration activity, if it has
  /// one, "after scene connection, but before activation".
  func restoreInteractionState(of scene: UIScene) throws {
    guard let session = scene.session, !session.stateRestorationActivity.isNil else { return }
    try deliverIfImplemented(
      UIKitSelector.sceneRestoreInteractionStateWithUserActivity, to: scene.delegate,
      [.object(scene), session.stateRestorationActivity])
  }

  /// §3.1 step 5: sessions discarded while the app was not running, reported at launch.
  func reportDiscardedSessions(_ numbers: [Int]) throws {
    let application = try runningApplication()
    let sessions = numbers.map { number -> RuntimeValue in
      let session = runtime.allocate(runtime.classNamed("UISceneSession")!) as! UISceneSession
      session.number = number
      session.persistentIdentifier = "SESSION-\(number)"
      return .object(session)
    }
    try deliverIfImplemented(
      UIKitSelector.applicationDidDiscardSceneSessions, to: application.delegate,
      [.object(application), .array(sessions)])
  }

  /// §5.2: the session of a window the user closed, discarded while the process goes on.
  func reportDiscardedSession(_ number: Int) throws {
    let application = try runningApplication()
    let session = install.sessions.removeValue(forKey: number)
    try deliverIfImplemented(
      UIKitSelector.applicationDidDiscardSceneSessions, to: application.delegate,
      [.object(application), .array(session.map { [.object($0)] } ?? [])])
  }

  /// `requestSceneSessionActivation`'s error handler: the app cannot have another scene.
  func failSceneActivationRequest() throws {
    guard let handler = delivery.sceneActivationErrorHandler, !handler.isNil else { return }
    try host.call(
      handler,
      [
        .dictionary([
          "domain": .string("UISceneErrorDomain"), "code": .int(0),
          "name": .string("UISceneErrorCodeMultipleScenesNotSupported"),
        ])
      ])
  }

  /// §3.1 step 6, §3.3: the app delegate's answer when it implements
  /// `application:configurationForConnectingSceneSession:options:`, else the manifest's default.
  private func configurationForConnecting(
    _ session: UISceneSession, options: UISceneConnectionOptions, application: UIApplication
  ) throws -> SceneConfiguration {
    let selector = UIKitSelector.applicationConfigurationForConnectingSceneSessionOptions
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
      if let delegate = application.delegate {
        // The manifest answers instead; --trace-all shows why the method never came.
        record(.skipped(receiverClass: delegate.isa.name, selector: selector))
      }
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
  /// assigned when nil), then the root view controller; with §7.5's and §7.6's messages. The
  /// window appears later (`showStoryboardWindow`).
  func loadStoryboardWindow(for scene: UIScene) throws {
    guard let configuration = scene.session?.configuration?.configuration,
      let name = configuration.storyboardName
    else { return }
    guard let storyboard = storyboard(named: name) else {
      log(
        "[SceneConfiguration] Info.plist configuration \"\(configuration.displayName)\" for \(configuration.sessionRole) contained UIMainStoryboardFile key, but could not find storyboard with name \(name)."
      )
      return
    }
    guard
      let controller = try StoryboardDecoder.instantiateInitialViewController(
        of: storyboard, category: "WindowScene", on: self)
    else { return }
    guard let delegate = scene.delegate else {
      log(
        "[WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file."
      )
      return
    }
    var window: UIWindow?
    if runtime.responds(delegate, to: UIKitSelector.window) {
      window = try deliver(UIKitSelector.window, to: delegate).object as? UIWindow
      window?.windowScene = scene
    }
    if window == nil {
      guard runtime.responds(delegate, to: UIKitSelector.setWindow) else {
        log(
          "[WindowScene] The scene delegate must implement the window property if it wants to use a main storyboard file."
        )
        return
      }
      let created = try create(runtime.classNamed("UIWindow")!, [.object(scene)]) as! UIWindow
      try deliver(UIKitSelector.setWindow, to: delegate, [.object(created)])
      window = created
    }
    guard let window else { return }
    try deliver(UIKitSelector.setRootViewController, to: window, [.object(controller)])
    scene.storyboardWindow = window
  }

  /// §10.2 save: when a scene has gone to the background (timing INFERRED), its delegate's
  /// activity becomes the session's; before it is archived the activity's delegate and the
  /// responders that manage it bring it up to date (§10.3 item 6), then
  /// `scene:didUpdateUserActivity:` follows.
  func saveStateRestorationActivity(of scene: UIScene) throws {
    guard let session = scene.session,
      let activity = try deliverIfImplemented(
        UIKitSelector.stateRestorationActivityForScene, to: scene.delegate, [.object(scene)])
    else { return }
    session.stateRestorationActivity = activity
    guard !activity.isNil else { return }
    // A script may hand back a plain table: it has no delegate and no responder manages it.
    if let object = activity.object {
      try deliverIfImplemented(
        UIKitSelector.userActivityWillSave, to: object.instanceVariables["delegate"]?.object,
        [activity])
      for responder in responders(of: scene)
      where responder.instanceVariables["userActivity"]?.object === object {
        try responder.deliverIfOverridden(UIKitSelector.updateUserActivityState, [activity])
      }
    }
    try deliverIfImplemented(
      UIKitSelector.sceneDidUpdateUserActivity, to: scene.delegate, [.object(scene), activity])
  }

  /// The responders of a scene in the order lifescript visits them (INFERRED): the view
  /// controllers of its windows from each root down, presented ones after their presenters,
  /// then the scene, its delegate, the application and the app delegate.
  private func responders(of scene: UIScene) -> [RuntimeObject] {
    UIApplication.viewControllers(in: scene.windows, loadedOnly: false) + [scene]
      + [scene.delegate, application, application?.delegate].compactMap { $0 }
  }

  /// §3.5: with scenes UIKit no longer calls these app-delegate methods, even if implemented.
  func warnAboutDelegateMethodsScenesMakeDead() {
    guard let delegate = application?.delegate else { return }
    // TN3187's mapping, the table migrate-check uses too.
    let replacements = LifecycleComparison.moves
    for (dead, replacement) in replacements where runtime.responds(delegate, to: Selector(dead)) {
      warnOnce(
        .sceneDeadMethod,
        "\(delegate.isa.name) implements \(dead), which UIKit does not call when the app uses scenes (see Documentation/UIKit/scenes.md#app-delegate-methods-with-scenes); implement \(replacement) in the scene delegate instead"
      )
    }
  }
}
