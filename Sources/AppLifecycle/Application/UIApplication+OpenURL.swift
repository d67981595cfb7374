import XcodeFiles

extension UIApplication {
  /// `canOpenURL:` and `openURL:options:completionHandler:` (Swift's `open(_:)`), which a
  /// UIApplication subclass may override.
  static func defineOpeningURLs(in runtime: Runtime, _ application: RuntimeClass) throws {
    application.addMethod("canOpenURL:") { message in
      let application = try message.receiver(as: UIApplication.self)
      return .bool(application.canOpen(try AppURL.argument(message.argument(0), "canOpenURL")))
    }
    let open: (Message) throws -> RuntimeValue = { message in
      let device = message.device
      let url = try AppURL.argument(message.argument(0), "open")
      let completion = message.argument(2)
      // The system opens it asynchronously: after the app's current work, on the main queue.
      let process = message.receiver
      device.loop.schedule(after: 0) { [unowned device] in
        // The process that asked may be gone; its request went with it.
        guard process === device.application else { return }
        let previous = device.delivery.openingURL
        device.delivery.openingURL = (url, completion)
        defer { device.delivery.openingURL = previous }
        try device.asProcess {
          try device.perform(device.machine.openURLFromApp(scheme: url.scheme))
        }
      }
      return .nil
    }
    application.addMethod(UIKitSelector.openURLOptionsCompletionHandler, .native(open))
    // Swift's spelling, for scripts: open(url) and open(url, options, completion). They go
    // through openURL:options:completionHandler:, so a subclass's override sees them.
    let forward: (Message) throws -> RuntimeValue = { message in
      let device = message.device
      return try device.runtime.send(
        UIKitSelector.openURLOptionsCompletionHandler, to: message.receiver,
        [message.argument(0), message.argument(1), message.argument(2)])
    }
    application.addMethod(Selector("open:"), .native(forward))
    application.addMethod(Selector("open:options:completionHandler:"), .native(forward))
  }
}

extension AppURL {
  /// An `NSURL`, or a string that is a URL.
  fileprivate static func argument(_ value: RuntimeValue, _ method: String) throws -> AppURL {
    switch value {
    case .object(let url as NSURL): return url.url
    case .string(let text): return try AppURL.parse(text, for: method)
    default:
      throw LifecycleError("\(method): a URL expected, like URL.new(\"demo://item/7\")")
    }
  }
}

extension UIApplication {
  /// Whether an app handles the URL's scheme; for a scheme of another app the app must declare
  /// it in LSApplicationQueriesSchemes (iOS 9+), and UIKit logs why it says no. No other
  /// third-party app is installed on this device.
  fileprivate func canOpen(_ url: AppURL) -> Bool {
    let device = self.device
    if device.machine.isHandled(urlScheme: url.scheme) { return true }
    var queried: Set<String> = []
    if case .array(let names) = device.info.values["LSApplicationQueriesSchemes"] {
      for case .string(let name) in names { queried.insert(name.lowercased()) }
    }
    // The console messages UIKit prints (INFERRED wording, widely quoted since iOS 9).
    let error =
      queried.contains(url.scheme)
      ? "The operation couldn’t be completed. (OSStatus error -10814.)"
      : "This app is not allowed to query for scheme \(url.scheme)"
    device.log("-canOpenURL: failed for URL: \"\(url)\" - error: \"\(error)\"")
    return false
  }
}
