import AppLifecycle
import LuaBridge

/// One running scenario: its Lua state with the sandbox, the message runtime with UIKit's
/// classes, and the bindings between them.
public final class Scenario {
  public let lua: LuaState
  public let device: Device
  public var runtime: Runtime { device.runtime }
  let bindings: RuntimeBindings
  private var deviceBindings: DeviceBindings!

  public init(
    options: ScenarioOptions = ScenarioOptions(), folder: String?,
    output: ((String) -> Void)? = nil
  ) throws {
    lua = try LuaState(limits: options.limits)
    device = try Device()
    if options.interruptible {
      lua.isInterruptible = true
      // A long wait runs timers without Lua instructions in between: stop there too.
      device.loop.checkpoint = { [weak lua] in try lua?.stopIfInterrupted() }
    }
    device.options = options.launchOrder
    device.profile = options.profile
    device.lifecycle = options.lifecycle
    device.warningHandler = { Console.writeError($0 + "\n") }
    let clock = device.loop.clock
    lua.warningHandler = { message in Console.writeError("Lua warning: \(message)\n") }
    var sandbox = LuaSandbox()
    sandbox.seed = options.seed
    sandbox.clock = { [clock] in clock.now.seconds }
    sandbox.allowIO = options.allowIO
    sandbox.root = folder
    if let output { sandbox.output = output }
    try lua.install(sandbox)
    bindings = try RuntimeBindings(lua: lua, device: device)
    try bindings.exposeClasses()
    try lua.setGlobal("UIWindowSceneSessionRoleApplication", .string(SceneManifest.applicationRole))
    // Swift's URL is NSURL: URL.new("demo://item/7").
    try lua.setGlobal("URL", try lua.global("NSURL"))
    deviceBindings = try DeviceBindings(lua: lua, device: device, runtime: bindings)
    deviceBindings.expectationsFail = options.expectationsFail
    deviceBindings.goldenFiles.record = options.recordGolden
    // Weak: the device holds these closures, and the bindings hold the device.
    device.callBlock = { [weak lua, weak bindings] block, arguments in
      guard let lua, let bindings else { return }
      if case .object(let native as NativeBlock) = block {
        try native.call(arguments)
        return
      }
      guard case .host(let host as LuaHostValue) = block, case .function(let function) = host.value
      else { return }
      try lua.call(function, try arguments.map { try bindings.luaValue($0) })
    }
    device.hostList = { [weak lua, weak bindings] value in
      guard let lua, let bindings, case .host(let host as LuaHostValue) = value,
        case .table(let table) = host.value,
        let entries = try? lua.entries(of: table)
      else { return nil }
      var byIndex: [Int: LuaValue] = [:]
      for entry in entries {
        guard case .integer(let index) = entry.key else { return nil }
        byIndex[index] = entry.value
      }
      let items = (0..<byIndex.count).compactMap { byIndex[$0 + 1] }
      return items.count == byIndex.count ? items.map(bindings.runtimeValue) : nil
    }
    try ConfigurationBindings(lua: lua, device: device, folder: folder).register()
    try RunLoopBindings(lua: lua, device: device).register()
    try NotificationBindings(lua: lua, device: device, runtime: bindings).register()
  }

  /// Where a script method failed with this error message, if one did: `in AppDelegate.sel at 0s
  /// of virtual time`.
  public func methodContext(ofFailure message: String) -> String? {
    guard let failed = bindings.failedMethod, failed.message == message else { return nil }
    return failed.context
  }

  /// The trace so far.
  public var trace: Trace { device.trace }

  /// The first failed expectation's message (even one the script caught with pcall).
  public var firstExpectationFailure: String? { deviceBindings.firstFailure }

  /// The latest failed expectation's message.
  public var lastExpectationFailure: String? { deviceBindings.lastFailure }

  /// Uncaught exceptions that no `expect.exception` claimed; each fails the scenario.
  public var unclaimedExceptions: [TraceEntry] { deviceBindings.expectations.unclaimedExceptions }

  /// The golden trace files `expect.golden` created or changed while recording
  /// (`ScenarioOptions.recordGolden`), in the order it wrote them.
  public var goldenChanges: [GoldenChange] { deviceBindings.goldenFiles.changes }

  deinit { lua.close() }

  /// A Lua value as the runtime carries it (a table stays the same Lua table).
  public func runtimeValue(_ value: LuaValue) -> RuntimeValue { bindings.runtimeValue(value) }

  /// Runs a scenario file from start to end; its golden traces are beside it.
  public func run(file path: String) throws {
    deviceBindings.goldenFiles.scenario = path
    try lua.call(try lua.load(file: path))
  }
}
