import AppLifecycle
import Testing
import XcodeFiles

@Suite struct StoryboardLaunchTests {
  func storyboardApp(
    options: LaunchOrderOptions = LaunchOrderOptions(), initial: String = "ViewController"
  )
    throws -> TestApp
  {
    let app = try TestApp(options: options)
    app.device.info = InfoPlist(["UIMainStoryboardFile": .string("Main")])
    app.device.storyboards["Main"] = Storyboard(
      name: "Main", initialViewController: Storyboard.Scene(className: initial))
    app.delegate.declareProperty("window")
    app.implement(["application:willFinishLaunchingWithOptions:", "applicationDidBecomeActive:"])
    app.delegate.addMethod("application:didFinishLaunchingWithOptions:") { _ in .bool(true) }
    return app
  }

  @Test func aStoryboardLaunchFollowsTheCanonicalTrace() throws {
    let app = try storyboardApp()
    // Reference §14 A with its defaults: view controller before window (§1.1), activation
    // between viewWillAppear and viewDidAppear (§1.2).
    #expect(
      try app.launch() == [
        "new UIApplication",
        "new AppDelegate",
        "new ViewController",
        "ViewController.initWithCoder:",
        "ViewController.awakeFromNib",
        "AppDelegate.window",
        "new UIWindow",
        "AppDelegate.setWindow:",
        "UIWindow.setRootViewController:",
        "AppDelegate.application:willFinishLaunchingWithOptions:",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "post UIApplicationDidFinishLaunchingNotification",
        "ViewController.loadView",
        "ViewController.viewDidLoad",
        "ViewController.viewWillAppear:",
        "AppDelegate.applicationDidBecomeActive:",
        "post UIApplicationDidBecomeActiveNotification",
        "ViewController.viewDidAppear:",
      ])
  }

  @Test func theWindowFirstOrderIsAnOption() throws {
    var options = LaunchOrderOptions()
    options.storyboardWindowOrder = .windowFirst
    let lines = try storyboardApp(options: options).launch()
    #expect(
      Array(lines[2...7]) == [
        "AppDelegate.window", "new UIWindow", "AppDelegate.setWindow:", "new ViewController",
        "ViewController.initWithCoder:", "ViewController.awakeFromNib",
      ])
  }

  @Test func anUnknownCustomClassFallsBackToUIViewControllerWithALog() throws {
    let lines = try storyboardApp(initial: "Missing").launch()
    #expect(lines.contains("log Unknown class Missing in Interface Builder file."))
    #expect(lines.contains("new UIViewController"))
    #expect(lines.last == "UIViewController.viewDidAppear:")
  }

  @Test func aMissingStoryboardIsAnException() throws {
    let app = try storyboardApp()
    app.device.info.values["UIMainStoryboardFile"] = .string("Other")
    #expect(
      try app.launch().last
        == "exception NSInvalidArgumentException: Could not find a storyboard named 'Other' in bundle NSBundle <main>"
    )
  }

  @Test(arguments: [
    ("$(PRODUCT_MODULE_NAME).AppDelegate", "Demo.AppDelegate"),
    ("$(EXECUTABLE_NAME)", "Demo"),
    ("$(UNKNOWN)x", "x"),
    ("plain", "plain"),
    ("$(unterminated", "$(unterminated"),
  ])
  func buildVariablesExpandFromTheExecutableName(raw: String, expanded: String) {
    let info = InfoPlist(["CFBundleExecutable": .string("Demo"), "Key": .string(raw)])
    #expect(info.string("Key") == expanded)
  }

  @Test func xcodesOwnTemplateValuesNeedTheBuildSettingsAndNeverLoop() {
    var info = InfoPlist([
      "CFBundleExecutable": .string("$(EXECUTABLE_NAME)"),
      "Delegate": .string("$(PRODUCT_MODULE_NAME).AppDelegate"),
    ])
    #expect(info.string("CFBundleExecutable") == nil)
    #expect(info.string("Delegate") == ".AppDelegate")
    info.buildSettings["EXECUTABLE_NAME"] = "Demo"
    #expect(info.string("CFBundleExecutable") == "Demo")
    #expect(info.moduleName == "Demo")
    #expect(info.string("Delegate") == "Demo.AppDelegate")
  }

  @Test func theInfoPlistNamesTheDelegateInTheAppModule() throws {
    let app = try storyboardApp()
    app.device.info.values["CFBundleExecutable"] = .string("Demo")
    app.device.info.values["UIApplicationDelegateClass"] = .string(
      "$(PRODUCT_MODULE_NAME).AppDelegate")
    #expect(try app.launch(delegate: nil)[1] == "new AppDelegate")
  }

  @Test func aLaunchStoryboardWithACustomClassIsNotAddedAndTheEarlierOneStays() throws {
    let app = try TestApp()
    app.device.info = InfoPlist(["UILaunchStoryboardName": .string("LaunchScreen")])
    let plain = Storyboard(name: "LaunchScreen", initialViewController: nil, isNib: true)
    try app.device.addStoryboard(plain)
    var custom = plain
    custom.customClass = Storyboard.CustomClass(name: "Spinner")
    #expect(throws: LifecycleError.self) { try app.device.addStoryboard(custom) }
    #expect(app.device.storyboards["LaunchScreen"] == plain)
  }

  @Test func aXibIsNotAStoryboardForUIMainStoryboardFile() throws {
    let app = try storyboardApp()
    app.device.storyboards["Main"] = Storyboard(
      name: "Main", initialViewController: nil, isNib: true)
    #expect(
      try app.launch().last
        == "exception NSInvalidArgumentException: Could not find a storyboard named 'Main' in bundle NSBundle <main>"
    )
  }
}
