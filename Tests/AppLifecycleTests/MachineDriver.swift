import AppLifecycle

/// Performs a life-cycle machine's actions as `Device` does, without objects: continuations and
/// nested events go back to the machine, the end of the process ends it, an exception unwinds
/// the rest, and every other action becomes a line. What the app does in its callbacks is
/// simulated by the driver's settings.
struct MachineDriver {
  typealias Machine = LifecycleMachine

  var machine: Machine
  /// Every performed action as a line: `app applicationDidBecomeActive:`,
  /// `scene 1 sceneWillResignActive:`, `post UIApplicationDidBecomeActiveNotification`, …
  var lines: [String] = []
  /// What `application:willFinishLaunchingWithOptions:` and `…didFinish…` return, in turn; true
  /// once these run out.
  var launchReplies: [Bool?] = []
  /// The app begins a background task when it enters the background.
  var beginsTaskInBackground = false
  /// The app ends its tasks in their expiration handlers.
  var endsTasksWhenTheyExpire = true
  /// The app implements `application:didReceiveRemoteNotification:fetchCompletionHandler:`
  /// and calls the completion handler inside it; otherwise it keeps the handler.
  var completesRemoteNotifications = true
  /// The app submits a `BGTaskScheduler` request with this identifier at the end of each
  /// launch, its launch handler registered.
  var submitsTaskRequest: String?
  /// The app completes a scheduled task in its launch handler; otherwise it keeps it running.
  var completesScheduledTasks = true
  /// The main storyboard has an entry point (an initial view controller).
  var storyboardHasEntryPoint = true
  /// The app delegate has a `window` property.
  var delegateHasWindow = true
  /// `applicationState` as each delegate method saw it: `sceneWillResignActive: active`.
  var statesSeen: [String] = []

  init(
    _ configuration: Machine.Configuration = .init(), declarations: Machine.Declarations = .init()
  ) {
    machine = Machine()
    machine.configure(configuration)
    machine.declarations = declarations
  }

  /// An app without scenes.
  static func withoutScenes(
    storyboard: Bool = false,
    activation: LaunchOrderOptions.LegacyActivation = .betweenWillAndDidAppear
  ) -> Self {
    var options = LaunchOrderOptions()
    options.legacyActivation = activation
    return Self(.init(hasMainStoryboard: storyboard, options: options), declarations: .standard)
  }

  /// A scene app.
  static func withScenes(
    multiple: Bool = false, appearance: LaunchOrderOptions.SceneAppearance = .duringConnection
  ) -> Self {
    var options = LaunchOrderOptions()
    options.sceneAppearance = appearance
    return Self(
      .init(usesScenes: true, supportsMultipleScenes: multiple, options: options),
      declarations: .standard)
  }

  /// The unwinding of an uncaught exception.
  struct Crash: Error {}

  /// `UIApplicationMain`: the launch from the home screen.
  mutating func launch() {
    start(machine.applicationMain())
  }

  /// A user or system event; a machine error is thrown.
  mutating func handle(_ event: Machine.Event) throws(LifecycleError) {
    start(try machine.handle(event))
  }

  /// The lines an event adds.
  mutating func lines(of event: Machine.Event) throws(LifecycleError) -> [String] {
    let start = lines.count
    try handle(event)
    return Array(lines[start...])
  }

  /// Runs one input's actions as the outermost step of the process: an exception ends it.
  mutating func start(_ actions: [Machine.Action]) {
    do {
      try perform(actions)
    } catch {
      machine.processEnded()
    }
  }

  mutating func perform(_ actions: [Machine.Action]) throws {
    for action in actions { try perform(action) }
  }

