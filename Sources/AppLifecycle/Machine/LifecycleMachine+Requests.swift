extension LifecycleMachine {
  // MARK: URLs, quick actions, user activities (§6)

  /// The system opens a URL, performs a quick action or continues a user activity for the app:
  /// a cold launch that carries it when the app is not running, else delivered to the running
  /// app, which comes to the foreground for it.
  mutating func handleRequest(_ request: Request) throws(LifecycleError) -> [Action] {
    guard knowsApp else { throw neverLaunched(.request(request)) }
    if case .quickAction(let type) = request, !declarations.quickActions.contains(type) {
      // The system never offers a quick action the app does not declare.
      let declared =
        declarations.quickActions.isEmpty
        ? "it declares none (Info.plist UIApplicationShortcutItems, or UIApplication.shared.shortcutItems)"
        : "it declares " + declarations.quickActions.map { "\"\($0)\"" }.joined(separator: ", ")
      throw LifecycleError(
        "device.shortcut: the app has no quick action of type \"\(type.clippedForMessage)\"; \(declared)"
      )
    }
    switch phase {
    case .notRunning:
      return beginLaunch(request: request)
    case .launching:
      throw LifecycleError(
        "device.\(Event.request(request).function): the app is launching; the user and the system act between UIKit's callbacks"
      )
    case .running, .suspended:
      // Quick actions are on the Home Screen: the user leaves the app to choose one (§6.3).
      if request.isQuickAction && applicationState != .background {
        return [.event(.home), .resume(.deliverRequest(request))]
      }
      return deliverWarm(request)
    }
  }

  /// After the user went home for a quick action: delivered to the app, or a cold launch if the
  /// process ended meanwhile.
  mutating func deliverAfterGoingHome(_ request: Request) -> [Action] {
    switch phase {
    case .notRunning: beginLaunch(request: request)
    case .launching: []
    case .running, .suspended: deliverWarm(request)
    }
  }

  /// A request to the running app. Without scenes (§6.1 warm): a backgrounded app comes to the
  /// foreground before the delegate hears it and becomes active after (INFERRED: open before
  /// active); an active app resigns active around it (INFERRED, not verified). With scenes
  /// (§6.2, §6.3, §6.4 warm): the first connected scene does the same around the scene
  /// delegate's method (INFERRED order: `sceneWillEnterForeground` → the request →
  /// `sceneDidBecomeActive`); with no scene connected, the sessions the system reclaimed
  /// reconnect, or else a new one connects, and the first gets the request in its connection
  /// options, as at a cold launch.
  private mutating func deliverWarm(_ request: Request) -> [Action] {
    var actions: [Action] = [.makeRequestObjects]
    guard let first = scenes.first else {
      leaveBackground(into: &actions)
      return actions + sceneConnections(request: request)
    }
    switch first.state {
    case .background:
      leaveBackground(into: &actions)
      actions.append(.transition(.enterForeground, scene: first.id))
    case .foregroundActive where request.isNotificationResponse:
      // A banner tapped in the app: the app stays active (INFERRED).
      return actions + [
        configuration.usesScenes
          ? .deliverRequestToScene(first.id, Self.sceneDelegateCalls(for: request))
          : .deliverRequestToApplicationDelegate(Self.applicationDelegateCalls(for: request))
      ]
    case .foregroundActive:
      actions.append(.transition(.resignActive, scene: first.id))
    case .unattached, .foregroundInactive:
      break
    }
    actions.append(
      configuration.usesScenes
        ? .deliverRequestToScene(first.id, Self.sceneDelegateCalls(for: request))
        : .deliverRequestToApplicationDelegate(Self.applicationDelegateCalls(for: request)))
    appendBecomeActive(scene: first.id, into: &actions)
    return actions
  }

  /// Schemes of the system's own apps, which any app may open and query without declaring them
  /// (INFERRED: Apple's documentation lists these as the system's URL schemes).
  public static let systemURLSchemes: Set<String> = [
    "http", "https", "mailto", "tel", "sms", "facetime", "facetime-audio", "maps", "itms-apps",
    "app-settings",
  ]

  /// Whether an installed app handles the scheme: this one, or one of the system's.
  public func isHandled(urlScheme scheme: String) -> Bool {
    Self.systemURLSchemes.contains(scheme) || declarations.urlSchemes.contains(scheme)
  }

  /// The app's `UIApplication.open(_:)` goes through (on the main queue, after the app's current
  /// work): the completion handler hears whether it opened, before the app leaves (INFERRED);
  /// one of the app's own schemes comes back to the app (§6.1 warm, active); another app's takes
  /// the user there, so the app leaves the foreground as if the user went home; a scheme no app
  /// handles opens nothing.
  public func openURLFromApp(scheme: String) -> [Action] {
    let own = declarations.urlSchemes.contains(scheme)
    let opened = isHandled(urlScheme: scheme)
    var actions: [Action] = [.completeOpenURL(opened: opened)]
    if own {
      actions.append(.deliverOpenedURLToThisApp)
    } else if opened {
      actions.append(.event(.home))
    }
    return actions
  }

  // MARK: Background execution (§9.2)

  /// The app began a background task.
  public mutating func backgroundTaskBegan() {
    guard isRunning else { return }
    backgroundTasks += 1
  }

  /// The app ended one of its background tasks: with the last one ended, a backgrounded app is
  /// suspended now.
  public mutating func backgroundTaskEnded() -> [Action] {
    guard isRunning else { return [] }
    backgroundTasks = max(0, backgroundTasks - 1)
    guard backgroundTasks == 0 else { return [] }
    switch phase {
    case .running where !isInForeground:
      // A background notification or a scheduled task still being handled keeps the app
      // running (§19.2 item 3, §19.4 item 7).
      if !handlesSystemWork { phase = .suspended }
      backgroundClockRunning = false
      return [.stopBackgroundClock]
    case .notRunning, .launching, .running, .suspended:
      return []
    }
  }

  /// The background allowance ran out (§9.2): each running task's expiration handler, then a
  /// watchdog kill if a task still runs ("must end every task else watchdog kill").
  mutating func backgroundTimeExpiry() -> [Action] {
    guard phase == .running, backgroundClockRunning else {
      return [.ignored(.backgroundTimeExpiry, because: "no background task is running")]
    }
    backgroundClockRunning = false
    return [.callExpirationHandlers, .resume(.expirationHandlersRan)]
  }

  /// After the expiration handlers: a task still running means the system ends the app;
  /// otherwise it is suspended.
  mutating func expirationHandlersRan() -> [Action] {
    switch phase {
    case .running where isInForeground:
      return []  // The app came back in a handler.
    case .running where backgroundTasks > 0:
      return [.endProcessForUnfinishedBackgroundTask]
    case .running:
      if !handlesSystemWork { phase = .suspended }
      return [.stopBackgroundClock]
    case .suspended, .notRunning, .launching:
      return []  // The last task ended in its handler, or the process ended.
    }
  }
}
