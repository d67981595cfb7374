import AppLifecycle
import LuaBridge
import Scenarios
import Testing

@Suite struct RuntimeBindingsTests {
  let scenario: Scenario

  init() throws {
    scenario = try Scenario(folder: nil, output: { _ in })
  }

  func run(_ source: String) throws {
    try scenario.lua.run(source, chunkName: "=test")
  }

  func instance(of className: String) throws -> RuntimeObject {
    let cls = try #require(scenario.runtime.classNamed(className))
    return scenario.runtime.allocate(cls)
  }

  @Test(arguments: [
    ("function C:viewDidLoad() end", "viewDidLoad"),
    ("function C:sceneDidBecomeActive(scene) end", "sceneDidBecomeActive:"),
    (
      "function C:application_didFinishLaunchingWithOptions(app, options) end",
      "application:didFinishLaunchingWithOptions:"
    ),
    (
      "function C:scene_willConnectToSession_options(scene, session, options) end",
      "scene:willConnectToSession:options:"
    ),
    ("function C:init(a, b) end", "init"),
  ])
  func aMethodsSelectorComesFromItsLuaNameAndParameters(definition: String, selector: String)
    throws
  {
    try run("C = class('C', UIResponder)\n" + definition)
    let cls = try #require(scenario.runtime.classNamed("C"))
    #expect(cls.implementsOwn(Selector(selector)))
  }

  @Test func anOverrideKeepsTheSelectorOfTheMethodItOverrides() throws {
    try run(
      """
      Base = class('Base', UIResponder)
      function Base:application_didFinishLaunchingWithOptions(app, options) return false end
      Derived = class('Derived', Base)
      function Derived:application_didFinishLaunchingWithOptions() return true end
      """)
    let derived = try #require(scenario.runtime.classNamed("Derived"))
    #expect(derived.implementsOwn(Selector("application:didFinishLaunchingWithOptions:")))
  }

  @Test func swiftSendsAMessageToAScriptObjectAndGetsItsResult() throws {
    try run(
      """
      AppDelegate = class('AppDelegate', UIResponder, { 'UIApplicationDelegate' })
      function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
        self.launchedWith = options.url
        return application == nil
      end
      """)
    let delegate = try instance(of: "AppDelegate")
    let options = try scenario.lua.table(fields: ["url": "demo://item/7"])
    let result = try scenario.runtime.send(
      Selector("application:didFinishLaunchingWithOptions:"), to: delegate,
      [.nil, scenario.runtimeValue(.table(options))])
    #expect(result.boolValue)
    guard case .string(let url) = delegate.instanceVariables["launchedWith"] else {
      Issue.record("the script did not store its field")
      return
    }
    #expect(url == "demo://item/7")
  }

  @Test func anErrorInAScriptMethodReachesSwiftWithItsTraceback() throws {
    try run(
      """
      AppDelegate = class('AppDelegate', UIResponder)
      function AppDelegate:applicationDidBecomeActive(application)
        error('not now')
      end
      """)
    let delegate = try instance(of: "AppDelegate")
    do {
      try scenario.runtime.send(Selector("applicationDidBecomeActive:"), to: delegate, [.nil])
      Issue.record("expected an error")
    } catch let error as LuaError {
      #expect(error.message == "test:3: not now")
      #expect(error.traceback?.contains("test:3: in ") == true)
    }
  }

  @Test func scriptMethodsRunOnTheCoroutineThatSentTheMessage() throws {
    try run(
      """
      Counter = class('Counter', UIResponder)
      function Counter:increment(by)
        self.count = (self.count or 0) + by
        return coroutine.running()
      end
      local counter = Counter.new()
      sameThread = coroutine.wrap(function()
        return counter:increment(2) == coroutine.running()
      end)()
      assert(counter.count == 2)
      """)
    #expect(try scenario.lua.global("sameThread").description == "true")
  }

  @Test func callingAMethodNobodyDefinedIsAScriptError() throws {
    try run("Plain = class('Plain', UIResponder); plain = Plain.new()")
    let error = #expect(throws: LuaError.self) {
      try run("plain.noSuchThing()")
    }
    #expect(error?.message.contains("attempt to call a nil value (field 'noSuchThing')") == true)
  }
}

@Suite struct ExceptionsThroughLuaTests {
  @Test func anExceptionCaughtByTheScriptDoesNotResurfaceLater() throws {
    let scenario = try Scenario(folder: nil, output: { _ in })
    try scenario.lua.run(
      """
      AppDelegate = class('AppDelegate', UIResponder)
      function AppDelegate:applicationDidBecomeActive(application)
        pcall(UIStoryboard.new, 'Missing')   -- an NSInvalidArgumentException, caught
        error('a different failure')
      end
      """, chunkName: "=test")
    let error = #expect(throws: LuaError.self) {
      try scenario.lua.run("main(AppDelegate)", chunkName: "=test")
    }
    #expect(error?.message == "test:4: a different failure")
    #expect(!scenario.trace.lines().contains { $0.hasPrefix("exception") })
  }

  @Test func anUncaughtExceptionInAMethodEndsTheProcessAsItself() throws {
    let scenario = try Scenario(folder: nil, output: { _ in })
    try scenario.lua.run(
      """
      AppDelegate = class('AppDelegate', UIResponder)
      function AppDelegate:applicationDidBecomeActive(application)
        UIStoryboard.new('Missing')
      end
      main(AppDelegate)
      """, chunkName: "=test")
    #expect(
      scenario.trace.lines().last
        == "exception NSInvalidArgumentException: Could not find a storyboard named 'Missing' in bundle NSBundle <main>"
    )
    #expect(!scenario.device.isAppRunning)
  }
}
