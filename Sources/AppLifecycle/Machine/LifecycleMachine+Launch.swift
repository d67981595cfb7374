extension LifecycleMachine {
  // MARK: The launch

  /// A cold launch: the process starts, `UIApplicationMain` runs the launch sequence (§0), then
  /// the app's own sequence, without scenes (§1, §2) or with them (§3). The user opens the app,
  /// so a force quit no longer keeps it from background launches (§19.2 item 7).
  mutating func beginLaunch(request: Request?) -> [Action] {
    forceQuit = false
    return beginLaunch(Launch(request: request))
  }

  /// A background launch (§19.1): the process starts and runs the usual launch sequence with
  /// the app in the background, then the event is delivered and the app may be suspended.
  mutating func beginBackgroundLaunch(for event: BackgroundEvent) -> [Action] {
    beginLaunch(Launch(request: nil, backgroundEvent: event))
  }

  private mutating func beginLaunch(_ launch: Launch) -> [Action] {
    let inBackground = launch.backgroundEvent != nil
    // A new process. Without scenes UIKit stores the app's foreground settings, then
    // deactivates it for the launch (§18.1 point 6, action 5): inactive until its first
    // applicationDidBecomeActive:. Launched into the background, its settings are background
    // ones (§18.2). A scene app has no scene attached until one connects: it reads background
    // (§18.3).
    let scenes =
      configuration.usesScenes
      ? []
      : [
        Scene(
          id: Scene.application, session: Scene.application,
          state: inBackground ? .background : .foregroundInactive)
      ]
    process = Process(scenes: scenes, launch: launch)
    phase = .launching
    // §8.1: the launch screen is up before the entry point's first line (not for a background
    // launch, which the user does not see: INFERRED); §9.1: the watchdog watches the launch
    // from there.
    var actions: [Action] = launch.request == nil ? [] : [.makeRequestObjects]
    if !inBackground { actions.append(.showLaunchScreen(urlScheme: launch.request?.urlScheme)) }
    actions.append(.armLaunchWatchdog)
    if configuration.profile.requiresScenes && !configuration.usesScenes {
      // §11: "apps built with the latest SDK must adopt the scene-based life cycle or they fail
      // to launch". Where UIKit asserts, and its text, are not public: here, before any object,
      // with lifescript's own reason (INFERRED).
      actions.append(
        .raise(
          ObjCException(
            .internalInconsistency,
            "[lifescript: UIKit's exact text is not public] iOS \(configuration.profile) requires the scene-based life cycle: an app without a UIApplicationSceneManifest fails to launch (TN3187)"
          )))
      return actions
    }
    // §0 steps 4-6, then what the release and the background modes say about the app (§7.7,
    // §8.1, §11, §19.2).
    actions += [.createApplication, .checkAppAgainstRelease, .checkBackgroundModes]
    if configuration.usesScenes {
      appendSceneLaunch(to: &actions)
    } else {
      appendLaunchWithoutScenes(to: &actions)
    }
    return actions
  }

  /// §1 (main storyboard), §2 (none), §14 A and B, up to the launch notification.
  private mutating func appendLaunchWithoutScenes(to actions: inout [Action]) {
    // §7.7, §11: the console line of an app that does not adopt scenes.
    if let adoption = configuration.profile.legacyAdoptionLog { actions.append(.log(adoption)) }
    if configuration.hasMainStoryboard {
      // §1.1 step 2.
      if configuration.hasMainNibFile {
        actions.append(
          .log("NSMainNibFile and UIMainStoryboardFile are both set. NSMainNibFile ignored."))
      }
      // §1.1 steps 3-5.
      actions += [.openMainStoryboard, .resume(.mainStoryboardOpened)]
    }
    actions += [
      // §2 step 3, §1.1 step 6: the app is inactive; §6.1 step 1: the options carry a request.
      .callLaunchDelegate(Names.willFinishLaunching),
      // §10.1 steps 2-7: restoration runs between will- and didFinishLaunching.
      .restoreApplicationState,
      // §2 step 5.
      .callLaunchDelegate(Names.didFinishLaunching),
      // §19.4 items 1 and 2: launch handlers are registered by the end of didFinishLaunching.
      .endLaunchHandlerRegistration,
      // §1.3: posted after didFinishLaunching returns; §6.1 step 1: the options as userInfo.
      .post(Names.didFinishLaunchingNotification, .applicationWithLaunchOptions),
      // §2 end (iOS 9+).
      .checkLaunchWindows,
      .resume(.finishLaunching),
    ]
  }

  /// The device found the main storyboard (§1.1 step 3): whether it has an entry point.
  public mutating func mainStoryboardOpened(hasEntryPoint: Bool) {
    launch?.mainStoryboardHasEntryPoint = hasEntryPoint
  }

  /// The device prepared the app delegate's window (§1.1 step 4): false when the delegate has
  /// no `window` property.
  public mutating func delegateWindowPrepared(_ prepared: Bool) {
    launch?.delegateHasWindow = prepared
  }

  /// §1.1 steps 3-5, CONFLICTING: which is made first, the initial view controller or the
  /// delegate's window (option storyboard-window-order,
  /// Documentation/UIKit/legacy-launch.md#object-creation-order). Without an entry point
  /// nothing is shown and nothing crashes, so no window is made either (a window without a
  /// root view controller would be an exception).
  mutating func mainStoryboardOpened() -> [Action] {
    guard launch?.mainStoryboardHasEntryPoint == true else { return [] }
    switch configuration.options.storyboardWindowOrder {
    case .viewControllerFirst:
      return [
        .instantiateMainStoryboardController, .prepareDelegateWindow,
        .resume(.delegateWindowPrepared),
      ]
    case .windowFirst:
      return [.prepareDelegateWindow, .resume(.delegateWindowPrepared)]
    }
  }

  /// §1.1 steps 4-5: with the delegate's window, the initial view controller (made now when the
  /// window came first) becomes its root; a delegate without a window property ends it there.
  mutating func delegateWindowPrepared() -> [Action] {
    guard launch?.delegateHasWindow == true else { return [] }
    switch configuration.options.storyboardWindowOrder {
    case .viewControllerFirst: return [.setMainStoryboardRoot]
    case .windowFirst: return [.instantiateMainStoryboardController, .setMainStoryboardRoot]
    }
  }

  /// What will/didFinishLaunching returned (nil: not implemented): "If either method returns
  /// false, the system doesn't call" the launch request's method (§6.1 step 3).
  public mutating func launchDelegateReturned(_ value: Bool?) {
    guard var launch else { return }
    launch.requestAccepted = launch.requestAccepted && (value ?? true)
    self.launch = launch
  }

  /// After `UIApplicationDidFinishLaunchingNotification`, without scenes: the launch request
  /// (§6.1 step 3: "after your app finishes initializing itself", before it becomes active,
  /// step 4 INFERRED), the first `applicationDidBecomeActive:` (§1.1 step 11) and the window's
  /// appearance, ordered as the CONFLICTING sources say (§1.2, option legacy-activation).
  ///
  /// Launched into the background, the app does not become active: its window stays hidden
  /// until the first foreground (§19.1, §19.5), unless the app made it key and visible itself,
  /// which shows it now; then the event is delivered in the background (§19.1 steps 2-5).
  mutating func finishLaunchingWithoutScenes() -> [Action] {
    if let event = launch?.backgroundEvent {
      launchWindowDeferred = true
      return [
        .deferLaunchWindow, .showLaunchWindow(.willAppear), .showLaunchWindow(.didAppear),
        .resume(.endLaunch),
      ] + deliverInBackground(event, enteringBackground: true)
    }
    var activation: [Action] = []
    // "The system ignores the return value if the app launches as a result of a remote
    // notification" (§19.2 item 4): a notification's response is delivered whatever they
    // returned.
    if let launch, let request = launch.request,
      launch.requestAccepted || request.isNotificationResponse
    {
      activation.append(
        .deliverRequestToApplicationDelegate(Self.applicationDelegateCalls(for: request)))
    }
    activation.append(.resume(.becomeActiveAfterLaunch))
    return aroundLaunchWindow(activation) + [.resume(.endLaunch)]
  }

  /// The launch window's appearance around the app's first activation, ordered as the
  /// CONFLICTING sources say (§1.2, option legacy-activation).
  func aroundLaunchWindow(_ activation: [Action]) -> [Action] {
    let (willAppear, didAppear) = (
      Action.showLaunchWindow(.willAppear), Action.showLaunchWindow(.didAppear)
    )
    switch configuration.options.legacyActivation {
    case .beforeViewLoads: return activation + [willAppear, didAppear]
    case .betweenWillAndDidAppear: return [willAppear] + activation + [didAppear]
    case .afterDidAppear: return [willAppear, didAppear] + activation
    }
  }

  /// §1.1 step 11: the app's user interface becomes active, without
  /// `applicationWillEnterForeground:`; the process is now running.
  mutating func becomeActiveAfterLaunch() -> [Action] {
    switch phase {
    case .launching:
      phase = .running
      return scenes.first.map { [.transition(.becomeActive, scene: $0.id)] } ?? []
    case .notRunning, .running, .suspended:
      return []  // The launch ended otherwise.
    }
  }

  /// The launch sequence is over: the watchdog stops, and the first frame replaces the launch
  /// screen once the main run loop goes idle (§8.1, INFERRED point: the Core Animation commit of
  /// §0 step 8).
  mutating func endLaunch() -> [Action] {
    guard let finished = launch else { return [] }
    launch = nil
    if phase == .launching { phase = .running }
    // A background launch showed no launch screen to replace.
    firstFramePending = finished.backgroundEvent == nil
    return [.disarmLaunchWatchdog]
  }

  /// Whether a finished launch waits for the main run loop to go idle to draw its first frame.
  public var awaitsFirstFrame: Bool { firstFramePending }

  /// The main run loop went idle after a device action: a finished launch draws its first frame.
  public mutating func mainRunLoopWentIdle() -> [Action] {
    guard firstFramePending else { return [] }
    firstFramePending = false
    return isRunning ? [.removeLaunchScreen] : []
  }

  // MARK: With scenes

  /// §3.1 (scene with storyboard), §3.2 (without), §14 C and D: the app delegate's launch, then
  /// the scenes of the application role.
  private mutating func appendSceneLaunch(to actions: inout [Action]) {
    actions += [
      .warnAboutMethodsScenesReplace,
      // §3.1 steps 2-4: "If the app supports scenes, this is nil" for the launch options.
      .callApplicationDelegate(Names.willFinishLaunching, .noLaunchOptions),
      .callApplicationDelegate(Names.didFinishLaunching, .noLaunchOptions),
      // §19.4 item 2: an observer of the notification registers too late.
      .endLaunchHandlerRegistration,
      .post(Names.didFinishLaunchingNotification, .application),
    ]
    // §3.1 step 5: sessions discarded while the app was not running (slot INFERRED).
    if !discardedSessions.isEmpty {
      actions.append(.reportDiscardedSessions(discardedSessions))
      discardedSessions = []
    }
    // §19.1 "Scenes": launched into the background for an event, the app connects no scene
    // (INFERRED); sessions that survived wait for the user to open the app.
    if let event = launch?.backgroundEvent {
      actions.append(.resume(.endLaunch))
      actions += deliverInBackground(event, enteringBackground: true)
      return
    }
    actions += sceneConnections(request: launch?.request)
    actions.append(.resume(.endLaunch))
  }

  /// The scenes that connect when the user opens the app with no scene connected: the sessions
  /// that survived the last process (the system ended it in the background, §10.2) and those the
  /// system reclaimed while the app lived (§3.7 point 3) reconnect; otherwise a new session
  /// connects. A request goes to the first.
  mutating func sceneConnections(request: Request?) -> [Action] {
    let surviving = survivingSessions + reclaimedSessions
    survivingSessions = []
    guard !surviving.isEmpty else {
      return [.resume(.connectScene(session: nil, request: request))]
    }
    return surviving.enumerated().map { position, session in
      .resume(.connectScene(session: session, request: position == 0 ? request : nil))
    }
  }

  /// Connects a scene for the application role: its session (new, or one that existed), the
  /// scene and its delegate, the storyboard window, `scene:willConnectToSession:options:`, then
  /// the foreground, activation and the storyboard view controller's appearance, ordered as the
  /// CONFLICTING sources say (§3.4, option scene-appearance).
  mutating func connectScene(session existing: Int?, request: Request?) -> [Action] {
    let id = nextSceneID
    nextSceneID += 1
    let session = existing ?? id
    reclaimedSessions.removeAll { $0 == session }
    var actions: [Action] = [
      // §3.1 step 6, §3.3, §6.2.
      .prepareSession(scene: id, session: session, isNew: existing == nil, request: request),
      // §3.1 steps 7-8.
      .createScene(id), .resume(.sceneCreated(scene: id, session: session)),
      .loadStoryboardWindow(id),
      // §3.1 steps 9-10: a window made visible inside willConnect is shown at once (§3.2).
      .beginConnection(id),
      .callSceneDelegate(id, Names.sceneWillConnect.0, .connection),
      .post(Names.sceneWillConnect.1, .scene(id)),
      .endConnection(id), .resume(.sceneConnected(scene: id)),
    ]
    var foreground: [Action] = []
    bringToForeground(scene: id, into: &foreground)
    let enter = [foreground[0]]
    // §19.3 item 2 (INFERRED): a scene connected for a notification's response hears it, through
    // the notification center's delegate, after willConnect and before it becomes active.
    let activate =
      (request?.isNotificationResponse == true
        ? [Action.deliverRequestToScene(id, Self.sceneDelegateCalls(for: .notificationResponse))]
        : [])
      + [foreground[1]]
    // §3.1 step 13, §10.2 restore step 2: "after scene connection, but before activation";
    // §3.1 steps 11, 14-16: the storyboard window appears.
    let show: [Action] = [.showStoryboardWindow(id)]
    let restore: [Action] = [.restoreInteractionState(id)]
    let didAppear: [Action] = [.deliverAwaitedDidAppear]
    switch configuration.options.sceneAppearance {
    case .duringConnection:
      actions += show + restore + enter + activate + didAppear
    case .beforeActivation:
      actions += restore + enter + show + didAppear + activate
    case .afterActivation:
      actions += restore + enter + activate + show + didAppear
    }
    // §6.4 (INFERRED): after a connection for a Handoff, the full activity arrives.
    if request?.isHandoff == true { actions.append(.continueHandoff(id)) }
    return actions
  }

  /// The connecting scene's object exists: it is among the app's scenes, unattached, which
  /// leaves the application's state as it was (§18.3: `scene(_:willConnectTo:options:)` reads
  /// no scene of record).
  mutating func sceneCreated(scene id: Int, session: Int) -> [Action] {
    scenes.append(Scene(id: id, session: session, state: .unattached))
    return []
  }

  /// `scene:willConnectToSession:options:` has returned: the scene is attached, in the
  /// background, so `sceneWillEnterForeground:` reads `.background`, as on a return (§18.3).
  mutating func sceneConnected(scene id: Int) -> [Action] {
    if let index = index(ofScene: id), scenes[index].state == .unattached {
      scenes[index].state = .background
    }
    return []
  }
}
