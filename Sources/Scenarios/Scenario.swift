import AppLifecycle
import LuaBridge

/// One running scenario: its Lua state with the sandbox, the message runtime with UIKit's
/// classes, and the bindings between them.
public final class Scenario {
  public let lua: LuaState
  public let device: Device
  public var runtime: Runtime { device.runtime }
  /// Every name the bindings gave scripts besides the runtime's classes, with parameters and a
  /// summary (what `lifescript types` writes).
  public let interface = ScriptInterface()
  let bindings: RuntimeBindings
  private var expectLibrary: ExpectLibrary!
  /// Where warnings go, as `ScenarioOptions.warnings` says.
  let warnings: WarningGate
  private var configuration: ConfigurationBindings!
  /// Where the scenario reads files; nil for a scenario without a folder.
  private let files: LuaFileScope?
  /// The named tests the file defines (`test`, `describe`, `skip`, `known_issue`).
  let tests: TestBindings
  /// Its invariants, its start point and the path it explores or replays
  /// (Documentation/Reference/explore.md).
  let explore: ExploreBindings

  /// Makes `test()` an error that says `reason`: where what is typed runs at once (the REPL),
  /// a test would be defined and never run.
  public func refuseTestDefinitions(_ reason: String) { tests.definitionsRefused = reason }

  /// A fresh scenario. What the script prints goes to `output` and warnings (misspelled delegate
  /// methods, Lua's `warn`) to `warning`, one whole message at a time, as the options' warning
  /// policy lets them through; both default to the terminal. `defineClasses` adds the
  /// embedder's native classes to the runtime after UIKit's and before scripts see the classes
  /// (the Lua state has its libraries and `class`, not yet the other globals of lifescript);
  /// what it throws, `init` throws unchanged.
  public init(
    options: ScenarioOptions = ScenarioOptions(), folder: String?,
    output: ((String) -> Void)? = nil,
    warning: @escaping (Warning) -> Void = { Console.writeError($0.description + "\n") },
    defineClasses: (Runtime, LuaState) throws -> Void = { _, _ in }
  ) throws {
    // The collector waits until the set-up is over (resumeCollector at the end).
    lua = try LuaState(limits: options.limits, collectorPaused: true, io: options.allowIO)
    device = try Device()
    // What the engine holds for the script counts against the memory cap with the Lua heap
    // (Documentation/Reference/sandbox.md#memory); UIKit's own classes, defined above, do not.
    let memory = LuaEngineMemory(lua)
    device.runtime.memory = memory
    device.trace.memory = memory
    if options.interruptible {
      lua.isInterruptible = true
      // A long wait runs timers without Lua instructions in between: stop there too.
      device.loop.checkpoint = { [lua] in try lua.stopIfInterrupted() }
    }
    device.options = options.launchOrder
    device.profile = options.profile
    device.lifecycle = options.lifecycle
    let warnings = WarningGate(policy: options.warnings, sink: warning)
    self.warnings = warnings
    let clock = device.loop.clock
    lua.warningHandler = { message in warnings.give(Warning(.luaWarn, message)) }
    var sandbox = LuaSandbox()
    sandbox.seed = options.seed
    sandbox.clock = { [clock] in clock.now.seconds }
    sandbox.allowIO = options.allowIO
    let files = try folder.map { folder throws(ProjectRoot.Problem) in
      try ProjectRoot.scope(
        folder: folder, root: options.root, note: options.rootNote,
        setting: options.rootSetting)
    }
    sandbox.files = files
    self.files = files
    if let output { sandbox.output = output }
    try lua.install(sandbox)
    bindings = try RuntimeBindings(lua: lua, device: device, interface: interface)
    // `class` is a global before the embedder's classes are defined (NativeClass.define).
    try interface.defineGlobals(in: lua)
    try defineClasses(device.runtime, lua)
    try bindings.exposeClasses()
    interface.setGlobal(
      .value(
        "UIWindowSceneSessionRoleApplication", type: "string",
        "The session role of an app's windows: `UISceneConfiguration.new(name, UIWindowSceneSessionRoleApplication)`."
      ), .string(SceneManifest.applicationRole))
    interface.setGlobal(
      .value("URL", type: "NSURL", "Swift's URL is NSURL: `URL.new(\"demo://item/7\")`."),
      try lua.global("NSURL"))
    interface.setGlobal(
      .value(
        "Bundle", type: "NSBundle",
        "Swift's Bundle is NSBundle: `Bundle.main.infoDictionary`, `Bundle.main.bundleIdentifier`."
      ), try lua.global("NSBundle"))
    interface.setGlobal(
      .value(
        "UserDefaults", type: "NSUserDefaults",
        "Swift's UserDefaults is NSUserDefaults: `UserDefaults.standard:setObject_forKey(\"Hello\", \"draft\")`, `UserDefaults.standard:stringForKey(\"draft\")`."
      ), try lua.global("NSUserDefaults"))
    let globals = GlobalBindings(
      lua: lua, device: device, runtime: bindings, interface: interface)
    try globals.registerEntryPoints()
    try DeviceLibrary(lua: lua, device: device, runtime: bindings, interface: interface)
      .register()
    try StorageLibrary(lua: lua, device: device, interface: interface).register()
    try globals.registerTime()
    try globals.registerTrace()
    expectLibrary = try ExpectLibrary(lua: lua, device: device, interface: interface)
    expectLibrary.expectationsFail = options.expectationsFail
    expectLibrary.goldenFiles.record = options.recordGolden
    expectLibrary.goldenFiles.files = files
    // The device holds the host, which holds the bindings, which hold the device: deinit lets
    // go.
    device.host = ScenarioHost(lua: lua, bindings: bindings, warnings: warnings)
    configuration = ConfigurationBindings(
      lua: lua, device: device, files: files, interface: interface)
    try configuration.register()
    try RunLoopBindings(lua: lua, device: device, interface: interface).register()
    try NotificationBindings(lua: lua, device: device, runtime: bindings, interface: interface)
      .register()
    tests = try TestBindings(lua: lua, interface: interface)
    explore = try ExploreBindings(
      lua: lua, device: device, runtime: bindings, interface: interface)
    explore.failedExpectations = { [unowned expectLibrary] in expectLibrary!.failures }
    try interface.defineGlobals(in: lua)
    lua.resumeCollector()
  }

