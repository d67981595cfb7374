import AppLifecycle

/// The shared module, `app.lua`: the app's classes in Lua, each method UIKit calls stubbed
/// under its Swift signature.
extension SuiteScaffold {
  /// A delegate method as the module writes it.
  struct Stub {
    var selector: String
    /// The Swift declaration in the app, as Xcode's templates write it.
    var swift: String
    var parameters: [String]
    /// The body's lines (without indentation); empty for an empty body.
    var body: [String] = []
  }

  func moduleText() -> String {
    var lines = header(
      file: SuiteScaffold.moduleName + ".lua",
      purpose: "\(shape.module)'s classes, for every scenario of this suite",
      run: false)
    lines += [
      "--",
      "-- Each scenario starts with",
      "--",
      "--   \(projectLine)",
      "--   local app = require \(LuaSource.quoted(SuiteScaffold.moduleName))",
      "--",
      "-- lifescript compiles no Swift: each class here stands for one of the app's, and each",
      "-- method is one UIKit calls, named after its Objective-C selector",
      "-- (`scene:willConnectToSession:options:` is scene_willConnectToSession_options), under the",
      "-- Swift declaration it stands for. UIKit calls a method only when the class has it",
      "-- (respondsToSelector:), so keep the methods the app implements, delete the others, and",
      "-- make each do what the app's does that the life cycle can see.",
    ]
    if !shape.usesScenes {
      lines += [
        "--",
        "-- The app has no scene manifest (UIApplicationSceneManifest): it runs the app-delegate",
        "-- life cycle, and lifescript warns about the callbacks iOS 26 deprecated.",
        "-- `lifescript migrate-check "
          + LuaSource.commentText(
            SuiteScaffold.shellWord(SuiteScaffold.join(outputFromProject, "launch.lua")))
          + "` shows what moves to a scene delegate.",
      ]
    }
    if !shape.otherSceneRoles.isEmpty {
      lines += [
        "--",
        "-- Scene roles other than the app's windows are left out: "
          + LuaSource.commentText(shape.otherSceneRoles.joined(separator: ", ")) + ".",
      ]
    }
    lines += ["", "local app = {}"]
    for declared in shape.classes {
      lines += [""] + classText(declared)
    }
    lines += ["", "return app", ""]
    return lines.joined(separator: "\n")
  }

  /// The header every file starts with: its name, what it is, and where it came from.
  func header(file: String, purpose: String, run: Bool) -> [String] {
    var lines = [
      "-- \(LuaSource.commentText(file)): \(LuaSource.commentText(purpose)).",
      "--",
      "-- Written by `lifescript init` from \(LuaSource.commentText(shape.projectName)): target "
        + LuaSource.commentText(shape.target) + ", configuration "
        + LuaSource.commentText(shape.configuration) + ",",
      "-- module \(LuaSource.commentText(shape.module)). Yours to edit.",
    ]
    if run {
      lines += [
        "--",
        "--   lifescript test "
          + LuaSource.commentText(SuiteScaffold.shellWord(outputFromProject + "/")),
      ]
    }
    return lines
  }

  private func classText(_ declared: AppShape.ScriptClass) -> [String] {
    let reference = "app.\(declared.field)"
    var lines = [
      "-- \(LuaSource.commentText(declared.name)): \(LuaSource.commentText(declared.origin))."
    ]
    if case .viewController(let element?) = declared.role {
      lines.append(
        "-- Interface Builder's \(LuaSource.commentText(element)) has no class of its own in lifescript: a UIViewController here."
      )
    }
    let protocols =
      declared.protocols.isEmpty
      ? "" : ", { " + declared.protocols.map(LuaSource.quoted).joined(separator: ", ") + " }"
    lines.append(
      "\(reference) = class(\(LuaSource.quoted(declared.name)), \(declared.superclass)\(protocols))"
    )
    let isAppDelegate = declared.name == shape.appDelegate?.name
    let isSceneDelegate = declared.protocols.contains("UIWindowSceneDelegate")
    if (isAppDelegate && !shape.usesScenes) || isSceneDelegate {
      lines.append("\(reference).properties = { \"window\" }  -- var window: UIWindow?")
    }
    var stubs: [Stub] = []
    if isAppDelegate { stubs += appDelegateStubs }
    if isSceneDelegate { stubs += sceneDelegateStubs }
    if case .viewController = declared.role { stubs += viewControllerStubs(declared) }
    for stub in stubs {
      lines += [
        "",
        "-- \(stub.swift)",
        "function \(reference):\(SelectorSpelling.luaName(of: stub.selector))("
          + stub.parameters.joined(separator: ", ") + ")",
      ]
      lines += stub.body.map { "  " + $0 }
      lines.append("end")
    }
    return lines
  }