  mutating func perform(_ action: Machine.Action) throws {
    switch action {
    case .callApplicationDelegate(let selector, _):
      see(selector)
      lines.append("app \(selector)")
      if selector.name == "applicationDidEnterBackground:" { enteredBackground() }
    case .openMainStoryboard:
      lines.append("openMainStoryboard")
      machine.mainStoryboardOpened(hasEntryPoint: storyboardHasEntryPoint)
    case .prepareDelegateWindow:
      lines.append("prepareDelegateWindow")
      machine.delegateWindowPrepared(delegateHasWindow)
    case .callLaunchDelegate(let selector):
      see(selector)
      lines.append("app \(selector)")
      machine.launchDelegateReturned(launchReplies.isEmpty ? true : launchReplies.removeFirst())
    case .callSceneDelegate(let id, let selector, _):
      see(selector)
      lines.append("scene \(id) \(selector)")
      if selector.name == "sceneDidEnterBackground:" { enteredBackground() }
    case .post(let name, _):
      lines.append("post \(name)")
    case .log(let text):
      lines.append("log \(text)")
    case .raise(let exception):
      lines.append("exception \(exception)")
      throw Crash()
    case .ignored(let event, let reason):
      lines.append("device \(event.name) (ignored: \(reason))")
    case .callExpirationHandlers:
      lines.append("expiration handlers")
      if endsTasksWhenTheyExpire {
        while machine.backgroundTasks > 0 { try perform(machine.backgroundTaskEnded()) }
      }
    case .endLaunchHandlerRegistration:
      lines.append("\(action)")
      if let identifier = submitsTaskRequest { machine.taskRequestSubmitted(identifier) }
    case .launchScheduledTask(let identifier):
      lines.append("launch handler \(identifier) \(machine.applicationState)")
      machine.scheduledTaskStarted(identifier)
      if completesScheduledTasks { try perform(machine.scheduledTaskCompleted(identifier)) }
    case .expireScheduledTask(let identifier):
      lines.append("expiration handler \(identifier)")
      if endsTasksWhenTheyExpire { try perform(machine.scheduledTaskCompleted(identifier)) }
    case .endProcess, .endProcessForUnfinishedBackgroundTask,
      .endProcessForUnfinishedRemoteNotification, .endProcessForUnfinishedScheduledTask:
      lines.append("\(action)")
      machine.processEnded()
    case .deliverRemoteNotification:
      see(Selector("application:didReceiveRemoteNotification:fetchCompletionHandler:"))
      lines.append("app application:didReceiveRemoteNotification:fetchCompletionHandler:")
      machine.remoteNotificationDelivered()
      if completesRemoteNotifications { try perform(machine.remoteNotificationCompleted()) }
    case .transition(let transition, let scene):
      guard let callbacks = machine.transition(transition, scene: scene) else { return }
      see(callbacks.selector)
      switch callbacks.receiver {
      case .applicationDelegate: lines.append("app \(callbacks.selector)")
      case .sceneDelegate(let id): lines.append("scene \(id) \(callbacks.selector)")
      }
      lines.append("post \(callbacks.notification)")
      if let name = callbacks.applicationNotification { lines.append("post \(name)") }
      if let state = callbacks.stateAfterwards { machine.commit(scene: callbacks.scene, state) }
      if callbacks.selector.name.hasSuffix("DidEnterBackground:") { enteredBackground() }
    case .resume(let continuation):
      try perform(machine.resume(continuation))
    case .event(let event):
      try perform(machine.handle(event))
    case .showLaunchScreen, .armLaunchWatchdog, .disarmLaunchWatchdog, .createApplication,
      .checkAppAgainstRelease, .warnAboutMethodsScenesReplace, .instantiateMainStoryboardController,
      .setMainStoryboardRoot,
      .restoreApplicationState, .checkLaunchWindows, .showLaunchWindow, .removeLaunchScreen,
      .reportDiscardedSessions, .prepareSession, .createScene, .loadStoryboardWindow,
      .beginConnection, .endConnection, .showStoryboardWindow, .restoreInteractionState,
      .deliverAwaitedDidAppear, .continueHandoff, .saveStateRestorationActivity, .forgetScene,
      .reportDiscardedSession, .failSceneActivationRequest, .makeRequestObjects,
      .deliverRequestToApplicationDelegate, .deliverRequestToScene, .completeOpenURL,
      .deliverOpenedURLToThisApp, .startBackgroundClock, .stopBackgroundClock,
      .warnViewControllersAboutMemory, .sendEvent, .preserveApplicationState,
      .discardPreservedState, .eraseInstallData, .checkBackgroundModes, .deferLaunchWindow,
      .prepareDeferredLaunchWindow, .presentNotification, .followDeviceOrientation:
      lines.append(Self.describe(action))
    }
  }

  /// A short line for an action on objects: `showLaunchWindow willAppear`, `createScene 1`.
  static func describe(_ action: Machine.Action) -> String {
    switch action {
    case .showLaunchScreen(let scheme): "showLaunchScreen" + (scheme.map { " " + $0 } ?? "")
    case .showLaunchWindow(let phase): "showLaunchWindow \(phase)"
    case .reportDiscardedSessions(let sessions): "reportDiscardedSessions \(sessions)"
    case .prepareSession(let scene, let session, let isNew, let request):
      "prepareSession scene \(scene) session \(session)\(isNew ? " new" : "")"
        + (request.map { " for \($0)" } ?? "")
    case .createScene(let id): "createScene \(id)"
    case .loadStoryboardWindow(let id): "loadStoryboardWindow \(id)"
    case .beginConnection(let id): "beginConnection \(id)"
    case .endConnection(let id): "endConnection \(id)"
    case .showStoryboardWindow(let id): "showStoryboardWindow \(id)"
    case .restoreInteractionState(let id): "restoreInteractionState \(id)"
    case .continueHandoff(let id): "continueHandoff \(id)"
    case .saveStateRestorationActivity(let id): "saveStateRestorationActivity \(id)"
    case .forgetScene(let id): "forgetScene \(id)"
    case .reportDiscardedSession(let session): "reportDiscardedSession \(session)"
    case .deliverRequestToApplicationDelegate: "deliverRequestToApplicationDelegate"
    case .deliverRequestToScene(let id, _): "deliverRequestToScene \(id)"
    case .completeOpenURL(let opened): "completeOpenURL \(opened)"
    case .sendEvent(let kind): "sendEvent \(kind)"
    default: "\(action)"
    }
  }

  /// The app's own `didEnterBackground` code.
  private mutating func enteredBackground() {
    if beginsTaskInBackground { machine.backgroundTaskBegan() }
  }

  private mutating func see(_ selector: Selector) {
    statesSeen.append("\(selector) \(machine.applicationState)")
  }

  /// The lines that are UIKit's callbacks and notifications, without the rest.
  var callbacks: [String] {
    lines.filter { $0.hasPrefix("app ") || $0.hasPrefix("scene ") || $0.hasPrefix("post ") }
  }
}

extension LifecycleMachine.Declarations {
  /// One URL scheme, quick action and activity type.
  static let standard = Self(
    urlSchemes: ["demo"], quickActions: ["com.example.new"], activityTypes: ["com.example.view"],
    backgroundModes: ["remote-notification"])
}
