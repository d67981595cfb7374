/// A remote notification that reaches the device (`device.push(payload, options)`): its JSON
/// payload, and whether it is a background notification (`content-available`,
/// Documentation/UIKit/background-launches.md#background-notifications).
public struct RemoteNotification {
  /// The payload, as the app receives it in `userInfo`: the `aps` dictionary and the app's own
  /// keys.
  public var payload: [String: RuntimeValue]
  /// `aps.content-available` is 1: the system wakes or launches the app in the background for
  /// it (§19.2 items 1 and 2).
  public var contentAvailable: Bool

  public init(payload: [String: RuntimeValue], contentAvailable: Bool) {
    self.payload = payload
    self.contentAvailable = contentAvailable
  }

  /// The largest payload APNs accepts, in bytes of JSON: "For all other remote notifications,
  /// the maximum payload size is 4 KB (4096 bytes)" (Apple, "Generating a remote notification";
  /// Documentation/UIKit/background-launches.md#what-lifescript-models).
  public static let maximumPayloadSize = 4096

  /// The time the app has to call a background notification's completion handler: "up to 30
  /// seconds of wall-clock time" (§19.2 item 3).
  public static let handlingAllowance = 30.0

  /// `UIApplication.LaunchOptionsKey.remoteNotification` (§19.2 item 4).
  static let launchOptionsKey = "UIApplicationLaunchOptionsRemoteNotificationKey"
}
