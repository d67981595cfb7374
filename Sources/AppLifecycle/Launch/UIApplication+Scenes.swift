import XcodeFiles

/// What the application does for the scenes that connect to it (§3): each session with its
/// configuration, the scene object and its delegate, and the sessions it hears were discarded
/// (§5.2).
extension UIApplication {
  /// §3.1 step 6, §3.3: the session of a connecting scene. An existing one keeps the
  /// configuration it has (INFERRED); a new one gets the app delegate's answer to
  /// `application:configurationForConnectingSceneSession:options:`, else the manifest's
  /// default. The connection options carry the request the scene connects for (§6.2), which
  /// UIKit also hands `configurationForConnecting`, or the activity of the app's
  /// `requestSceneSessionActivation`.
  func prepareSession(scene id: Int, session number: Int, isNew: Bool, request: Bool) throws {
    let device = self.device
    let runtime = device.runtime
    let options =
      runtime.allocate(runtime.classNamed("UISceneConnectionOptions")!)
      as! UISceneConnectionOptions
    if request { try device.currentRequest().fill(options) }
    // The app's requestSceneSessionActivation: its activity is in userActivities (§3.7 point 2),
    // for this connection only.
    if let activity = device.delivery.sceneActivationUserActivity, !activity.isNil {
      options.userActivities.append(activity)
    }
    device.delivery.sceneActivationUserActivity = nil
    let session: UISceneSession
    if !isNew, let existing = device.install.sessions[number], existing.configuration != nil {
      session = existing
    } else {
      session = runtime.allocate(runtime.classNamed("UISceneSession")!) as! UISceneSession
      session.number = number
      session.persistentIdentifier = "SESSION-\(number)"
      let configuration = try configurationForConnecting(session, options: options)
      let wrapper =
        runtime.allocate(runtime.classNamed("UISceneConfiguration")!) as! UISceneConfiguration
      wrapper.configuration = configuration
      session.configuration = wrapper
    }
    device.install.sessions[number] = session
    device.process.connecting = (id, session, options)
  }

  /// §3.1 step 7: the scene (UISceneClassName, default UIWindowScene), then its delegate.
  func createScene(_ id: Int) throws {
    let device = self.device
    guard let (sceneID, session, options) = device.process.connecting, sceneID == id,
      let configuration = session.configuration?.configuration
    else {
      // The machine creates a scene right after preparing its session.
      preconditionFailure("scene \(id) was created before its session")
    }
    device.process.connecting = nil
    let scene = try device.create(sceneClass(for: configuration)) as! UIScene
    scene.sceneID = id
    scene.session = session
    scene.connectionOptions = options
    session.scene = scene
    device.process.scenes[id] = scene
    device.delivery.latestScene = scene
    if let delegateClass = delegateClass(for: configuration) {
      scene.delegate = try device.create(delegateClass)
    }
  }

  /// §3.1 step 5: sessions discarded while the app was not running, reported at launch.
  func reportDiscardedSessions(_ numbers: [Int]) throws {
    let runtime = device.runtime
    let sessions = numbers.map { number -> RuntimeValue in
      let session = runtime.allocate(runtime.classNamed("UISceneSession")!) as! UISceneSession
      session.number = number
      session.persistentIdentifier = "SESSION-\(number)"
      return .object(session)
    }
    try device.deliverIfImplemented(
      UIKitSelector.applicationDidDiscardSceneSessions, to: delegate,
      [.object(self), .array(sessions)])
  }

  /// §5.2: the session of a window the user closed, discarded while the process goes on.
  func reportDiscardedSession(_ number: Int) throws {
    let session = device.install.sessions.removeValue(forKey: number)
    try device.deliverIfImplemented(
      UIKitSelector.applicationDidDiscardSceneSessions, to: delegate,
      [.object(self), .array(session.map { [.object($0)] } ?? [])])
  }

  /// §3.5: with scenes UIKit no longer calls these app-delegate methods, even if implemented.
  func warnAboutDelegateMethodsScenesMakeDead() {
    let device = self.device
    guard let delegate else { return }
    // TN3187's mapping, the table migrate-check uses too.
    for (dead, replacement) in LifecycleComparison.moves
    where device.runtime.responds(delegate, to: Selector(dead)) {
      device.warnOnce(
        .sceneDeadMethod,
        "\(delegate.isa.name) implements \(dead), which UIKit does not call when the app uses scenes (see Documentation/UIKit/scenes.md#app-delegate-methods-with-scenes); implement \(replacement) in the scene delegate instead"
      )
    }
  }

