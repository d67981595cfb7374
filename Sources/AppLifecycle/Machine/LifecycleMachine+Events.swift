extension LifecycleMachine {
  /// What the user or the system does, as ordered actions. Throws when a real device could not
  /// produce the event (a scene that is not connected, an interruption that never began, a
  /// touch on an app that is not in front); returns `.ignored` where a device would do nothing.
  public mutating func handle(_ event: Event) throws(LifecycleError) -> [Action] {
    switch event {
    case .activate: return try activate()
    case .home: return try home()
    case .interrupt: return try interrupt()
    case .endInterruption: return try endInterruption()
    case .kill: return try kill()
    case .terminateInBackground: return try terminateInBackground()
    case .memoryWarning: return memoryWarning()
    case .request(let request): return try handleRequest(request)
    case .backgroundTimeExpiry: return backgroundTimeExpiry()
    case .remoteNotification: return try remoteNotification()
    case .alertNotification: return try alertNotification()
    case .remoteNotificationTimeExpiry: return remoteNotificationTimeExpiry()
    case .backgroundTask(let identifier): return try backgroundTask(identifier)
    case .backgroundTaskExpiry(let identifier): return try backgroundTaskExpiry(identifier)
    case .openScene: return try openScene()
    case .closeScene(let id): return try closeScene(id)
    case .reclaimScene(let id): return try reclaimScene(id)
    case .touch, .shake: return try sendEvent(event)
    case .reinstall: return try reinstall()
    case .rotate(let orientation): return rotate(to: orientation)
    }
  }

  /// A user or system event while `UIApplicationMain` runs the launch sequence: the device
  /// delivers events between callbacks, so none can arrive now.
  private func duringLaunch(_ event: Event) -> LifecycleError {
    LifecycleError(
      "device.\(event.function): the app is launching; the user and the system act between UIKit's callbacks"
    )
  }

  /// The user taps the app's icon (§14 F): a backgrounded app comes to the foreground and
  /// becomes active, an interrupted one becomes active, and an app that is not running
  /// launches (§0). A scene app with no scene connected gets its reclaimed sessions back, or a
  /// new one (§3.7 points 3 and 4).
  private mutating func activate() throws(LifecycleError) -> [Action] {
    switch phase {
    case .notRunning:
      guard knowsApp else { throw neverLaunched(.activate) }
      return beginLaunch(request: nil)
    case .launching:
      throw duringLaunch(.activate)
    case .running, .suspended:
      var actions: [Action] = []
      if configuration.usesScenes && scenes.isEmpty {
        // No window is connected: every one was closed, the system reclaimed them, or the app
        // was launched in the background (§3.7 points 3 and 4, §19.5). The icon brings back the
        // sessions that wait, or opens a new one.
        leaveBackground(into: &actions)
        return actions + sceneConnections(request: nil)
      }
      guard scenes.contains(where: { $0.state != .foregroundActive }) else {
        return [.ignored(.activate, because: "already in the foreground")]
      }
      actions.reserveCapacity(1 + 2 * scenes.count)
      leaveBackground(into: &actions)
      for scene in scenes { bringToForeground(scene: scene.id, into: &actions) }
      return actions
    }
  }

  /// The user leaves for the home screen (§4.1, §4.2, §14 E): the app resigns active, enters the
  /// background and is suspended shortly after, unless background tasks run (§9.2).
  private mutating func home() throws(LifecycleError) -> [Action] {
    switch phase {
    case .notRunning:
      return [.ignored(.home, because: "the app is not running")]
    case .launching:
      throw duringLaunch(.home)
    case .running, .suspended:
      guard isInForeground else {
        return [.ignored(.home, because: "already in the background")]
      }
      var actions: [Action] = []
      actions.reserveCapacity(3 * scenes.count + 2)
      for scene in scenes {
        sendToBackground(scene: scene.id, into: &actions)
        // §10.2 save: when a scene has gone to the background (timing INFERRED).
        if configuration.usesScenes && scene.state != .background {
          actions.append(.saveStateRestorationActivity(scene.id))
        }
      }
      // §10.1 save: "on entering the background" (without scenes).
      if !configuration.usesScenes { actions.append(.preserveApplicationState) }
      // §4.1 step 4: "Shortly after that method returns, the system puts your app into the
      // suspended state", unless background tasks are running (§9.2).
      actions.append(.resume(.enteredBackground))
      return actions
    }
  }

  /// After the callbacks of entering the background: suspended, or running out its background
  /// allowance while tasks run (§9.2), or running until a background notification's completion
  /// handler is called (§19.2 item 3).
  mutating func enteredBackground() -> [Action] {
    switch phase {
    case .running where isInForeground:
      return []  // A scene came back meanwhile.
    case .running where backgroundTasks == 0 && !handlesSystemWork:
      phase = .suspended
      return []
    case .running where backgroundTasks == 0:
      return []
    case .running:
      guard !backgroundClockRunning else { return [] }
      backgroundClockRunning = true
      return [.startBackgroundClock]
    case .suspended, .notRunning, .launching:
      return []  // Already suspended (a task ended in a callback), or the process ended.
    }
  }

  /// A temporary interruption (a call, Control Center): the active app only resigns active
  /// (§4.1). The interruption is in progress until it ends, whatever the app does meanwhile.
  private mutating func interrupt() throws(LifecycleError) -> [Action] {
    switch phase {
    case .notRunning:
      interrupted = true
      return [.ignored(.interrupt, because: "the app is not running")]
    case .launching:
      throw duringLaunch(.interrupt)
    case .running, .suspended:
      let alreadyInterrupted = interrupted
      interrupted = true
      guard scenes.contains(where: { $0.state == .foregroundActive }) else {
        let reason =
          isInForeground
          ? (alreadyInterrupted
            ? "an interruption is already in progress" : "the app is not active")
          : "the app is in the background"
        return [.ignored(.interrupt, because: reason)]
      }
      return scenes.map { .transition(.resignActive, scene: $0.id) }
    }
  }

  /// The interruption ends: the app becomes active again if it is still in the foreground
  /// (§4.1).
  private mutating func endInterruption() throws(LifecycleError) -> [Action] {
    guard interrupted else {
      throw LifecycleError(
        "device.end_interruption: no interruption is in progress; device.interrupt() begins one")
    }
    interrupted = false
    switch phase {
    case .notRunning:
      return [.ignored(.endInterruption, because: "the app is not running")]
    case .launching:
      throw duringLaunch(.endInterruption)
    case .running, .suspended:
      guard scenes.contains(where: { $0.state == .foregroundInactive }) else {
        let reason = isInForeground ? "the app is already active" : "the app is in the background"
        return [.ignored(.endInterruption, because: reason)]
      }
      return scenes.map { .transition(.becomeActive, scene: $0.id) }
    }
  }

  /// The user swipes the app away in the switcher (§5.1, §5.2, §14 G). A suspended app gets no
  /// callback; a running app without scenes hears `applicationWillTerminate:` (resigning first
  /// if active); a running scene app's scenes resign and disconnect first (§14 G, INFERRED
  /// composition: the forum log of §5.2 shows no sceneDidEnterBackground). The scenes' sessions
  /// are discarded, which the app learns at its next launch.
  private mutating func kill() throws(LifecycleError) -> [Action] {
    switch phase {
    case .notRunning:
      return [.ignored(.kill, because: "the app is not running")]
    case .launching:
      throw duringLaunch(.kill)
    case .running, .suspended:
      // The system deletes preserved state when the user force-quits the app (Apple, "About the
      // UI restoration process"; Documentation/UIKit/state-restoration.md).
      var actions: [Action] = [.discardPreservedState]
      if configuration.usesScenes {
        // Sessions that wait to reconnect (reclaimed, or kept through a background launch) go
        // with the rest.
        discardedSessions += scenes.map(\.session) + reclaimedSessions + survivingSessions
        reclaimedSessions = []
        survivingSessions = []
      }
      // §19.2 item 7: no background launches until the user opens the app again.
      forceQuit = true
      guard phase == .running else { return actions + [.endProcess] }
      // The user interface goes before the app hears it terminates, so applicationWillTerminate:
      // reads background (§18.2, §18.3): scenes disconnect; the user interface of an app without
      // scenes leaves the screen without applicationDidEnterBackground: (§14 G lists none).
      for scene in scenes {
        actions.append(.transition(.resignActive, scene: scene.id))
        actions.append(
          .resume(
            configuration.usesScenes
              ? .disconnect(scene: scene.id, processEnds: true)
              : .leaveScreenForTermination(scene: scene.id)))
      }
      let (selector, notification) = Names.applicationWillTerminate
      return actions + [
        .callApplicationDelegate(selector, .application), .post(notification, .application),
        .endProcess,
      ]
    }
  }

  /// An app without scenes is terminated from the switcher: its user interface is off screen,
  /// in the background, when `applicationWillTerminate:` runs.
  mutating func leaveScreenForTermination(scene id: Int) -> [Action] {
    if let index = index(ofScene: id) { scenes[index].state = .background }
    return []
  }

  /// The system ends the app to reclaim memory (not the user): no callbacks, and its scene
  /// sessions survive to reconnect, restoring their state, at the next launch (§5.1, §10.2).
  /// An app in the foreground is sent home first.
  private mutating func terminateInBackground() throws(LifecycleError) -> [Action] {
    switch phase {
    case .notRunning:
      return [.ignored(.terminateInBackground, because: "the app is not running")]
    case .launching:
      throw duringLaunch(.terminateInBackground)
    case .running, .suspended:
      if isInForeground { return [.event(.home), .resume(.systemTermination)] }
      return systemTermination()
    }
  }

  /// The termination itself, once the app is in the background.
  mutating func systemTermination() -> [Action] {
    switch phase {
    case .running, .suspended, .launching:
      // Sessions still waiting since a background launch (§19.5) survive too.
      survivingSessions =
        configuration.usesScenes
        ? survivingSessions + scenes.map(\.session) + reclaimedSessions : []
      reclaimedSessions = []
      return [.endProcess]
    case .notRunning:
      return []  // It ended on its way home.
    }
  }

  /// The system runs low on memory and warns the running app (§9.3), in any state but suspended
  /// (a suspended app runs no code), during launch too: the app delegate, every view controller
  /// whose view is loaded, then `UIApplicationDidReceiveMemoryWarningNotification` (Apple's list
  /// order; the call order itself is INFERRED). With scenes the app delegate still hears it.
  private mutating func memoryWarning() -> [Action] {
    switch phase {
    case .notRunning:
      return [.ignored(.memoryWarning, because: "the app is not running")]
    case .suspended:
      return [.ignored(.memoryWarning, because: "the app is suspended and runs no code")]
    case .launching, .running:
      let (selector, notification) = Names.didReceiveMemoryWarning
      return [
        .callApplicationDelegate(selector, .application), .warnViewControllersAboutMemory,
        .post(notification, .application),
      ]
    }
  }

  /// A touch or a shake goes to the app in front, through `UIApplication.sendEvent:`.
  private func sendEvent(_ event: Event) throws(LifecycleError) -> [Action] {
    guard phase == .running, applicationState == .active else {
      let state = phase == .notRunning ? "not running" : applicationState.rawValue
      throw LifecycleError(
        "the app is not in the foreground (\(state)): events go to the app in front")
    }
    return [.sendEvent(event == .shake ? .motion : .touches)]
  }

  /// The user deletes the app and installs it again: a running process ends without callbacks
  /// (the installer kills it, INFERRED), and what the install kept is gone (§5.2, §8.2, §10).
  private mutating func reinstall() throws(LifecycleError) -> [Action] {
    discardedSessions = []
    survivingSessions = []
    pendingTaskRequests = []
    forceQuit = false
    switch phase {
    case .notRunning:
      return [.eraseInstallData]
    case .launching:
      throw duringLaunch(.reinstall)
    case .running, .suspended:
      return [.endProcess, .eraseInstallData]
    }
  }

  /// The user turns the device to `orientation`. In the foreground the interface follows when
  /// the app supports it, which the device asks the app (`followDeviceOrientation`); in the
  /// background it follows when the app returns to the foreground
  /// (Documentation/UIKit/layout.md#rotation-and-size-changes).
  private mutating func rotate(to orientation: DeviceOrientation) -> [Action] {
    let event = Event.rotate(orientation)
    guard orientation != deviceOrientation else {
      return [.ignored(event, because: "the device is already in \(orientation.rawValue)")]
    }
    deviceOrientation = orientation
    switch phase {
    case .notRunning:
      return [.ignored(event, because: "the app is not running")]
    case .launching, .running, .suspended:
      guard isInForeground else {
        rotatedInBackground = true
        return [
          .ignored(
            event,
            because:
              "the app is in the background; its interface follows the device when it returns to the foreground"
          )
        ]
      }
      return [.followDeviceOrientation(reportingTo: event)]
    }
  }

  /// Before a scene (or the app) enters the foreground, the interface catches up with a rotation
  /// made in the background, before the app's foreground callbacks (level49's log,
  /// Documentation/UIKit/layout.md#rotation-and-size-changes).
  public mutating func catchUpWithRotation(before transition: Transition) -> Action? {
    guard transition == .enterForeground, rotatedInBackground else { return nil }
    rotatedInBackground = false
    return .followDeviceOrientation(reportingTo: nil)
  }

  /// An event that needs the app the device knows from `UIApplicationMain`.
  func neverLaunched(_ event: Event) -> LifecycleError {
    LifecycleError(
      "device.\(event.function): the app was never launched; call UIApplicationMain (or main) first, so the device knows the app"
    )
  }

  // MARK: Scenes

  /// The user opens another window of the app (iPad, visionOS): a new scene session connects,
  /// if the app supports multiple scenes; an app with one scene at a time opens its window only
  /// when none is connected, reconnecting it if the system reclaimed it.
  private mutating func openScene() throws(LifecycleError) -> [Action] {
    switch phase {
    case .notRunning:
      return [.ignored(.openScene, because: "the app is not running")]
    case .launching:
      throw duringLaunch(.openScene)
    case .running, .suspended:
      guard configuration.usesScenes else {
        return [.ignored(.openScene, because: "the app does not use scenes")]
      }
      guard configuration.supportsMultipleScenes || scenes.isEmpty else {
        return [
          .ignored(
            .openScene,
            because:
              "the app does not support multiple scenes (UIApplicationSupportsMultipleScenes)")
        ]
      }
      var actions: [Action] = []
      leaveBackground(into: &actions)
      // An app with one scene at a time has one window to open: the reclaimed one, if any.
      guard configuration.supportsMultipleScenes else {
        return actions + sceneConnections(request: nil)
      }
      return actions + [.resume(.connectScene(session: nil, request: nil))]
    }
  }

  /// The system disconnects a scene to reclaim memory while the app lives (§3.7 point 3): "UIKit
  /// can disconnect a background or suspended scene", so a scene in the foreground goes to the
  /// background first (INFERRED). Its session is not discarded: no
  /// `application:didDiscardSceneSessions:` (§5.2), and it reconnects when the user comes back.
  private mutating func reclaimScene(_ id: Int) throws(LifecycleError) -> [Action] {
    guard configuration.usesScenes else {
      throw LifecycleError(
        "device.reclaim_scene: the app does not use scenes (no UIApplicationSceneManifest), so it has no scene to reclaim; the system reclaims its memory by ending it: device.terminate_in_background()"
      )
    }
    switch phase {
    case .notRunning:
      throw LifecycleError("device.reclaim_scene: the app is not running")
    case .launching:
      throw duringLaunch(.reclaimScene(id))
    case .running, .suspended:
      guard index(ofScene: id) != nil else {
        throw LifecycleError(
          "device.reclaim_scene: scene \(id) is not connected (it was closed or reclaimed, or its process ended)"
        )
      }
      var actions: [Action] = []
      sendToBackground(scene: id, into: &actions)
      return actions + [.resume(.reclaim(scene: id))]
    }
  }

  /// The reclaimed scene is in the background: §10.2 save, "when the scene goes to the
  /// background or is disconnected" (timing INFERRED: once, before `sceneDidDisconnect:`), the
  /// disconnection, and the process suspended again if nothing else runs.
  mutating func reclaim(scene id: Int) -> [Action] {
    guard let index = index(ofScene: id) else { return [] }
    reclaimedSessions.append(scenes[index].session)
    return [
      .saveStateRestorationActivity(id), .resume(.disconnect(scene: id, processEnds: false)),
      .forgetScene(id), .resume(.enteredBackground),
    ]
  }

  /// The user closes one window in the app switcher: the scene resigns and disconnects, and
  /// because the process goes on, the app hears at once that its session was discarded (§5.2).
  private mutating func closeScene(_ id: Int) throws(LifecycleError) -> [Action] {
    guard configuration.usesScenes, let index = index(ofScene: id) else {
      throw LifecycleError(
        "device.close_scene: scene \(id) is not connected (it was closed, or its process ended)")
    }
    switch phase {
    case .notRunning:
      throw LifecycleError("device.close_scene: the app is not running")
    case .launching:
      throw duringLaunch(.closeScene(id))
    case .running, .suspended:
      return [
        .transition(.resignActive, scene: id), .resume(.disconnect(scene: id, processEnds: false)),
        .forgetScene(id), .reportDiscardedSession(scenes[index].session),
        // Closing the last window in the foreground leaves the app in the background.
        .resume(.enteredBackground),
      ]
    }
  }

  /// `requestSceneSessionActivation(_:userActivity:options:errorHandler:)`: the connected scene
  /// of `session` comes to the foreground and becomes active; otherwise a new scene connects
  /// for it (or for a new session) if the app supports multiple scenes. `session` is nil for a
  /// new session; `scene` is the session's connected scene, if any.
  public mutating func requestSceneActivation(session: Int?, scene: Int?) -> [Action] {
    switch phase {
    case .notRunning:
      return [.failSceneActivationRequest]
    case .launching, .running, .suspended:
      guard configuration.usesScenes else { return [.failSceneActivationRequest] }
      var actions: [Action] = []
      if let scene, index(ofScene: scene) != nil {
        leaveBackground(into: &actions)
        bringToForeground(scene: scene, into: &actions)
        return actions
      }
      guard configuration.supportsMultipleScenes || scenes.isEmpty else {
        return [.failSceneActivationRequest]
      }
      leaveBackground(into: &actions)
      return actions + [.resume(.connectScene(session: session, request: nil))]
    }
  }

  // MARK: The app's own code

  /// `UIApplicationMain`: the first call launches the app; a second one comes from inside the
  /// running app and meets the singleton check (§7.4).
  public mutating func applicationMain() -> [Action] {
    switch phase {
    case .notRunning:
      knowsApp = true
      return beginLaunch(request: nil)
    case .launching, .running, .suspended:
      return [
        .raise(
          ObjCException(.internalInconsistency, "There can only be one UIApplication instance."))
      ]
    }
  }

  /// The process ended (performed `.endProcess`, a crash, a watchdog kill): nothing of it is
  /// left but what outlives it.
  public mutating func processEnded() {
    phase = .notRunning
  }

  /// A launch stopped by a script error (not a crash of the app): the process stays as far as
  /// it got, or never started when nothing of it exists yet.
  public mutating func launchFailed(applicationExists: Bool) {
    guard phase == .launching else { return }
    guard applicationExists else {
      phase = .notRunning
      return
    }
    launch = nil
    phase = .running
  }

  /// Performs the continuation a `.resume` action names.
  public mutating func resume(_ continuation: Continuation) -> [Action] {
    switch continuation {
    case .finishLaunching: finishLaunchingWithoutScenes()
    case .becomeActiveAfterLaunch: becomeActiveAfterLaunch()
    case .endLaunch: endLaunch()
    case .enteredBackground: enteredBackground()
    case .expirationHandlersRan: expirationHandlersRan()
    case .deliverRequest(let request): deliverAfterGoingHome(request)
    case .systemTermination: systemTermination()
    case .disconnect(let scene, let processEnds): disconnect(scene: scene, processEnds: processEnds)
    case .connectScene(let session, let request): connectScene(session: session, request: request)
    case .reclaim(let scene): reclaim(scene: scene)
    case .scheduledTaskExpired(let identifier): scheduledTaskExpired(identifier)
    case .sceneCreated(let scene, let session): sceneCreated(scene: scene, session: session)
    case .sceneConnected(let scene): sceneConnected(scene: scene)
    case .leaveScreenForTermination(let scene): leaveScreenForTermination(scene: scene)
    case .mainStoryboardOpened: mainStoryboardOpened()
    case .delegateWindowPrepared: delegateWindowPrepared()
    }
  }
}