  /// The trace so far.
  public var trace: Trace { device.trace }

  /// Every expectation that failed, in order (the script may catch one with pcall and go on).
  public var failedExpectations: [ExpectationFailure] { expectLibrary.failures }

  /// Uncaught exceptions that no `expect.exception` claimed; each fails the scenario.
  public var unclaimedExceptions: [TraceEntry] { expectLibrary.expectations.unclaimedExceptions }

  /// The warnings `WarningPolicy.Mode.error` turned into this run's failure, so far.
  public var warningsHeldAsErrors: [Warning] { warnings.held }

  /// The golden trace files `expect.golden` created or changed while recording
  /// (`ScenarioOptions.recordGolden`), in the order it wrote them.
  public var goldenChanges: [GoldenChange] { expectLibrary.goldenFiles.changes }

  // The device holds closures that hold the bindings, which hold the device: let go of them here
  // rather than through weak references, which would put the Lua state and the bindings on
  // Swift's slow reference-counting path for every message (Benchmarks/run, dispatch).
  deinit {
    lua.close()
    device.host = NativeHost()
    device.loop.checkpoint = nil
  }

  /// Closes the Lua state at the end of a run, before it is judged: the finalizers of what is
  /// still alive run now, so a limit that stops one fails the run (`LuaState.finish` throws
  /// it) as it would have had the collector run it earlier, and their warnings are the run's.
  /// The trace and what the run recorded stay; the scripts' objects are gone.
  func finishLua() throws {
    try lua.finish()
  }

  /// A Lua value as the runtime carries it (a table stays the same Lua table).
  public func runtimeValue(_ value: LuaValue) -> RuntimeValue { bindings.runtimeValue(value) }

