import AppLifecycle
import Testing

/// `enabledEvents` says what can happen next, and every other event has an explicit outcome:
/// checked in every state the machine reaches within a few events of a launch, for apps with
/// and without scenes.
@Suite struct EnabledEventsTests {
  typealias Machine = LifecycleMachine
  typealias Event = LifecycleMachine.Event

  /// What an event can change for the app (the interruption in progress aside: a call changes
  /// nothing for an app that is not active).
  struct Snapshot: Equatable {
    var phase: Machine.Phase
    var scenes: [Machine.Scene]
    var knowsApp: Bool
    var backgroundTasks: Int
    var backgroundClockRunning: Bool
    var discardedSessions: [Int]
    var survivingSessions: [Int]
    var reclaimedSessions: [Int]
    var remoteNotificationsInProgress: Int
    var forceQuit: Bool
    var launchWindowDeferred: Bool
    var pendingTaskRequests: [String]
    var scheduledTasksRunning: [String]

    init(_ machine: Machine) {
      phase = machine.phase
      scenes = machine.scenes
      knowsApp = machine.knowsApp
      backgroundTasks = machine.backgroundTasks
      backgroundClockRunning = machine.backgroundClockRunning
      discardedSessions = machine.discardedSessions
      survivingSessions = machine.survivingSessions
      reclaimedSessions = machine.reclaimedSessions
      remoteNotificationsInProgress = machine.remoteNotificationsInProgress
      forceQuit = machine.forceQuit
      launchWindowDeferred = machine.launchWindowDeferred
      pendingTaskRequests = machine.pendingTaskRequests
      scheduledTasksRunning = machine.scheduledTasksRunning
    }
  }

  /// Every event a test tries: the declared requests and some the app does not declare,
  /// closing and reclaiming scenes that exist and one that never did.
  static let universe: [Event] =
    [
      .activate, .home, .interrupt, .endInterruption, .kill, .terminateInBackground,
      .memoryWarning, .request(.openURL(scheme: "demo")), .request(.openURL(scheme: "other")),
      .request(.quickAction(type: "com.example.new")), .request(.quickAction(type: "undeclared")),
      .request(.userActivity(type: "com.example.view", handoff: false)),
      .request(.userActivity(type: "com.example.view", handoff: true)), .backgroundTimeExpiry,
      .openScene, .touch, .shake, .reinstall, .remoteNotification, .remoteNotificationTimeExpiry,
      .alertNotification, .request(.notificationResponse), .backgroundTask(refresh),
      .backgroundTask("undeclared"), .backgroundTaskExpiry(refresh),
      .backgroundTaskExpiry("undeclared"), .rotate(.landscapeLeft), .rotate(.portrait),
    ] + (1...6).map { .closeScene($0) } + [.closeScene(99)] + (1...6).map { .reclaimScene($0) }
    + [.reclaimScene(99)]

  /// The identifier of the task request the apps that schedule one submit.
  static let refresh = "com.example.refresh"

  /// What the app itself does besides its callbacks: ending its background task, calling a
  /// background notification's completion handler it kept, completing a scheduled task.
  enum Step: Hashable {
    case event(Event)
    case endBackgroundTask
    case completeRemoteNotification
    case completeScheduledTask
  }

  /// The drivers of every state reached from `start`'s launch within `depth` steps.
  static func reachable(from start: MachineDriver, depth: Int) -> [MachineDriver] {
    var launched = start
    launched.launch()
    var seen: Set<Machine> = [launched.machine]
    var frontier = [launched]
    var all = [launched]
    for _ in 0..<depth {
      var next: [MachineDriver] = []
      for driver in frontier {
        for step in universe.map(Step.event) + [
          .endBackgroundTask, .completeRemoteNotification, .completeScheduledTask,
        ] {
          var copy = driver
          switch step {
          case .event(let event):
            guard (try? copy.handle(event)) != nil else { continue }
          case .endBackgroundTask:
            guard copy.machine.backgroundTasks > 0 else { continue }
            copy.start(copy.machine.backgroundTaskEnded())
          case .completeRemoteNotification:
            guard copy.machine.remoteNotificationsInProgress > 0 else { continue }
            copy.start(copy.machine.remoteNotificationCompleted())
          case .completeScheduledTask:
            guard let identifier = copy.machine.scheduledTasksRunning.first else { continue }
            copy.start(copy.machine.scheduledTaskCompleted(identifier))
          }
          copy.lines = []
          copy.statesSeen = []
          if seen.insert(copy.machine).inserted {
            next.append(copy)
            all.append(copy)
          }
        }
      }
      frontier = next
    }
    return all
  }

