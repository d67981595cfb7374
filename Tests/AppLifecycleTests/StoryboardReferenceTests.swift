import AppLifecycle
import Testing
import XcodeFiles

/// Storyboard references (`viewControllerPlaceholder`): followed when UIKit instantiates what
/// embeds them, found by name among the app's storyboards.
@Suite struct StoryboardReferenceTests {
  /// A legacy storyboard app whose entry point is a tab bar controller with the given tabs.
  func app(tabs: [Storyboard.Scene], others: [Storyboard] = []) throws -> TestApp {
    let app = try TestApp()
    app.device.info = InfoPlist(["UIMainStoryboardFile": .string("Main")])
    app.device.storyboards["Main"] = Storyboard(
      name: "Main",
      initialViewController: Storyboard.Scene(className: "UITabBarController", children: tabs))
    for storyboard in others { app.device.storyboards[storyboard.name] = storyboard }
    app.delegate.declareProperty("window")
    return app
  }

  func reference(_ name: String, _ identifier: String? = nil, bundle: String? = nil)
    -> Storyboard.Scene
  {
    Storyboard.Scene(
      reference: Storyboard.Reference(
        storyboardName: name, identifier: identifier, bundleIdentifier: bundle,
        file: "Main.storyboard", line: 12))
  }

  let settings = Storyboard(
    name: "Settings",
    initialViewController: Storyboard.Scene(
      className: "UINavigationController", children: [Storyboard.Scene(className: "ViewController")]
    ),
    identifiedViewControllers: ["Detail": Storyboard.Scene(className: "UIViewController")])

  @Test func aTabThatIsAReferenceIsTheOtherStoryboardsInitialControllerAtLaunch() throws {
    let app = try app(tabs: [reference("Settings")], others: [settings])
    let lines = try app.launch()
    #expect(
      Array(lines[2...11]) == [
        "new UITabBarController", "UITabBarController.initWithCoder:",
        "new UINavigationController", "UINavigationController.initWithCoder:",
        "new ViewController", "ViewController.initWithCoder:",
        "UITabBarController.awakeFromNib", "UINavigationController.awakeFromNib",
        "ViewController.awakeFromNib", "AppDelegate.window",
      ])
  }

  @Test func aReferencedIdentifierIsThatStoryboardIDsController() throws {
    let app = try app(tabs: [reference("Settings", "Detail")], others: [settings])
    let lines = try app.launch()
    #expect(Array(lines[4...5]) == ["new UIViewController", "UIViewController.initWithCoder:"])
  }

  @Test func aMissingStoryboardIsUIKitsExceptionWithTheReferencesPlaceAsItsOrigin() throws {
    let app = try app(tabs: [reference("Gone")])
    _ = try app.launch()
    guard case .exception(let exception) = try #require(app.device.trace.entries.last).event else {
      Issue.record("the launch did not end with an exception")
      return
    }
    #expect(
      exception.reason == "Could not find a storyboard named 'Gone' in bundle NSBundle <main>")
    #expect(
      exception.origin
        == "the storyboard reference at Main.storyboard:12: the app has no storyboard named Gone; declare it with Storyboard \"path/Gone.storyboard\""
    )
  }

  @Test func anUnknownStoryboardIDIsUIKitsException() throws {
    let app = try app(tabs: [reference("Settings", "Nowhere")], others: [settings])
    let last = try app.launch().last ?? ""
    #expect(last.hasPrefix("exception NSInvalidArgumentException: Storyboard (<UIStoryboard: 0x"))
    #expect(last.hasSuffix(">) doesn't contain a view controller with identifier 'Nowhere'"))
  }

  @Test func referencesThatLeadBackAreAnErrorRatherThanEndless() throws {
    let back = Storyboard(
      name: "Back",
      initialViewController: Storyboard.Scene(
        className: "UINavigationController", children: [reference("Main")]))
    let app = try app(tabs: [reference("Back")], others: [back])
    // Main's own entry point is reached again through Back.
    app.device.storyboards["Main"]?.initialViewController?.children = [reference("Back")]
    #expect(throws: LifecycleError.self) { try app.launch() }
  }

  @Test func aReferenceIntoAnotherBundleSaysWhatLifescriptModels() throws {
    let app = try app(tabs: [reference("Login", bundle: "com.example.LoginKit")])
    let error = #expect(throws: LifecycleError.self) { try app.launch() }
    #expect(error?.message.contains("of the bundle com.example.LoginKit") == true)
  }

  @Test func aReferenceToAStoryboardWithoutAnEntryPointNeedsAnIdentifier() throws {
    let empty = Storyboard(name: "Empty", initialViewController: nil)
    let app = try app(tabs: [reference("Empty")], others: [empty])
    let error = #expect(throws: LifecycleError.self) { try app.launch() }
    #expect(
      error?.message
        == "the storyboard reference at Main.storyboard:12 stands for the initial view controller of Empty.storyboard, which has none; set its entry point or a referencedIdentifier"
    )
  }

  @Test func appCodeFollowsAReferenceItInstantiatesByStoryboardID() throws {
    var main = Storyboard(name: "Main", initialViewController: nil)
    main.identifiedViewControllers["Settings"] = reference("Settings")
    let app = try app(tabs: [], others: [settings])
    app.device.storyboards["Main"] = main
    let storyboard = app.device.runtime.allocate(app.device.runtime.classNamed("UIStoryboard")!)
    _ = try app.device.runtime.send(
      Selector("initWithName:bundle:"), to: storyboard, [.string("Main"), .nil])
    let start = app.device.trace.lines().count
    let controller = try app.device.runtime.send(
      Selector("instantiateViewControllerWithIdentifier:"), to: storyboard, [.string("Settings")])
    #expect(controller.object?.isa.name == "UINavigationController")
    #expect(
      Array(app.device.trace.lines().dropFirst(start).prefix(2)) == [
        "new UINavigationController", "UINavigationController.initWithCoder:",
      ])
    #expect(throws: ObjCException.self) {
      try app.device.runtime.send(
        Selector("instantiateViewControllerWithIdentifier:"), to: storyboard, [.string("Nowhere")])
    }
  }

  @Test func aLongChainOfStoryboardsIsBoundedAsOneStoryboardIs() throws {
    // S0's tab is S1, whose root is S2, ...: each storyboard is small, the whole is 300 deep.
    var others: [Storyboard] = []
    for index in 1...300 {
      others.append(
        Storyboard(
          name: "S\(index)",
          initialViewController: Storyboard.Scene(
            className: "UINavigationController", children: [reference("S\(index + 1)")])))
    }
    let app = try app(tabs: [reference("S1")], others: others)
    let error = #expect(throws: LifecycleError.self) { try app.launch() }
    #expect(
      error?.message
        == "instantiating UINavigationController (through the storyboard reference at Main.storyboard:12) would embed view controllers more than 256 levels deep"
    )
  }
}
