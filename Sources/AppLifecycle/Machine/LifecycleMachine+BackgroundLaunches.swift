extension LifecycleMachine {
  // MARK: Background notifications (§19.1, §19.2)

  /// A background notification arrives. Not running: a background launch (§19.1), unless the
  /// app lacks the Remote notifications background mode or the user force-quit it (§19.2 items
  /// 1 and 7). Suspended or in the background: the app wakes in the background for it. In the
  /// foreground: delivered at once (§19.2 items 2 and 5).
  mutating func remoteNotification() throws(LifecycleError) -> [Action] {
    guard knowsApp else { throw neverLaunched(.remoteNotification) }
    let undeclared = "the app does not declare remote-notification in UIBackgroundModes"
    switch phase {
    case .notRunning:
      guard declarations.handlesBackgroundNotifications else {
        return [.ignored(.remoteNotification, because: undeclared)]
      }
      guard !forceQuit else {
        return [.ignored(.remoteNotification, because: "the user force-quit the app")]
      }
      return beginBackgroundLaunch(for: .remoteNotification)
    case .launching:
      throw LifecycleError(
        "device.push: the app is launching; the user and the system act between UIKit's callbacks"
      )
    case .running, .suspended:
      // "If the app is already running in the foreground … the system delivers the
      // notification to the app delegate for processing as usual" (§19.2 item 2).
      if isInForeground { return [.deliverRemoteNotification] }
      guard declarations.handlesBackgroundNotifications else {
        return [.ignored(.remoteNotification, because: undeclared)]
      }
      // §19.1, suspended: the system resumes the app, which hears it entered the background
      // again; an app already running in the background only gets the event (INFERRED).
      let wasSuspended = phase == .suspended
      phase = .running
      return deliverInBackground(.remoteNotification, enteringBackground: wasSuspended)
    }
  }

  /// A notification that shows an alert: the app in front is asked how to present it (§19.3
  /// item 3); otherwise the system shows it to the user and the app hears nothing until the
  /// user taps it (`device.tap_notification`).
  mutating func alertNotification() throws(LifecycleError) -> [Action] {
    guard knowsApp else { throw neverLaunched(.alertNotification) }
    let shown = "the system shows the notification; device.tap_notification(payload) opens it"
    switch phase {
    case .notRunning:
      return [.ignored(.alertNotification, because: "the app is not running: \(shown)")]
    case .launching:
      throw LifecycleError(
        "device.push: the app is launching; the user and the system act between UIKit's callbacks"
      )
    case .running, .suspended:
      guard isInForeground else {
        return [.ignored(.alertNotification, because: "the app is not in front: \(shown)")]
      }
      return [.presentNotification]
    }
  }

  /// §19.1 steps 2-5: `applicationDidEnterBackground(_:)` (an app without scenes: a scene app's
  /// delegate does not get it, and no scene moved, INFERRED), the event, then the app may be
  /// suspended.
  func deliverInBackground(_ event: BackgroundEvent, enteringBackground: Bool) -> [Action] {
    var actions: [Action] = []
    if enteringBackground && !configuration.usesScenes {
      let (selector, notification) = Names.applicationDidEnterBackground
      actions += [
        .callApplicationDelegate(selector, .application), .post(notification, .application),
      ]
    }
    switch event {
    case .remoteNotification: actions.append(.deliverRemoteNotification)
    case .scheduledTask(let identifier): actions.append(.launchScheduledTask(identifier))
    }
    actions.append(.resume(.enteredBackground))
    return actions
  }

  /// The app received a background notification with a completion handler: until it calls the
  /// handler, for 30 s at most, the system keeps it running (§19.2 items 3 and 6).
  public mutating func remoteNotificationDelivered() {
    guard isRunning else { return }
    remoteNotificationsInProgress += 1
  }

  /// The app called a background notification's completion handler: with nothing else to do
  /// in the background, it is suspended now (§19.1 step 5).
  public mutating func remoteNotificationCompleted() -> [Action] {
    guard remoteNotificationsInProgress > 0 else { return [] }
    remoteNotificationsInProgress -= 1
    return suspendIfIdle()
  }

  /// A backgrounded app with nothing left to do in the background is suspended (§19.1 step 5):
  /// no background task of its own (§9.2), no notification or scheduled task it is handling.
  mutating func suspendIfIdle() -> [Action] {
    guard !handlesSystemWork, backgroundTasks == 0, launch == nil else { return [] }
    switch phase {
    case .running where !isInForeground:
      phase = .suspended
      return []
    case .notRunning, .launching, .running, .suspended:
      return []
    }
  }

  /// A background notification's 30 s ran out before the app called its completion handler:
  /// "you must call the block in the handler parameter or your app will be terminated" (§19.2
  /// item 3). An app in the foreground is not ended (INFERRED); the notification no longer
  /// keeps it running.
  mutating func remoteNotificationTimeExpiry() -> [Action] {
    guard phase == .running || phase == .suspended, remoteNotificationsInProgress > 0 else {
      return [
        .ignored(.remoteNotificationTimeExpiry, because: "no remote notification is being handled")
      ]
    }
    remoteNotificationsInProgress -= 1
    return isInForeground ? [] : [.endProcessForUnfinishedRemoteNotification]
  }
}
