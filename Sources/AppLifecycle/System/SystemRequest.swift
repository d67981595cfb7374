/// Something the system asks the app to do on the user's behalf (reference §6): open a URL,
/// perform a Home Screen quick action, or continue a user activity. It launches the app when it
/// is not running (cold) and is delivered to the running app otherwise (warm).
public enum SystemRequest {
  case openURL(OpenURLRequest)
  case shortcut(ShortcutRequest)
  case userActivity(UserActivityRequest)
  case notificationResponse(NotificationResponseRequest)

  /// `device.open_url(url, { sourceApplication = ..., openInPlace = ..., annotation = ... })`.
  public struct OpenURLRequest {
    public var url: AppURL
    public var sourceApplication: String?
    public var openInPlace = false
    public var annotation: RuntimeValue = .nil

    public init(url: AppURL, sourceApplication: String? = nil) {
      self.url = url
      self.sourceApplication = sourceApplication
    }
  }

  /// `device.shortcut(type)`: a quick action the app declares (Info.plist
  /// `UIApplicationShortcutItems`) or set as dynamic (`UIApplication.shortcutItems`).
  public struct ShortcutRequest {
    public var type: String

    public init(type: String) { self.type = type }
  }

  /// `device.continue_activity(type, { webpageURL = ..., userInfo = ..., title = ...,
  /// handoff = ... })`: a universal link, a Spotlight result, or (handoff) an activity begun on
  /// another device.
  public struct UserActivityRequest {
    public var activityType: String
    public var webpageURL: AppURL?
    public var title: String?
    public var userInfo: RuntimeValue = .nil
    /// Handoff: at a scene's connection only the type is known (reference §6.4).
    public var isHandoff = false

    public init(activityType: String) { self.activityType = activityType }
  }

  /// `device.tap_notification(payload, { action = ... })`: the user taps a notification, or
  /// one of its actions (Documentation/UIKit/background-launches.md, §19.3).
  public struct NotificationResponseRequest {
    public var payload: [String: RuntimeValue]
    /// `UNNotificationDefaultActionIdentifier` for a tap on the notification itself.
    public var actionIdentifier = NotificationResponseRequest.defaultActionIdentifier

    public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"

    public init(payload: [String: RuntimeValue]) { self.payload = payload }
  }

  /// What the life-cycle machine needs to know of it.
  var kind: LifecycleMachine.Request {
    switch self {
    case .openURL(let open): .openURL(scheme: open.url.scheme)
    case .shortcut(let shortcut): .quickAction(type: shortcut.type)
    case .userActivity(let activity):
      .userActivity(type: activity.activityType, handoff: activity.isHandoff)
    case .notificationResponse: .notificationResponse
    }
  }
}

/// The objects one request becomes in the app: made once, handed to every callback that
/// delivers it.
struct SystemRequestObjects {
  let request: SystemRequest
  /// `NSURL`, `UIApplicationShortcutItem`, `NSUserActivity` or `UNNotificationResponse`.
  let object: RuntimeObject
  /// For a URL: `UIApplicationOpenURLOptions…Key` values (legacy) and the scene's context.
  var urlOptions: [String: RuntimeValue] = [:]
  var urlContext: UIOpenURLContext?

  /// `launchOptions` of will/didFinishLaunching, and the userInfo of
  /// `UIApplicationDidFinishLaunchingNotification` (reference §6.1, §6.3, §6.4).
  var launchOptions: [String: RuntimeValue] {
    switch request {
    case .openURL(let url):
      var options: [String: RuntimeValue] = ["UIApplicationLaunchOptionsURLKey": .object(object)]
      if let source = url.sourceApplication {
        options["UIApplicationLaunchOptionsSourceApplicationKey"] = .string(source)
      }
      if !url.annotation.isNil {
        options["UIApplicationLaunchOptionsAnnotationKey"] = url.annotation
      }
      return options
    case .shortcut:
      return ["UIApplicationLaunchOptionsShortcutItemKey": .object(object)]
    case .userActivity(let activity):
      return [
        "UIApplicationLaunchOptionsUserActivityDictionaryKey": .dictionary([
          "UIApplicationLaunchOptionsUserActivityTypeKey": .string(activity.activityType),
          "UIApplicationLaunchOptionsUserActivityKey": .object(object),
        ])
      ]
    case .notificationResponse(let response):
      // §19.2 item 4: the remote notification key, with the payload (INFERRED for a tap).
      return [RemoteNotification.launchOptionsKey: .dictionary(response.payload)]
    }
  }
}
