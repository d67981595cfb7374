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
    latestScene = nil
    try run(.openScene)
    return latestScene
  }

  /// The user closes one window in the app switcher (§5.2).
  public func closeScene(_ scene: UIScene) throws {
    guard scenes[scene.sceneID] === scene else {
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
    guard let scene, scenes[scene.sceneID] === scene else {
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

  /// One user or system event. The user and the system act between UIKit's callbacks: one that
  /// a callback causes (a scenario's `device.home()` inside `viewDidAppear:`) is delivered on
  /// the main run loop once the callbacks of the current event have run.
  public func run(_ event: LifecycleMachine.Event) throws {
    guard processDepth == 0 else {
      try deliverAfterCallbacks(event.function) { [unowned self] in try runNow(event, turn: false) }
      return
    }
    causedEvents = (loop.now, 0)
    try runNow(event)
  }

  /// The event now: the machine's actions as one step of the process, then (`turn`) the main
  /// run loop until it is idle.
  func runNow(_ event: LifecycleMachine.Event, turn: Bool = true) throws {
    if !machine.isRunning { machine.configure(launchConfiguration) }
    try asProcess { try perform(try machine.handle(event)) }
    if turn { try finishTurn() }
  }

  /// How many events callbacks caused in a row, without virtual time moving on or the scenario
  /// acting itself.
  public static let causedEventLimit = 1_000

  /// Queues an event a callback caused, to run on the main run loop, which is turning already:
  /// it runs there without a turn of its own. Callbacks that keep causing events at the same
  /// instant (an active app that goes home, whose background callback comes back) never let the
  /// loop go idle: after `causedEventLimit` of them in a row the scenario fails, rather than
  /// growing the trace until a limit stops it.
  func deliverAfterCallbacks(_ function: String, _ work: @escaping () throws -> Void) throws {
    if causedEvents.instant != loop.now { causedEvents = (loop.now, 0) }
    causedEvents.count += 1
    guard causedEvents.count <= Self.causedEventLimit else {
      throw LifecycleError(
        "device.\(function): the app's callbacks keep causing user and system events: \(Self.causedEventLimit) in a row at \(loop.now) of virtual time, so the main run loop never goes idle; cause an event from a callback only when something changes"
      )
    }
    loop.enqueue(work)
  }

  /// The end of a device action: the main run loop runs until idle, and a launch that just
  /// finished draws its first frame.
  func finishTurn() throws {
    if !heldWork.isEmpty { releaseHeldWork() }
    try loop.runUntilIdle()
    if machine.awaitsFirstFrame { try perform(machine.mainRunLoopWentIdle()) }
  }
}
