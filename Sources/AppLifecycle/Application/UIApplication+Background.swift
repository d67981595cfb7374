/// Background execution (§9.2): the app's background tasks run out an allowance once it is in
/// the background, and the system ends an app that leaves one running.
extension UIApplication {
  /// The background allowance starts running out (§9.2): when it is gone, the machine hears
  /// `backgroundTimeExpiry` from the main run loop.
  func startBackgroundClock() {
    let device = self.device
    backgroundSince = device.now
    backgroundExpiry = device.loop.schedule(after: device.profile.backgroundTaskAllowance) {
      [unowned device] in
      try device.asProcess { try device.perform(try device.machine.handle(.backgroundTimeExpiry)) }
    }
  }

  /// The background allowance no longer runs: the app came back, or has no task left.
  func stopBackgroundClock() {
    if let backgroundExpiry { device.loop.cancel(backgroundExpiry) }
    backgroundExpiry = nil
    backgroundSince = nil
  }

  /// §9.2: each running task's expiration handler, in the order the tasks began.
  func callExpirationHandlers() throws {
    backgroundExpiry = nil
    for identifier in backgroundTasks.keys.sorted() {
      guard let task = backgroundTasks[identifier] else { continue }
      try device.host.call(task.expirationHandler, [])
    }
  }

  /// §9.2: a task still running when its time expired, which the system ends the app for. The
  /// report's wording for this kill is not in the reference: the line says so.
  func reportUnfinishedBackgroundTask() {
    let device = self.device
    if let (_, task) = backgroundTasks.min(by: { $0.key < $1.key }) {
      device.abnormalEndings.append(
        "the background task \"\(task.name)\" was not ended when its time expired, and the system ended the app"
      )
      device.log(
        "[lifescript] watchdog: the background task \"\(task.name)\" was not ended when its time expired; the system ends the app (see Documentation/UIKit/watchdog-background-time-memory.md#when-a-background-task-is-not-ended)"
      )
    }
  }

  /// The view controllers of `windows`, each root then its children; a presented controller
  /// comes after its presenter (containment.md, §15.7). With `loadedOnly`, a controller whose
  /// view is not loaded is left out with its children.
  static func viewControllers(in windows: [UIWindow], loadedOnly: Bool) -> [UIViewController] {
    var found: [UIViewController] = []
    func visit(_ controller: UIViewController) {
      guard !loadedOnly || controller.view != nil else { return }
      found.append(controller)
      controller.children.forEach(visit)
      if let presented = controller.presented { visit(presented) }
    }
    for window in windows {
      if let root = window.rootViewController { visit(root) }
    }
    return found
  }
}
