/// The first scenarios and the configuration file. Their expectations are the callbacks
/// lifescript's model makes for the app's shape (scenes or not, a main storyboard or a window
/// made in code), in the order the UIKit reference gives: §3.1 for a scene's connection, §1 for
/// the app-delegate launch, §2 for the home screen and back, §5 for a kill while suspended.
extension SuiteScaffold {
  /// The trace lines a shape's scenarios expect: the delegate callbacks, or the notifications
  /// when the scene has no delegate.
  struct Callbacks {
    var launch: [String]
    var resignActive: String
    var enterBackground: String
    var enterForeground: String
    var becomeActive: String
    /// The callback a return from the home screen must not repeat: a launch or a connection.
    var onlyAtLaunch: String
    /// What a kill from the app switcher while suspended does not call.
    var neverAtKill: [String]
  }

  var callbacks: Callbacks {
    let initial = shape.initialViewController?.name
    if shape.usesScenes {
      // An app delegate of UIKit's own (UIResponder) has none of these methods.
      var launch: [String] = []
      if let delegate = shape.appDelegate?.name {
        launch.append("\(delegate).application:didFinishLaunchingWithOptions:")
        if shape.launchConfigurationName != nil {
          launch.append(
            "\(delegate).application:configurationForConnectingSceneSession:options:")
        }
      }
      guard let scene = shape.launchSceneDelegate?.name else {
        // Without a scene delegate of the app's, UIKit makes the storyboard's initial view
        // controller but no window to show it in (§3.1).
        launch += initial.map { ["new \($0)"] } ?? []
        launch += [
          "post UISceneWillEnterForegroundNotification", "post UISceneDidActivateNotification",
        ]
        return Callbacks(
          launch: launch, resignActive: "post UISceneWillDeactivateNotification",
          enterBackground: "post UISceneDidEnterBackgroundNotification",
          enterForeground: "post UISceneWillEnterForegroundNotification",
          becomeActive: "post UISceneDidActivateNotification",
          onlyAtLaunch: "post UISceneWillConnectNotification",
          neverAtKill: ["post UISceneDidDisconnectNotification", "applicationWillTerminate:"])
      }
      launch.append("new \(scene)")
      launch += initial.map { ["new \($0)"] } ?? []
      launch.append("\(scene).scene:willConnectToSession:options:")
      launch += initial.map { ["\($0).viewDidLoad"] } ?? []
      launch += ["\(scene).sceneWillEnterForeground:", "\(scene).sceneDidBecomeActive:"]
      launch += initial.map { ["\($0).viewDidAppear:"] } ?? []
      return Callbacks(
        launch: launch, resignActive: "\(scene).sceneWillResignActive:",
        enterBackground: "\(scene).sceneDidEnterBackground:",
        enterForeground: "\(scene).sceneWillEnterForeground:",
        becomeActive: "\(scene).sceneDidBecomeActive:",
        onlyAtLaunch: "scene:willConnectToSession:options:",
        neverAtKill: ["sceneDidDisconnect:", "applicationWillTerminate:"])
    }
    var launch = initial.map { ["new \($0)"] } ?? []
    guard let delegate = shape.appDelegate?.name else {
      // UIKit's own app delegate (UIResponder): the application's notifications, and no window
      // for the main storyboard, which needs the delegate's window property (§1.1 step 4).
      launch += [
        "post UIApplicationDidFinishLaunchingNotification",
        "post UIApplicationDidBecomeActiveNotification",
      ]
      return Callbacks(
        launch: launch, resignActive: "post UIApplicationWillResignActiveNotification",
        enterBackground: "post UIApplicationDidEnterBackgroundNotification",
        enterForeground: "post UIApplicationWillEnterForegroundNotification",
        becomeActive: "post UIApplicationDidBecomeActiveNotification",
        onlyAtLaunch: "post UIApplicationDidFinishLaunchingNotification",
        neverAtKill: ["post UIApplicationWillTerminateNotification"])
    }
    launch.append("\(delegate).application:didFinishLaunchingWithOptions:")
    launch += initial.map { ["\($0).viewDidLoad"] } ?? []
    launch.append("\(delegate).applicationDidBecomeActive:")
    launch += initial.map { ["\($0).viewDidAppear:"] } ?? []
    return Callbacks(
      launch: launch, resignActive: "\(delegate).applicationWillResignActive:",
      enterBackground: "\(delegate).applicationDidEnterBackground:",
      enterForeground: "\(delegate).applicationWillEnterForeground:",
      becomeActive: "\(delegate).applicationDidBecomeActive:",
      onlyAtLaunch: "application:didFinishLaunchingWithOptions:",
      neverAtKill: ["applicationWillTerminate:"])
  }

  /// The lines every scenario starts with: the project, the classes, and the entry point.
  private var opening: [String] {
    [
      projectLine,
      "local app = require \(LuaSource.quoted(SuiteScaffold.moduleName))",
      "",
    ]
  }