  // MARK: Stubs

  private static let launchOptions = "[UIApplication.LaunchOptionsKey: Any]?"

  /// Xcode's App template's app delegate: the scene-era one, or the app-delegate-era one with
  /// every life-cycle callback.
  private var appDelegateStubs: [Stub] {
    var didFinish = Stub(
      selector: "application:didFinishLaunchingWithOptions:",
      swift:
        "func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: \(Self.launchOptions)) -> Bool",
      parameters: ["application", "launchOptions"])
    if !shape.usesScenes, shape.mainStoryboard == nil {
      didFinish.body = makeWindow(scene: nil)
    }
    didFinish.body.append("return true")
    guard shape.usesScenes else {
      return [didFinish]
        + [
          ("applicationWillResignActive:", "applicationWillResignActive"),
          ("applicationDidEnterBackground:", "applicationDidEnterBackground"),
          ("applicationWillEnterForeground:", "applicationWillEnterForeground"),
          ("applicationDidBecomeActive:", "applicationDidBecomeActive"),
          ("applicationWillTerminate:", "applicationWillTerminate"),
        ].map { selector, name in
          Stub(
            selector: selector, swift: "func \(name)(_ application: UIApplication)",
            parameters: ["application"])
        }
    }
    var stubs = [didFinish]
    if let name = shape.launchConfigurationName {
      stubs.append(
        Stub(
          selector: "application:configurationForConnectingSceneSession:options:",
          swift:
            "func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration",
          parameters: ["application", "connectingSceneSession", "options"],
          body: [
            "-- UISceneConfiguration(name: \(LuaSource.commentText(LuaSource.quoted(name))), sessionRole: connectingSceneSession.role)",
            "return UISceneConfiguration.new(\(LuaSource.quoted(name)), UIWindowSceneSessionRoleApplication)",
          ]))
    }
    stubs.append(
      Stub(
        selector: "application:didDiscardSceneSessions:",
        swift:
          "func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)",
        parameters: ["application", "sceneSessions"]))
    return stubs
  }

  /// Xcode's App template's scene delegate.
  private var sceneDelegateStubs: [Stub] {
    var connect = Stub(
      selector: "scene:willConnectToSession:options:",
      swift:
        "func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)",
      parameters: ["scene", "session", "connectionOptions"])
    if shape.mainStoryboard == nil { connect.body = makeWindow(scene: "scene") }
    return [connect]
      + [
        "sceneDidDisconnect:", "sceneDidBecomeActive:", "sceneWillResignActive:",
        "sceneWillEnterForeground:", "sceneDidEnterBackground:",
      ].map { selector in
        Stub(
          selector: selector, swift: "func \(selector.dropLast())(_ scene: UIScene)",
          parameters: ["scene"])
      }
  }

  private func viewControllerStubs(_ declared: AppShape.ScriptClass) -> [Stub] {
    [
      Stub(
        selector: "viewDidLoad", swift: "override func viewDidLoad()", parameters: [],
        body: ["\(declared.superclass).viewDidLoad(self)  -- super.viewDidLoad()"])
    ]
  }

  /// An app without a main storyboard makes its window in code, as Xcode's templates without
  /// one do; the root view controller stands for the app's.
  private func makeWindow(scene: String?) -> [String] {
    [
      "-- No storyboard makes the window: the app does, in code. Make its root view controller",
      "-- the app's (one of the classes below, or a new one).",
      scene.map { "self.window = UIWindow.new{ windowScene = \($0) }" }
        ?? "self.window = UIWindow.new()",
      "self.window.rootViewController = UIViewController.new()",
      "self.window:makeKeyAndVisible()",
    ]
  }
}
