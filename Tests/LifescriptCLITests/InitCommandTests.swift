import Foundation
import Testing

/// `lifescript init` on app repositories built at test time (`AppRepository`): what it writes
/// and says for each shape of app, then the suite it wrote, run with `lifescript test`, which
/// must pass; and what it refuses.
@Suite struct InitCommandTests {
  // MARK: Shapes of apps

  /// Xcode 11-12's App template with scenes and a storyboard, and a second storyboard with a
  /// table view controller and a class of another module.
  static let sceneApp = AppRepository.App(
    name: "Notes",
    infoPlist: AppRepository.bundleKeys + "\n"
      + AppRepository.sceneManifest(storyboard: "Main") + """

        \t<key>UILaunchStoryboardName</key>
        \t<string>LaunchScreen</string>
        \t<key>UIMainStoryboardFile</key>
        \t<string>Main</string>
        """,
    storyboards: [
      "Main": AppRepository.storyboard(
        [(element: "viewController", customClass: "NotesViewController", module: nil)],
        module: "Notes"),
      "Settings": AppRepository.storyboard(
        [
          (element: "navigationController", customClass: nil, module: nil),
          (element: "tableViewController", customClass: "SettingsViewController", module: nil),
          (element: "viewController", customClass: "CardViewController", module: "DesignKit"),
        ], module: "Notes"),
      "LaunchScreen": AppRepository.launchScreen,
    ])

  @Test func aSceneAppGetsItsClassesAndThreeScenariosThatPass() throws {
    let repository = try AppRepository(Self.sceneApp)
    let result = try repository.run(["init"])
    #expect(result.error == "")
    #expect(
      result.output == """
        project Notes.xcodeproj: target Notes, configuration Debug (of Debug, Release), module Notes, Info.plist Notes/Info.plist, storyboards LaunchScreen, Main, Settings
        wrote LifecycleTests/app.lua: the app's classes: AppDelegate, SceneDelegate, NotesViewController, SettingsViewController, DesignKit.CardViewController
        wrote LifecycleTests/launch.lua: the cold launch, callback by callback
        wrote LifecycleTests/home-and-back.lua: to the home screen and back
        wrote LifecycleTests/kill-and-relaunch.lua: swiped away in the app switcher, then launched again
        wrote lifescript.lua: the suite's configuration, so that lifescript test here runs the suite
        Run the suite: lifescript test LifecycleTests/

        """)
    #expect(result.status == 0)

    let module = try repository.read("LifecycleTests/app.lua")
    for line in [
      #"app.AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })"#,
      "-- AppDelegate: the app delegate; the Info.plist names none, so Swift names it in code (@main).",
      #"app.SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })"#,
      #"app.SceneDelegate.properties = { "window" }  -- var window: UIWindow?"#,
      "-- func sceneDidEnterBackground(_ scene: UIScene)",
      "function app.SceneDelegate:sceneDidEnterBackground(scene)",
      "-- func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)",
      "function app.SceneDelegate:scene_willConnectToSession_options(scene, session, connectionOptions)",
      #"  return UISceneConfiguration.new("Default Configuration", UIWindowSceneSessionRoleApplication)"#,
      #"app.NotesViewController = class("NotesViewController", UIViewController)"#,
      "-- SettingsViewController: Settings.storyboard, line 24.",
      #"app.SettingsViewController = class("SettingsViewController", UITableViewController)"#,
      #"app.DesignKit_CardViewController = class("DesignKit.CardViewController", UIViewController)"#,
      "  UIViewController.viewDidLoad(self)  -- super.viewDidLoad()",
      "return app",
    ] {
      #expect(module.contains("\n" + line + "\n"), "app.lua lacks: \(line)")
    }
    #expect(!module.contains("applicationDidBecomeActive"), "a scene app's delegate")
    #expect(!module.contains("UINavigationController"), "no class of the app's own")

