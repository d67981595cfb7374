import Testing
import XcodeFiles

@testable import AppLifecycle

@Suite struct LaunchScreenTests {
  /// A legacy app with a launch storyboard, and the warnings it gets.
  final class App {
    let app: TestApp
    var warnings: [String] = []
    var device: Device { app.device }

    init(info: [String: PlistValue] = ["UILaunchStoryboardName": .string("LaunchScreen")]) throws {
      app = try TestApp()
      app.device.info = InfoPlist(info)
      app.device.storyboards["LaunchScreen"] = Storyboard(
        name: "LaunchScreen",
        initialViewController: Storyboard.Scene(className: "UIViewController"),
        isLaunchScreen: true)
      app.implement(["applicationDidBecomeActive:"])
      app.createWindowInDidFinishLaunching()
      app.device.host = WarningRecorder { [unowned self] in warnings.append($0.description) }
    }

    /// Launches (the first time through UIApplicationMain, later as a tap on the icon); returns
    /// the launch screen's lines of this launch.
    @discardableResult
    func launch() throws -> [String] {
      let start = device.trace.lines().count
      if device.entryPoint == nil {
        try device.applicationMain(principalClassName: nil, delegateClassName: "AppDelegate")
      } else {
        try device.activate()
      }
      return device.trace.lines().dropFirst(start).filter { $0.hasPrefix("screen ") }
    }

    /// A cold launch by opening `url`; returns the launch screen's lines of this launch.
    @discardableResult
    func launch(url: String) throws -> [String] {
      let start = device.trace.lines().count
      try device.handle(.openURL(SystemRequest.OpenURLRequest(url: try AppURL(url))))
      return device.trace.lines().dropFirst(start).filter { $0.hasPrefix("screen ") }
    }

    func clearLaunchScreenCache() throws {
      try device.runtime.send(Selector("clearLaunchScreenCache"), to: device.application)
    }
  }

