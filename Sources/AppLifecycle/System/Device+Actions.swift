extension Device {
  /// The user leaves for the home screen: the app resigns active, enters the background, and is
  /// suspended shortly after (reference §4.1, §14 E).
  public func home() throws {
    try asProcess {
      guard let application else { return }
      try perform(application.stateMachine.enterBackground())
      // §4.1 step 4: "Shortly after that method returns, the system puts your app into the
      // suspended state" (no background tasks are modelled yet).
      try perform(application.stateMachine.suspend())
    }
    try loop.runUntilIdle()
  }

  /// The user taps the app's icon: a backgrounded app comes to the foreground and becomes
  /// active (§14 F); an app that is not running launches.
  public func activate() throws {
    guard isAppRunning, let application else {
      try launch()
      return
    }
    try asProcess {
      try perform(application.stateMachine.enterForeground())
      try perform(application.stateMachine.becomeActive())
    }
    try loop.runUntilIdle()
  }

  /// A temporary interruption (a call, Control Center): the app only resigns active (§4.1).
  public func interrupt() throws {
    try asProcess {
      guard let application else { return }
      try perform(application.stateMachine.resignActive())
    }
    try loop.runUntilIdle()
  }

  /// The interruption ends: the app becomes active again (§4.1).
  public func endInterruption() throws {
    try asProcess {
      guard let application else { return }
      try perform(application.stateMachine.becomeActive())
    }
    try loop.runUntilIdle()
  }

  /// The user swipes the app away in the switcher (§5.1, §14 G): a suspended app gets no
  /// callback; a running one hears `applicationWillTerminate:`.
  public func kill() throws {
    try asProcess {
      guard let application else { return }
      try perform(application.stateMachine.terminate())
    }
    endProcess()
    try loop.runUntilIdle()
  }

  /// Virtual time passes: due timers and work run, each at its deadline.
  public func wait(_ seconds: Double) throws {
    try loop.advanceTime(by: seconds)
  }
}
