extension Device {
  /// Schemes other apps of the system handle, which any app may open and query without
  /// declaring them (INFERRED: Apple's documentation lists these as the system's URL schemes).
  static let systemURLSchemes: Set<String> = [
    "http", "https", "mailto", "tel", "sms", "facetime", "facetime-audio", "maps", "itms-apps",
    "app-settings",
  ]

  /// `canOpenURL:` and `openURL:options:completionHandler:` (Swift's `open(_:)`), which a
  /// UIApplication subclass may override.
  func registerOpeningURLs(_ application: RuntimeClass) throws {
    application.addMethod("canOpenURL:") { [unowned self] message in
      .bool(canOpen(try urlArgument(message.argument(0), "canOpenURL")))
    }
    let open: (Message) throws -> RuntimeValue = { [unowned self] message in
      let url = try urlArgument(message.argument(0), "open")
      let completion = message.argument(2)
      // The system opens it asynchronously: after the app's current work, on the main queue.
      loop.schedule(after: 0) { [unowned self] in
        try asProcess { try openURL(url, completion: completion) }
      }
      return .nil
    }
    application.addMethod(Selector("openURL:options:completionHandler:"), .native(open))
    // Swift's spelling, for scripts: open(url) and open(url, options, completion). They go
    // through openURL:options:completionHandler:, so a subclass's override sees them.
    let forward: (Message) throws -> RuntimeValue = { [unowned self] message in
      try runtime.send(
        Selector("openURL:options:completionHandler:"), to: message.receiver,
        [message.argument(0), message.argument(1), message.argument(2)])
    }
    application.addMethod(Selector("open:"), .native(forward))
    application.addMethod(Selector("open:options:completionHandler:"), .native(forward))
  }

  /// An `NSURL`, or a string that is a URL.
  private func urlArgument(_ value: RuntimeValue, _ method: String) throws -> AppURL {
    switch value {
    case .object(let url as NSURL): return url.url
    case .string(let text): return try AppURL.parse(text, for: method)
    default:
      throw LifecycleError("\(method): a URL expected, like URL.new(\"demo://item/7\")")
    }
  }

  /// Whether an app handles the URL's scheme; for a scheme of another app the app must declare
  /// it in LSApplicationQueriesSchemes (iOS 9+), and UIKit logs why it says no. No other
  /// third-party app is installed on this device.
  private func canOpen(_ url: AppURL) -> Bool {
    if isHandled(url) { return true }
    var queried: Set<String> = []
    if case .array(let names) = info.values["LSApplicationQueriesSchemes"] {
      for case .string(let name) in names { queried.insert(name.lowercased()) }
    }
    // The console messages UIKit prints (INFERRED wording, widely quoted since iOS 9).
    let error =
      queried.contains(url.scheme)
      ? "The operation couldn’t be completed. (OSStatus error -10814.)"
      : "This app is not allowed to query for scheme \(url.scheme)"
    log("-canOpenURL: failed for URL: \"\(url)\" - error: \"\(error)\"")
    return false
  }

  /// What opening a URL does: one of the app's own schemes comes back to the app (§6.1 warm,
  /// active); another app's takes the user there, so the app leaves the foreground as if the
  /// user went home; a scheme no app handles opens nothing. The completion handler hears
  /// whether it opened, before the app leaves (INFERRED).
  private func openURL(_ url: AppURL, completion: RuntimeValue) throws {
    let own = declaredURLSchemes.contains(url.scheme)
    let opens = isHandled(url)
    if !completion.isNil { try callBlock(completion, [.bool(opens)]) }
    if own {
      try handle(
        .openURL(SystemRequest.OpenURLRequest(url: url, sourceApplication: bundleIdentifier)))
    } else if opens {
      try home()
    }
  }

  /// Whether an installed app handles the URL: this one, or one of the system's.
  private func isHandled(_ url: AppURL) -> Bool {
    Self.systemURLSchemes.contains(url.scheme) || declaredURLSchemes.contains(url.scheme)
  }

  /// The app's `CFBundleIdentifier`.
  var bundleIdentifier: String { info.string("CFBundleIdentifier") ?? "com.example.app" }
}
