extension Device {
  /// The background allowance starts running out (§9.2): when it is gone, the machine hears
  /// `backgroundTimeExpiry` from the main run loop.
  func startBackgroundClock() {
    guard let application else { return }
    application.backgroundSince = loop.now
    application.backgroundExpiry = loop.schedule(after: profile.backgroundTaskAllowance) {
      [unowned self] in
      try asProcess { try perform(try machine.handle(.backgroundTimeExpiry)) }
    }
  }

  /// The background allowance no longer runs: the app came back, or has no task left.
  func stopBackgroundClock() {
    guard let application else { return }
    if let expiry = application.backgroundExpiry { loop.cancel(expiry) }
    application.backgroundExpiry = nil
    application.backgroundSince = nil
  }

  /// §9.2: each running task's expiration handler, in the order the tasks began.
  func callExpirationHandlers() throws {
    let application = try runningApplication()
    application.backgroundExpiry = nil
    for identifier in application.backgroundTasks.keys.sorted() {
      guard let task = application.backgroundTasks[identifier] else { continue }
      try host.call(task.expirationHandler, [])
    }
  }

  /// §9.2: a task still running when its time expired: the system ends the app. The report's
  /// wording for this kill is not in the reference: the line says so.
  func endProcessForUnfinishedBackgroundTask() {
    if let (_, task) = application?.backgroundTasks.min(by: { $0.key < $1.key }) {
      abnormalEndings.append(
        "the background task \"\(task.name)\" was not ended when its time expired, and the system ended the app"
      )
      log(
        "[lifescript] watchdog: the background task \"\(task.name)\" was not ended when its time expired; the system ends the app (see Documentation/UIKit/watchdog-background-time-memory.md#when-a-background-task-is-not-ended)"
      )
    }
    endProcess()
  }

  /// View controllers whose views are loaded in a window: each window's root and its children
  /// (§9.3).
  func activeViewControllers() -> [UIViewController] {
    host.releaseUnreferencedObjects()
    return viewControllers(in: application?.windows ?? [], loadedOnly: true)
  }

  /// The view controllers of `windows`, each root then its children; a presented controller
  /// comes after its presenter (containment.md, §15.7). With `loadedOnly`, a controller whose
  /// view is not loaded is left out with its children.
  func viewControllers(in windows: [UIWindow], loadedOnly: Bool) -> [UIViewController] {
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
