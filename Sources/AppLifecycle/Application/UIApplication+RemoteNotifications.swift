extension UIApplication {
  /// `registerForRemoteNotifications`, `unregisterForRemoteNotifications` and
  /// `isRegisteredForRemoteNotifications`
  /// (Documentation/UIKit/background-launches.md#registering-for-remote-notifications).
  static func defineRemoteNotificationRegistration(
    in runtime: Runtime, _ applicationClass: RuntimeClass
  ) {
    // "Call this method to initiate the registration process": the token comes back to the
    // app delegate later, on the main queue (INFERRED: the next turn of the run loop).
    applicationClass.addMethod("registerForRemoteNotifications") { message in
      let device = message.device
      try DeferredWork(device).onNextTurn { [unowned device] in
        guard let application = device.application else { return }
        let token = device.install.deviceToken ?? application.newDeviceToken()
        device.install.deviceToken = token
        try device.deliverIfImplemented(
          UIKitSelector.applicationDidRegisterForRemoteNotificationsWithDeviceToken,
          to: application.delegate, [.object(application), .string(token)])
      }
      return .nil
    }
    applicationClass.addMethod("unregisterForRemoteNotifications") { message in
      let device = message.device
      device.install.deviceToken = nil
      return .nil
    }
    applicationClass.addProperty("isRegisteredForRemoteNotifications") { message in
      let device = message.device
      return .bool(device.install.deviceToken != nil)
    }
  }
}

extension UIApplication {
  /// A device token for this install: 32 bytes written in hex, as apps turn Swift's `Data`
  /// into text; a new one after the app is deleted and installed again. The bytes are made
  /// from the bundle identifier and the install, so every run gives the same ones.
  fileprivate func newDeviceToken() -> String {
    var state: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (device.info.string("CFBundleIdentifier") ?? "").utf8 {
      state = (state ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    state ^= UInt64(device.installsSinceStart) &* 0x9e37_79b9_7f4a_7c15
    var words = SplitMix64(seed: state)
    return (0..<4).map { _ in String(words.next(), radix: 16).leftPadded(to: 16) }.joined()
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}

/// Background notifications (§19.2) and the launch window of a background launch (§19.1,
/// §19.5).
extension UIApplication {
  static let fetchSelector = Selector(
    "application:didReceiveRemoteNotification:fetchCompletionHandler:")

  /// `application:didReceiveRemoteNotification:fetchCompletionHandler:` with the payload and a
  /// completion handler (§19.2 item 3). The app has 30 s to call the handler: until then it
  /// keeps running in the background; after that the machine hears the time ran out. A handler
  /// called twice, or after the time ran out, does nothing (INFERRED).
  func deliver(_ notification: RemoteNotification) throws {
    let device = self.device
    guard let delegate, device.runtime.responds(delegate, to: Self.fetchSelector) else {
      if let delegate {
        device.record(.skipped(receiverClass: delegate.isa.name, selector: Self.fetchSelector))
      }
      return
    }
    device.machine.remoteNotificationDelivered()
    let delivery = device.nextRemoteNotificationDelivery
    device.nextRemoteNotificationDelivery += 1
    device.process.remoteNotificationDeadlines[delivery] = device.loop.schedule(
      after: RemoteNotification.handlingAllowance
    ) { [unowned device] in
      guard device.process.remoteNotificationDeadlines.removeValue(forKey: delivery) != nil else {
        return
      }
      try device.asProcess {
        try device.perform(try device.machine.handle(.remoteNotificationTimeExpiry))
      }
    }
    let completion = device.runtime.makeBlock { [unowned device] _ in
      guard let deadline = device.process.remoteNotificationDeadlines.removeValue(forKey: delivery)
      else { return }
      device.loop.cancel(deadline)
      try device.perform(device.machine.remoteNotificationCompleted())
    }
    try device.deliver(
      Self.fetchSelector, to: delegate,
      [.object(self), .dictionary(notification.payload), completion])
  }

  /// UIKit's console line at launch for an app delegate that implements the background
  /// notification method without declaring the Remote notifications background mode (READ:
  /// device logs quoted in Documentation/UIKit/background-launches.md#what-lifescript-models).
  func checkBackgroundModes() {
    let device = self.device
    guard let delegate, device.runtime.responds(delegate, to: Self.fetchSelector),
      !device.machine.declarations.handlesBackgroundNotifications
    else { return }
    device.log(
      "You've implemented -[<UIApplicationDelegate> application:didReceiveRemoteNotification:fetchCompletionHandler:], but you still need to add \"remote-notification\" to the list of your supported UIBackgroundModes in your Info.plist."
    )
  }

  /// §19.1: the window UIKit would show at the end of the launch stays hidden until the first
  /// foreground, unless the app made it key and visible itself.
  func deferLaunchWindow() {
    guard !launchWindowShownByApp else { return }
    deferredLaunchWindow = windowToShowAfterLaunch
    windowToShowAfterLaunch = nil
  }

  /// §19.5: the first foreground shows the hidden window.
  func prepareDeferredLaunchWindow() {
    guard let window = deferredLaunchWindow else { return }
    deferredLaunchWindow = nil
    windowToShowAfterLaunch = window
  }
}
