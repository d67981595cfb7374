import AppLifecycle
import Testing
import XcodeFiles

/// The device performing the machine's decisions: what a scenario's `device.*` calls leave in
/// the trace when they change nothing or cannot happen, and when they happen inside a callback.
@Suite struct DeviceEventTests {
  @Test func anEventThatChangesNothingIsTracedAsIgnored() throws {
    let app = try TestApp()
    app.implement(["applicationDidEnterBackground:"])
    _ = try app.launch()
    try app.device.home()
    let start = app.device.trace.lines().count
    try app.device.home()
    try app.device.memoryWarning()
    #expect(
      Array(app.device.trace.lines().dropFirst(start)) == [
        "device home (ignored: already in the background)",
        "device memory_warning (ignored: the app is suspended and runs no code)",
      ])
  }

  @Test func anEventNoDeviceCouldProduceIsAnError() throws {
    let app = try TestApp()
    #expect(
      throws: LifecycleError(
        "device.activate: the app was never launched; call UIApplicationMain (or main) first, so the device knows the app"
      )
    ) { try app.device.activate() }
    _ = try app.launch()
    #expect(
      throws: LifecycleError(
        "device.end_interruption: no interruption is in progress; device.interrupt() begins one")
    ) { try app.device.endInterruption() }
    #expect(app.device.machine.applicationState == .active, "the failed event changed nothing")
  }

  /// The user and the system act between UIKit's callbacks: a home press a callback asks for
  /// happens once the launch is over.
  @Test func anEventCausedInsideACallbackHappensAfterTheCallbacks() throws {
    let app = try TestApp()
    app.implement(["applicationWillResignActive:", "applicationDidEnterBackground:"])
    app.delegate.addMethod("applicationDidBecomeActive:") { [device = app.device] _ in
      try device.home()
      return .nil
    }
    let lines = try app.launch()
    #expect(
      Array(lines.suffix(6)) == [
        "AppDelegate.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
        "AppDelegate.applicationWillResignActive:",
        "post UIApplicationWillResignActiveNotification",
        "AppDelegate.applicationDidEnterBackground:",
        "post UIApplicationDidEnterBackgroundNotification",
      ])
    #expect(app.device.machine.applicationState == .background)
  }

  /// Events a callback causes run on the turning main run loop, not in a turn of their own: a
  /// long chain stays flat, and one that never ends is an error rather than a stack overflow.
  @Test func callbacksThatKeepCausingEventsAreStopped() throws {
    let app = try TestApp()
    app.delegate.addMethod("applicationDidBecomeActive:") { [device = app.device] _ in
      try device.home()
      return .nil
    }
    app.delegate.addMethod("applicationDidEnterBackground:") { [device = app.device] _ in
      try device.activate()
      return .nil
    }
    #expect(throws: LifecycleError.self) { try app.launch() }
    let homes = app.device.trace.lines().filter {
      $0 == "AppDelegate.applicationDidEnterBackground:"
    }
    #expect(homes.count == Device.causedEventLimit / 2)
  }

  /// A memory warning reaches the app at once, even inside a callback (during launch too).
  @Test func aMemoryWarningInsideACallbackArrivesThereAndThen() throws {
    let app = try TestApp()
    app.implement(["applicationDidReceiveMemoryWarning:"])
    app.delegate.addMethod("application:didFinishLaunchingWithOptions:") {
      [device = app.device] _ in
      try device.memoryWarning()
      return .bool(true)
    }
    let lines = try app.launch()
    let warning = try #require(
      lines.firstIndex(of: "AppDelegate.applicationDidReceiveMemoryWarning:"))
    let launched = try #require(
      lines.firstIndex(of: "post UIApplicationDidFinishLaunchingNotification"))
    #expect(warning < launched)
  }

  /// What `UIApplication.applicationState` says inside each delegate method.
  @Test func theApplicationStateInEachCallbackIsUIKits() throws {
    let app = try TestApp()
    var seen: [String] = []
    for name in [
      "applicationDidBecomeActive:", "applicationWillResignActive:",
      "applicationDidEnterBackground:", "applicationWillEnterForeground:",
    ] {
      app.delegate.addMethod(name) { [device = app.device] message in
        let state = try device.runtime.send(
          Selector("applicationState"), to: message.arguments[0].object)
        seen.append("\(name) \(state.stringValue)")
        return .nil
      }
    }
    _ = try app.launch()
    try app.device.home()
    try app.device.activate()
    try app.device.interrupt()
    #expect(
      seen == [
        "applicationDidBecomeActive: active", "applicationWillResignActive: active",
        "applicationDidEnterBackground: background", "applicationWillEnterForeground: background",
        "applicationDidBecomeActive: active", "applicationWillResignActive: active",
      ])
  }

  /// A request the app made with `UIApplication.open` dies with its process.
  @Test func anOpenURLRequestOfAProcessThatEndedIsDropped() throws {
    let app = try TestApp()
    app.device.info = InfoPlist([
      "CFBundleURLTypes": .array([.dictionary(["CFBundleURLSchemes": .array([.string("demo")])])])
    ])
    app.implement(["application:openURL:options:"], returning: .bool(true))
    _ = try app.launch()
    let url = try app.device.create(app.device.runtime.classNamed("NSURL")!, [.string("demo://x")])
    try app.device.runtime.send(
      Selector("openURL:options:completionHandler:"), to: app.device.application,
      [.object(url), .nil, .nil])
    try app.device.kill()
    try app.device.wait(1)
    #expect(!app.device.isAppRunning)
    #expect(!app.device.trace.lines().contains("AppDelegate.application:openURL:options:"))
  }
}
