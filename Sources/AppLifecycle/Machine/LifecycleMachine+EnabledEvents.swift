extension LifecycleMachine {
  /// The user and system events that can happen now and would change something: each is
  /// handled without an error and without being ignored (`interrupt` on an app that is not
  /// active, for example, is ignored, so it is not listed). Requests come once per URL scheme,
  /// quick action and activity type the app declares; `closeScene` and `reclaimScene` once per
  /// connected scene. A
  /// URL of a scheme the app does not declare is not listed, though the machine delivers it
  /// (the device warns) so that quick experiments need no `CFBundleURLTypes`.
  ///
  /// Nothing is enabled before `UIApplicationMain` ran once, nor while it runs the launch
  /// sequence (events arrive between UIKit's callbacks). A turn of the device to each other
  /// orientation comes last: it changes how the device is held whatever the app does.
  public var enabledEvents: [Event] {
    guard knowsApp else { return [] }
    switch phase {
    case .notRunning:
      var events: [Event] = [.activate]
      if interrupted { events.append(.endInterruption) }
      events += requestEvents
      // §19.2 items 1 and 7: a background launch needs the mode, and no force quit.
      if declarations.handlesBackgroundNotifications && !forceQuit {
        events.append(.remoteNotification)
      }
      return events + scheduledTaskEvents + [.reinstall] + rotations
    case .launching:
      return []
    case .running, .suspended:
      var events: [Event] = []
      let noScene = configuration.usesScenes && scenes.isEmpty
      if noScene || scenes.contains(where: { $0.state != .foregroundActive }) {
        events.append(.activate)
      }
      if isInForeground { events.append(.home) }
      if scenes.contains(where: { $0.state == .foregroundActive }) { events.append(.interrupt) }
      if interrupted { events.append(.endInterruption) }
      events += [.kill, .terminateInBackground]
      if phase == .running { events.append(.memoryWarning) }
      events += requestEvents
      if backgroundClockRunning { events.append(.backgroundTimeExpiry) }
      if isInForeground || declarations.handlesBackgroundNotifications {
        events.append(.remoteNotification)
      }
      if remoteNotificationsInProgress > 0 { events.append(.remoteNotificationTimeExpiry) }
      if isInForeground { events.append(.alertNotification) }
      events += scheduledTaskEvents
      if configuration.usesScenes && (configuration.supportsMultipleScenes || scenes.isEmpty) {
        events.append(.openScene)
      }
      if configuration.usesScenes {
        events += scenes.map { .closeScene($0.id) } + scenes.map { .reclaimScene($0.id) }
      }
      if phase == .running && applicationState == .active { events += [.touch, .shake] }
      events.append(.reinstall)
      return events + rotations
    }
  }

  /// The turns of the device to each orientation it is not in.
  private var rotations: [Event] {
    DeviceOrientation.allCases.filter { $0 != deviceOrientation }.map(Event.rotate)
  }

  /// §19.4: each pending task request the system would run now, and each running task's
  /// expiry.
  private var scheduledTaskEvents: [Event] {
    var events: [Event] = []
    if !forceQuit && backgroundAppRefreshEnabled && !isInForeground {
      for identifier in pendingTaskRequests where !scheduledTasksRunning.contains(identifier) {
        events.append(.backgroundTask(identifier))
      }
    }
    if phase == .running {
      var expiring: Set<String> = []
      for identifier in scheduledTasksRunning where expiring.insert(identifier).inserted {
        events.append(.backgroundTaskExpiry(identifier))
      }
    }
    return events
  }

  /// One request per declared URL scheme, quick action and activity type (an activity also as
  /// a Handoff from another device), and a tap on a notification.
  private var requestEvents: [Event] {
    declarations.urlSchemes.map { .request(.openURL(scheme: $0)) }
      + declarations.quickActions.map { .request(.quickAction(type: $0)) }
      + declarations.activityTypes.flatMap {
        [
          Event.request(.userActivity(type: $0, handoff: false)),
          .request(.userActivity(type: $0, handoff: true)),
        ]
      } + [.request(.notificationResponse)]
  }
}