  // MARK: The configuration of a scene

  /// §3.1 step 6, §3.3: the app delegate's answer when it implements
  /// `application:configurationForConnectingSceneSession:options:`, else the manifest's default.
  private func configurationForConnecting(
    _ session: UISceneSession, options: UISceneConnectionOptions
  ) throws -> SceneConfiguration {
    let device = self.device
    let runtime = device.runtime
    let selector = UIKitSelector.applicationConfigurationForConnectingSceneSessionOptions
    if device.lifecycle == .scenes, device.sceneManifest == nil,
      delegate.map({ runtime.responds($0, to: selector) }) != true
    {
      // A legacy app given scenes: what TN3187's migration produces, with the main storyboard.
      return SceneConfiguration(
        name: "Default Configuration", sessionRole: SceneManifest.applicationRole,
        delegateClassName: try migrationSceneDelegateClass().name,
        storyboardName: device.info.string("UIMainStoryboardFile"))
    }
    guard let delegate, runtime.responds(delegate, to: selector) else {
      if let delegate {
        // The manifest answers instead; --trace-all shows why the method never came.
        device.record(.skipped(receiverClass: delegate.isa.name, selector: selector))
      }
      return SceneManifest.configuration(
        named: nil, role: SceneManifest.applicationRole, in: device.sceneManifest,
        log: { device.log($0) })
    }
    let answer = try device.deliver(
      selector, to: delegate, [.object(self), .object(session), .object(options)])
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
    let runtime = device.runtime
    if let known = runtime.classNamed(Device.migrationSceneDelegate) { return known }
    let cls = try runtime.defineClass(
      Device.migrationSceneDelegate, superclass: runtime.classNamed("UIResponder"),
      protocols: ["UIWindowSceneDelegate"])
    cls.declareProperty("window")
    for selector in [
      UIKitSelector.sceneWillConnectToSessionOptions, UIKitSelector.sceneDidDisconnect,
      UIKitSelector.sceneDidBecomeActive, UIKitSelector.sceneWillResignActive,
      UIKitSelector.sceneWillEnterForeground, UIKitSelector.sceneDidEnterBackground,
    ] {
      cls.addMethod(selector, .native { _ in .nil })
    }
    return cls
  }

  /// `UISceneClassName`, checked as UIKit checks it (§7.6); UIWindowScene otherwise.
  private func sceneClass(for configuration: SceneConfiguration) -> RuntimeClass {
    let device = self.device
    let windowScene = device.runtime.classNamed("UIWindowScene")!
    guard let name = configuration.sceneClassName else { return windowScene }
    let prefix =
      "[SceneConfiguration] Info.plist configuration \"\(configuration.displayName)\" for \(configuration.sessionRole)"
    guard let cls = device.runtime.classNamed(name) else {
      device.log(
        "\(prefix) contained UISceneClassName key, but could not load class with name \"\(name)\".")
      return windowScene
    }
    guard cls.isSubclass(of: device.runtime.classNamed("UIScene")!) else {
      device.log(
        "\(prefix) contained UISceneClassName, \"\(name)\", but it is not a subclass of UIScene.")
      return windowScene
    }
    return cls
  }

  /// `UISceneDelegateClassName`, checked as UIKit checks it (§7.6); no delegate when it fails.
  private func delegateClass(for configuration: SceneConfiguration) -> RuntimeClass? {
    let device = self.device
    guard let name = configuration.delegateClassName else { return nil }
    let prefix =
      "[SceneConfiguration] Info.plist configuration \"\(configuration.displayName)\" for \(configuration.sessionRole)"
    guard let cls = device.runtime.classNamed(name) else {
      device.log(
        "\(prefix) contained UISceneDelegateClassName key, but could not load class with name \"\(name)\"."
      )
      return nil
    }
    guard cls.conforms(to: "UISceneDelegate") || cls.conforms(to: "UIWindowSceneDelegate") else {
      device.log(
        "\(prefix) contained UISceneDelegateClassName, \"\(name)\", but it does not conform to the UISceneDelegate protocol."
      )
      return nil
    }
    return cls
  }
}
