extension Device {
  /// The user deletes the app and installs it again (or Xcode does): a running process ends
  /// without callbacks (the installer kills it, INFERRED), and what the install kept on disk is
  /// gone: the launch-screen snapshots (reference §8.2), sessions waiting to be reported as
  /// discarded (§5.2) or to reconnect with their restoration state (§10.2), legacy preserved
  /// state (§10.1) and dynamic quick actions (§6.3). The next launch is a first launch.
  public func reinstall() throws {
    if isAppRunning { endProcess() }
    eraseInstallData()
    try loop.runUntilIdle()
  }

  /// Forgets everything that belongs to the install rather than to a process. State added later
  /// that lives in the app's container belongs here too.
  func eraseInstallData() {
    launchScreenCache = [:]
    discardedSessionIdentifiers = []
    survivingSessions = []
    restorationArchive = nil
    dynamicShortcutItems = []
  }
}
