extension Device {
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

  /// §19.4 item 5: the launch handler registered for the identifier gets a `BGAppRefreshTask`
  /// or `BGProcessingTask`; none registered in this process raises. The task keeps the app
  /// running until it is completed or its budget runs out.
  func launchScheduledTask(_ identifier: String) throws {
    guard let request = install.taskRequests.removeValue(forKey: identifier) else {
      throw LifecycleError("lifescript: the scheduled task \(identifier) ran without its request")
    }
    // "No launch handler registered for task with identifier …" also when the system launches
    // the app for a task and the new process registered none (§19.4 item 4).
    guard let handler = currentTaskScheduler.launchHandlers[identifier] else {
      throw ObjCException(
        .internalInconsistency,
        "No launch handler registered for task with identifier \(identifier)")
    }
    let task = try create(runtime.classNamed(request.kind.taskClassName)!) as! BGTask
    task.taskIdentifier = identifier
    process.runningTasks[identifier] = task
    machine.scheduledTaskStarted(identifier)
    task.deadline = loop.schedule(after: request.kind.budget) { [unowned self] in
      guard process.runningTasks[identifier] === task else { return }
      try asProcess { try perform(try machine.handle(.backgroundTaskExpiry(identifier))) }
    }
    try host.call(handler, [.object(task)])
  }

  /// `setTaskCompletedWithSuccess:`: the task is done; with nothing else to do the app is
  /// suspended. A second call, or one after the task expired, does nothing (INFERRED).
  func completeScheduledTask(_ task: BGTask, success: Bool) throws {
    guard task.success == nil else { return }
    task.success = success
    guard process.runningTasks[task.taskIdentifier] === task else { return }
    process.runningTasks[task.taskIdentifier] = nil
    if let deadline = task.deadline { loop.cancel(deadline) }
    task.deadline = nil
    try perform(machine.scheduledTaskCompleted(task.taskIdentifier))
  }

  /// §19.4 item 6: the task's expiration handler; without one "the system marking your task as
  /// complete and unsuccessful".
  func expireScheduledTask(_ identifier: String) throws {
    guard let task = process.runningTasks[identifier] else { return }
    if let deadline = task.deadline { loop.cancel(deadline) }
    task.deadline = nil
    guard !task.expirationHandler.isNil else {
      log(
        "[lifescript] the background task \"\(identifier)\" expired without an expirationHandler: the system marks it complete and unsuccessful (see Documentation/UIKit/background-launches.md#background-tasks)"
      )
      try completeScheduledTask(task, success: false)
      return
    }
    try host.call(task.expirationHandler, [])
    // Not completed in its handler: the task is over all the same.
    if process.runningTasks[identifier] === task { process.runningTasks[identifier] = nil }
  }

  /// §19.4 item 7: the app did not complete the task before its time expired. UIKit's wording
  /// for this termination is not in the reference: the line says so.
  func endProcessForUnfinishedScheduledTask(_ identifier: String) {
    crash(
      WatchdogTermination(
        reason:
          "[lifescript: UIKit's exact text is not public] the app did not call setTaskCompletedWithSuccess: on the background task \"\(identifier)\" before its time expired (see Documentation/UIKit/background-launches.md#background-tasks)"
      ))
  }
}
