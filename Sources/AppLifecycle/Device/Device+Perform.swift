extension Device {
  /// Performs the machine's actions in order. An exception one raises unwinds the rest, as it
  /// unwinds UIKit's work in a real process.
  func perform(_ actions: [LifecycleMachine.Action]) throws {
    // A suspended process that runs again runs the work it was due meanwhile.
    if !process.heldWork.isEmpty { releaseHeldWork() }
    // By index: the actions are borrowed from the array rather than copied out of it.
    for index in actions.indices { try perform(actions[index]) }
  }

  /// One action on the objects the device owns.
  func perform(_ action: LifecycleMachine.Action) throws {
    switch action {
    // Messages, notifications, the console
    case .callApplicationDelegate(let selector, let arguments):
      let application = try runningApplication()
      notePair(selector, to: application.delegate)
      try duringInterfaceTransition(
        checksContract && ContractChecker.interfaceTransitionSelectors.contains(selector)
      ) {
        switch arguments {
        case .application:
          try deliverIfImplemented(selector, to: application.delegate, applicationArgument)
        case .noLaunchOptions:
          try deliverIfImplemented(
            selector, to: application.delegate, [.object(application), .nil])
        }
      }
    case .callLaunchDelegate(let selector):
      let application = try runningApplication()
      let options = launchOptions
      let returned = try deliverIfImplemented(
        selector, to: application.delegate,
        [.object(application), options.map { .dictionary($0) } ?? .nil])
      machine.launchDelegateReturned(returned.map(\.boolValue))
    case .callSceneDelegate(let id, let selector, let arguments):
      let scene = try connectedScene(id)
      notePair(selector, to: scene)
      try duringInterfaceTransition(
        checksContract && ContractChecker.interfaceTransitionSelectors.contains(selector)
      ) {
        switch arguments {
        case .scene:
          try deliverIfImplemented(selector, to: scene.delegate, [.object(scene)])
        case .connection:
          try deliverIfImplemented(
            selector, to: scene.delegate,
            [
              .object(scene), scene.session.map { .object($0) } ?? .nil,
              scene.connectionOptions.map { .object($0) } ?? .nil,
            ])
        }
      }
    case .post(let name, let object):
      try duringInterfaceTransition(
        checksContract && ContractChecker.interfaceTransitionNotifications.contains(name)
      ) {
        switch object {
        case .application: try post(name)
        case .applicationWithLaunchOptions: try post(name, userInfo: launchOptions)
        case .scene(let id): try post(name, object: try connectedScene(id))
        }
      }
    case .log(let text):
      log(text)
    case .raise(let exception):
      throw exception
    case .ignored(let event, let reason):
      record(.ignored(event: event.name, reason: reason))

    // The launch
    case .showLaunchScreen(let urlScheme):
      try showLaunchScreen(urlScheme: urlScheme)
    case .armLaunchWatchdog:
      launchCount += 1
      process.launchDeadline = loop.now.advanced(by: launchWatchdogAllowance)
    case .disarmLaunchWatchdog:
      process.launchDeadline = nil
    case .createApplication:
      try createApplication()
    case .checkAppAgainstRelease:
      checkAppAgainstRelease()
    case .warnAboutMethodsScenesReplace:
      warnAboutDelegateMethodsScenesMakeDead()
    case .openMainStoryboard:
      try openMainStoryboard()
    case .instantiateMainStoryboardController:
      try instantiateMainStoryboardController()
    case .prepareDelegateWindow:
      try prepareDelegateWindow()
    case .setMainStoryboardRoot:
      try setMainStoryboardRoot()
    case .restoreApplicationState:
      try restoreApplicationState(try runningApplication())
    case .checkLaunchWindows:
      try checkLaunchWindows()
    case .showLaunchWindow(.willAppear):
      try showLaunchWindow()
    case .showLaunchWindow(.didAppear):
      try launchWindowDidAppear()
    case .checkBackgroundModes:
      checkBackgroundModes()
    case .removeLaunchScreen:
      record(.launchScreenRemoved)

    // Scenes
    case .reportDiscardedSessions(let numbers):
      try reportDiscardedSessions(numbers)
    case .prepareSession(let scene, let session, let isNew, let request):
      try prepareSession(scene: scene, session: session, isNew: isNew, request: request != nil)
    case .createScene(let id):
      try createScene(id)
    case .loadStoryboardWindow(let id):
      try loadStoryboardWindow(for: try connectedScene(id))
    case .beginConnection(let id):
      process.connectingScene = try connectedScene(id)
    case .endConnection:
      process.connectingScene = nil
    case .showStoryboardWindow(let id):
      try showStoryboardWindow(of: try connectedScene(id))
    case .restoreInteractionState(let id):
      try restoreInteractionState(of: try connectedScene(id))
    case .deliverAwaitedDidAppear:
      try deliverAwaitedDidAppear()
    case .continueHandoff(let id):
      try continueHandoff(in: try connectedScene(id))
    case .saveStateRestorationActivity(let id):
      try saveStateRestorationActivity(of: try connectedScene(id))
    case .forgetScene(let id):
      // -[UIScene _invalidate] clears the session's scene
      // (Documentation/UIKit/scenes.md#scenes-that-come-and-go).
      process.scenes[id]?.session?.scene = nil
      process.scenes[id] = nil
    case .reportDiscardedSession(let number):
      try reportDiscardedSession(number)
    case .failSceneActivationRequest:
      try failSceneActivationRequest()

    // Requests
    case .makeRequestObjects:
      guard let request = delivery.request else {
        throw LifecycleError(
          "lifescript: a request's objects were asked for with none being handled")
      }
      delivery.requestObjects = makeObjects(for: request)
    case .deliverRequestToApplicationDelegate(let calls):
      let application = try runningApplication()
      try deliver(
        try currentRequest(), calls, to: application.delegate, appOrScene: application)
    case .deliverRequestToScene(let id, let calls):
      let scene = try connectedScene(id)
      try deliver(try currentRequest(), calls, to: scene.delegate, appOrScene: scene)
    case .completeOpenURL(let opened):
      if let completion = delivery.openingURL?.completion, !completion.isNil {
        try host.call(completion, [.bool(opened)])
      }
    case .deliverOpenedURLToThisApp:
      guard let url = delivery.openingURL?.url else { return }
      let request = SystemRequest.openURL(
        SystemRequest.OpenURLRequest(url: url, sourceApplication: bundleIdentifier))
      try deliverNow(.request(request.kind), carrying: .request(request), turn: true)

    // Background launches and deliveries
    case .deliverRemoteNotification:
      try deliverRemoteNotification()
    case .presentNotification:
      try presentNotification()
    case .deferLaunchWindow:
      deferLaunchWindow()
    case .prepareDeferredLaunchWindow:
      prepareDeferredLaunchWindow()
    case .endProcessForUnfinishedRemoteNotification:
      endProcessForUnfinishedRemoteNotification()
    case .endLaunchHandlerRegistration:
      process.launchHandlerRegistrationEnded = true
    case .launchScheduledTask(let identifier):
      try launchScheduledTask(identifier)
    case .expireScheduledTask(let identifier):
      try expireScheduledTask(identifier)
    case .endProcessForUnfinishedScheduledTask(let identifier):
      endProcessForUnfinishedScheduledTask(identifier)

    // Background execution, memory, events
    case .startBackgroundClock:
      startBackgroundClock()
    case .stopBackgroundClock:
      stopBackgroundClock()
    case .callExpirationHandlers:
      try callExpirationHandlers()
    case .endProcessForUnfinishedBackgroundTask:
      endProcessForUnfinishedBackgroundTask()
    case .warnViewControllersAboutMemory:
      for controller in activeViewControllers() {
        try deliver(Selector("didReceiveMemoryWarning"), to: controller)
      }
    case .followDeviceOrientation(let event):
      if let refusal = try InterfaceRotation(self).followDeviceOrientation(), let event {
        record(.ignored(event: event.name, reason: refusal))
      }
    case .sendEvent(let kind):
      let application = try runningApplication()
      let event = runtime.allocate(runtime.classNamed("UIEvent")!) as! UIEvent
      event.kind = kind
      try deliver(Selector("sendEvent:"), to: application, [.object(event)])

    // What outlives the process
    case .preserveApplicationState:
      try preserveApplicationState(try runningApplication())
    case .discardPreservedState:
      install.restorationArchive = nil
    case .endProcess:
      endProcess()
    case .eraseInstallData:
      eraseInstallData()

    // Sequencing
    case .transition(let transition, let scene):
      if let catchUp = machine.catchUpWithRotation(before: transition) { try perform(catchUp) }
      guard let callbacks = machine.transition(transition, scene: scene) else { return }
      try perform(callbacks)
    case .resume(let continuation):
      try perform(machine.resume(continuation))
    case .event(let event):
      try runNow(event)
    }
  }

  /// A transition's callbacks: the delegate method, its notification, UIApplication's, then
  /// the state change of a `will…` method.
  func perform(_ callbacks: LifecycleMachine.Callbacks) throws {
    if checksContract {
      // The explorer's checks: the pair per receiver, and whether the interface is coming or
      // going (Device+Contract.swift).
      switch callbacks.receiver {
      case .sceneDelegate(let id): notePair(callbacks.selector, to: try connectedScene(id))
      case .applicationDelegate: notePair(callbacks.selector, to: try runningApplication().delegate)
      }
      try duringInterfaceTransition(
        ContractChecker.interfaceTransitionSelectors.contains(callbacks.selector)
      ) { try deliverCallbacks(callbacks) }
    } else {
      try deliverCallbacks(callbacks)
    }
    if let state = callbacks.stateAfterwards { machine.commit(scene: callbacks.scene, state) }
  }

  private func deliverCallbacks(_ callbacks: LifecycleMachine.Callbacks) throws {
    switch callbacks.receiver {
    case .sceneDelegate(let id):
      let scene = try connectedScene(id)
      try deliverIfImplemented(callbacks.selector, to: scene.delegate, [.object(scene)])
      try post(callbacks.notification, object: scene)
    case .applicationDelegate:
      let application = try runningApplication()
      try deliverIfImplemented(callbacks.selector, to: application.delegate, applicationArgument)
      try post(callbacks.notification)
    }
    if let name = callbacks.applicationNotification { try post(name) }
  }

  /// The application of the running process, which the machine's actions act on.
  func runningApplication() throws -> UIApplication {
    guard let application else {
      throw LifecycleError("lifescript: an action of the app's process ran after it ended")
    }
    return application
  }

  /// A connected scene, which the machine's actions act on.
  func connectedScene(_ id: Int) throws -> UIScene {
    guard let scene = scenes[id] else {
      throw LifecycleError("lifescript: an action of scene \(id) ran after it disconnected")
    }
    return scene
  }

  /// The objects of the request being delivered.
  func currentRequest() throws -> SystemRequestObjects {
    guard let requestObjects = delivery.requestObjects else {
      throw LifecycleError("lifescript: a request was delivered with none being handled")
    }
    return requestObjects
  }
}
