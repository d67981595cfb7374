extension Device {
  /// Performs the machine's actions in order. An exception one raises unwinds the rest, as it
  /// unwinds UIKit's work in a real process.
  func perform(_ actions: [LifecycleMachine.Action]) throws {
    // A suspended process that runs again runs the work it was due meanwhile.
    releaseHeldWork()
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
      try LaunchScreen.show(forURLScheme: urlScheme, on: self)
    case .armLaunchWatchdog:
      launchCount += 1
      process.launchDeadline = loop.now.advanced(by: launchWatchdogAllowance)
    case .disarmLaunchWatchdog:
      process.launchDeadline = nil
    case .createApplication:
      try UIApplication.make(on: self)
    case .checkAppAgainstRelease:
      try runningApplication().checkAgainstRelease()
    case .warnAboutMethodsScenesReplace:
      application?.warnAboutDelegateMethodsScenesMakeDead()
    case .openMainStoryboard:
      try runningApplication().openMainStoryboard()
    case .instantiateMainStoryboardController:
      try runningApplication().instantiateMainStoryboardController()
    case .prepareDelegateWindow:
      try runningApplication().prepareDelegateWindow()
    case .setMainStoryboardRoot:
      try runningApplication().setMainStoryboardRoot()
    case .restoreApplicationState:
      try runningApplication().restoreState()
    case .checkLaunchWindows:
      try application?.checkLaunchWindows()
    case .showLaunchWindow(.willAppear):
      try application?.showLaunchWindow()
    case .showLaunchWindow(.didAppear):
      // The launch window's root view controller has appeared.
      guard let window = process.appearingLaunchWindow, let root = window.rootViewController
      else { return }
      process.appearingLaunchWindow = nil
      try root.layOut()
      try root.endAppearance()
    case .checkBackgroundModes:
      application?.checkBackgroundModes()
    case .removeLaunchScreen:
      record(.launchScreenRemoved)

    // Scenes
    case .reportDiscardedSessions(let numbers):
      try runningApplication().reportDiscardedSessions(numbers)
    case .prepareSession(let scene, let session, let isNew, let request):
      try runningApplication().prepareSession(
        scene: scene, session: session, isNew: isNew, request: request != nil)
    case .createScene(let id):
      try runningApplication().createScene(id)
    case .loadStoryboardWindow(let id):
      try connectedScene(id).loadStoryboardWindow()
    case .beginConnection(let id):
      process.connectingScene = try connectedScene(id)
    case .endConnection:
      process.connectingScene = nil
    case .showStoryboardWindow(let id):
      try connectedScene(id).showStoryboardWindow()
    case .restoreInteractionState(let id):
      try connectedScene(id).restoreInteractionState()
    case .deliverAwaitedDidAppear:
      // §3.1 step 16: `viewDidAppear:` for the view controllers that appeared while a scene
      // connected.
      let controllers = process.awaitingDidAppear
      process.awaitingDidAppear = []
      for controller in controllers {
        try controller.layOut()
        try controller.endAppearance()
      }
    case .continueHandoff(let id):
      try connectedScene(id).continueHandoff(with: delivery.requestObjects)
    case .saveStateRestorationActivity(let id):
      try connectedScene(id).saveStateRestorationActivity()
    case .forgetScene(let id):
      // -[UIScene _invalidate] clears the session's scene
      // (Documentation/UIKit/scenes.md#scenes-that-come-and-go).
      process.scenes[id]?.session?.scene = nil
      process.scenes[id] = nil
    case .reportDiscardedSession(let number):
      try runningApplication().reportDiscardedSession(number)
    case .failSceneActivationRequest:
      // `requestSceneSessionActivation`'s error handler: the app cannot have another scene.
      if let handler = delivery.sceneActivationErrorHandler, !handler.isNil {
        try host.call(
          handler,
          [
            .dictionary([
              "domain": .string("UISceneErrorDomain"), "code": .int(0),
              "name": .string("UISceneErrorCodeMultipleScenesNotSupported"),
            ])
          ])
      }

    // Requests
    case .makeRequestObjects:
      guard let request = delivery.request else {
        // The machine asks for them only while handle(_:) has the request at hand.
        preconditionFailure("a request's objects were asked for with none being handled")
      }
      delivery.requestObjects = SystemRequestObjects(request, on: self)
    case .deliverRequestToApplicationDelegate(let calls):
      let application = try runningApplication()
      try currentRequest().deliver(
        calls, to: application.delegate, appOrScene: application, on: self)
    case .deliverRequestToScene(let id, let calls):
      let scene = try connectedScene(id)
      try currentRequest().deliver(calls, to: scene.delegate, appOrScene: scene, on: self)
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
      guard let notification = delivery.notification else {
        // The machine delivers one only while push(_:) has it at hand.
        preconditionFailure("a remote notification was delivered with none arriving")
      }
      try runningApplication().deliver(notification)
    case .presentNotification:
      guard let notification = delivery.notification else {
        preconditionFailure("a notification was presented with none arriving")
      }
      try notificationCenterOfProcess.present(notification)
    case .deferLaunchWindow:
      application?.deferLaunchWindow()
    case .prepareDeferredLaunchWindow:
      application?.prepareDeferredLaunchWindow()
    case .endProcessForUnfinishedRemoteNotification:
      // §19.2 item 6: the completion handler was not called in time. UIKit's wording for this
      // termination is not in the reference: the line says so.
      crash(
        WatchdogTermination(
          reason:
            "[lifescript: UIKit's exact text is not public] the app did not call the completion handler of application:didReceiveRemoteNotification:fetchCompletionHandler: within \(Int(RemoteNotification.handlingAllowance)) seconds (see Documentation/UIKit/background-launches.md#background-notifications)"
        ))
    case .endLaunchHandlerRegistration:
      process.launchHandlerRegistrationEnded = true
    case .launchScheduledTask(let identifier):
      try taskSchedulerOfProcess.launchTask(identifier)
    case .expireScheduledTask(let identifier):
      try process.runningTasks[identifier]?.expire()
    case .endProcessForUnfinishedScheduledTask(let identifier):
      // §19.4 item 7: the app did not complete the task before its time expired. UIKit's
      // wording for this termination is not in the reference: the line says so.
      crash(
        WatchdogTermination(
          reason:
            "[lifescript: UIKit's exact text is not public] the app did not call setTaskCompletedWithSuccess: on the background task \"\(identifier)\" before its time expired (see Documentation/UIKit/background-launches.md#background-tasks)"
        ))

    // Background execution, memory, events
    case .startBackgroundClock:
      application?.startBackgroundClock()
    case .stopBackgroundClock:
      application?.stopBackgroundClock()
    case .callExpirationHandlers:
      try runningApplication().callExpirationHandlers()
    case .endProcessForUnfinishedBackgroundTask:
      application?.reportUnfinishedBackgroundTask()
      endProcess()
    case .warnViewControllersAboutMemory:
      // View controllers whose views are loaded in a window (§9.3).
      host.releaseUnreferencedObjects()
      let windows = application?.windows ?? []
      for controller in UIApplication.viewControllers(in: windows, loadedOnly: true) {
        try deliver(UIKitSelector.didReceiveMemoryWarning, to: controller)
      }
    case .followDeviceOrientation(let event):
      if let refusal = try InterfaceRotation(self).followDeviceOrientation(), let event {
        record(.ignored(event: event.name, reason: refusal))
      }
    case .sendEvent(let kind):
      let application = try runningApplication()
      let event = runtime.allocate(runtime.classNamed("UIEvent")!) as! UIEvent
      event.kind = kind
      try deliver(UIKitSelector.sendEvent, to: application, [.object(event)])

    // What outlives the process
    case .preserveApplicationState:
      try runningApplication().preserveState()
    case .discardPreservedState:
      install.restorationArchive = nil
    case .endProcess:
      endProcess()
    case .eraseInstallData:
      eraseInstallData()

    // Sequencing
    case .transition(let transition, let scene):
      if transition == .enterForeground,
        let catchUp = machine.catchUpWithRotation(before: transition)
      {
        try perform(catchUp)
      }
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

  /// The application of the running process, which the machine's actions act on. Not a
  /// precondition: a script error that a scenario catches (`pcall`) can stop an event between
  /// two of its actions, and the device is then behind the machine until the next launch.
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
      // The machine delivers a request only while handle(_:) has made its objects.
      preconditionFailure("a request was delivered with none being handled")
    }
    return requestObjects
  }

  /// The launch options of the launch in progress: the request's, or a background
  /// notification's payload under `UIApplicationLaunchOptionsRemoteNotificationKey` (§19.2
  /// item 4).
  var launchOptions: [String: RuntimeValue]? {
    if let requestObjects = delivery.requestObjects { return requestObjects.launchOptions }
    return delivery.notification.map {
      [RemoteNotification.launchOptionsKey: .dictionary($0.payload)]
    }
  }
}
