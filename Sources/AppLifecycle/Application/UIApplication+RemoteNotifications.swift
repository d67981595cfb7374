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
        let token = device.install.deviceToken ?? device.newDeviceToken()
        device.install.deviceToken = token
        try device.deliverIfImplemented(
          Selector("application:didRegisterForRemoteNotificationsWithDeviceToken:"),
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

extension Device {
  /// A device token for this install: 32 bytes written in hex, as apps turn Swift's `Data`
  /// into text; a new one after the app is deleted and installed again. The bytes are made
  /// from the bundle identifier and the install, so every run gives the same ones.
  fileprivate func newDeviceToken() -> String {
    var state: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (info.string("CFBundleIdentifier") ?? "").utf8 {
      state = (state ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    state ^= UInt64(installsSinceStart) &* 0x9e37_79b9_7f4a_7c15
    var words = SplitMix64(seed: state)
    return (0..<4).map { _ in String(words.next(), radix: 16).leftPadded(to: 16) }.joined()
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
