import AppLifecycle
import Testing

/// The life-cycle machine on its own: every ordering rule as actions, without objects.
@Suite struct LifecycleMachineTests {
  typealias Machine = LifecycleMachine
  typealias Event = LifecycleMachine.Event

  static let adoption =
    "log UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future."

  // MARK: Launches

  @Test func aLaunchWithoutScenesFollowsTheCanonicalOrder() {
    var driver = MachineDriver.withoutScenes(storyboard: true)
    driver.launch()
    // §0, §1.1 (with §1.2's default), §8.1, §9.1, §14 A.
    #expect(
      driver.lines == [
        "showLaunchScreen", "armLaunchWatchdog", "createApplication", "checkAppAgainstRelease",
        "checkBackgroundModes",
        Self.adoption, "openMainStoryboard", "instantiateMainStoryboardController",
        "prepareDelegateWindow", "setMainStoryboardRoot",
        "app application:willFinishLaunchingWithOptions:", "restoreApplicationState",
        "app application:didFinishLaunchingWithOptions:", "endLaunchHandlerRegistration",
        "post UIApplicationDidFinishLaunchingNotification", "checkLaunchWindows",
        "showLaunchWindow willAppear", "app applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification", "showLaunchWindow didAppear",
        "disarmLaunchWatchdog",
      ])
    #expect(driver.machine.phase == .running && driver.machine.applicationState == .active)
    #expect(driver.machine.mainRunLoopWentIdle() == [.removeLaunchScreen])
    #expect(driver.machine.mainRunLoopWentIdle() == [], "the first frame is drawn once")
  }

  @Test(arguments: [
    (
      LaunchOrderOptions.LegacyActivation.beforeViewLoads,
      [
        "app applicationDidBecomeActive:", "post UIApplicationDidBecomeActiveNotification",
        "showLaunchWindow willAppear", "showLaunchWindow didAppear",
      ]
    ),
    (
      .betweenWillAndDidAppear,
      [
        "showLaunchWindow willAppear", "app applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification", "showLaunchWindow didAppear",
      ]
    ),
    (
      .afterDidAppear,
      [
        "showLaunchWindow willAppear", "showLaunchWindow didAppear",
        "app applicationDidBecomeActive:", "post UIApplicationDidBecomeActiveNotification",
      ]
    ),
  ])
  func theConflictingLegacyActivationIsAnOption(
    order: LaunchOrderOptions.LegacyActivation, tail: [String]
  ) {
    var driver = MachineDriver.withoutScenes(activation: order)
    driver.launch()
    // §1.2: the sources disagree; each order is a choice.
    #expect(Array(driver.lines.dropLast().suffix(4)) == tail)
    #expect(!driver.lines.contains("openMainStoryboard"), "§2: no storyboard, none loaded")
  }

  /// §6.1 step 3, §6.3, §6.4: which delegate methods hand a request to the app, and which of
  /// them UIKit falls back to.
  @Test func aRequestGoesToTheDelegateMethodsUIKitCallsInTheirOrder() throws {
    var driver = MachineDriver.withoutScenes()
    driver.launch()
    let actions = try driver.machine.handle(.request(.openURL(scheme: "demo")))
    #expect(
      actions.contains(
        .deliverRequestToApplicationDelegate([
          [.openURL, .openURLFromSourceApplication, .handleOpenURL]
        ])))
    #expect(
      Machine.applicationDelegateCalls(for: .userActivity(type: "t", handoff: false))
        == [[.willContinueActivity], [.continueActivity]])
    #expect(Machine.applicationDelegateCalls(for: .quickAction(type: "t")) == [[.performShortcut]])
    #expect(
      Machine.sceneDelegateCalls(for: .userActivity(type: "t", handoff: false))
        == [[.sceneWillContinueActivity], [.sceneContinueActivity]])
    #expect(Machine.sceneDelegateCalls(for: .openURL(scheme: "demo")) == [[.sceneOpenURLContexts]])
  }

  @Test(arguments: [
    (
      LaunchOrderOptions.StoryboardWindowOrder.viewControllerFirst, true, true,
      [
        "openMainStoryboard", "instantiateMainStoryboardController", "prepareDelegateWindow",
        "setMainStoryboardRoot",
      ]
    ),
    (
      .windowFirst, true, true,
      [
        "openMainStoryboard", "prepareDelegateWindow", "instantiateMainStoryboardController",
        "setMainStoryboardRoot",
      ]
    ),
    // A delegate without a window property: the console says so, and no root is set; the
    // controller was made already only when it comes first.
    (
      .viewControllerFirst, true, false,
      ["openMainStoryboard", "instantiateMainStoryboardController", "prepareDelegateWindow"]
    ),
    (.windowFirst, true, false, ["openMainStoryboard", "prepareDelegateWindow"]),
    // No entry point: nothing is made, whichever comes first.
    (.viewControllerFirst, false, true, ["openMainStoryboard"]),
    (.windowFirst, false, true, ["openMainStoryboard"]),
  ])
  func theConflictingStoryboardWindowOrderIsAnOption(
    order: LaunchOrderOptions.StoryboardWindowOrder, entryPoint: Bool, window: Bool,
    expected: [String]
  ) {
    var options = LaunchOrderOptions()
    options.storyboardWindowOrder = order
    var driver = MachineDriver(.init(hasMainStoryboard: true, options: options))
    driver.storyboardHasEntryPoint = entryPoint
    driver.delegateHasWindow = window
    driver.launch()
    // §1.1, "Object creation order": the sources disagree; each order is a choice.
    let storyboardSteps = [
      "openMainStoryboard", "instantiateMainStoryboardController", "prepareDelegateWindow",
      "setMainStoryboardRoot",
    ]
    #expect(driver.lines.filter(storyboardSteps.contains) == expected)
  }

  @Test func aSceneLaunchConnectsItsFirstSceneInTheCanonicalOrder() {
    var driver = MachineDriver.withScenes()
    driver.launch()
    // §3.1, §3.4's default, §14 C.
    #expect(
      driver.lines == [
        "showLaunchScreen", "armLaunchWatchdog", "createApplication", "checkAppAgainstRelease",
        "checkBackgroundModes",
        "warnAboutMethodsScenesReplace", "app application:willFinishLaunchingWithOptions:",
        "app application:didFinishLaunchingWithOptions:", "endLaunchHandlerRegistration",
        "post UIApplicationDidFinishLaunchingNotification",
        "prepareSession scene 1 session 1 new", "createScene 1", "loadStoryboardWindow 1",
        "beginConnection 1", "scene 1 scene:willConnectToSession:options:",
        "post UISceneWillConnectNotification", "endConnection 1", "showStoryboardWindow 1",
        "restoreInteractionState 1", "scene 1 sceneWillEnterForeground:",
        "post UISceneWillEnterForegroundNotification",
        "post UIApplicationWillEnterForegroundNotification", "scene 1 sceneDidBecomeActive:",
        "post UISceneDidActivateNotification", "post UIApplicationDidBecomeActiveNotification",
        "deliverAwaitedDidAppear", "disarmLaunchWatchdog",
      ])
    #expect(driver.machine.connectedScenes.map(\.state) == [.foregroundActive])
  }

  @Test(arguments: [
    (
      LaunchOrderOptions.SceneAppearance.duringConnection,
      [
        "showStoryboardWindow 1", "restoreInteractionState 1", "scene 1 sceneWillEnterForeground:",
        "scene 1 sceneDidBecomeActive:", "deliverAwaitedDidAppear",
      ]
    ),
    (
      .beforeActivation,
      [
        "restoreInteractionState 1", "scene 1 sceneWillEnterForeground:", "showStoryboardWindow 1",
        "deliverAwaitedDidAppear", "scene 1 sceneDidBecomeActive:",
      ]
    ),
    (
      .afterActivation,
      [
        "restoreInteractionState 1", "scene 1 sceneWillEnterForeground:",
        "scene 1 sceneDidBecomeActive:", "showStoryboardWindow 1", "deliverAwaitedDidAppear",
      ]
    ),
  ])
  func theConflictingSceneAppearanceIsAnOption(
    order: LaunchOrderOptions.SceneAppearance, steps: [String]
  ) {
    var driver = MachineDriver.withScenes(appearance: order)
    driver.launch()
    // §3.4: where the storyboard's view controller appears is a choice.
    let relevant = driver.lines.filter {
      $0.hasPrefix("showStoryboardWindow") || $0.hasPrefix("restore") || $0.hasPrefix("deliver")
        || $0.hasPrefix("scene 1 sceneWill") || $0.hasPrefix("scene 1 sceneDid")
    }
    #expect(relevant == steps)
  }

  @Test(
    arguments: [
      ([true, true], true), ([false, true], false), ([true, false], false), ([nil, nil], true),
      ([nil, false], false),
    ] as [([Bool?], Bool)])
  func aColdLaunchRequestIsDeliveredOnlyWhenBothLaunchMethodsAgree(
    replies: [Bool?], delivered: Bool
  ) throws {
    var driver = MachineDriver.withoutScenes()
    driver.launch()
    try driver.handle(.kill)
    driver.launchReplies = replies
    let lines = try driver.lines(of: .request(.openURL(scheme: "demo")))
    // §6.1 step 3: "If either method returns false, the system doesn't call" it; nil is a
    // method the app does not implement.
    #expect(lines.contains("deliverRequestToApplicationDelegate") == delivered)
    #expect(lines.first == "makeRequestObjects" && lines[1] == "showLaunchScreen demo")
    if delivered {
      let request = try #require(lines.firstIndex(of: "deliverRequestToApplicationDelegate"))
      let active = try #require(lines.firstIndex(of: "app applicationDidBecomeActive:"))
      #expect(request < active, "§6.1 step 4 (INFERRED): before the app becomes active")
    }
  }

  @Test func aSceneColdLaunchHandsTheRequestToTheFirstSceneOnly() throws {
    var driver = MachineDriver.withScenes(multiple: true)
    driver.launch()
    _ = try driver.lines(of: .openScene)
    try driver.handle(.terminateInBackground)
    #expect(driver.machine.survivingSessions == [1, 2])
    let lines = try driver.lines(
      of: .request(.userActivity(type: "com.example.view", handoff: true)))
    // §3.3, §10.2: the sessions reconnect; §6.2: the request goes with the first; §6.4: a
    // Handoff's activity follows the connection.
    #expect(
      lines.filter { $0.hasPrefix("prepareSession") || $0.hasPrefix("continueHandoff") } == [
        "prepareSession scene 3 session 1 for userActivity(type: \"com.example.view\", handoff: true)",
        "continueHandoff 3", "prepareSession scene 4 session 2",
      ])
  }

  // MARK: Home, return, calls, kills

  /// §4.1, §14 E and F: without scenes.
  @Test func homeAndBackWithoutScenes() throws {
    var driver = MachineDriver.withoutScenes()
    driver.launch()
    #expect(
      try driver.lines(of: .home) == [
        "app applicationWillResignActive:", "post UIApplicationWillResignActiveNotification",
        "app applicationDidEnterBackground:", "post UIApplicationDidEnterBackgroundNotification",
        "preserveApplicationState",
      ])
    #expect(driver.machine.phase == .suspended, "§4.1 step 4: no task, suspended")
    #expect(
      try driver.lines(of: .activate) == [
        "app applicationWillEnterForeground:", "post UIApplicationWillEnterForegroundNotification",
        "app applicationDidBecomeActive:", "post UIApplicationDidBecomeActiveNotification",
      ])
    #expect(driver.machine.phase == .running)
  }

  /// §4.2, §14 E and F: with scenes, UIApplication's notifications follow the scene's own.
  @Test func homeAndBackWithScenes() throws {
    var driver = MachineDriver.withScenes()
    driver.launch()
    #expect(
      try driver.lines(of: .home) == [
        "scene 1 sceneWillResignActive:", "post UISceneWillDeactivateNotification",
        "post UIApplicationWillResignActiveNotification", "scene 1 sceneDidEnterBackground:",
        "post UISceneDidEnterBackgroundNotification",
        "post UIApplicationDidEnterBackgroundNotification", "saveStateRestorationActivity 1",
      ])
    #expect(
      try driver.lines(of: .activate) == [
        "scene 1 sceneWillEnterForeground:", "post UISceneWillEnterForegroundNotification",
        "post UIApplicationWillEnterForegroundNotification", "scene 1 sceneDidBecomeActive:",
        "post UISceneDidActivateNotification", "post UIApplicationDidBecomeActiveNotification",
      ])
  }

  /// What `applicationState` reads inside each callback: a `will…` method sees the state it is
  /// leaving, a `did…` method the state it arrived in.
  @Test func willMethodsSeeTheOldStateAndDidMethodsTheNewOne() throws {
    var legacy = MachineDriver.withoutScenes()
    legacy.launch()
    try legacy.handle(.home)
    try legacy.handle(.activate)
    try legacy.handle(.interrupt)
    try legacy.handle(.kill)
    #expect(
      legacy.statesSeen == [
        "application:willFinishLaunchingWithOptions: inactive",
        "application:didFinishLaunchingWithOptions: inactive",
        "applicationDidBecomeActive: active", "applicationWillResignActive: active",
        "applicationDidEnterBackground: background", "applicationWillEnterForeground: background",
        "applicationDidBecomeActive: active", "applicationWillResignActive: active",
        // Terminated from the switcher, off screen (§18.2).
        "applicationWillTerminate: background",
      ])
    var scenes = MachineDriver.withScenes()
    scenes.launch()
    try scenes.handle(.home)
    try scenes.handle(.activate)
    // No scene is attached before the first one connects (§18.3).
    #expect(
      scenes.statesSeen == [
        "application:willFinishLaunchingWithOptions: background",
        "application:didFinishLaunchingWithOptions: background",
        "scene:willConnectToSession:options: background",
        "sceneWillEnterForeground: background", "sceneDidBecomeActive: active",
        "sceneWillResignActive: active", "sceneDidEnterBackground: background",
        "sceneWillEnterForeground: background", "sceneDidBecomeActive: active",
      ])
  }

  @Test func aCallOnlyResignsActiveAndItsEndActivatesAgain() throws {
    for var driver in [MachineDriver.withoutScenes(), .withScenes()] {
      driver.launch()
      let resign = try driver.lines(of: .interrupt)
      #expect(resign.count >= 2 && resign[0].hasSuffix("WillResignActive:"))
      #expect(driver.machine.applicationState == .inactive)
      let again = try driver.lines(of: .endInterruption)
      #expect(again.count >= 2 && again[0].hasSuffix("DidBecomeActive:"))
      #expect(driver.machine.applicationState == .active && !driver.machine.interrupted)
    }
  }

  @Test func killingWithoutScenesResignsThenTerminates() throws {
    var driver = MachineDriver.withoutScenes()
    driver.launch()
    // §5.1: applicationWillTerminate: then its notification; an active app resigns first.
    #expect(
      try driver.lines(of: .kill) == [
        "discardPreservedState", "app applicationWillResignActive:",
        "post UIApplicationWillResignActiveNotification", "app applicationWillTerminate:",
        "post UIApplicationWillTerminateNotification", "endProcess",
      ])
    #expect(driver.machine.phase == .notRunning)
    driver.launch()
    try driver.handle(.home)
    // §5.1: a suspended app is killed without a callback.
    #expect(try driver.lines(of: .kill) == ["discardPreservedState", "endProcess"])
  }

  @Test func killingASceneAppDisconnectsItsScenesAndDiscardsTheirSessions() throws {
    var driver = MachineDriver.withScenes()
    driver.launch()
    // §14 G (INFERRED composition): resign, disconnect, then applicationWillTerminate:.
    #expect(
      try driver.lines(of: .kill) == [
        "discardPreservedState", "scene 1 sceneWillResignActive:",
        "post UISceneWillDeactivateNotification",
        "post UIApplicationWillResignActiveNotification", "scene 1 sceneDidDisconnect:",
        "post UISceneDidDisconnectNotification", "app applicationWillTerminate:",
        "post UIApplicationWillTerminateNotification", "endProcess",
      ])
    #expect(driver.machine.discardedSessions == [1])
    driver.launch()
    // §3.1 step 5: the next launch reports them.
    #expect(driver.lines.contains("reportDiscardedSessions [1]"))
    #expect(driver.machine.discardedSessions.isEmpty)
  }

  @Test func theSystemEndsABackgroundAppSilentlyAndItsScenesReconnect() throws {
    var driver = MachineDriver.withScenes()
    driver.launch()
    // §5.1: a foreground app is sent home first; then no callback at all.
    let lines = try driver.lines(of: .terminateInBackground)
    #expect(lines.last == "endProcess" && lines.first == "scene 1 sceneWillResignActive:")
    #expect(!lines.contains("app applicationWillTerminate:"))
    #expect(driver.machine.survivingSessions == [1] && driver.machine.discardedSessions.isEmpty)
    try driver.handle(.activate)
    // §10.2: the session reconnects, restoring its state.
    #expect(driver.lines.contains("prepareSession scene 2 session 1"))
  }

  // MARK: Multiple scenes

  @Test func theApplicationsNotificationsFollowTheAggregateOfItsScenes() throws {
    var driver = MachineDriver.withScenes(multiple: true)
    driver.launch()
    let opened = try driver.lines(of: .openScene)
    // §3.6: the app was active already: no UIApplication notification.
    #expect(opened.contains("scene 2 sceneDidBecomeActive:"))
    #expect(!opened.contains { $0.hasPrefix("post UIApplication") })
    let home = try driver.lines(of: .home)
    // The app stays active while a scene is: the last scene to resign makes it inactive, the
    // last one in the background makes it background.
    #expect(
      home.filter { $0.hasPrefix("post UIApplication") || $0.hasPrefix("scene") } == [
        "scene 1 sceneWillResignActive:", "scene 1 sceneDidEnterBackground:",
        "scene 2 sceneWillResignActive:", "post UIApplicationWillResignActiveNotification",
        "scene 2 sceneDidEnterBackground:", "post UIApplicationDidEnterBackgroundNotification",
      ])
  }

  @Test func closingAWindowDiscardsItsSessionAtOnce() throws {
    var driver = MachineDriver.withScenes(multiple: true)
    driver.launch()
    try driver.handle(.openScene)
    // §5.2: resign, disconnect, then didDiscardSceneSessions while the process goes on.
    #expect(
      try driver.lines(of: .closeScene(1)) == [
        "scene 1 sceneWillResignActive:", "post UISceneWillDeactivateNotification",
        "scene 1 sceneDidDisconnect:", "post UISceneDidDisconnectNotification", "forgetScene 1",
        "reportDiscardedSession 1",
      ])
    #expect(driver.machine.connectedScenes.map(\.id) == [2])
    #expect(driver.machine.applicationState == .active)
  }

  @Test func closingTheLastWindowLeavesTheAppInTheBackgroundAndTheIconOpensANewOne() throws {
    var driver = MachineDriver.withScenes()
    driver.launch()
    // With no scene attached the app is in the background (§18.1 point 5): UIKit's multiplexer
    // hears that its scene of record disconnected, after UISceneDidDisconnectNotification.
    #expect(
      try driver.lines(of: .closeScene(1)) == [
        "scene 1 sceneWillResignActive:", "post UISceneWillDeactivateNotification",
        "post UIApplicationWillResignActiveNotification", "scene 1 sceneDidDisconnect:",
        "post UISceneDidDisconnectNotification",
        "post UIApplicationDidEnterBackgroundNotification", "forgetScene 1",
        "reportDiscardedSession 1",
      ])
    #expect(driver.statesSeen.last == "sceneDidDisconnect: background")
    #expect(driver.machine.connectedScenes.isEmpty)
    #expect(driver.machine.applicationState == .background && driver.machine.phase == .suspended)
    // The icon connects a new session, as the launch does, without a launch (§3.7 point 4).
    let lines = try driver.lines(of: .activate)
    #expect(
      lines.filter { !$0.hasPrefix("post UIScene") && !$0.hasPrefix("post UIApplication") } == [
        "prepareSession scene 2 session 2 new", "createScene 2", "loadStoryboardWindow 2",
        "beginConnection 2", "scene 2 scene:willConnectToSession:options:", "endConnection 2",
        "showStoryboardWindow 2", "restoreInteractionState 2", "scene 2 sceneWillEnterForeground:",
        "scene 2 sceneDidBecomeActive:", "deliverAwaitedDidAppear",
      ])
    #expect(driver.machine.applicationState == .active && driver.machine.phase == .running)
  }

  @Test func aSceneThatDisconnectsInTheBackgroundChangesNoApplicationState() throws {
    var driver = MachineDriver.withScenes()
    driver.launch()
    try driver.handle(.home)
    let lines = try driver.lines(of: .closeScene(1))
    #expect(!lines.contains { $0.hasPrefix("post UIApplication") })
    #expect(driver.machine.phase == .suspended)
  }

  // MARK: Scenes the system reclaims

  @Test func theSystemReclaimsABackgroundSceneAndKeepsItsSession() throws {
    var driver = MachineDriver.withScenes()
    driver.launch()
    try driver.handle(.home)
    // §3.7 point 3: disconnected to reclaim memory, not discarded: its state is saved as it goes
    // (§10.2 save, INFERRED timing) and no didDiscardSceneSessions follows (§5.2).
    #expect(
      try driver.lines(of: .reclaimScene(1)) == [
        "saveStateRestorationActivity 1", "scene 1 sceneDidDisconnect:",
        "post UISceneDidDisconnectNotification", "forgetScene 1",
      ])
    #expect(driver.machine.connectedScenes.isEmpty && driver.machine.reclaimedSessions == [1])
    #expect(driver.machine.phase == .suspended && driver.machine.applicationState == .background)
    #expect(driver.machine.enabledEvents.contains(.activate))
    // The icon reconnects that session: no new configuration, its state restored before
    // activation, no launch.
    let lines = try driver.lines(of: .activate)
    #expect(
      lines.filter { !$0.hasPrefix("post") } == [
        "prepareSession scene 2 session 1", "createScene 2", "loadStoryboardWindow 2",
        "beginConnection 2", "scene 2 scene:willConnectToSession:options:", "endConnection 2",
        "showStoryboardWindow 2", "restoreInteractionState 2", "scene 2 sceneWillEnterForeground:",
        "scene 2 sceneDidBecomeActive:", "deliverAwaitedDidAppear",
      ])
    #expect(driver.machine.reclaimedSessions.isEmpty)
    #expect(driver.machine.applicationState == .active && driver.machine.phase == .running)
  }

  @Test func aSceneInTheForegroundGoesToTheBackgroundBeforeTheSystemReclaimsIt() throws {
    var driver = MachineDriver.withScenes()
    driver.launch()
    // "UIKit can disconnect a background or suspended scene" (§3.7 point 3): so first home.
    #expect(
      try driver.lines(of: .reclaimScene(1)) == [
        "scene 1 sceneWillResignActive:", "post UISceneWillDeactivateNotification",
        "post UIApplicationWillResignActiveNotification", "scene 1 sceneDidEnterBackground:",
        "post UISceneDidEnterBackgroundNotification",
        "post UIApplicationDidEnterBackgroundNotification", "saveStateRestorationActivity 1",
        "scene 1 sceneDidDisconnect:", "post UISceneDidDisconnectNotification", "forgetScene 1",
      ])
    #expect(driver.statesSeen.last == "sceneDidDisconnect: background")
    #expect(driver.machine.phase == .suspended && driver.machine.reclaimedSessions == [1])
  }

  @Test func anotherWindowStaysWhileTheSystemReclaimsOne() throws {
    var driver = MachineDriver.withScenes(multiple: true)
    driver.launch()
    try driver.handle(.openScene)
    let lines = try driver.lines(of: .reclaimScene(1))
    #expect(!lines.contains { $0.hasPrefix("post UIApplication") }, "scene 2 keeps the app active")
    #expect(driver.machine.connectedScenes.map(\.id) == [2])
    #expect(driver.machine.applicationState == .active && driver.machine.phase == .running)
    // With a scene connected the icon has nothing to reconnect; the app asks for the session.
    #expect(
      try driver.lines(of: .activate) == [
        "device activate (ignored: already in the foreground)"
      ])
    try driver.perform(driver.machine.requestSceneActivation(session: 1, scene: nil))
    #expect(driver.lines.contains("prepareSession scene 3 session 1"))
    #expect(driver.machine.reclaimedSessions.isEmpty)
  }

  @Test func aReclaimedSessionIsDiscardedByASwipeAndSurvivesTheSystemEndingTheApp() throws {
    var driver = MachineDriver.withScenes()
    driver.launch()
    try driver.handle(.reclaimScene(1))
    try driver.handle(.terminateInBackground)
    #expect(driver.machine.survivingSessions == [1] && driver.machine.reclaimedSessions.isEmpty)
    try driver.handle(.activate)
    #expect(driver.lines.contains("prepareSession scene 2 session 1"))
    try driver.handle(.reclaimScene(2))
    try driver.handle(.kill)
    #expect(driver.machine.discardedSessions == [1] && driver.machine.reclaimedSessions.isEmpty)
  }

  @Test func aRequestWithNoSceneConnectedReconnectsTheReclaimedSession() throws {
    var driver = MachineDriver.withScenes()
    driver.launch()
    try driver.handle(.reclaimScene(1))
    let lines = try driver.lines(of: .request(.openURL(scheme: "demo")))
    #expect(lines.contains("prepareSession scene 2 session 1 for openURL(scheme: \"demo\")"))
    #expect(driver.machine.reclaimedSessions.isEmpty)
  }

  @Test func whatCannotBeReclaimedIsAnError() throws {
    var legacy = MachineDriver.withoutScenes()
    legacy.launch()
    #expect(
      throws: LifecycleError(
        "device.reclaim_scene: the app does not use scenes (no UIApplicationSceneManifest), so it has no scene to reclaim; the system reclaims its memory by ending it: device.terminate_in_background()"
      )
    ) { try legacy.handle(.reclaimScene(Machine.Scene.application)) }
    var driver = MachineDriver.withScenes()
    driver.launch()
    try driver.handle(.reclaimScene(1))
    let notConnected = LifecycleError(
      "device.reclaim_scene: scene 1 is not connected (it was closed or reclaimed, or its process ended)"
    )
    #expect(throws: notConnected) { try driver.handle(.reclaimScene(1)) }
    try driver.handle(.kill)
    #expect(throws: LifecycleError("device.reclaim_scene: the app is not running")) {
      try driver.handle(.reclaimScene(2))
    }
    var launching = MachineDriver.withScenes()
    _ = launching.machine.applicationMain()
    #expect(
      throws: LifecycleError(
        "device.reclaim_scene: the app is launching; the user and the system act between UIKit's callbacks"
      )
    ) { try launching.handle(.reclaimScene(1)) }
  }

  // MARK: Requests

  @Test func aWarmRequestWithoutScenesComesToTheForegroundAroundTheDelegate() throws {
    var driver = MachineDriver.withoutScenes()
    driver.launch()
    try driver.handle(.home)
    // §6.1 warm (INFERRED order): foreground, the request, then active.
    #expect(
      try driver.lines(of: .request(.openURL(scheme: "demo"))).filter { !$0.hasPrefix("post") }
        == [
          "makeRequestObjects", "app applicationWillEnterForeground:",
          "deliverRequestToApplicationDelegate", "app applicationDidBecomeActive:",
        ])
    // An active app resigns around it (INFERRED, not verified).
    #expect(
      try driver.lines(of: .request(.openURL(scheme: "demo"))).filter { !$0.hasPrefix("post") }
        == [
          "makeRequestObjects", "app applicationWillResignActive:",
          "deliverRequestToApplicationDelegate", "app applicationDidBecomeActive:",
        ])
  }

  @Test func aQuickActionIsChosenOnTheHomeScreenSoTheUserLeavesTheAppFirst() throws {
    var driver = MachineDriver.withScenes()
    driver.launch()
    let lines = try driver.lines(of: .request(.quickAction(type: "com.example.new")))
    // §6.3: home, then the quick action to the scene returning to the foreground.
    #expect(
      lines.filter { $0.hasPrefix("scene") || $0.hasPrefix("deliver") } == [
        "scene 1 sceneWillResignActive:", "scene 1 sceneDidEnterBackground:",
        "scene 1 sceneWillEnterForeground:", "deliverRequestToScene 1",
        "scene 1 sceneDidBecomeActive:",
      ])
  }

  @Test func aQuickActionTheAppDoesNotDeclareIsAnError() {
    var driver = MachineDriver.withScenes()
    driver.launch()
    #expect(
      throws: LifecycleError(
        "device.shortcut: the app has no quick action of type \"x\"; it declares \"com.example.new\""
      )
    ) { try driver.handle(.request(.quickAction(type: "x"))) }
  }

  @Test func theAppOpeningAURLGoesBackToItselfOrLeavesForAnotherApp() {
    let machine = MachineDriver.withoutScenes().machine
    #expect(
      machine.openURLFromApp(scheme: "demo") == [
        .completeOpenURL(opened: true), .deliverOpenedURLToThisApp,
      ])
    #expect(
      machine.openURLFromApp(scheme: "https") == [.completeOpenURL(opened: true), .event(.home)])
    #expect(machine.openURLFromApp(scheme: "nobody") == [.completeOpenURL(opened: false)])
  }

  // MARK: Background execution

  @Test func aBackgroundTaskKeepsTheAppRunningUntilItEnds() throws {
    var driver = MachineDriver.withoutScenes()
    driver.beginsTaskInBackground = true
    driver.launch()
    let home = try driver.lines(of: .home)
    // §9.2: the allowance starts running out instead of a suspension.
    #expect(home.last == "startBackgroundClock" && driver.machine.phase == .running)
    #expect(driver.machine.enabledEvents.contains(.backgroundTimeExpiry))
    #expect(driver.machine.backgroundTaskEnded() == [.stopBackgroundClock])
    #expect(driver.machine.phase == .suspended)
  }

  @Test func anUnfinishedTaskWhenTheTimeExpiresEndsTheApp() throws {
    var driver = MachineDriver.withoutScenes()
    driver.beginsTaskInBackground = true
    driver.endsTasksWhenTheyExpire = false
    driver.launch()
    try driver.handle(.home)
    #expect(
      try driver.lines(of: .backgroundTimeExpiry) == [
        "expiration handlers", "endProcessForUnfinishedBackgroundTask",
      ])
    #expect(driver.machine.phase == .notRunning)
  }

  @Test func tasksEndedInTheirExpirationHandlersLetTheAppSuspend() throws {
    var driver = MachineDriver.withoutScenes()
    driver.beginsTaskInBackground = true
    driver.launch()
    try driver.handle(.home)
    #expect(
      try driver.lines(of: .backgroundTimeExpiry) == ["expiration handlers", "stopBackgroundClock"])
    #expect(driver.machine.phase == .suspended)
  }

  @Test func comingBackStopsTheBackgroundClock() throws {
    var driver = MachineDriver.withScenes(multiple: true)
    driver.beginsTaskInBackground = true
    driver.launch()
    try driver.handle(.home)
    #expect(driver.machine.backgroundClockRunning)
    #expect(try driver.lines(of: .openScene).first == "stopBackgroundClock")
    #expect(!driver.machine.backgroundClockRunning)
  }

  // MARK: The app's own calls

  @Test func aSecondUIApplicationMainMeetsTheSingletonCheck() {
    var driver = MachineDriver.withoutScenes()
    driver.launch()
    // §7.4.
    #expect(
      driver.machine.applicationMain() == [
        .raise(
          ObjCException(.internalInconsistency, "There can only be one UIApplication instance."))
      ])
  }

  @Test func aSceneRequestFailsWithoutMultipleScenesUnlessNoneIsConnected() {
    var driver = MachineDriver.withScenes()
    driver.launch()
    #expect(
      driver.machine.requestSceneActivation(session: nil, scene: nil) == [
        .failSceneActivationRequest
      ])
    // The connected scene's own session comes to the foreground.
    #expect(
      driver.machine.requestSceneActivation(session: 1, scene: 1) == [
        .transition(.enterForeground, scene: 1),
        .transition(.becomeActive, scene: 1),
      ])
    var legacy = MachineDriver.withoutScenes()
    legacy.launch()
    #expect(
      legacy.machine.requestSceneActivation(session: nil, scene: nil) == [
        .failSceneActivationRequest
      ])
  }

  @Test func onIOS27AnAppWithoutScenesFailsToLaunch() {
    var driver = MachineDriver(.init(profile: IOSProfile(27)))
    driver.launch()
    // §11: before any object.
    #expect(driver.lines.prefix(2) == ["showLaunchScreen", "armLaunchWatchdog"])
    #expect(driver.lines.last?.hasPrefix("exception NSInternalInconsistencyException") == true)
    #expect(!driver.lines.contains("createApplication") && driver.machine.phase == .notRunning)
  }
}
