extension Device {
  /// The user leaves for the home screen: the app resigns active, enters the background, and is
  /// suspended shortly after (reference §4.1, §4.2, §14 E).
  public func home() throws {
    try asProcess {
      guard let application else { return }
      try transition(application, legacy: { $0.enterBackground() }) { scene in
        let wasForeground = sceneAggregate.state(of: scene.sceneID) != .background
        try perform(sceneAggregate.enterBackground(scene.sceneID), scene: scene)
        if wasForeground { try saveStateRestorationActivity(of: scene) }
      }
      // §10.1 save: "on entering the background" (without scenes).
      if !usesScenes, application.stateMachine.state == .background {
        try preserveApplicationState(application)
      }
      // §4.1 step 4: "Shortly after that method returns, the system puts your app into the
      // suspended state", unless background tasks are running (§9.2).
      if application.backgroundTasks.isEmpty {
        try perform(application.stateMachine.suspend())
      } else if application.backgroundExpiry == nil {
        application.backgroundSince = loop.now
        application.backgroundExpiry = loop.schedule(after: profile.backgroundTaskAllowance) {
          [unowned self] in try backgroundTimeExpired()
        }
      }
    }
    try loop.runUntilIdle()
  }

  /// The user taps the app's icon: a backgrounded app comes to the foreground and becomes
  /// active (§14 F); an app that is not running launches.
  public func activate() throws {
    guard isAppRunning, let application else {
      try launch()
      return
    }
    stopBackgroundClock(of: application)
    try asProcess {
      try transition(application, legacy: { $0.enterForeground() + $0.becomeActive() }) { scene in
        try perform(sceneAggregate.enterForeground(scene.sceneID), scene: scene)
        try perform(sceneAggregate.activate(scene.sceneID), scene: scene)
      }
    }
    try loop.runUntilIdle()
  }

  /// A temporary interruption (a call, Control Center): the app only resigns active (§4.1).
  public func interrupt() throws {
    try asProcess {
      guard let application else { return }
      try transition(application, legacy: { $0.resignActive() }) {
        try perform(sceneAggregate.resignActive($0.sceneID), scene: $0)
      }
    }
    try loop.runUntilIdle()
  }

  /// The interruption ends: the app becomes active again (§4.1).
  public func endInterruption() throws {
    try asProcess {
      guard let application else { return }
      try transition(application, legacy: { $0.becomeActive() }) {
        try perform(sceneAggregate.activate($0.sceneID), scene: $0)
      }
    }
    try loop.runUntilIdle()
  }

  /// The user swipes the app away in the switcher (§5.1, §5.2, §14 G). A suspended app gets no
  /// callback; a running legacy app hears `applicationWillTerminate:`; a running scene app's
  /// scenes resign and disconnect first. The scenes' sessions are discarded, which the app
  /// learns at its next launch.
  public func kill() throws {
    try asProcess {
      guard let application else { return }
      // The system deletes preserved state when the user force-quits the app (Apple, "About
      // the UI restoration process"; not in the reference).
      restorationArchive = nil
      guard usesScenes else {
        try perform(application.stateMachine.terminate())
        return
      }
      let suspended = application.stateMachine.state == .suspended
      discardedSessionIdentifiers += scenes.keys.sorted().compactMap {
        scenes[$0]?.session?.persistentIdentifier
      }
      guard !suspended else { return }
      // §14 G (INFERRED composition): sceneWillResignActive, sceneDidDisconnect (the forum log
      // of §5.2 shows no sceneDidEnterBackground), then applicationWillTerminate.
      try forEachScene { scene in
        try perform(sceneAggregate.resignActive(scene.sceneID), scene: scene)
        try perform(sceneAggregate.disconnect(scene.sceneID), scene: scene)
      }
      try perform(ApplicationStateMachine.willTerminateActions)
    }
    endProcess()
    try loop.runUntilIdle()
  }

  /// The user opens another window of the app (iPad, visionOS): a new scene session connects,
  /// if the app supports multiple scenes. Returns the scene.
  @discardableResult
  public func openScene() throws -> UIScene? {
    var opened: UIScene?
    try asProcess { opened = try activateSceneSession(nil) }
    try loop.runUntilIdle()
    return opened
  }

  /// The user closes one window in the app switcher: the scene resigns and disconnects, and
  /// because the process goes on, the app hears at once that its session was discarded (§5.2).
  public func closeScene(_ scene: UIScene) throws {
    try asProcess {
      guard let application, scenes[scene.sceneID] === scene else { return }
      try perform(sceneAggregate.resignActive(scene.sceneID), scene: scene)
      try perform(sceneAggregate.disconnect(scene.sceneID), scene: scene)
      scenes[scene.sceneID] = nil
      sceneAggregate.remove(scene.sceneID)
      try deliverIfImplemented(
        Selector("application:didDiscardSceneSessions:"), to: application.delegate,
        [.object(application), .array(scene.session.map { [.object($0)] } ?? [])])
    }
    try loop.runUntilIdle()
  }

