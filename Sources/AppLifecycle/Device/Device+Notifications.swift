extension Device {
  /// A remote notification reaches the device
  /// (Documentation/UIKit/background-launches.md#background-notifications). A background one
  /// launches the app in the background when it is not running, wakes it when it is suspended,
  /// and is delivered at once to the app in front.
  ///
  /// One without `content-available` shows an alert: the app in front is asked how to present
  /// it; otherwise the system shows it and the app hears of it when the user taps it
  /// (`handle(.notificationResponse(…))`).
  public func push(_ notification: RemoteNotification) throws {
    // APNs delivers to a device token; an app that never registered has none. (An app never
    // launched hears the machine's own error.)
    guard install.deviceToken != nil || !machine.knowsApp else {
      throw LifecycleError(
        "device.push: the app has not registered for remote notifications in this install, so APNs has no device token to deliver to; call UIApplication.shared:registerForRemoteNotifications() at launch (see Documentation/UIKit/background-launches.md#registering-for-remote-notifications)"
      )
    }
    try deliver(
      notification.contentAvailable ? .remoteNotification : .alertNotification,
      carrying: .notification(notification))
  }

  /// The launch options of the launch in progress: the request's, or a background
  /// notification's payload under `UIApplicationLaunchOptionsRemoteNotificationKey` (§19.2
  /// item 4).
  var launchOptions: [String: RuntimeValue]? {
    if let requestObjects = delivery.requestObjects { return requestObjects.launchOptions }
    return delivery.notification.map {
      [RemoteNotification.launchOptionsKey: .dictionary($0.payload)]
    }
  }
}