  @Test func theLaunchScreenIsUpBeforeMainAndGoesAfterTheFirstFrame() throws {
    let app = try App()
    try app.launch()
    let lines = app.device.trace.lines()
    #expect(lines.first == "screen launch: LaunchScreen.storyboard")
    #expect(lines[1] == "new UIApplication")
    // §1.2's default: the app is active and the root view has appeared; then the frame.
    #expect(
      Array(lines.suffix(3)) == [
        "post UIApplicationDidBecomeActiveNotification", "ViewController.viewDidAppear:",
        "screen launch removed",
      ])
  }

  @Test func aSceneAppLosesItsLaunchScreenOnceItsFirstSceneIsActive() throws {
    let device = try Device()
    device.info = InfoPlist([
      "UIApplicationSceneManifest": .dictionary([:]), "UILaunchScreen": .dictionary([:]),
    ])
    try device.runtime.defineClass(
      "AppDelegate", superclass: device.runtime.classNamed("UIResponder"))
    try device.applicationMain(principalClassName: nil, delegateClassName: "AppDelegate")
    let lines = device.trace.lines()
    #expect(Array(lines.prefix(2)) == ["screen launch: UILaunchScreen {}", "new UIApplication"])
    #expect(
      Array(lines.suffix(2)) == [
        "post UIApplicationDidBecomeActiveNotification", "screen launch removed",
      ])
  }

  @Test func workTheLaunchQueuedOnTheMainQueueRunsBeforeTheFirstFrame() throws {
    let app = try App()
    app.app.delegate.addMethod("application:didFinishLaunchingWithOptions:") {
      [device = app.device] _ in
      device.loop.enqueue { try device.post("LoadedNotification") }
      return .bool(true)
    }
    try app.launch()
    #expect(
      Array(app.device.trace.lines().suffix(2)) == [
        "post LoadedNotification", "screen launch removed",
      ])
  }

  @Test func anAppThatEndsDuringLaunchNeverRemovesItsLaunchScreen() throws {
    let app = try App()
    try app.device.applicationMain(principalClassName: nil, delegateClassName: "Missing")
    let lines = app.device.trace.lines()
    #expect(lines.first == "screen launch: LaunchScreen.storyboard")
    #expect(lines.last?.hasPrefix("exception NSInternalInconsistencyException") == true)
    #expect(!lines.contains("screen launch removed"))
  }

  @Test func theURLOfAColdLaunchChoosesTheLaunchScreenByItsScheme() throws {
    let app = try App(info: ["UILaunchScreens": LaunchScreenConfigurationTests.screens])
    #expect(
      try app.launch().first == "screen launch: UILaunchScreens Main {UIColorName=Background}")
    try app.device.kill()
    #expect(
      try app.launch(url: "promo://spring-sale") == [
        "screen launch: UILaunchScreens Promo {UIImageName=Sale, UITabBar}",
        "screen launch removed",
      ])
    try app.device.kill()
    #expect(
      try app.launch().first
        == "screen launch (cached snapshot): UILaunchScreens Main {UIColorName=Background}",
      "the next launch from the home screen is not by that URL")
  }

  @Test func laterLaunchesShowTheCachedSnapshotUntilTheCacheIsCleared() throws {
    let app = try App()
    try app.launch()
    try app.device.kill()
    app.device.info = InfoPlist(["UILaunchScreen": .dictionary(["UIColorName": .string("Red")])])
    #expect(try app.launch().first == "screen launch (cached snapshot): LaunchScreen.storyboard")
    try app.clearLaunchScreenCache()
    #expect(app.device.launchScreenCache.isEmpty)
    try app.device.kill()
    #expect(try app.launch().first == "screen launch: UILaunchScreen {UIColorName=Red}")
    try app.device.kill()
    #expect(
      try app.launch().first == "screen launch (cached snapshot): UILaunchScreen {UIColorName=Red}")
  }

  @Test func eachURLSchemeHasItsOwnSnapshot() throws {
    let app = try App(info: ["UILaunchScreens": LaunchScreenConfigurationTests.screens])
    try app.launch()
    try app.device.kill()
    #expect(
      try app.launch(url: "Promo://x").first
        == "screen launch: UILaunchScreens Promo {UIImageName=Sale, UITabBar}")
    #expect(app.device.launchScreenCache.keys.sorted { ($0 ?? "") < ($1 ?? "") } == [nil, "promo"])
  }

  @Test func anAppWithoutALaunchScreenKeyIsLetterboxedAndThatIsCachedToo() throws {
    let app = try App(info: [:])
    #expect(
      try app.launch().first == "screen launch: none (letterboxed, legacy compatibility size)")
    try app.device.kill()
    app.device.info = InfoPlist(["UILaunchStoryboardName": .string("LaunchScreen")])
    #expect(
      try app.launch().first
        == "screen launch (cached snapshot): none (letterboxed, legacy compatibility size)")
    #expect(app.warnings.isEmpty)
  }

  @Test func aMissingLaunchStoryboardIsABlackScreenAndAWarning() throws {
    let app = try App(info: ["UILaunchStoryboardName": .string("Splash")])
    #expect(try app.launch().first == "screen launch: black (no storyboard named Splash)")
    #expect(
      app.warnings == [
        "warning[launch-storyboard-missing]: the launch screen is the storyboard Splash, but the app has no storyboard of that name; iOS shows a black launch screen (INFERRED, see Documentation/UIKit/launch-screen.md#which-launch-screen-a-launch-shows); declare it with Storyboard(\"Splash\", { ... })"
      ])
  }

  @Test func launchScreensWithoutADefaultWarnWhenTheyAreBlack() throws {
    let app = try App(info: [
      "UILaunchScreens": .dictionary([
        "UILaunchScreenDefinitions": .array([
          .dictionary(["UILaunchScreenIdentifier": .string("Promo")])
        ])
      ])
    ])
    #expect(
      try app.launch().first
        == "screen launch: black (UILaunchScreens has no UIDefaultLaunchScreen)")
    #expect(app.warnings.count == 1)
    #expect(
      app.warnings.first?.hasPrefix(
        "warning[black-launch-screen]: UILaunchScreens has no UIDefaultLaunchScreen, so")
        == true)
  }

  /// §8.1: apps built with the 27.0 SDK must name a launch screen; iOS 27 needs scenes too.
  @Test(
    arguments: [
      ([:], "screen launch: none (letterboxed, legacy compatibility size)", true),
      (["UILaunchScreen": .dictionary([:])], "screen launch: UILaunchScreen {}", false),
    ] as [([String: PlistValue], String, Bool)])
  func onIOS27AnAppWithoutALaunchScreenIsWarned(
    keys: [String: PlistValue], shown: String, warned: Bool
  ) throws {
    let device = try Device()
    device.profile = IOSProfile(27)
    device.info = InfoPlist(
      keys.merging(["UIApplicationSceneManifest": .dictionary([:])]) { a, _ in a })
    var warnings: [String] = []
    device.host = WarningRecorder { warnings.append($0.description) }
    try device.runtime.defineClass(
      "AppDelegate", superclass: device.runtime.classNamed("UIResponder"))
    try device.applicationMain(principalClassName: nil, delegateClassName: "AppDelegate")
    #expect(device.trace.lines().first == shown)
    #expect(
      warnings
        == (warned
          ? [
            "warning[launch-screen-missing]: iOS 27: the Info.plist names no launch screen (UILaunchStoryboardName, UILaunchStoryboards, UILaunchScreen or UILaunchScreens); apps built with the 27.0 SDK must include one (see Documentation/UIKit/launch-screen.md#launch-screen-keys)"
          ] : []))
  }

  @Test func iOS13IgnoresTheLaunchScreenKeysOfIOS14() throws {
    let app = try App(info: [
      "UILaunchScreen": .dictionary([:]), "UILaunchStoryboardName": .string("LaunchScreen"),
    ])
    app.device.profile = IOSProfile(13)
    #expect(try app.launch().first == "screen launch: LaunchScreen.storyboard")
  }

  @Test func aLaunchStoryboardWithACustomClassIsXcodesBuildError() throws {
    let app = try App()
    app.device.storyboards["LaunchScreen"]?.customClass = Storyboard.CustomClass(
      name: "SplashViewController", file: "LaunchScreen.storyboard", line: 12)
    let message =
      "Launch screens may not set custom classnames: LaunchScreen.storyboard sets SplashViewController at LaunchScreen.storyboard:12 (Xcode's build error for a launch storyboard)"
    let checked = #expect(throws: LifecycleError.self) { try app.device.checkLaunchStoryboards() }
    #expect(checked?.message == message)
    let launched = #expect(throws: LifecycleError.self) { try app.launch() }
    #expect(launched?.message == message)
    #expect(app.device.trace.entries.isEmpty, "nothing launched")
  }

  /// Only launch storyboards are checked: marked "Use as Launch Screen", or named by the keys.
  @Test(arguments: [
    (false, "LaunchScreen", true), (true, "Other", true), (false, "Other", false),
  ])
  func aStoryboardIsALaunchStoryboardWhenMarkedOrNamed(
    marked: Bool, named: String, refused: Bool
  ) throws {
    let app = try App(info: ["UILaunchStoryboardName": .string(named)])
    app.device.storyboards["LaunchScreen"] = Storyboard(
      name: "LaunchScreen", initialViewController: nil, isLaunchScreen: marked,
      customClass: Storyboard.CustomClass(name: "Splash"))
    if refused {
      #expect(throws: LifecycleError.self) { try app.device.checkLaunchStoryboards() }
    } else {
      #expect(throws: Never.self) { try app.device.checkLaunchStoryboards() }
    }
  }

  @Test func reinstallingEndsTheAppSilentlyAndForgetsWhatTheInstallKept() throws {
    let app = try App()
    try app.launch()
    let before = app.device.trace.lines().count
    try app.device.reinstall()
    #expect(!app.device.isAppRunning)
    #expect(app.device.trace.lines().count == before, "the installer kills it: no callbacks")
    #expect(app.device.launchScreenCache.isEmpty)
    app.device.info = InfoPlist(["UILaunchScreen": .dictionary([:])])
    #expect(try app.launch().first == "screen launch: UILaunchScreen {}")
  }

  @Test(arguments: [false, true])
  func reinstallingForgetsDiscardedSceneSessions(reinstall: Bool) throws {
    let device = try Device()
    device.info = InfoPlist(["UIApplicationSceneManifest": .dictionary([:])])
    let delegate = try device.runtime.defineClass(
      "AppDelegate", superclass: device.runtime.classNamed("UIResponder"))
    delegate.addMethod("application:didDiscardSceneSessions:") { _ in .nil }
    try device.applicationMain(principalClassName: nil, delegateClassName: "AppDelegate")
    try device.kill()
    if reinstall { try device.reinstall() }
    try device.activate()
    // §5.2: sessions discarded while the app was not running are reported at its next launch,
    // unless the install that kept them is gone.
    #expect(
      device.trace.lines().contains("AppDelegate.application:didDiscardSceneSessions:")
        == !reinstall)
  }

  /// Xcode 6 made launch screens as .xib files, named without extension in
  /// `UILaunchStoryboardName` (§8.1).
  @Test func aXibLaunchScreenIsShownUnderItsFileName() throws {
    let app = try App()
    app.device.storyboards["LaunchScreen"] = Storyboard(
      name: "LaunchScreen", initialViewController: nil, isLaunchScreen: true, isNib: true)
    #expect(try app.launch() == ["screen launch: LaunchScreen.xib", "screen launch removed"])
  }

  @Test func aXibLaunchScreenWithACustomClassIsXcodesBuildErrorNamingTheXib() throws {
    let app = try App()
    app.device.storyboards["LaunchScreen"] = Storyboard(
      name: "LaunchScreen", initialViewController: nil,
      customClass: Storyboard.CustomClass(name: "Spinner", file: "LaunchScreen.xib", line: 12),
      isNib: true)
    let error = #expect(throws: LifecycleError.self) { try app.device.checkLaunchStoryboards() }
    #expect(
      error?.message
        == "Launch screens may not set custom classnames: LaunchScreen.xib sets Spinner at LaunchScreen.xib:12 (Xcode's build error for a launch storyboard)"
    )
  }
}

/// A device host that hands each warning to a closure.
final class WarningRecorder: NativeHost {
  let record: (Warning) -> Void

  init(_ record: @escaping (Warning) -> Void) {
    self.record = record
  }

  override func warn(_ warning: Warning) { record(warning) }
}