    #expect(
      try repository.read("LifecycleTests/launch.lua") == """
        -- launch.lua: Notes's cold launch from the home screen.
        --
        -- Written by `lifescript init` from Notes.xcodeproj: target Notes, configuration Debug,
        -- module Notes. Yours to edit.
        --
        --   lifescript test LifecycleTests/

        Project "../Notes.xcodeproj"
        local app = require "app"

        main(app.AppDelegate)  -- @main on the app delegate

        expect.order {
          "AppDelegate.application:didFinishLaunchingWithOptions:",
          "AppDelegate.application:configurationForConnectingSceneSession:options:",
          "new SceneDelegate",
          "new NotesViewController",
          "SceneDelegate.scene:willConnectToSession:options:",
          "NotesViewController.viewDidLoad",
          "SceneDelegate.sceneWillEnterForeground:",
          "SceneDelegate.sceneDidBecomeActive:",
          "NotesViewController.viewDidAppear:",
        }
        assert(UIApplication.shared.applicationState == "active")

        """)
    let configuration = try repository.read("lifescript.lua")
    #expect(configuration.contains("\nscenarios = { \"LifecycleTests/**/*.lua\" }\n"))
    // The configuration makes `lifescript test` alone, at the repository's top, run the suite.
    let configured = try repository.run(["test"])
    #expect(configured.status == 0, "\(configured.output)\(configured.error)")
    #expect(configured.output.hasSuffix("3 passed, 0 failed\n"), "\(configured.output)")

    let suite = try repository.run(["test", "LifecycleTests/"])
    #expect(suite.status == 0, "\(suite.output)\(suite.error)")
    #expect(suite.output.hasSuffix("3 passed, 0 failed\n"), "\(suite.output)")
    #expect(suite.error == "")
  }

  @Test func theScenariosCheckTheCallbacks() throws {
    // A scene delegate without sceneDidBecomeActive: fails every scenario that expects it.
    let repository = try AppRepository(Self.sceneApp)
    #expect(try repository.run(["init"]).status == 0)
    let module = try repository.read("LifecycleTests/app.lua")
    try repository.write(
      "LifecycleTests/app.lua",
      module.replacingOccurrences(
        of: "function app.SceneDelegate:sceneDidBecomeActive(scene)",
        with: "function app.SceneDelegate:notAnyCallback(scene)"))
    let suite = try repository.run(["test", "LifecycleTests/"])
    #expect(suite.status == 1)
    #expect(suite.output.hasSuffix("0 passed, 3 failed\n"), "\(suite.output)")
  }

  /// Every shape: init, then the suite passes, and its launch expects these lines.
  struct Shape: CustomTestStringConvertible, Sendable {
    var name: String
    var app: AppRepository.App
    var launch: [String]
    var testDescription: String { name }
  }

  static let shapes: [Shape] = [
    Shape(
      name: "Xcode 10's app-delegate app with a storyboard",
      app: AppRepository.App(
        name: "Legacy", objectVersion: 50,
        infoPlist: AppRepository.bundleKeys + """

          \t<key>UILaunchStoryboardName</key>
          \t<string>LaunchScreen</string>
          \t<key>UIMainStoryboardFile</key>
          \t<string>Main</string>
          """,
        storyboards: [
          "Main": AppRepository.storyboard(
            [(element: "viewController", customClass: "ViewController", module: nil)],
            module: "Legacy"),
          "LaunchScreen": AppRepository.launchScreen,
        ]),
      launch: [
        "new ViewController", "AppDelegate.application:didFinishLaunchingWithOptions:",
        "ViewController.viewDidLoad", "AppDelegate.applicationDidBecomeActive:",
        "ViewController.viewDidAppear:",
      ]),
    Shape(
      name: "an app-delegate app that makes its window in code",
      app: AppRepository.App(name: "Coded", infoPlist: AppRepository.bundleKeys),
      launch: [
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "AppDelegate.applicationDidBecomeActive:",
      ]),
    Shape(
      name: "a scene app that makes its window in code",
      app: AppRepository.App(
        name: "Windowed",
        infoPlist: AppRepository.bundleKeys + "\n"
          + AppRepository.sceneManifest(storyboard: nil)
          + "\n\t<key>UILaunchScreen</key>\n\t<dict/>"),
      launch: [
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "AppDelegate.application:configurationForConnectingSceneSession:options:",
        "new SceneDelegate", "SceneDelegate.scene:willConnectToSession:options:",
        "SceneDelegate.sceneWillEnterForeground:", "SceneDelegate.sceneDidBecomeActive:",
      ]),
    // Xcode 13's UIKit template: the manifest in a partial Info.plist file, the rest generated.
    Shape(
      name: "Xcode 13's generated Info.plist",
      app: AppRepository.App(
        name: "Generated",
        infoPlist: AppRepository.sceneManifest(storyboard: "Main"),
        settings: [
          "GENERATE_INFOPLIST_FILE": "YES",
          "INFOPLIST_KEY_UILaunchStoryboardName": "LaunchScreen",
          "INFOPLIST_KEY_UIMainStoryboardFile": "Main",
          "INFOPLIST_KEY_UIApplicationSupportsIndirectInputEvents": "YES",
        ],
        storyboards: [
          "Main": AppRepository.storyboard(
            [(element: "viewController", customClass: "ViewController", module: nil)],
            module: "Generated"),
          "LaunchScreen": AppRepository.launchScreen,
        ]),
      launch: [
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "AppDelegate.application:configurationForConnectingSceneSession:options:",
        "new SceneDelegate", "new ViewController",
        "SceneDelegate.scene:willConnectToSession:options:", "ViewController.viewDidLoad",
        "SceneDelegate.sceneWillEnterForeground:", "SceneDelegate.sceneDidBecomeActive:",
        "ViewController.viewDidAppear:",
      ]),
    // Xcode 13's SwiftUI template: no Info.plist file, a generated manifest with no scene
    // delegate.
    Shape(
      name: "a generated scene manifest without a scene delegate",
      app: AppRepository.App(
        name: "Manifest",
        settings: [
          "GENERATE_INFOPLIST_FILE": "YES",
          "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES",
          "INFOPLIST_KEY_UILaunchScreen_Generation": "YES",
        ]),
      launch: [
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "post UISceneWillEnterForegroundNotification", "post UISceneDidActivateNotification",
      ]),
    Shape(
      name: "an app delegate the Info.plist names",
      app: AppRepository.App(
        name: "Named",
        infoPlist: AppRepository.bundleKeys + """

          \t<key>UIApplicationDelegateClass</key>
          \t<string>$(PRODUCT_MODULE_NAME).NamedAppDelegate</string>
          """),
      launch: [
        "NamedAppDelegate.application:didFinishLaunchingWithOptions:",
        "NamedAppDelegate.applicationDidBecomeActive:",
      ]),
    Shape(
      name: "a UIApplication subclass the Info.plist names",
      app: AppRepository.App(
        name: "Principal",
        infoPlist: AppRepository.bundleKeys + """

          \t<key>NSPrincipalClass</key>
          \t<string>$(PRODUCT_MODULE_NAME).Application</string>
          """),
      launch: [
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "AppDelegate.applicationDidBecomeActive:",
      ]),
    Shape(
      name: "a navigation controller of the app's as the entry point",
      app: AppRepository.App(
        name: "Navigation",
        infoPlist: AppRepository.bundleKeys + "\n"
          + AppRepository.sceneManifest(storyboard: "Main"),
        storyboards: [
          "Main": AppRepository.storyboard(
            [
              (
                element: "navigationController", customClass: "MainNavigationController",
                module: nil
              )
            ], module: "Navigation")
        ]),
      launch: [
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "AppDelegate.application:configurationForConnectingSceneSession:options:",
        "new SceneDelegate", "new MainNavigationController",
        "SceneDelegate.scene:willConnectToSession:options:",
        "MainNavigationController.viewDidLoad",
        "SceneDelegate.sceneWillEnterForeground:", "SceneDelegate.sceneDidBecomeActive:",
        "MainNavigationController.viewDidAppear:",
      ]),
    // Xcode 16: a synchronized folder, no file references; a storyboard in a subfolder.
    Shape(
      name: "Xcode 16's synchronized folder",
      app: AppRepository.App(
        name: "Synced", objectVersion: 77,
        infoPlist: AppRepository.sceneManifest(storyboard: "Main"),
        settings: [
          "GENERATE_INFOPLIST_FILE": "YES",
          "INFOPLIST_KEY_UILaunchStoryboardName": "LaunchScreen",
          "INFOPLIST_KEY_UIMainStoryboardFile": "Main",
        ],
        storyboards: [
          "Main": AppRepository.storyboard(
            [(element: "viewController", customClass: "SyncedViewController", module: nil)],
            module: "Synced"),
          "LaunchScreen": AppRepository.launchScreen,
        ],
        synchronized: true),
      launch: [
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "AppDelegate.application:configurationForConnectingSceneSession:options:",
        "new SceneDelegate", "new SyncedViewController",
        "SceneDelegate.scene:willConnectToSession:options:", "SyncedViewController.viewDidLoad",
        "SceneDelegate.sceneWillEnterForeground:", "SceneDelegate.sceneDidBecomeActive:",
        "SyncedViewController.viewDidAppear:",
      ]),
  ]

  @Test(arguments: shapes) func everyShapeGetsASuiteThatPasses(_ shape: Shape) throws {
    let repository = try AppRepository(shape.app)
    let result = try repository.run(["init"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error == "")
    let launch = try repository.read("LifecycleTests/launch.lua")
    let expected = "expect.order {\n" + shape.launch.map { "  \"\($0)\",\n" }.joined() + "}\n"
    #expect(launch.contains(expected), "\(launch)")
    let suite = try repository.run(["test", "LifecycleTests/"])
    #expect(suite.status == 0, "\(suite.output)\(suite.error)")
    #expect(suite.output.hasSuffix("3 passed, 0 failed\n"), "\(suite.output)")
  }

  @Test func anAppDelegateAppIsToldAboutMigrateCheck() throws {
    let repository = try AppRepository(Self.shapes[1].app)
    #expect(try repository.run(["init"]).status == 0)
    let module = try repository.read("LifecycleTests/app.lua")
    #expect(
      module.contains(
        "-- `lifescript migrate-check LifecycleTests/launch.lua` shows what moves to a scene delegate.\n"
      ))
    #expect(module.contains("\n  self.window = UIWindow.new()\n"))
    #expect(module.contains("\n-- func applicationWillTerminate(_ application: UIApplication)\n"))
    let relaunch = try repository.read("LifecycleTests/kill-and-relaunch.lua")
    #expect(relaunch.contains("\nexpect.never \"applicationWillTerminate:\"\n"))
    #expect(!relaunch.contains("sceneDidDisconnect"))
  }

  @Test func aPrincipalClassIsAUIApplicationSubclass() throws {
    let repository = try AppRepository(Self.shapes[6].app)
    #expect(try repository.run(["init"]).status == 0)
    let module = try repository.read("LifecycleTests/app.lua")
    #expect(
      module.contains(
        "\n-- Application: NSPrincipalClass in the Info.plist.\napp.Application = class(\"Application\", UIApplication)\n"
      ))
  }

  @Test func anInfoPlistAppDelegateLaunchesThroughUIApplicationMain() throws {
    let repository = try AppRepository(Self.shapes[5].app)
    #expect(try repository.run(["init"]).status == 0)
    let module = try repository.read("LifecycleTests/app.lua")
    #expect(
      module.contains("\n-- NamedAppDelegate: UIApplicationDelegateClass in the Info.plist.\n"))
    let launch = try repository.read("LifecycleTests/launch.lua")
    #expect(
      launch.contains("\nUIApplicationMain(nil, nil)  -- the Info.plist names the app delegate\n"))
  }

  // MARK: Examples/MyApp and the reference

  @Test func examplesMyAppGetsTheSuiteTheReferenceShows() throws {
    let scratch = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("lifescript-init-myapp-" + UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let example = CommandLine.repository.appendingPathComponent("Examples/MyApp")
    for folder in ["MyApp.xcodeproj", "MyApp"] {
      try FileManager.default.copyItem(
        at: example.appendingPathComponent(folder), to: scratch.appendingPathComponent(folder))
    }
    let result = try CommandLine.run(["init"], in: scratch)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error == "")
    let page = try DocumentationPage("Documentation/Reference/commands.md")
    let section = try #require(page.section(startingWith: "## `lifescript init"))
    let shown = try #require(section.firstRange(of: "$ lifescript init\n"))
    let output = section[shown.upperBound...].prefix { $0 != "`" }
    #expect(result.output == String(output), "commands.md's example")
    let suite = try CommandLine.run(["test", "LifecycleTests/"], in: scratch)
    #expect(suite.status == 0, "\(suite.output)\(suite.error)")
    #expect(suite.output.hasSuffix("3 passed, 0 failed\n"), "\(suite.output)")
  }

  // MARK: Hostile names

  @Test func oddProductAndClassNamesMakeValidLua() throws {
    let name = "Café \"Δ\" App"
    let repository = try AppRepository(
      AppRepository.App(
        name: name,
        infoPlist: AppRepository.bundleKeys + "\n"
          + AppRepository.sceneManifest(storyboard: "Main"),
        storyboards: [
          "Main": AppRepository.storyboard(
            [
              (element: "viewController", customClass: "ÜberViewController", module: nil),
              (element: "viewController", customClass: "end", module: nil),
              (element: "viewController", customClass: "Quote&quot;]]--VC", module: nil),
              (element: "viewController", customClass: "_berViewController", module: nil),
            ], module: "Café__Δ__App")
        ]))
    let result = try repository.run(["init"])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output.hasPrefix(
        "project \(name).xcodeproj: target \(name), configuration Debug (of Debug, Release), module Café__Δ__App (from PRODUCT_NAME \"\(name)\"), "
      ))
    let module = try repository.read("LifecycleTests/app.lua")
    for line in [
      #"app._berViewController = class("ÜberViewController", UIViewController)"#,
      #"app._end = class("end", UIViewController)"#,
      #"app.Quote_____VC = class("Quote\"]]--VC", UIViewController)"#,
      #"app._berViewController_2 = class("_berViewController", UIViewController)"#,
    ] {
      #expect(module.contains("\n" + line + "\n"), "app.lua lacks: \(line)")
    }
    let launch = try repository.read("LifecycleTests/launch.lua")
    #expect(launch.contains("\nProject \"../Café \\\"Δ\\\" App.xcodeproj\"\n"))
    #expect(launch.contains("\n  \"new ÜberViewController\",\n"))
    let suite = try repository.run(["test", "LifecycleTests/"])
    #expect(suite.status == 0, "\(suite.output)\(suite.error)")
    #expect(suite.output.hasSuffix("3 passed, 0 failed\n"), "\(suite.output)")
  }

  /// R17 of issue 29: symbolic links in a synchronized folder that lead back into it were
  /// walked to the 50,000-entry cap on every `Project` call (4.3 s a scenario), with a warning.
  /// Each folder is listed once, found by its device and inode.
  @Test func linksBackIntoASynchronizedFolderAreWalkedOnce() throws {
    let synced = try #require(Self.shapes.first { $0.app.synchronized }).app
    let repository = try AppRepository(synced)
    let folder = repository.folder + "/" + synced.name
    for (link, destination) in [
      ("Again", "."), ("Base.lproj/Up", ".."), ("Base.lproj/Top", "../.."),
    ] {
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/" + link, withDestinationPath: destination)
    }
    let result = try repository.run(["init"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error == "")
    #expect(result.output.hasPrefix("project Synced.xcodeproj: "), "\(result.output)")
    #expect(result.output.contains(", storyboards LaunchScreen, Main\n"), "\(result.output)")
    let suite = try repository.run(["test", "LifecycleTests/"])
    #expect(suite.status == 0, "\(suite.output)\(suite.error)")
    #expect(suite.error == "")
  }

  // MARK: UIKit's own classes

  /// R12 of issue 29: a storyboard's `customClass` that is UIKit's own class, and a scene
  /// delegate the Info.plist names `UIResponder`, are UIKit's classes used as they are: the
  /// suite defines none of them (`class 'UIViewController' is already defined`).
  @Test func uikitsOwnClassesAreUsedAsTheyAre() throws {
    let repository = try AppRepository(
      AppRepository.App(
        name: "Kit",
        infoPlist: AppRepository.bundleKeys + "\n"
          + AppRepository.sceneManifest(delegate: "UIResponder", storyboard: "Main"),
        storyboards: [
          "Main": AppRepository.storyboard(
            [
              (element: "viewController", customClass: "ListViewController", module: nil),
              (element: "viewController", customClass: "UIViewController", module: nil),
              (
                element: "navigationController", customClass: "UINavigationController",
                module: "UIKit"
              ),
              (element: "tableViewController", customClass: "UITableViewController", module: nil),
            ], module: "Kit")
        ]))
    let result = try repository.run(["init"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error == "")
    #expect(
      result.output.contains(
        "\nwrote LifecycleTests/app.lua: the app's classes: AppDelegate, ListViewController\n"),
      "\(result.output)")
    let module = try repository.read("LifecycleTests/app.lua")
    for uikit in [
      "UIResponder", "UIViewController", "UINavigationController", "UITableViewController",
    ] {
      #expect(!module.contains("class(\"\(uikit)\""), "app.lua defines \(uikit)")
      #expect(!module.contains("app.\(uikit) ="), "app.lua defines \(uikit)")
    }
    // UIKit makes the storyboard's controller, but a UIResponder has no window to show it in.
    #expect(
      try repository.read("LifecycleTests/launch.lua").contains(
        """
        expect.order {
          "AppDelegate.application:didFinishLaunchingWithOptions:",
          "AppDelegate.application:configurationForConnectingSceneSession:options:",
          "new ListViewController",
          "post UISceneWillEnterForegroundNotification",
          "post UISceneDidActivateNotification",
        }
        """))
    let suite = try repository.run(["test", "LifecycleTests/"])
    #expect(suite.status == 0, "\(suite.output)\(suite.error)")
    #expect(suite.output.hasSuffix("3 passed, 0 failed\n"), "\(suite.output)")
  }

  /// R12 of issue 29: an app-delegate app whose Info.plist names `UIResponder` as its delegate,
  /// with a main storyboard of UIKit's view controller: UIKit makes no window for it, as the
  /// delegate has no window property, and posts the application's notifications.
  @Test func anInfoPlistThatNamesUIKitsClassesGetsASuiteThatPasses() throws {
    let repository = try AppRepository(
      AppRepository.App(
        name: "Bare", objectVersion: 50,
        infoPlist: AppRepository.bundleKeys + """

          \t<key>UIApplicationDelegateClass</key>
          \t<string>UIResponder</string>
          \t<key>UIMainStoryboardFile</key>
          \t<string>Main</string>
          """,
        storyboards: [
          "Main": AppRepository.storyboard(
            [(element: "viewController", customClass: "UIViewController", module: nil)],
            module: "Bare")
        ]))
    let result = try repository.run(["init"])
    #expect(result.status == 0, "\(result.error)")
    let module = try repository.read("LifecycleTests/app.lua")
    #expect(!module.contains("class(\"UIResponder\""), "\(module)")
    #expect(!module.contains("class(\"UIViewController\""), "\(module)")
    #expect(
      try repository.read("LifecycleTests/launch.lua").contains(
        """
        UIApplicationMain(nil, nil)  -- the Info.plist names the app delegate

        expect.order {
          "post UIApplicationDidFinishLaunchingNotification",
          "post UIApplicationDidBecomeActiveNotification",
        }
        """))
    let suite = try repository.run(["test", "LifecycleTests/"])
    #expect(suite.status == 0, "\(suite.output)\(suite.error)")
    #expect(suite.output.hasSuffix("3 passed, 0 failed\n"), "\(suite.output)")
  }

  // MARK: Where it writes

  @Test func existingFilesAreLeftAloneWithoutForce() throws {
    let repository = try AppRepository(Self.sceneApp)
    try repository.write("LifecycleTests/launch.lua", "-- mine\n")
    try repository.write("lifescript.lua", "return {}\n")
    let refused = try repository.run(["init"])
    #expect(
      refused.error
        == "lifescript init: these files exist already: LifecycleTests/launch.lua, lifescript.lua; nothing was written (--force overwrites them)\n"
    )
    #expect(refused.output == "")
    #expect(refused.status == 2)
    #expect(try repository.read("LifecycleTests/launch.lua") == "-- mine\n")
    #expect(!repository.exists("LifecycleTests/app.lua"))

    let forced = try repository.run(["init", "--force"])
    #expect(forced.status == 0, "\(forced.error)")
    #expect(forced.output.contains("\noverwrote LifecycleTests/launch.lua: the cold launch"))
    #expect(forced.output.contains("\nwrote LifecycleTests/app.lua: "))
    #expect(forced.output.contains("\noverwrote lifescript.lua: "))
    #expect(try repository.read("LifecycleTests/launch.lua") != "-- mine\n")
    #expect(try repository.run(["test", "LifecycleTests/"]).status == 0)
  }

  /// init writes all its files or none (issue 29, R20): a destination that is a FIFO (with no
  /// reader) or a device is refused before anything is written; it stopped after three files,
  /// without the configuration and without saying what it had left. A FIFO is never opened.
  @Test(arguments: [
    ("LifecycleTests/kill-and-relaunch.lua", "fifo", "a FIFO (named pipe)"),
    ("lifescript.lua", "/dev/null", "a character device"),
  ])
  func aSpecialFileAmongTheDestinationsIsRefusedBeforeAnyFileIsWritten(
    destination: String, kind: String, description: String
  ) throws {
    let repository = try AppRepository(Self.sceneApp)
    let files = [
      "LifecycleTests/app.lua", "LifecycleTests/launch.lua", "LifecycleTests/home-and-back.lua",
      "LifecycleTests/kill-and-relaunch.lua", "lifescript.lua",
    ]
    for file in files where file != destination { try repository.write(file, "-- mine\n") }
    let path = repository.folder + "/" + destination
    if kind == "fifo" {
      #expect(mkfifo(path, 0o644) == 0)
    } else {
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: kind)
    }
    let result = try CommandLine.run(
      ["init", "--force"], in: URL(fileURLWithPath: repository.folder), seconds: 20)
    #expect(
      result.error
        == "lifescript init: cannot write \(destination): it is \(description), not a regular file; nothing was written\n"
    )
    #expect(result.output == "")
    #expect(result.status == 2)
    for file in files where file != destination {
      #expect(try repository.read(file) == "-- mine\n", "\(file)")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: repository.folder + "/LifecycleTests")
        .filter { $0.hasPrefix(".") } == [])
  }

  @Test func outputNamesTheFolderAndTheProjectPathFollows() throws {
    let repository = try AppRepository(Self.sceneApp)
    let result = try repository.run(["init", "--output", "Tests/Lifecycle/"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("\nwrote Tests/Lifecycle/launch.lua: "))
    #expect(result.output.hasSuffix("\nRun the suite: lifescript test Tests/Lifecycle/\n"))
    #expect(repository.exists("lifescript.lua"))
    let launch = try repository.read("Tests/Lifecycle/launch.lua")
    #expect(launch.contains("\nProject \"../../Notes.xcodeproj\"\n"))
    #expect(launch.contains("\n--   lifescript test Tests/Lifecycle/\n"))
    let suite = try repository.run(["test", "Tests/Lifecycle"])
    #expect(suite.status == 0, "\(suite.output)\(suite.error)")
  }

  @Test func anOutputFolderWithASpaceIsQuotedWhereAShellReadsIt() throws {
    let repository = try AppRepository(Self.sceneApp)
    let result = try repository.run(["init", "--output", "Life cycle"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasSuffix("\nRun the suite: lifescript test 'Life cycle/'\n"))
    #expect(
      try repository.read("Life cycle/launch.lua").contains(
        "\n--   lifescript test 'Life cycle/'\n"))
    #expect(try repository.run(["test", "Life cycle"]).status == 0)
  }

  @Test func aProjectNamedFromElsewhereWritesBesideIt() throws {
    let repository = try AppRepository(Self.sceneApp)
    let result = try CommandLine.run(
      ["init", "repo/Notes.xcodeproj/project.pbxproj"],
      in: URL(fileURLWithPath: repository.base))
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("\nwrote repo/LifecycleTests/app.lua: "))
    #expect(result.output.contains("\nwrote repo/lifescript.lua: "))
    #expect(result.output.hasSuffix("\nRun the suite: lifescript test repo/LifecycleTests/\n"))
    #expect(
      try repository.read("LifecycleTests/launch.lua").contains(
        "\nProject \"../Notes.xcodeproj\"\n"))
  }

  @Test func anOutputFolderThatCannotReachTheProjectIsRefused() throws {
    let repository = try AppRepository(Self.sceneApp)
    let result = try repository.run(["init", "--output", repository.base + "/elsewhere"])
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix(
        "lifescript init: the scenarios in \(repository.base)/elsewhere could not read Notes.xcodeproj: their project root would be "
      ), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: repository.base + "/elsewhere"))
  }

  // MARK: Finding the project, and bad projects

  @Test func noProjectInTheFolderIsAClearError() throws {
    let repository = try AppRepository(Self.sceneApp)
    let result = try repository.run(["init"], in: "Notes")
    #expect(
      result.error
        == "lifescript init: there is no .xcodeproj in the current folder; name the app's project: lifescript init path/to/MyApp.xcodeproj\n"
    )
    #expect(result.status == 2)
  }

  @Test func aProjectsNameCannotPrintALineOfItsOwn() throws {
    // Issue 29, R19: a folder named to forge a line of a report.
    let repository = try AppRepository(Self.sceneApp)
    try repository.write(
      "A\nok 1 - forged.xcodeproj/project.pbxproj", AppRepository.projectFile(Self.sceneApp))
    let result = try repository.run(["init"])
    #expect(
      result.error
        == "lifescript init: the current folder has 2 Xcode projects: $'A\\nok 1 - forged.xcodeproj', Notes.xcodeproj; name one: lifescript init $'A\\nok 1 - forged.xcodeproj'\n"
    )
    #expect(result.status == 2)
  }

  @Test func severalProjectsAreListed() throws {
    let repository = try AppRepository(Self.sceneApp)
    try repository.write(
      "Other App.xcodeproj/project.pbxproj", AppRepository.projectFile(Self.sceneApp))
    let result = try repository.run(["init"])
    #expect(
      result.error
        == "lifescript init: the current folder has 2 Xcode projects: Notes.xcodeproj, Other App.xcodeproj; name one: lifescript init Notes.xcodeproj\n"
    )
    #expect(result.status == 2)
    let named = try repository.run(["init", "Notes.xcodeproj"])
    #expect(named.status == 0, "\(named.error)")
  }

  @Test func aCorruptProjectFileIsAClearErrorAndWritesNothing() throws {
    let repository = try AppRepository(Self.sceneApp)
    let text = try repository.read("Notes.xcodeproj/project.pbxproj")
    try repository.write("Notes.xcodeproj/project.pbxproj", String(text.prefix(700)))
    let result = try repository.run(["init"])
    #expect(result.status == 2)
    #expect(
      result.error
        == "lifescript init: Notes.xcodeproj/project.pbxproj:16:48: the file ends after the key 'i'\n"
    )
    #expect(result.output == "")
    #expect(!repository.exists("LifecycleTests"))
    #expect(!repository.exists("lifescript.lua"))
  }

  @Test func aProjectWithoutAnAppTargetIsAClearError() throws {
    let repository = try AppRepository(Self.sceneApp)
    try repository.write(
      "Notes.xcodeproj/project.pbxproj",
      "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tR1 = {isa = PBXProject; targets = (\n\t\t\t); };\n\t};\n\trootObject = R1;\n}\n"
    )
    let result = try repository.run(["init"])
    #expect(
      result.error
        == "lifescript init: Notes.xcodeproj has no iOS application target (an application product built for iphoneos); it has no targets\n"
    )
    #expect(result.status == 2)
  }

  @Test func aMissingInfoPlistIsAClearError() throws {
    var app = Self.sceneApp
    app.storyboards = [:]
    let repository = try AppRepository(app)
    try FileManager.default.removeItem(atPath: repository.folder + "/Notes/Info.plist")
    let result = try repository.run(["init"])
    #expect(result.status == 2)
    #expect(
      result.error.hasPrefix(
        "lifescript init: the Info.plist of the target Notes does not exist: Notes/Info.plist (INFOPLIST_FILE = Notes/Info.plist, set in "
      ), "\(result.error)")
    #expect(!repository.exists("LifecycleTests"))
  }

  @Test func targetAndConfigurationAreTheProjectsChoice() throws {
    let repository = try AppRepository(Self.sceneApp)
    let release = try repository.run(["init", "--configuration", "Release", "--target", "Notes"])
    #expect(release.status == 0, "\(release.error)")
    #expect(
      release.output.hasPrefix("project Notes.xcodeproj: target Notes, configuration Release, "))
    let missing = try repository.run(["init", "--force", "--target", "Widget"])
    #expect(missing.status == 2)
    #expect(
      missing.error
        == "lifescript init: Notes.xcodeproj has no target named Widget; its targets: Notes (application for iphoneos)\n"
    )
  }

  @Test func theLoadsWarningsGoToStandardError() throws {
    var app = Self.shapes[1].app
    app.infoPlist =
      AppRepository.bundleKeys + "\n\t<key>CFBundleName</key>\n\t<string>Twice</string>"
    let repository = try AppRepository(app)
    let result = try repository.run(["init"])
    #expect(result.status == 0)
    #expect(
      result.error
        == "Coded/Info.plist:17: warning[duplicate-info-key]: the key CFBundleName appears again (first at line 11); the later value is used, as Xcode reads the file\n"
    )
    #expect(result.output.hasPrefix("project Coded.xcodeproj: "))
  }

  @Test func anOutputThatIsAFileIsRefused() throws {
    let repository = try AppRepository(Self.sceneApp)
    try repository.write("Suite", "")
    let result = try repository.run(["init", "--output", "Suite"])
    #expect(result.error == "lifescript init: --output Suite is not a folder\n")
    #expect(result.status == 2)
    #expect(!repository.exists("lifescript.lua"))
  }

  @Test func rootMustHoldTheProject() throws {
    let repository = try AppRepository(Self.sceneApp)
    let inside = try repository.run(["init", "--root", "Notes"])
    #expect(
      inside.error == "lifescript init: --root Notes does not contain the current directory\n")
    #expect(inside.status == 2)
    let wider = try repository.run(["init", "--root", ".."])
    #expect(wider.status == 0, "\(wider.error)")
    #expect(repository.exists("LifecycleTests/launch.lua"))
  }

  @Test func aPathThatIsNotAProjectIsAClearError() throws {
    let repository = try AppRepository(Self.sceneApp)
    let missing = try repository.run(["init", "Missing.xcodeproj"])
    #expect(
      missing.error
        == "lifescript init: Missing.xcodeproj does not exist (name an app's .xcodeproj folder)\n")
    #expect(missing.status == 2)
    let file = try repository.run(["init", "Notes/Info.plist"])
    #expect(
      file.error
        == "lifescript init: Notes/Info.plist is not an Xcode project: name an app's .xcodeproj folder\n"
    )
    #expect(file.status == 2)
  }
}
