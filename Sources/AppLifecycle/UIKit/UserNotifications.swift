/// `UNUserNotificationCenter`: one per process, made when first asked for
/// (`Device.currentNotificationCenter`); its delegate hears taps and foreground notifications
/// (Documentation/UIKit/background-launches.md, §19.3).
final class UNUserNotificationCenter: RuntimeObject {
  /// The UserNotifications framework's objects a scenario meets: the notification center and
  /// the values it hands over.
  static func define(in runtime: Runtime) throws {
    let center = try runtime.defineClass(
      "UNUserNotificationCenter", superclass: nil,
      allocator: { UNUserNotificationCenter(isa: $0, identifier: $1) })
    center.declareProperty("delegate")
    try runtime.defineValueClass("UNNotificationContent", ["title", "body", "badge", "userInfo"])
    try runtime.defineValueClass("UNNotificationRequest", ["identifier", "content"])
    try runtime.defineValueClass("UNNotification", ["request", "date"])
    try runtime.defineValueClass("UNNotificationResponse", ["notification", "actionIdentifier"])
  }

  private var delegate: RuntimeObject? { instanceVariables["delegate"]?.object }

  /// §19.3 item 2: the response to the delegate. A delegate set after the launch misses the
  /// response that launched the app (§19.3 item 1).
  func deliver(_ response: RuntimeObject) throws {
    guard let delegate else {
      device.log(
        "[lifescript] the notification response was not delivered: no UNUserNotificationCenter delegate"
          + (device.machine.isLaunching ? " at the end of launch" : ""))
      return
    }
    try device.deliverIfImplemented(
      UIKitSelector.userNotificationCenterDidReceiveNotificationResponseWithCompletionHandler,
      to: delegate, [.object(self), .object(response), device.runtime.makeBlock { _ in }])
  }

  /// §19.3 item 3: the app in front is asked how to present a notification; without a delegate
  /// that answers, the system does not show it.
  func present(_ notification: RemoteNotification) throws {
    guard let delegate else { return }
    try device.deliverIfImplemented(
      UIKitSelector.userNotificationCenterWillPresentNotificationWithCompletionHandler,
      to: delegate,
      [
        .object(self), .object(Self.notification(payload: notification.payload, on: device)),
        device.runtime.makeBlock { _ in },
      ])
  }

  /// A `UNNotification` for a remote notification's payload: its content's `userInfo` is the
  /// payload, `title` and `body` the `aps.alert`'s.
  static func notification(payload: [String: RuntimeValue], on device: Device) -> RuntimeObject {
    var title = RuntimeValue.nil
    var body = RuntimeValue.nil
    if case .dictionary(let aps) = payload["aps"] {
      switch aps["alert"] {
      case .string(let text)?: body = .string(text)
      case .dictionary(let alert)?: (title, body) = (alert["title"] ?? .nil, alert["body"] ?? .nil)
      default: break
      }
    }
    let runtime = device.runtime
    let content = runtime.makeValue(
      "UNNotificationContent",
      ["title": title, "body": body, "userInfo": .dictionary(payload)])
    device.nextNotificationIdentifier += 1
    let request = runtime.makeValue(
      "UNNotificationRequest",
      [
        "identifier": .string("NOTIFICATION-\(device.nextNotificationIdentifier)"),
        "content": .object(content),
      ])
    return runtime.makeValue(
      "UNNotification", ["request": .object(request), "date": .double(device.now.seconds)])
  }
}

extension Device {
  /// `UNUserNotificationCenter.current()` of the running process.
  public var currentNotificationCenter: RuntimeObject { notificationCenterOfProcess }

  var notificationCenterOfProcess: UNUserNotificationCenter {
    if let center = process.userNotificationCenter { return center }
    let center =
      runtime.allocate(runtime.classNamed("UNUserNotificationCenter")!)
      as! UNUserNotificationCenter
    process.userNotificationCenter = center
    return center
  }
}