  /// Makes `info` the app's Info.plist, as `Info "path"` at the start of a scenario would. A
  /// file that cannot be read is a `LuaError.file` naming the setting; a malformed one a
  /// `FileFormatError` at its line.
  public func load(_ info: InfoFile) throws {
    // The suite's default, not a line of the scenario's configuration: its own Info replaces it.
    defer { configuration.build.startAgain() }
    do {
      try configuration.loadInfo(info.path, from: info.folder)
    } catch let error as LuaFileError {
      throw LuaError(.file, "\(info.setting): \(error)")
    } catch let error as LuaScriptError {
      throw LuaError(.file, "\(info.setting): \(error)")
    }
  }

  /// Calls the script's global `Project` as `Project(path, { target =, configuration = })` at
  /// the start of a scenario would, with `project.path` made relative to the scenario's folder.
  /// Without a `Project` function it is a `LuaError.file` naming the setting.
  public func load(_ project: ProjectFile) throws {
    guard case .function(let function) = try lua.global("Project") else {
      throw LuaError(
        .file,
        "\(project.setting): this lifescript has no Project function (Project \"App.xcodeproj\"), so it cannot open the project; name the app's Info.plist with info = \"path/to/Info.plist\" instead"
      )
    }
    let path = files.map { project.path(from: $0.folder) } ?? project.path
    var arguments: [LuaValue] = [.string(path)]
    var fields: [String: LuaValue] = [:]
    if let target = project.target { fields["target"] = .string(target) }
    if let configuration = project.configuration {
      fields["configuration"] = .string(configuration)
    }
    if !fields.isEmpty { arguments.append(.table(try lua.table(fields: fields))) }
    // The suite's default, not a line of the scenario's configuration: its own lines replace it.
    defer { configuration.build.startAgain() }
    try lua.call(function, arguments)
  }

  /// Runs a scenario file from start to end; its golden traces are beside it.
  public func run(file path: String) throws {
    expectLibrary.goldenFiles.scenario = path
    try lua.call(try lua.load(file: path))
  }

  /// Runs scenario source from start to end as if it were the file `name`: messages name it
  /// so, and its golden traces are beside that path.
  public func run(source: String, name: String) throws {
    expectLibrary.goldenFiles.scenario = name
    try lua.call(try lua.loadCompiled(source, chunkName: "@" + name))
  }

  /// A value with its Lua tables opened: a table whose keys are 1...n is an array, one whose keys
  /// are all strings a dictionary (the empty table: an empty array), their values opened the
  /// same way; other tables (mixed keys, nested deeper than `depth`) and Lua functions stay
  /// as they are.
  public func openingTables(_ value: RuntimeValue, depth: Int = 32) -> RuntimeValue {
    guard depth > 0, case .host(let host as LuaHostValue) = value,
      case .table(let table) = host.value, let entries = try? lua.entries(of: table)
    else { return value }
    var items: [Int: RuntimeValue] = [:]
    var fields: [String: RuntimeValue] = [:]
    for (key, field) in entries {
      let opened = openingTables(bindings.runtimeValue(field), depth: depth - 1)
      switch key {
      case .integer(let index): items[index] = opened
      case .string(let name): fields[name] = opened
      default: return value
      }
    }
    if fields.isEmpty, items.keys.allSatisfy({ $0 >= 1 && $0 <= items.count }) {
      return .array((0..<items.count).map { items[$0 + 1]! })
    }
    return items.isEmpty ? .dictionary(fields) : value
  }
}

/// Charges the engine's memory for a scenario to its Lua state's cap. Reaches the state through
/// its link: objects freed after the state closed give back nothing.
final class LuaEngineMemory: EngineMemory {
  private let lua: LuaStateLink

  init(_ lua: LuaState) { self.lua = lua.link }

  func charge(_ bytes: Int) throws { try lua.chargeEngineMemory(bytes) }

  func credit(_ bytes: Int) { lua.state?.creditEngineMemory(bytes) }
}
