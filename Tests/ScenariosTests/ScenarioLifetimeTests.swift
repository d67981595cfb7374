import AppLifecycle
import Foundation
import LuaBridge
import Testing

@testable import Scenarios

/// A suite's worker runs thousands of scenarios in one process, its memory flat as the suite
/// grows (Documentation/Architecture.md#performance): when a scenario ends, everything it made
/// must go.
@Suite struct ScenarioLifetimeTests {
  static let app = """
    Info { UIApplicationSceneManifest = { UIApplicationSupportsMultipleScenes = false } }
    local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
    function AppDelegate:application_configurationForConnectingSceneSession_options(a, s, o)
      local configuration = UISceneConfiguration.new("Default", UIWindowSceneSessionRoleApplication)
      configuration.delegateClass = SceneDelegate
      return configuration
    end
    SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
    SceneDelegate.properties = { "window" }
    function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
      self.window = UIWindow.new { windowScene = scene }
      self.window.rootViewController = UIViewController.new()
      self.window:makeKeyAndVisible()
    end
    function SceneDelegate:sceneDidBecomeActive(scene) end
    main(AppDelegate)
    device.home()
    device.activate()
    device.memory_warning()
    expect.order { "sceneDidBecomeActive:" }
    device.kill()
    """

  /// An observer is a closure the device's notification center keeps, and a timer's block one
  /// its run loop keeps; they reach the device, the runtime bindings and the Lua state: none of
  /// them may keep the others alive.
  static let observers = """
    local seen = {}
    NotificationCenter.default:addObserver(nil, function(notification)
      seen[#seen + 1] = notification.name
    end)
    local observation = NotificationCenter.default:addObserver("Ping", function() end)
    NotificationCenter.default:post("Ping")
    NotificationCenter.default:removeObserver(observation)
    NotificationCenter.default:addObserver("UIApplicationDidBecomeActiveNotification", function()
      seen[#seen + 1] = UIApplication.shared
    end)
    -- Work still waiting on the run loop when the scenario ends holds the same.
    Timer.scheduledTimer(1000, true, function(timer) seen[#seen + 1] = timer end)
    DispatchQueue.main:asyncAfter(5000, function() seen[#seen + 1] = UIApplication.shared end)
    """ + "\n" + app

  @Test(arguments: ["", app, observers])
  func aFinishedScenarioLeavesNothingBehind(source: String) throws {
    weak var device: Device?
    weak var runtime: Runtime?
    weak var trace: Trace?
    weak var lua: LuaState?
    weak var uikitClass: RuntimeClass?
    weak var scriptClass: RuntimeClass?
    weak var application: RuntimeObject?
    try {
      let scenario = try Scenario(folder: nil, output: { _ in })
      try scenario.lua.run(source, chunkName: "=lifetime")
      #expect(source.isEmpty || scenario.trace.entries.count > 20)
      device = scenario.device
      runtime = scenario.runtime
      trace = scenario.trace
      lua = scenario.lua
      uikitClass = scenario.runtime.classNamed("UIWindowScene")
      scriptClass = scenario.runtime.classNamed("SceneDelegate")
      application = scenario.device.application
    }()
    // Names only: Swift Testing would describe a surviving object by reflection, and reach
    // the dead ones it points to.
    let survivors: [(String, Bool)] = [
      ("LuaState", lua != nil), ("Device", device != nil), ("Runtime", runtime != nil),
      ("Trace", trace != nil), ("UIWindowScene class", uikitClass != nil),
      ("SceneDelegate class", scriptClass != nil), ("UIApplication", application != nil),
    ]
    #expect(survivors.filter(\.1).map(\.0) == [])
  }

  /// `lifescript explore` runs a scenario a path, hundreds of thousands in one process: each
  /// goes when its path ends, whether the path passed, broke an invariant or failed.
  @Test(arguments: [
    "main(AppDelegate)\n", "invariant(\"never\", function() return false end)\nmain(AppDelegate)\n",
    "main(AppDelegate)\nexplore.start()\nerror(\"after\")\n", "error(\"before\")\n",
  ])
  func anExploredPathLeavesNothingBehind(ending: String) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifetime-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("app.lua").path
    let source = """
      local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
      function AppDelegate:application_didFinishLaunchingWithOptions(application, options) return true end
      explore.state(function() return 1 end)

      """
    try (source + ending).write(toFile: file, atomically: true, encoding: .utf8)
    weak var scenario: Scenario?
    weak var lua: LuaState?
    let path = [ExploreStep(name: "home", code: "device.home()")]
    for keepLines in [false, true] {
      let run = PathRun(
        file: file, path: path, options: ScenarioOptions(), keepLines: keepLines,
        coverageFromStart: true
      ) {
        scenario = $0
        lua = $0.lua
      }
      #expect(run.failure != nil || run.violation != nil || run.state != nil, "\(ending)")
      #expect(scenario == nil && lua == nil, "\(ending)")
    }
  }

  /// A script's method reached after its scenario's Lua state closed (an embedder that keeps an
  /// object, say) is an error that says so, not a call into a closed state; nor do the app's
  /// observers and timers run then.
  @Test func aScriptMethodSentAfterItsStateClosedIsAnError() throws {
    let scenario = try Scenario(folder: nil, output: { _ in }, warning: { _ in })
    try scenario.lua.run(
      """
      Greeter = class("Greeter")
      function Greeter:greet() return "hello" end
      greeter = Greeter.new()
      NotificationCenter.default:addObserver("Ping", function() error("an observer ran") end)
      """, chunkName: "=app")
    let greeter = try #require(scenario.lua.global("greeter").object(as: RuntimeObject.self))
    guard case .string("hello") = try scenario.runtime.send(Selector("greet"), to: greeter) else {
      Issue.record("greet did not answer")
      return
    }
    scenario.lua.close()
    #expect(throws: LuaError.self) { try scenario.runtime.send(Selector("greet"), to: greeter) }
    do {
      _ = try scenario.runtime.send(Selector("greet"), to: greeter)
    } catch let error as LuaError {
      #expect(error.message == "Greeter.greet was sent after its scenario ended")
    }
    try scenario.device.post("Ping")
  }
}
