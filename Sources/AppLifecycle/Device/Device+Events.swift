extension Device {
  /// The user leaves for the home screen: the app resigns active, enters the background, and is
  /// suspended shortly after (§4.1, §4.2, §14 E).
  public func home() throws { try run(.home) }

  /// The user taps the app's icon: a backgrounded app comes to the foreground and becomes
  /// active (§14 F); an app that is not running launches.
  public func activate() throws { try run(.activate) }

  /// A temporary interruption (a call, Control Center): the app only resigns active (§4.1).
  public func interrupt() throws { try run(.interrupt) }

  /// The interruption ends: the app becomes active again (§4.1).
  public func endInterruption() throws { try run(.endInterruption) }

  /// The user swipes the app away in the switcher (§5.1, §5.2, §14 G).
  public func kill() throws { try run(.kill) }

  /// The system ends the app in the background to reclaim memory (§5.1, §10.2).
  public func terminateInBackground() throws { try run(.terminateInBackground) }

  /// The system warns the app that memory is low (§9.3). Also inside a callback: the warning
  /// reaches the app there and then, during launch too.
  public func memoryWarning() throws { try runNow(.memoryWarning) }

  /// The user opens another window of the app (iPad, visionOS); returns its scene, or nil when
  /// none opened.
  @discardableResult
  public func openScene() throws -> UIScene? {
    delivery.latestScene = nil
    try run(.openScene)
    return delivery.latestScene
  }

  /// The user closes one window in the app switcher (§5.2).
  public func closeScene(_ scene: UIScene) throws {
    guard process.scenes[scene.sceneID] === scene else {
      throw LifecycleError(
        "device.close_scene: the scene is not connected (it was closed, or its process ended)")
    }
    try run(.closeScene(scene.sceneID))
  }

  /// The system disconnects a scene to reclaim memory while the app lives: a scene in the
  /// foreground goes to the background first; its session survives, with its restoration
  /// activity, and reconnects when the user comes back (§3.7 point 3). `scene` is nil when the
  /// script has none to give (an app without scenes has none).
  public func reclaimScene(_ scene: UIScene?) throws {
    if !machine.isRunning { machine.configure(launchConfiguration) }
    guard let scene, process.scenes[scene.sceneID] === scene else {
      // The machine's own error for an app without scenes, which has no scene to give.
      guard machine.configuration.usesScenes else {
        try run(.reclaimScene(LifecycleMachine.Scene.application))
        return
      }
      throw LifecycleError(
        "device.reclaim_scene: the scene is not connected (it was closed or reclaimed, or its process ended)"
      )
    }
    try run(.reclaimScene(scene.sceneID))
  }

  /// The user touches the screen: a UIEvent through `UIApplication.sendEvent:` to the key
  /// window, and up the responder chain from the view under the finger.
  public func touch() throws { try run(.touch) }

  /// The user shakes the device: a motion event to the key window's root view controller.
  public func shake() throws { try run(.shake) }

  /// The user deletes the app and installs it again (or Xcode does): a running process ends
  /// without callbacks, and what the install kept on disk is gone (§5.2, §6.3, §8.2, §10).
  public func reinstall() throws { try run(.reinstall) }

  /// Virtual time passes: due timers and work run, each at its deadline.
  public func wait(_ seconds: Double) throws {
    try loop.advanceTime(by: seconds)
  }

  /// `UIApplicationMain(argc, argv, principalClassName, delegateClassName)`: a cold launch from
  /// the home screen, run until the main run loop is idle. (In a real app it never returns; here
  /// it returns so the scenario can go on as the user and the system.) A second call comes from
  /// inside the running app and meets UIKit's singleton check (§7.4).
  ///
  /// An Objective-C exception ends the process and is traced; script errors propagate.
  public func applicationMain(principalClassName: String?, delegateClassName: String?) throws {
    guard !machine.isRunning else {
      try asProcess { try perform(machine.applicationMain()) }
      return
    }
    entryPoint = EntryPoint(
      principalClassName: principalClassName, delegateClassName: delegateClassName)
    // A class name with a variable nothing sets would silently not be the app's class.
    for unresolved in info.unresolvedClassNames { warnOnce(unresolved.warning) }
    machine.configure(launchConfiguration)
    try asProcess { try perform(machine.applicationMain()) }
    try finishTurn()
  }

  /// One user or system event, delivered between UIKit's callbacks (`deliver(_:carrying:)`).
  /// A request or a notification carries what the app is handed: `handle(_:)` and `push(_:)`
  /// deliver those.
  public func run(_ event: LifecycleMachine.Event) throws {
    if case .request = event {
      throw LifecycleError(
        "device.\(event.function): a request carries its URL, quick action, activity or response; deliver it with Device.handle(_:)"
      )
    }
    if event == .remoteNotification || event == .alertNotification {
      throw LifecycleError(
        "device.push: a notification carries its payload; deliver it with Device.push(_:)")
    }
    try deliver(event)
  }

  /// The system opens a URL, performs a quick action or continues a user activity for the app
  /// (reference §6): a cold launch that carries it when the app is not running, else delivered
  /// to the running app, which comes to the foreground for it.
  public func handle(_ request: SystemRequest) throws {
    try deliver(.request(request.kind), carrying: .request(request))
  }

  /// A URL scheme the app does not declare only gets a warning: the system would not route it
  /// to this app, but a quick experiment should not need a CFBundleURLTypes entry.
  func warnAboutUndeclaredScheme(_ request: SystemRequest) {
    guard case .openURL(let open) = request else { return }
    let schemes = info.urlSchemes
    guard !schemes.contains(open.url.scheme) else { return }
    warn(
      .undeclaredURLScheme,
      "device.open_url: the Info.plist declares no URL scheme \"\(open.url.scheme)\" (CFBundleURLTypes → CFBundleURLSchemes\(schemes.isEmpty ? "" : " has " + schemes.sorted().map { "\"\($0)\"" }.joined(separator: ", "))); on a device the system would not open this app for \(open.url)"
    )
  }

  /// A remote notification reaches the device
  /// (Documentation/UIKit/background-launches.md#background-notifications). A background one
  /// launches the app in the background when it is not running, wakes it when it is suspended,
  /// and is delivered at once to the app in front.
  ///
  /// One without `content-available` shows an alert: the app in front is asked how to present
  /// it; otherwise the system shows it and the app hears of it when the user taps it
  /// (`handle(.notificationResponse(…))`).
  public func push(_ notification: RemoteNotification) throws {
    // APNs delivers to a device token; an app that never registered has none. (An app never
    // launched hears the machine's own error.)
    guard install.deviceToken != nil || !machine.knowsApp else {
      throw LifecycleError(
        "device.push: the app has not registered for remote notifications in this install, so APNs has no device token to deliver to; call UIApplication.shared:registerForRemoteNotifications() at launch (see Documentation/UIKit/background-launches.md#registering-for-remote-notifications)"
      )
    }
    try deliver(
      notification.contentAvailable ? .remoteNotification : .alertNotification,
      carrying: .notification(notification))
  }

  /// The system runs the task the app submitted with this identifier
  /// (Documentation/UIKit/background-launches.md#background-tasks): a background launch when
  /// the app is not running, a wake when it is suspended.
  public func runBackgroundTask(_ identifier: String) throws {
    try run(.backgroundTask(identifier))
  }

  /// The system ends a running scheduled task now, before its budget (§19.4 item 6): its
  /// expiration handler runs; a task still not completed then ends the app.
  public func expireBackgroundTask(_ identifier: String) throws {
    try run(.backgroundTaskExpiry(identifier))
  }

  /// The user's Background App Refresh switch in Settings (§19.4).
  public var backgroundAppRefreshEnabled: Bool {
    get { machine.backgroundAppRefreshEnabled }
    set { machine.backgroundAppRefreshEnabled = newValue }
  }
}
