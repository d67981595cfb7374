extension Device {
  /// Forgets everything that belongs to the install rather than to a process (the machine's
  /// part went with its `reinstall`): launch-screen snapshots (reference §8.2), sessions waiting
  /// to reconnect (§10.2), legacy preserved state (§10.1) and dynamic quick actions (§6.3). State
  /// added later that lives in the app's container belongs here too.
  func eraseInstallData() {
    launchScreenCache = [:]
    sessions = [:]
    restorationArchive = nil
    dynamicShortcutItems = []
  }
}