  static let apps: [(String, MachineDriver)] = [
    ("without scenes", .withoutScenes()),
    (
      "without scenes, with a background task",
      {
        var driver = MachineDriver.withoutScenes()
        driver.beginsTaskInBackground = true
        driver.endsTasksWhenTheyExpire = false
        return driver
      }()
    ),
    (
      "without scenes, keeping background notifications' completion handlers",
      {
        var driver = MachineDriver.withoutScenes(storyboard: true)
        driver.completesRemoteNotifications = false
        return driver
      }()
    ),
    (
      "without scenes, keeping the scheduled task it submits",
      {
        var driver = MachineDriver.withoutScenes(storyboard: true)
        driver.submitsTaskRequest = refresh
        driver.completesScheduledTasks = false
        driver.endsTasksWhenTheyExpire = false
        return driver
      }()
    ),
    ("with one scene", .withScenes()),
    (
      "with one scene, completing the scheduled task it submits",
      {
        var driver = MachineDriver.withScenes()
        driver.submitsTaskRequest = refresh
        return driver
      }()
    ),
    (
      "with multiple scenes and a background task",
      {
        var driver = MachineDriver.withScenes(multiple: true)
        driver.beginsTaskInBackground = true
        return driver
      }()
    ),
  ]

  @Test(arguments: 0..<apps.count)
  func enabledEventsAreExactlyTheEventsThatChangeSomething(app: Int) {
    let (name, start) = Self.apps[app]
    let states = Self.reachable(from: start, depth: 4)
    #expect(states.count > 5, "\(name): the search reaches the app's states")
    var enabledSomewhere: Set<Event> = []
    for state in states {
      let enabled = state.machine.enabledEvents
      #expect(Set(enabled).count == enabled.count, "\(name): an event is listed once")
      enabledSomewhere.formUnion(enabled)
      for event in Self.universe {
        var copy = state
        let before = copy.machine
        let lines: [String]
        do {
          lines = try copy.lines(of: event)
        } catch {
          #expect(
            !enabled.contains(event),
            "\(name): \(event.name) is enabled in \(before.phase) \(before.scenes) but fails: \(error)"
          )
          continue
        }
        let ignoredOnly = lines.allSatisfy { $0.contains("(ignored: ") }
        if enabled.contains(event) {
          #expect(
            !ignoredOnly || copy.machine != before,
            "\(name): \(event.name) is enabled in \(before.phase) \(before.scenes) but changes nothing: \(lines)"
          )
        } else if event == .request(.openURL(scheme: "other")) {
          // A scheme the app does not declare is not listed, yet delivered like one it does
          // (the device warns), so that a quick experiment needs no CFBundleURLTypes.
          var declared = state
          _ = try? declared.lines(of: .request(.openURL(scheme: "demo")))
          #expect(Snapshot(copy.machine) == Snapshot(declared.machine))
        } else {
          #expect(
            !lines.isEmpty && ignoredOnly && Snapshot(copy.machine) == Snapshot(before),
            "\(name): \(event.name) is not enabled in \(before.phase) \(before.scenes) yet does \(lines)"
          )
        }
      }
    }
    // Each event that can happen to such an app is enabled in some state.
    var expected: Set<Event> = [
      .activate, .home, .interrupt, .endInterruption, .kill, .terminateInBackground,
      .memoryWarning, .request(.openURL(scheme: "demo")),
      .request(.quickAction(type: "com.example.new")),
      .request(.userActivity(type: "com.example.view", handoff: false)),
      .request(.userActivity(type: "com.example.view", handoff: true)), .touch, .shake, .reinstall,
      .remoteNotification, .alertNotification, .request(.notificationResponse),
      .rotate(.landscapeLeft), .rotate(.portrait),
    ]
    if start.beginsTaskInBackground { expected.insert(.backgroundTimeExpiry) }
    if !start.completesRemoteNotifications { expected.insert(.remoteNotificationTimeExpiry) }
    if let identifier = start.submitsTaskRequest { expected.insert(.backgroundTask(identifier)) }
    if start.submitsTaskRequest != nil && !start.completesScheduledTasks {
      expected.insert(.backgroundTaskExpiry(Self.refresh))
    }
    if start.machine.configuration.usesScenes {
      expected.formUnion([.openScene, .closeScene(1), .reclaimScene(1)])
    }
    #expect(
      expected.isSubset(of: enabledSomewhere), "\(name): \(expected.subtracting(enabledSomewhere))")
  }

  @Test func nothingIsEnabledBeforeTheAppIsKnownNorWhileItLaunches() {
    var machine = Machine()
    #expect(machine.enabledEvents.isEmpty)
    _ = machine.applicationMain()
    #expect(machine.phase == .launching && machine.enabledEvents.isEmpty)
  }

  @Test func theParametersAreWhatTheAppDeclaresAndWhichScenesExist() throws {
    var driver = MachineDriver.withScenes(multiple: true)
    driver.launch()
    try driver.handle(.openScene)
    let enabled = driver.machine.enabledEvents
    #expect(
      enabled.filter { if case .closeScene = $0 { true } else { false } } == [
        .closeScene(1), .closeScene(2),
      ])
    #expect(
      enabled.filter { if case .reclaimScene = $0 { true } else { false } } == [
        .reclaimScene(1), .reclaimScene(2),
      ])
    #expect(enabled.contains(.request(.openURL(scheme: "demo"))))
    #expect(!enabled.contains(.request(.openURL(scheme: "other"))))
    #expect(enabled.contains(.request(.quickAction(type: "com.example.new"))))
    driver.machine.declarations.quickActions.append("com.example.dynamic")
    #expect(
      driver.machine.enabledEvents.contains(.request(.quickAction(type: "com.example.dynamic"))))
  }

  // MARK: Explicit outcomes

  /// What a real device would also do nothing about is traced as ignored, with the reason.
  @Test(arguments: [
    ("not running", Event.home, "the app is not running"),
    ("not running", .kill, "the app is not running"),
    ("not running", .memoryWarning, "the app is not running"),
    ("not running", .terminateInBackground, "the app is not running"),
    ("not running", .openScene, "the app is not running"),
    ("active", .activate, "already in the foreground"),
    ("background", .home, "already in the background"),
    ("background", .memoryWarning, "the app is suspended and runs no code"),
    ("background", .interrupt, "the app is in the background"),
    ("background", .backgroundTimeExpiry, "no background task is running"),
    ("interrupted", .interrupt, "an interruption is already in progress"),
    ("active", .openScene, "the app does not use scenes"),
    ("active", .remoteNotificationTimeExpiry, "no remote notification is being handled"),
    ("force-quit", .remoteNotification, "the user force-quit the app"),
    (
      "undeclared, background", .remoteNotification,
      "the app does not declare remote-notification in UIBackgroundModes"
    ),
    (
      "undeclared, not running", .remoteNotification,
      "the app does not declare remote-notification in UIBackgroundModes"
    ),
  ])
  func ignoredEventsSayWhy(state: String, event: Event, reason: String) throws {
    var driver = MachineDriver.withoutScenes()
    if state.hasPrefix("undeclared") { driver.machine.declarations.backgroundModes = [] }
    driver.launch()
    switch state {
    case "not running", "force-quit": try driver.handle(.kill)
    case "background", "undeclared, background": try driver.handle(.home)
    case "undeclared, not running": try driver.handle(.terminateInBackground)
    case "interrupted": try driver.handle(.interrupt)
    default: break
    }
    let before = driver.machine
    #expect(try driver.lines(of: event) == ["device \(event.name) (ignored: \(reason))"])
    #expect(Snapshot(driver.machine) == Snapshot(before))
  }

  /// What no device could produce is an error for the scenario.
  @Test func impossibleEventsAreErrors() throws {
    var never = MachineDriver.withoutScenes()
    #expect(
      throws: LifecycleError(
        "device.activate: the app was never launched; call UIApplicationMain (or main) first, so the device knows the app"
      )
    ) { try never.handle(.activate) }
    var driver = MachineDriver.withScenes()
    driver.launch()
    #expect(
      throws: LifecycleError(
        "device.end_interruption: no interruption is in progress; device.interrupt() begins one")
    ) { try driver.handle(.endInterruption) }
    #expect(
      throws: LifecycleError(
        "device.close_scene: scene 7 is not connected (it was closed, or its process ended)")
    ) { try driver.handle(.closeScene(7)) }
    try driver.handle(.home)
    #expect(
      throws: LifecycleError(
        "the app is not in the foreground (background): events go to the app in front")
    ) { try driver.handle(.touch) }
  }

  @Test func aCallThatEndsWhileTheAppIsAwayChangesNothingForIt() throws {
    var driver = MachineDriver.withoutScenes()
    driver.launch()
    try driver.handle(.interrupt)
    try driver.handle(.home)
    #expect(driver.machine.enabledEvents.contains(.endInterruption))
    #expect(
      try driver.lines(of: .endInterruption) == [
        "device end_interruption (ignored: the app is in the background)"
      ])
    #expect(!driver.machine.interrupted)
    #expect(!driver.machine.enabledEvents.contains(.endInterruption))
  }
}
