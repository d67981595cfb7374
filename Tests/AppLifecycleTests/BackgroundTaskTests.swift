import Testing
import XcodeFiles

@testable import AppLifecycle

/// Scheduled background tasks (Documentation/UIKit/background-launches.md, §19.4): launch
/// handlers registered during launch, requests submitted with the errors Apple documents, and
/// the system running a task in a background launch or a wake, with its expiration.
@Suite struct BackgroundTaskTests {
  static let refresh = "com.example.refresh"
  static let cleanup = "com.example.cleanup"

  /// What the app saw and did.
  final class Seen {
    var lines: [String] = []
    var tasks: [BGTask] = []
    var registered: [Bool] = []
    var submitted: [String] = []
  }

  /// How the app treats the tasks it gets.
  struct Behaviour {
    /// Register launch handlers in didFinishLaunching (otherwise it registers none).
    var registers = true
    /// Submit a refresh request in didFinishLaunching.
    var submits = true
    /// Complete a task in its launch handler.
    var completes = true
    /// Set an expiration handler, which completes the task unless `expirationCompletes` is
    /// false.
    var setsExpirationHandler = true
    var expirationCompletes = true
  }

  /// An app without scenes (or with, `scenes`) that declares both task identifiers and both
  /// background modes (`modes`).
  static func app(
    _ behaviour: Behaviour = Behaviour(), scenes: Bool = false,
    modes: [String] = ["fetch", "processing"]
  ) throws -> (TestApp, Seen) {
    let app = try TestApp()
    let device = app.device
    var info: [String: PlistValue] = [
      "UIBackgroundModes": .array(modes.map(PlistValue.string)),
      "BGTaskSchedulerPermittedIdentifiers": .array([.string(refresh), .string(cleanup)]),
    ]
    if scenes {
      info["UIApplicationSceneManifest"] = .dictionary([
        "UIApplicationSupportsMultipleScenes": .bool(false)
      ])
    }
    device.info = InfoPlist(info)
    let seen = Seen()
    app.implement(["applicationDidEnterBackground:", "applicationWillEnterForeground:"])
    app.delegate.addMethod("application:didFinishLaunchingWithOptions:") { _ in
      if behaviour.registers {
        for identifier in [refresh, cleanup] {
          seen.registered.append(
            try register(identifier, in: device, seen: seen, behaviour: behaviour))
        }
      }
      if behaviour.submits { seen.submitted.append(try submit(refresh, in: device)) }
      return .bool(true)
    }
    return (app, seen)
  }

  /// `registerForTaskWithIdentifier:usingQueue:launchHandler:` with a handler that notes the
  /// task and the application's state.
  static func register(
    _ identifier: String, in device: Device, seen: Seen, behaviour: Behaviour = Behaviour()
  ) throws -> Bool {
    let handler = device.runtime.makeBlock { arguments in
      guard let task = arguments.first?.object as? BGTask else { return }
      seen.tasks.append(task)
      seen.lines.append("launch \(task.taskIdentifier) \(device.machine.applicationState)")
      if behaviour.setsExpirationHandler {
        task.expirationHandler = device.runtime.makeBlock { _ in
          seen.lines.append("expiration \(task.taskIdentifier)")
          if behaviour.expirationCompletes {
            try device.runtime.send(
              Selector("setTaskCompletedWithSuccess:"), to: task, [.bool(false)])
          }
        }
      }
      if behaviour.completes {
        try device.runtime.send(Selector("setTaskCompletedWithSuccess:"), to: task, [.bool(true)])
      }
    }
    return try device.runtime.send(
      Selector("registerForTaskWithIdentifier:usingQueue:launchHandler:"),
      to: device.taskSchedulerOfProcess, [.string(identifier), .nil, handler]
    ).boolValue
  }

  /// `submitTaskRequest:error:`: `submitted`, or the error's name.
  static func submit(_ identifier: String, processing: Bool = false, in device: Device) throws
    -> String
  {
    let cls = device.runtime.classNamed(
      processing ? "BGProcessingTaskRequest" : "BGAppRefreshTaskRequest")!
    let request = try device.create(cls, [.string(identifier)])
    do {
      let returned = try device.runtime.send(
        Selector("submitTaskRequest:error:"), to: device.taskSchedulerOfProcess, [.object(request)])
      return returned.boolValue ? "submitted" : "NO without an error"
    } catch let failure as ErrorOutParameter {
      return failure.name
    }
  }

  /// Launched, then ended by the system in the background (not a force quit); returns the
  /// number of trace lines so far.
  static func launchedAndEnded(_ app: TestApp) throws -> Int {
    _ = try app.launch()
    try app.device.terminateInBackground()
    return app.lifecycleLines.count
  }

