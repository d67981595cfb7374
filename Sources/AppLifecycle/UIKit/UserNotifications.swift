extension UIKitClasses {
  /// The UserNotifications framework's objects a scenario meets: the notification center, whose
  /// delegate hears taps and foreground notifications, and the values it hands over
  /// (Documentation/UIKit/background-launches.md, §19.3).
  static func defineUserNotifications(in runtime: Runtime) throws {
    let center = try runtime.defineClass("UNUserNotificationCenter", superclass: nil)
    center.declareProperty("delegate")
    try runtime.defineValueClass("UNNotificationContent", ["title", "body", "badge", "userInfo"])
    try runtime.defineValueClass("UNNotificationRequest", ["identifier", "content"])
    try runtime.defineValueClass("UNNotification", ["request", "date"])
    try runtime.defineValueClass("UNNotificationResponse", ["notification", "actionIdentifier"])
  }
}

extension Device {
  /// `UNUserNotificationCenter.current()`: one per process, made when first asked for; the
  /// delegate the app set goes with its process.
  public var currentNotificationCenter: RuntimeObject {
    if let center = process.userNotificationCenter { return center }
    let center = runtime.allocate(runtime.classNamed("UNUserNotificationCenter")!)
    process.userNotificationCenter = center
    return center
  }

  /// A `UNNotification` for a remote notification's payload: its content's `userInfo` is the
  /// payload, `title` and `body` the `aps.alert`'s.
  func makeNotification(payload: [String: RuntimeValue]) -> RuntimeObject {
    var title = RuntimeValue.nil
    var body = RuntimeValue.nil
    if case .dictionary(let aps) = payload["aps"] {
      switch aps["alert"] {
      case .string(let text)?: body = .string(text)
      case .dictionary(let alert)?: (title, body) = (alert["title"] ?? .nil, alert["body"] ?? .nil)
      default: break
      }
    }
    let content = makeValue(
      "UNNotificationContent",
      ["title": title, "body": body, "userInfo": .dictionary(payload)])
    nextNotificationIdentifier += 1
    let request = makeValue(
      "UNNotificationRequest",
      [
        "identifier": .string("NOTIFICATION-\(nextNotificationIdentifier)"),
        "content": .object(content),
      ])
    return makeValue(
      "UNNotification", ["request": .object(request), "date": .double(loop.now.seconds)])
  }

  /// §19.3 item 2: the response to the notification center's delegate. A delegate set after
  /// the launch misses the response that launched the app (§19.3 item 1).
  func deliverNotificationResponse(_ response: RuntimeObject) throws {
    let center = currentNotificationCenter
    guard let delegate = center.instanceVariables["delegate"]?.object else {
      log(
        "[lifescript] the notification response was not delivered: no UNUserNotificationCenter delegate"
          + (machine.isLaunching ? " at the end of launch" : ""))
      return
    }
    try deliverIfImplemented(
      Selector("userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"),
      to: delegate, [.object(center), .object(response), makeBlock { _ in }])
  }

  /// §19.3 item 3: the app in front is asked how to present a notification; without a delegate
  /// that answers, the system does not show it.
  func presentNotification() throws {
    guard let notification = delivery.notification else {
      throw LifecycleError("lifescript: a notification was presented with none arriving")
    }
    let center = currentNotificationCenter
    guard let delegate = center.instanceVariables["delegate"]?.object else { return }
    try deliverIfImplemented(
      Selector("userNotificationCenter:willPresentNotification:withCompletionHandler:"),
      to: delegate,
      [
        .object(center), .object(makeNotification(payload: notification.payload)),
        makeBlock { _ in },
      ])
  }
}
