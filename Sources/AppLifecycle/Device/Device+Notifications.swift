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

  /// `application:didReceiveRemoteNotification:fetchCompletionHandler:` with the payload and a
  /// completion handler (§19.2 item 3). The app has 30 s to call the handler: until then it
  /// keeps running in the background; after that the machine hears the time ran out. A handler
  /// called twice, or after the time ran out, does nothing (INFERRED).
  func deliverRemoteNotification() throws {
    guard let notification = delivery.notification else {
      throw LifecycleError("lifescript: a remote notification was delivered with none arriving")
    }
    let application = try runningApplication()
    guard let delegate = application.delegate, runtime.responds(delegate, to: Self.fetchSelector)
    else {
      if let delegate = application.delegate {
        record(.skipped(receiverClass: delegate.isa.name, selector: Self.fetchSelector))
      }
      return
    }
    machine.remoteNotificationDelivered()
    let delivery = nextRemoteNotificationDelivery
    nextRemoteNotificationDelivery += 1
    process.remoteNotificationDeadlines[delivery] = loop.schedule(
      after: RemoteNotification.handlingAllowance
    ) { [unowned self] in
      guard process.remoteNotificationDeadlines.removeValue(forKey: delivery) != nil else {
        return
      }
      try asProcess { try perform(try machine.handle(.remoteNotificationTimeExpiry)) }
    }
    let completion = runtime.makeBlock { [unowned self] _ in
      guard let deadline = process.remoteNotificationDeadlines.removeValue(forKey: delivery) else {
        return
      }
      loop.cancel(deadline)
      try perform(machine.remoteNotificationCompleted())
    }
    try deliver(
      Self.fetchSelector, to: delegate,
      [.object(application), .dictionary(notification.payload), completion])
  }

  static let fetchSelector = Selector(
    "application:didReceiveRemoteNotification:fetchCompletionHandler:")

  /// §19.2 item 6: the completion handler was not called in time. UIKit's wording for this
  /// termination is not in the reference: the line says so.
  func endProcessForUnfinishedRemoteNotification() {
    crash(
      WatchdogTermination(
        reason:
          "[lifescript: UIKit's exact text is not public] the app did not call the completion handler of application:didReceiveRemoteNotification:fetchCompletionHandler: within \(Int(RemoteNotification.handlingAllowance)) seconds (see Documentation/UIKit/background-launches.md#background-notifications)"
      ))
  }

  /// UIKit's console line at launch for an app delegate that implements the background
  /// notification method without declaring the Remote notifications background mode (READ:
  /// device logs quoted in Documentation/UIKit/background-launches.md#what-lifescript-models).
  func checkBackgroundModes() {
    guard let delegate = application?.delegate, runtime.responds(delegate, to: Self.fetchSelector),
      !machine.declarations.handlesBackgroundNotifications
    else { return }
    log(
      "You've implemented -[<UIApplicationDelegate> application:didReceiveRemoteNotification:fetchCompletionHandler:], but you still need to add \"remote-notification\" to the list of your supported UIBackgroundModes in your Info.plist."
    )
  }

  // MARK: The launch window of a background launch

  /// §19.1: the window UIKit would show at the end of the launch stays hidden until the first
  /// foreground, unless the app made it key and visible itself.
  func deferLaunchWindow() {
    guard let application, !application.launchWindowShownByApp else { return }
    application.deferredLaunchWindow = application.windowToShowAfterLaunch
    application.windowToShowAfterLaunch = nil
  }

  /// §19.5: the first foreground shows the hidden window.
  func prepareDeferredLaunchWindow() {
    guard let application, let window = application.deferredLaunchWindow else { return }
    application.deferredLaunchWindow = nil
    application.windowToShowAfterLaunch = window
  }
}
