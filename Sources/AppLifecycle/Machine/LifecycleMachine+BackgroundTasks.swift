extension LifecycleMachine {
  // MARK: Scheduled background tasks (§19.4)

  /// The system runs the task the app submitted with this identifier. Not running: a background
  /// launch (§19.1), unless the user force-quit the app (§19.2 item 7) or turned Background App
  /// Refresh off. Suspended or running in the background: the app wakes for it. In the
  /// foreground: the task waits ("The Background Tasks framework takes you from either states
  /// 3 or 4", suspended or terminated, to running in the background: §19.4 item 5, INFERRED).
  mutating func backgroundTask(_ identifier: String) throws(LifecycleError) -> [Action] {
    let event = Event.backgroundTask(identifier)
    guard knowsApp else { throw neverLaunched(event) }
    guard pendingTaskRequests.contains(identifier) else {
      throw LifecycleError(
        "device.run_background_task: no task request with identifier \"\(identifier.clippedForMessage)\" is pending ("
          + (pendingTaskRequests.isEmpty
            ? "none is"
            : "pending: " + pendingTaskRequests.map { "\"\($0)\"" }.joined(separator: ", "))
          + "); the app registers its launch handler during launch with BGTaskScheduler.shared:registerForTaskWithIdentifier_usingQueue_launchHandler(identifier, nil, handler), then submits a request with BGTaskScheduler.shared:submitTaskRequest_error(BGAppRefreshTaskRequest.new(identifier))"
      )
    }
    switch phase {
    case .notRunning:
      if let reason = reasonNotToRunTasks { return [.ignored(event, because: reason)] }
      pendingTaskRequests.removeAll { $0 == identifier }
      return beginBackgroundLaunch(for: .scheduledTask(identifier))
    case .launching:
      throw LifecycleError(
        "device.run_background_task: the app is launching; the user and the system act between UIKit's callbacks"
      )
    case .running, .suspended:
      if let reason = reasonNotToRunTasks { return [.ignored(event, because: reason)] }
      guard !isInForeground else {
        return [
          .ignored(
            event,
            because:
              "the app is in the foreground; the system runs the task once it is in the background"
          )
        ]
      }
      guard !scheduledTasksRunning.contains(identifier) else {
        return [.ignored(event, because: "a task with this identifier is running")]
      }
      pendingTaskRequests.removeAll { $0 == identifier }
      // §19.1, suspended: the system resumes the app, which hears it entered the background
      // again; an app already running in the background only gets the task (INFERRED).
      let wasSuspended = phase == .suspended
      phase = .running
      return deliverInBackground(.scheduledTask(identifier), enteringBackground: wasSuspended)
    }
  }

  /// Why the system runs no scheduled task for the app now, if it does not.
  private var reasonNotToRunTasks: String? {
    if forceQuit { return "the user force-quit the app" }
    if !backgroundAppRefreshEnabled { return "Background App Refresh is off in Settings" }
    return nil
  }

  /// The app submitted a task request (§19.4): one replaces a pending request with the same
  /// identifier ("Submitting a task request for an unexecuted task that's already in the queue
  /// replaces the previous task request").
  public mutating func taskRequestSubmitted(_ identifier: String) {
    pendingTaskRequests.removeAll { $0 == identifier }
    pendingTaskRequests.append(identifier)
  }

  /// The app cancelled pending task requests: those with the identifier, or all (nil).
  public mutating func taskRequestsCancelled(_ identifier: String?) {
    guard let identifier else {
      pendingTaskRequests = []
      return
    }
    pendingTaskRequests.removeAll { $0 == identifier }
  }

  /// The launch handler got its task: until the app completes it, the task keeps the app
  /// running in the background (§19.4 item 7).
  public mutating func scheduledTaskStarted(_ identifier: String) {
    guard isRunning else { return }
    scheduledTasksRunning.append(identifier)
  }

  /// The app called `setTaskCompleted(success:)` (or the system marked the task complete): with
  /// nothing else to do in the background, the app is suspended (§19.1 step 5, §19.4 item 7).
  public mutating func scheduledTaskCompleted(_ identifier: String) -> [Action] {
    guard let index = scheduledTasksRunning.firstIndex(of: identifier) else { return [] }
    scheduledTasksRunning.remove(at: index)
    return suspendIfIdle()
  }

  /// A running task's time is up: its budget passed (`wait`), or the system ends it early
  /// (`device.expire_background_task`): "The handler may be called before the background
  /// process uses the full amount of its allocated time" (§19.4 item 6).
  mutating func backgroundTaskExpiry(_ identifier: String) throws(LifecycleError) -> [Action] {
    guard phase == .running, scheduledTasksRunning.contains(identifier) else {
      let running =
        scheduledTasksRunning.isEmpty
        ? "none is"
        : "running: " + scheduledTasksRunning.map { "\"\($0)\"" }.joined(separator: ", ")
      throw LifecycleError(
        "device.expire_background_task: no background task with identifier \"\(identifier.clippedForMessage)\" is running (\(running)); device.run_background_task(identifier) runs one"
      )
    }
    return [.expireScheduledTask(identifier), .resume(.scheduledTaskExpired(identifier))]
  }

  /// After the expiration handler: a task still not completed ends an app in the background
  /// ("Not calling setTaskCompleted(success:) before the time for the task expires may result
  /// in the system killing your app", §19.4 item 7). An app in the foreground is not ended
  /// (INFERRED, as for background notifications); the task no longer keeps it running.
  mutating func scheduledTaskExpired(_ identifier: String) -> [Action] {
    guard phase == .running, let index = scheduledTasksRunning.firstIndex(of: identifier) else {
      return []  // Completed in its expiration handler, or the process ended there.
    }
    scheduledTasksRunning.remove(at: index)
    return isInForeground ? [] : [.endProcessForUnfinishedScheduledTask(identifier)]
  }
}