  /// `requestSceneSessionActivation`: a new scene (nil session) or an existing session brought
  /// to the foreground; nil when the app does not support multiple scenes.
  func activateSceneSession(_ session: UISceneSession?) throws -> UIScene? {
    guard let application, usesScenes,
      sceneManifest?.supportsMultipleScenes == true || session?.scene != nil
    else { return nil }
    if let scene = session?.scene, scenes[scene.sceneID] === scene {
      try perform(sceneAggregate.enterForeground(scene.sceneID), scene: scene)
      try perform(sceneAggregate.activate(scene.sceneID), scene: scene)
      return scene
    }
    return try connectScene(for: application, session: session)
  }

  /// The system ends the suspended app to reclaim memory (not the user): no callbacks, and its
  /// scene sessions survive to reconnect, restoring their state, at the next launch (§5.1,
  /// §10.2). An app in the foreground is sent home first.
  public func terminateInBackground() throws {
    guard isAppRunning, let application else { return }
    if application.stateMachine.state != .suspended { try home() }
    survivingSessions = scenes.keys.sorted().compactMap { scenes[$0]?.session }
    endProcess()
    try loop.runUntilIdle()
  }

  /// The last background task ended: a backgrounded app is suspended now.
  func backgroundTasksEnded() throws {
    guard let application, application.stateMachine.state == .background else { return }
    stopBackgroundClock(of: application)
    try perform(application.stateMachine.suspend())
  }

  func stopBackgroundClock(of application: UIApplication) {
    if let expiry = application.backgroundExpiry { loop.cancel(expiry) }
    application.backgroundExpiry = nil
    application.backgroundSince = nil
  }

  /// The background allowance ran out (§9.2): each running task's expiration handler, then a
  /// watchdog kill if any task is still running ("must end every task else watchdog kill").
  private func backgroundTimeExpired() throws {
    guard let application else { return }
    application.backgroundExpiry = nil
    try asProcess {
      for identifier in application.backgroundTasks.keys.sorted() {
        guard let task = application.backgroundTasks[identifier] else { continue }
        try callBlock(task.expirationHandler, [])
      }
    }
    guard self.application === application else { return }
    if let (_, task) = application.backgroundTasks.min(by: { $0.key < $1.key }) {
      // The report's wording for this kill is not in the reference: the line says so.
      log(
        "[lifescript] watchdog: the background task \"\(task.name)\" was not ended when its time expired; the system ends the app (reference §9.2)"
      )
      endProcess()
    } else {
      try perform(application.stateMachine.suspend())
      application.backgroundSince = nil
    }
  }

  /// The system runs low on memory and warns the running app (reference §9.3), in any state but
  /// suspended (a suspended app runs no code), during launch too: the app delegate, every active
  /// view controller, then `UIApplicationDidReceiveMemoryWarningNotification` (Apple's list
  /// order; the call order itself is INFERRED). With scenes the app delegate still hears it.
  public func memoryWarning() throws {
    try asProcess {
      guard let application, isAppRunning, application.stateMachine.state != .suspended else {
        return
      }
      try deliverIfImplemented(
        Selector("applicationDidReceiveMemoryWarning:"), to: application.delegate,
        [.object(application)])
      for controller in activeViewControllers() {
        try deliver(Selector("didReceiveMemoryWarning"), to: controller)
      }
      try post("UIApplicationDidReceiveMemoryWarningNotification")
    }
    try loop.runUntilIdle()
  }

  /// View controllers whose views are loaded in a window: each window's root and its children.
  private func activeViewControllers() -> [UIViewController] {
    var found: [UIViewController] = []
    func visit(_ controller: UIViewController) {
      guard controller.view != nil else { return }
      found.append(controller)
      controller.children.forEach(visit)
    }
    for window in application?.windows ?? [] {
      if let root = window.rootViewController { visit(root) }
    }
    return found
  }

  /// Virtual time passes: due timers and work run, each at its deadline.
  public func wait(_ seconds: Double) throws {
    try loop.advanceTime(by: seconds)
  }

  /// One change of the app's state. With scenes each scene makes it (their aggregate posts
  /// UIApplication's notifications) and the legacy machine only keeps the process state, its
  /// app-delegate callbacks dropped (§3.5); without scenes its actions are performed.
  private func transition(
    _ application: UIApplication,
    legacy: (inout ApplicationStateMachine) -> [ApplicationStateMachine.Action],
    scene: (UIScene) throws -> Void
  ) throws {
    if usesScenes {
      try forEachScene(scene)
      _ = legacy(&application.stateMachine)
    } else {
      try perform(legacy(&application.stateMachine))
    }
  }

  /// The connected scenes in the order they connected.
  private func forEachScene(_ body: (UIScene) throws -> Void) throws {
    for id in scenes.keys.sorted() { if let scene = scenes[id] { try body(scene) } }
  }
}
