extension LifecycleMachine {
  /// Something the user or the system does to the app: the inputs a scenario's `device.*` calls
  /// make and that `enabledEvents` lists.
  public enum Event: Hashable, Sendable {
    /// Taps the app's icon: back to the foreground, or a cold launch (§14 F, §0).
    case activate
    /// Leaves to the home screen (§4, §14 E).
    case home
    /// A call or Control Center: the app resigns active (§4.1).
    case interrupt
    case endInterruption
    /// Swipes the app away in the app switcher (§5, §14 G).
    case kill
    /// The system ends the app to reclaim memory; a foreground app is sent home first (§5.1).
    case terminateInBackground
    /// A low-memory warning (§9.3).
    case memoryWarning
    /// The system opens a URL, performs a quick action or continues an activity (§6).
    case request(Request)
    /// The background allowance runs out while tasks run (§9.2): `wait` past it.
    case backgroundTimeExpiry
    /// A background (silent) remote notification arrives: a background launch, a wake from
    /// suspension, or a delivery to the app in front (§19.1, §19.2).
    case remoteNotification
    /// A notification that shows an alert arrives (no `content-available`): the app in front
    /// is asked how to present it; otherwise the system shows it (§19.3 item 3).
    case alertNotification
    /// The 30 s to handle a background notification run out before the app called the
    /// completion handler (§19.2 item 6): `wait` past them.
    case remoteNotificationTimeExpiry
    /// The system runs a task the app submitted to `BGTaskScheduler`: a background launch, a
    /// wake from suspension, or nothing while the app is in front (§19.4 item 5).
    case backgroundTask(String)
    /// A running scheduled task's time is up (its budget passed, or the system ends it early):
    /// its expiration handler runs, and a task still not completed ends the app (§19.4 items 6
    /// and 7).
    case backgroundTaskExpiry(String)
    /// The user opens another window of the app (iPad, visionOS).
    case openScene
    /// The user closes a window in the app switcher (§5.2).
    case closeScene(Int)
    /// The system disconnects a scene to reclaim memory, keeping its session (§3.7 point 3).
    case reclaimScene(Int)
    /// A touch, through `UIApplication.sendEvent:`.
    case touch
    /// A shake: a motion event.
    case shake
    /// The app is deleted and installed again.
    case reinstall
    /// The user turns the device: the interface follows in the foreground when the app
    /// supports the orientation, and when the app comes back otherwise
    /// (Documentation/UIKit/layout.md#rotation-and-size-changes).
    case rotate(DeviceOrientation)

    /// The `device` function that makes it: `open_url`, `close_scene`.
    public var function: String {
      switch self {
      case .request(.openURL): "open_url"
      case .request(.quickAction): "shortcut"
      case .request(.userActivity): "continue_activity"
      case .request(.notificationResponse): "tap_notification"
      case .closeScene: "close_scene"
      case .reclaimScene: "reclaim_scene"
      case .backgroundTimeExpiry, .remoteNotificationTimeExpiry: "wait"
      case .remoteNotification, .alertNotification: "push"
      case .backgroundTask: "run_background_task"
      case .backgroundTaskExpiry: "expire_background_task"
      case .rotate: "rotate"
      case .activate, .home, .interrupt, .endInterruption, .kill, .terminateInBackground,
        .memoryWarning, .openScene, .touch, .shake, .reinstall:
        name
      }
    }

    /// The event as traces name it, with its parameter: `home`, `open_url demo://`.
    public var name: String {
      switch self {
      case .activate: "activate"
      case .home: "home"
      case .interrupt: "interrupt"
      case .endInterruption: "end_interruption"
      case .kill: "kill"
      case .terminateInBackground: "terminate_in_background"
      case .memoryWarning: "memory_warning"
      case .request(.openURL(let scheme)): "open_url \(scheme)://"
      case .request(.quickAction(let type)): "shortcut \(type)"
      case .request(.userActivity(let type, let handoff)):
        "continue_activity \(type)" + (handoff ? " (handoff)" : "")
      case .backgroundTimeExpiry: "background time expiry"
      case .remoteNotification: "push"
      case .alertNotification: "push"
      case .request(.notificationResponse): "tap_notification"
      case .remoteNotificationTimeExpiry: "remote notification time expiry"
      case .backgroundTask(let identifier): "run_background_task \(identifier)"
      case .backgroundTaskExpiry(let identifier): "expire_background_task \(identifier)"
      case .openScene: "open_scene"
      case .closeScene(let id): "close_scene \(id)"
      case .reclaimScene(let id): "reclaim_scene \(id)"
      case .touch: "touch"
      case .shake: "shake"
      case .reinstall: "reinstall"
      case .rotate(let orientation): "rotate \(orientation.rawValue)"
      }
    }
  }

  /// What the system asks the app to do on the user's behalf (§6); the URL, item or activity
  /// itself stays with `Device`.
  public enum Request: Hashable, Sendable {
    /// A URL of this scheme (lowercased).
    case openURL(scheme: String)
    /// The quick action of this type.
    case quickAction(type: String)
    /// An activity of this type; a Handoff from another device is known only by its type when
    /// a scene connects for it (§6.4).
    case userActivity(type: String, handoff: Bool)
    /// The user taps a notification (or one of its actions): the response goes to
    /// `UNUserNotificationCenter`'s delegate (§19.3 item 2).
    case notificationResponse

    var isQuickAction: Bool {
      if case .quickAction = self { return true }
      return false
    }

    var isNotificationResponse: Bool { self == .notificationResponse }

    var isHandoff: Bool {
      if case .userActivity(_, true) = self { return true }
      return false
    }

    /// The URL scheme whose launch screen a cold launch for this request shows (§8.1).
    var urlScheme: String? {
      if case .openURL(let scheme) = self { return scheme }
      return nil
    }
  }
}