  // MARK: Running a task (§19.1, §19.4 item 5)

  @Test func aTaskLaunchesAnAppWithoutScenesInTheBackground() throws {
    let (app, seen) = try Self.app()
    let before = try Self.launchedAndEnded(app)
    #expect(app.device.machine.pendingTaskRequests == [Self.refresh])
    try app.device.runBackgroundTask(Self.refresh)
    #expect(
      app.lines(since: before) == [
        "new UIApplication",
        "new AppDelegate",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "new BGAppRefreshTaskRequest",
        "post UIApplicationDidFinishLaunchingNotification",
        "AppDelegate.applicationDidEnterBackground:",
        "post UIApplicationDidEnterBackgroundNotification",
        "new BGAppRefreshTask",
      ])
    #expect(seen.lines == ["launch com.example.refresh background"])
    #expect(seen.tasks.first?.success == true)
    // Completed: suspended again; the launch resubmitted the request.
    #expect(app.device.machine.phase == .suspended)
    #expect(app.device.machine.pendingTaskRequests == [Self.refresh])
  }

  @Test func aSuspendedAppIsResumedForATaskAndHearsItEnteredTheBackground() throws {
    let (app, seen) = try Self.app()
    _ = try app.launch()
    try app.device.home()
    let before = app.lifecycleLines.count
    try app.device.runBackgroundTask(Self.refresh)
    #expect(
      app.lines(since: before) == [
        "AppDelegate.applicationDidEnterBackground:",
        "post UIApplicationDidEnterBackgroundNotification",
        "new BGAppRefreshTask",
      ])
    #expect(seen.lines == ["launch com.example.refresh background"])
    #expect(app.device.machine.phase == .suspended)
    #expect(app.device.machine.pendingTaskRequests.isEmpty)
  }

  @Test func aSceneAppLaunchedForATaskConnectsItsSceneWhenTheUserOpensIt() throws {
    let (app, seen) = try Self.app(scenes: true)
    let before = try Self.launchedAndEnded(app)
    try app.device.runBackgroundTask(Self.refresh)
    #expect(
      app.lines(since: before) == [
        "new UIApplication",
        "new AppDelegate",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "new BGAppRefreshTaskRequest",
        "post UIApplicationDidFinishLaunchingNotification",
        "new BGAppRefreshTask",
      ])
    #expect(seen.lines == ["launch com.example.refresh background"])
    #expect(app.device.scenes.isEmpty)
    try app.device.activate()
    #expect(app.device.scenes.count == 1)
    #expect(app.device.machine.applicationState == .active)
  }

  @Test func theSystemRunsNoTaskForAnAppInFrontAUserKilledAppOrWithRefreshOff() throws {
    let (app, seen) = try Self.app()
    _ = try app.launch()
    try app.device.runBackgroundTask(Self.refresh)
    #expect(
      app.lifecycleLines.last
        == "device run_background_task com.example.refresh (ignored: the app is in the foreground; the system runs the task once it is in the background)"
    )
    try app.device.kill()
    try app.device.runBackgroundTask(Self.refresh)
    #expect(
      app.lifecycleLines.last
        == "device run_background_task com.example.refresh (ignored: the user force-quit the app)")
    try app.device.activate()
    try app.device.home()
    app.device.backgroundAppRefreshEnabled = false
    try app.device.runBackgroundTask(Self.refresh)
    #expect(
      app.lifecycleLines.last
        == "device run_background_task com.example.refresh (ignored: Background App Refresh is off in Settings)"
    )
    #expect(seen.lines.isEmpty)
    #expect(app.device.machine.pendingTaskRequests == [Self.refresh])
  }

  @Test func runningATaskNoRequestIsPendingForIsAScenarioError() throws {
    let (app, _) = try Self.app(Behaviour(submits: false))
    #expect(
      throws: LifecycleError(
        "device.run_background_task: the app was never launched; call UIApplicationMain (or main) first, so the device knows the app"
      )
    ) { try app.device.runBackgroundTask(Self.refresh) }
    _ = try app.launch()
    #expect(
      throws: LifecycleError(
        "device.run_background_task: no task request with identifier \"com.example.refresh\" is pending (none is); the app registers its launch handler during launch with BGTaskScheduler.shared:registerForTaskWithIdentifier_usingQueue_launchHandler(identifier, nil, handler), then submits a request with BGTaskScheduler.shared:submitTaskRequest_error(BGAppRefreshTaskRequest.new(identifier))"
      )
    ) { try app.device.runBackgroundTask(Self.refresh) }
  }

  // MARK: Registration (§19.4 items 1-3)

  @Test func registeringAfterTheLaunchRaisesTheInconsistencyException() throws {
    let (app, seen) = try Self.app(Behaviour(registers: false, submits: false))
    let device = app.device
    app.delegate.addMethod("applicationDidBecomeActive:") { _ in
      _ = try Self.register(Self.refresh, in: device, seen: seen)
      return .nil
    }
    _ = try app.launch()
    #expect(
      app.lifecycleLines.last
        == "exception NSInternalInconsistencyException: All launch handlers must be registered before application finishes launching"
    )
    #expect(!device.isAppRunning)
  }

  @Test func anObserverOfTheLaunchNotificationRegistersTooLate() throws {
    let (app, seen) = try Self.app(Behaviour(registers: false, submits: false), scenes: true)
    let device = app.device
    _ = device.notificationCenter.addObserver(
      forName: "UIApplicationDidFinishLaunchingNotification"
    ) { _, _, _ in _ = try Self.register(Self.refresh, in: device, seen: seen) }
    _ = try app.launch()
    #expect(
      app.lifecycleLines.last
        == "exception NSInternalInconsistencyException: All launch handlers must be registered before application finishes launching"
    )
  }

  @Test func registeringTwiceRaisesAndAnIdentifierNotPermittedIsRefused() throws {
    let (app, seen) = try Self.app(Behaviour(registers: false, submits: false))
    let device = app.device
    app.delegate.addMethod("application:willFinishLaunchingWithOptions:") { _ in
      seen.registered.append(try Self.register("com.example.other", in: device, seen: seen))
      seen.submitted.append(try Self.submit("com.example.other", in: device))
      seen.registered.append(try Self.register(Self.refresh, in: device, seen: seen))
      seen.registered.append(try Self.register(Self.refresh, in: device, seen: seen))
      return .bool(true)
    }
    _ = try app.launch()
    #expect(seen.registered == [false, true])
    #expect(seen.submitted == ["BGTaskSchedulerErrorCodeNotPermitted"])
    #expect(
      app.lifecycleLines.last
        == "exception NSInternalInconsistencyException: Launch handler for task with identifier com.example.refresh has already been registered"
    )
  }

  // MARK: Submitting (§19.4 item 4)

  @Test func submittingFailsWithTheErrorsAppleDocuments() throws {
    let (app, seen) = try Self.app(modes: ["fetch"])
    let device = app.device
    _ = try app.launch()
    #expect(seen.submitted == ["submitted"])
    // The processing mode is missing; a second refresh identifier is one too many.
    #expect(
      try Self.submit(Self.cleanup, processing: true, in: device)
        == "BGTaskSchedulerErrorCodeNotPermitted")
    #expect(
      try Self.submit(Self.cleanup, in: device)
        == "BGTaskSchedulerErrorCodeTooManyPendingTaskRequests")
    // The same identifier replaces its request.
    #expect(try Self.submit(Self.refresh, in: device) == "submitted")
    #expect(device.machine.pendingTaskRequests == [Self.refresh])
    device.backgroundAppRefreshEnabled = false
    #expect(
      try Self.submit(Self.refresh, in: device) == "BGTaskSchedulerErrorCodeUnavailable")
  }

  @Test func submittingWithoutALaunchHandlerRaises() throws {
    let (app, _) = try Self.app(Behaviour(registers: false))
    _ = try app.launch()
    #expect(
      app.lifecycleLines.last
        == "exception NSInternalInconsistencyException: No launch handler registered for task with identifier com.example.refresh"
    )
  }

  @Test func aProcessThatRegistersNoHandlerCrashesWhenLaunchedForItsTask() throws {
    let (app, seen) = try Self.app()
    _ = try Self.launchedAndEnded(app)
    // The next process forgets to register (an update of the app, say).
    app.delegate.addMethod("application:didFinishLaunchingWithOptions:") { _ in .bool(true) }
    try app.device.runBackgroundTask(Self.refresh)
    #expect(
      app.lifecycleLines.last
        == "exception NSInternalInconsistencyException: No launch handler registered for task with identifier com.example.refresh"
    )
    #expect(seen.tasks.isEmpty)
  }

  @Test func cancellingAndListingPendingRequests() throws {
    let (app, seen) = try Self.app()
    let device = app.device
    _ = try app.launch()
    #expect(try Self.submit(Self.cleanup, processing: true, in: device) == "submitted")
    var listed: [String] = []
    let handler = device.runtime.makeBlock { arguments in
      guard case .array(let requests) = arguments.first else { return }
      listed = requests.compactMap {
        $0.object.map { "\($0.isa.name) \($0.instanceVariables["identifier"]?.stringValue ?? "")" }
      }
    }
    let scheduler = device.taskSchedulerOfProcess
    try device.runtime.send(
      Selector("getPendingTaskRequestsWithCompletionHandler:"), to: scheduler, [handler])
    #expect(listed.isEmpty, "handed over after the app's current work")
    try device.wait(0)
    #expect(
      listed == [
        "BGAppRefreshTaskRequest com.example.refresh",
        "BGProcessingTaskRequest com.example.cleanup",
      ])
    try device.runtime.send(
      Selector("cancelTaskRequestWithIdentifier:"), to: scheduler, [.string(Self.refresh)])
    #expect(device.machine.pendingTaskRequests == [Self.cleanup])
    try device.runtime.send(Selector("cancelAllTaskRequests"), to: scheduler)
    #expect(device.machine.pendingTaskRequests.isEmpty)
    #expect(seen.tasks.isEmpty)
  }

  // MARK: Expiration and completion (§19.4 items 6 and 7)

  /// An app the system ended in the background, launched again for its refresh task, which it
  /// keeps; `seconds` later.
  static func keptTask(_ behaviour: Behaviour, after seconds: Double) throws -> (TestApp, Seen) {
    let (app, seen) = try Self.app(behaviour)
    _ = try Self.launchedAndEnded(app)
    try app.device.runBackgroundTask(Self.refresh)
    try app.device.wait(seconds)
    return (app, seen)
  }

  @Test func aTaskNotCompletedKeepsTheAppRunningUntilItsBudgetThenItsExpirationHandlerRuns()
    throws
  {
    let (app, seen) = try Self.keptTask(Behaviour(completes: false), after: 29)
    #expect(app.device.machine.phase == .running)
    try app.device.wait(1)
    #expect(
      seen.lines == ["launch com.example.refresh background", "expiration com.example.refresh"])
    #expect(seen.tasks.first?.success == false)
    #expect(app.device.machine.phase == .suspended)
  }

  @Test func withoutAnExpirationHandlerTheSystemMarksTheTaskUnsuccessful() throws {
    let (app, seen) = try Self.keptTask(
      Behaviour(completes: false, setsExpirationHandler: false), after: 30)
    #expect(
      app.lifecycleLines.last
        == "log [lifescript] the background task \"com.example.refresh\" expired without an expirationHandler: the system marks it complete and unsuccessful (see Documentation/UIKit/background-launches.md#background-tasks)"
    )
    #expect(seen.tasks.first?.success == false)
    #expect(app.device.machine.phase == .suspended)
  }

  @Test func aTaskStillNotCompletedWhenItsTimeIsUpEndsTheApp() throws {
    let (app, _) = try Self.keptTask(
      Behaviour(completes: false, expirationCompletes: false), after: 30)
    #expect(
      app.lifecycleLines.last
        == "terminated [lifescript: UIKit's exact text is not public] the app did not call setTaskCompletedWithSuccess: on the background task \"com.example.refresh\" before its time expired (see Documentation/UIKit/background-launches.md#background-tasks)"
    )
    #expect(!app.device.isAppRunning)
  }

  @Test func theSystemCanEndATaskEarlyAndAProcessingTaskHasMinutes() throws {
    let (app, seen) = try Self.app(Behaviour(completes: false))
    let device = app.device
    _ = try app.launch()
    #expect(try Self.submit(Self.cleanup, processing: true, in: device) == "submitted")
    try device.home()
    try device.runBackgroundTask(Self.cleanup)
    try device.wait(299)
    #expect(seen.lines == ["launch com.example.cleanup background"])
    #expect(seen.tasks.first.map { $0.isa.name } == "BGProcessingTask")
    try device.expireBackgroundTask(Self.cleanup)
    #expect(seen.lines.last == "expiration com.example.cleanup")
    #expect(device.machine.phase == .suspended)
    #expect(
      throws: LifecycleError(
        "device.expire_background_task: no background task with identifier \"com.example.cleanup\" is running (none is); device.run_background_task(identifier) runs one"
      )
    ) { try device.expireBackgroundTask(Self.cleanup) }
  }

  @Test func anAppInFrontWhenItsTaskExpiresIsNotEnded() throws {
    let (app, seen) = try Self.app(Behaviour(completes: false, expirationCompletes: false))
    _ = try app.launch()
    try app.device.home()
    try app.device.runBackgroundTask(Self.refresh)
    try app.device.activate()
    try app.device.wait(30)
    #expect(seen.lines.last == "expiration com.example.refresh")
    #expect(app.device.machine.applicationState == .active)
    // Completing it now changes nothing; home suspends the app.
    try app.device.runtime.send(
      Selector("setTaskCompletedWithSuccess:"), to: seen.tasks[0], [.bool(true)])
    try app.device.home()
    #expect(app.device.machine.phase == .suspended)
  }
}