  /// `Project "../MyApp.xcodeproj"`, with the target and configuration init was given.
  var projectLine: String {
    guard !projectOptions.isEmpty else { return "Project \(LuaSource.quoted(projectFromOutput))" }
    let options = projectOptions.map { "\($0.key) = \(LuaSource.quoted($0.value))" }
    return "Project(\(LuaSource.quoted(projectFromOutput)), { "
      + options.joined(separator: ", ") + " })"
  }

  /// The entry point: what `@main` makes of the app delegate, or UIApplicationMain with the
  /// classes the Info.plist names.
  private var entryPoint: String {
    guard !shape.appDelegateFromInfoPlist, let delegate = shape.appDelegate else {
      return "UIApplicationMain(nil, nil)  -- the Info.plist names the app delegate"
    }
    return "main(app.\(delegate.field))  -- @main on the app delegate"
  }

  func launchScenario() -> String {
    var lines = header(
      file: "launch.lua", purpose: "\(shape.module)'s cold launch from the home screen", run: true)
    lines += [""] + opening + [entryPoint, ""]
    lines.append("expect.order {")
    lines += callbacks.launch.map { "  \(LuaSource.quoted($0))," }
    lines += ["}", "assert(UIApplication.shared.applicationState == \"active\")", ""]
    return lines.joined(separator: "\n")
  }

  func homeAndBackScenario() -> String {
    let callbacks = self.callbacks
    var lines = header(
      file: "home-and-back.lua", purpose: "to the home screen, then back to \(shape.module)",
      run: true)
    lines += [""] + opening + [entryPoint]
    lines += [
      "expect.order { \(LuaSource.quoted(callbacks.becomeActive)) }",
      "",
      "device.home()  -- swipe up to the home screen",
      "expect.order {",
      "  \(LuaSource.quoted(callbacks.resignActive)),",
      "  \(LuaSource.quoted(callbacks.enterBackground)),",
      "}",
      "assert(UIApplication.shared.applicationState == \"background\")",
      "",
      "device.activate()  -- tap the icon: the app comes back",
      "expect.never \(LuaSource.quoted(callbacks.onlyAtLaunch))  -- the same process, not a launch",
      "expect.order {",
      "  \(LuaSource.quoted(callbacks.enterForeground)),",
      "  \(LuaSource.quoted(callbacks.becomeActive)),",
      "}",
      "assert(UIApplication.shared.applicationState == \"active\")",
      "",
    ]
    return lines.joined(separator: "\n")
  }

  func killAndRelaunchScenario() -> String {
    let callbacks = self.callbacks
    var lines = header(
      file: "kill-and-relaunch.lua",
      purpose: "\(shape.module) swiped away in the app switcher, then launched again", run: true)
    lines += [""] + opening + [entryPoint]
    lines += [
      "device.home()",
      "expect.order { \(LuaSource.quoted(callbacks.enterBackground)) }",
      "",
      "device.kill()  -- swiped away in the app switcher while suspended",
    ]
    lines.append("-- A suspended app hears nothing of it:")
    lines += callbacks.neverAtKill.map { "expect.never \(LuaSource.quoted($0))" }
    lines += [
      "assert(UIApplication.shared == nil, \"the process has ended\")",
      "",
      "device.activate()  -- tap the icon: a cold launch, a new process",
      "expect.order {",
    ]
    if let delegate = shape.appDelegate {
      lines.append("  \(LuaSource.quoted("new " + delegate.name)),")
    }
    lines += callbacks.launch.map { "  \(LuaSource.quoted($0))," }
    lines += ["}", "assert(UIApplication.shared.applicationState == \"active\")", ""]
    return lines.joined(separator: "\n")
  }

  /// `lifescript.lua` beside the project: it marks the project root and says which files are
  /// the suite's scenarios, so `lifescript test` there or below runs it
  /// (Documentation/Reference/lifescript-lua.md).
  func configurationText() -> String {
    let folder = SuiteScaffold.shellWord(outputFromProject + "/")
    return [
      "-- lifescript.lua: the configuration of \(LuaSource.commentText(shape.module))'s life-cycle suite.",
      "--",
      "-- Written by `lifescript init`. This folder is the suite's project root: its scenarios read",
      "-- files under it, and `lifescript test` here or below runs the suite, as does",
      "--",
      "--   lifescript test " + LuaSource.commentText(folder),
      "--",
      "-- Each scenario names the project itself (Project \"../\(LuaSource.commentText(shape.projectName))\"); to load it for",
      "-- every scenario instead, set project = \"\(LuaSource.commentText(shape.projectName))\" here and remove those lines.",
      "-- Every setting: Documentation/Reference/lifescript-lua.md in lifescript's repository.",
      "",
      "scenarios = { \(LuaSource.quoted(outputFromProject == "." ? "**/*.lua" : outputFromProject + "/**/*.lua")) }",
      "warnings = \"once\"",
      shape.usesScenes
        ? "-- ignore_warnings = { \"scene-dead-method\" }"
        : "-- ignore_warnings = { \"deprecated-app-delegate-method\" }  -- staying on the app-delegate life cycle",
      "",
    ].joined(separator: "\n")
  }

}
