import AppLifecycle
import LuaBridge

/// The entry point, the user and the system, the trace and the expectations as Lua sees them
/// (shared/SCENARIO-API.md, "Entry point", "The user and the system", "Trace and expectations").
final class DeviceBindings {
  unowned let lua: LuaState
  let device: Device
  unowned let runtime: RuntimeBindings
  var expectations: TraceExpectations
  /// The first expectation that failed, even if the script caught its error: the run fails.
  var firstFailure: String?
  /// The latest expectation that failed.
  var lastFailure: String?
  /// When false, a failed expectation is only recorded (see ScenarioOptions.expectationsFail).
  var expectationsFail = true
  /// The golden traces `expect.golden` compared or recorded.
  var goldenFiles = GoldenFiles(record: false)

  init(lua: LuaState, device: Device, runtime: RuntimeBindings) throws {
    self.lua = lua
    self.device = device
    self.runtime = runtime
    expectations = TraceExpectations(trace: device.trace)
    try registerEntryPoints()
    try registerDevice()
    try registerExpectations()
  }

  // MARK: Entry point

  private func registerEntryPoints() throws {
    // UIApplicationMain(argc, argv, principal, delegate) or the short form (principal, delegate).
    try lua.register("UIApplicationMain") { [unowned self] call in
      let first = call.argumentCount >= 4 ? 3 : 1
      try applicationMain(
        principal: try className(call, first), delegate: try className(call, first + 1))
      try call.push(0)
    }
    // main(AppDelegate): what @main and @UIApplicationMain generate.
    try lua.register("main") { [unowned self] call in
      try applicationMain(principal: nil, delegate: try className(call, 1))
      try call.push(0)
    }
    // autoreleasepool(function() ... end): an Objective-C main's @autoreleasepool block.
    try lua.register("autoreleasepool") { call in
      for result in try call.call(try call.function(1)) { try call.push(result) }
    }
    let arguments = try lua.table(array: ["lifescript"])
    try lua.setGlobal(
      "CommandLine",
      .table(try lua.table(fields: ["argc": 1, "unsafeArgv": .table(arguments)])))
  }

  /// A class name argument: a string, a class object, or nil.
  private func className(_ call: LuaCall, _ index: Int) throws -> String? {
    switch try call.value(index) {
    case .nil: return nil
    case .string(let name): return name
    case .object(let cls as RuntimeClass, _): return cls.name
    default:
      throw LuaArgumentError(index: index, "class name expected, got \(call.typeName(at: index))")
    }
  }

  private func applicationMain(principal: String?, delegate: String?) throws {
    try runtime.raisingInLua {
      try device.applicationMain(principalClassName: principal, delegateClassName: delegate)
    }
  }

  // MARK: The user and the system

  private func registerDevice() throws {
    let actions: [(String, (Device) -> () throws -> Void)] = [
      ("home", Device.home), ("activate", Device.activate), ("interrupt", Device.interrupt),
      ("end_interruption", Device.endInterruption), ("kill", Device.kill),
      ("terminate_in_background", Device.terminateInBackground),
      ("memory_warning", Device.memoryWarning), ("touch", Device.touch), ("shake", Device.shake),
      ("reinstall", Device.reinstall),
    ]
    var table: [String: LuaValue] = [:]
    for (name, action) in actions {
      table[name] = .function(
        try lua.function { [unowned self] _ in try runtime.raisingInLua { try action(device)() } })
    }
    // device.ios("18.3") chooses the iOS release (before UIApplicationMain); device.ios() says it.
    table["ios"] = .function(
      try lua.function { [unowned self] call in
        guard let text = try call.optionalString(1) else {
          try call.push(device.profile.description)
          return
        }
        guard let profile = IOSProfile(text) else {
          throw LuaArgumentError(index: 1, "an iOS release from 12 to 30 expected, like \"18.3\"")
        }
        device.profile = profile
      })
    // device.launch_watchdog(seconds): the launch watchdog's allowance (about 20 s by default).
    table["launch_watchdog"] = .function(
      try lua.function { [unowned self] call in
        let seconds = try call.number(1)
        guard seconds > 0 else { throw LuaArgumentError(index: 1, "seconds must be positive") }
        device.launchWatchdogAllowance = seconds
      })
    // device.open_scene() returns the new scene; device.close_scene(scene).
    table["open_scene"] = .function(
      try lua.function { [unowned self] call in
        let scene = try runtime.raisingInLua { try device.openScene() }
        try call.push(try runtime.luaValue(scene.map { .object($0) } ?? .nil))
      })
    table["close_scene"] = .function(
      try lua.function { [unowned self] call in
        guard case .object(let scene as UIScene) = runtime.runtimeValue(try call.value(1)) else {
          throw LuaArgumentError(index: 1, "scene expected, got \(call.typeName(at: 1))")
        }
        try runtime.raisingInLua { try device.closeScene(scene) }
      })
    try registerRequests(into: &table)
    try lua.setGlobal("device", .table(try lua.table(fields: table)))
    // busy(seconds): slow work on the main thread (virtual time passes, nothing else runs).
    try lua.register("busy") { [unowned self] call in
      let seconds = try call.number(1)
      guard seconds >= 0 else { throw LuaArgumentError(index: 1, "seconds must not be negative") }
      try runtime.raisingInLua { try device.busy(seconds) }
    }
    try lua.register("wait") { [unowned self] call in
      let seconds = try call.number(1)
      guard seconds >= 0 else { throw LuaArgumentError(index: 1, "seconds must not be negative") }
      try runtime.raisingInLua { try device.wait(seconds) }
    }
  }

  // MARK: URLs, quick actions, user activities

  /// `device.open_url(url, options)`, `device.shortcut(type)` and
  /// `device.continue_activity(type, options)` (reference §6): cold or warm by the app's state.
  private func registerRequests(into table: inout [String: LuaValue]) throws {
    table["open_url"] = .function(
      try lua.function { [unowned self] call in
        var open = SystemRequest.OpenURLRequest(url: try url(call, 1, "device.open_url"))
        let options = try requestOptions(
          call, 2, "device.open_url", ["sourceApplication", "openInPlace", "annotation"])
        open.sourceApplication = try options.string("sourceApplication")
        open.openInPlace = try options.boolean("openInPlace")
        open.annotation = options.values["annotation"].map(runtime.runtimeValue) ?? .nil
        try runtime.raisingInLua { try device.handle(.openURL(open)) }
      })
    table["shortcut"] = .function(
      try lua.function { [unowned self] call in
        let type = try call.string(1)
        try runtime.raisingInLua { try device.handle(.shortcut(.init(type: type))) }
      })
    table["continue_activity"] = .function(
      try lua.function { [unowned self] call in
        var activity = SystemRequest.UserActivityRequest(activityType: try call.string(1))
        let options = try requestOptions(
          call, 2, "device.continue_activity", ["webpageURL", "title", "userInfo", "handoff"])
        if let text = try options.string("webpageURL") {
          activity.webpageURL = try AppURL.parse(text, for: "device.continue_activity: webpageURL")
        }
        activity.title = try options.string("title")
        activity.userInfo = options.values["userInfo"].map(runtime.runtimeValue) ?? .nil
        activity.isHandoff = try options.boolean("handoff")
        try runtime.raisingInLua { try device.handle(.userActivity(activity)) }
      })
  }

  /// A URL argument: a string that is a URL, or a `URL` object.
  private func url(_ call: LuaCall, _ index: Int, _ action: String) throws -> AppURL {
    if case .object(let object as NSURL, _) = try call.value(index) { return object.url }
    return try AppURL.parse(try call.string(index), for: action)
  }

  /// The options table of a device action: only the named keys.
  private struct RequestOptions {
    var action: String
    var values: [String: LuaValue] = [:]

    func string(_ key: String) throws -> String? {
      switch values[key] {
      case nil, .nil?: return nil
      case .string(let text)?: return text
      default: throw LuaScriptError("\(action): \(key) must be a string")
      }
    }

    func boolean(_ key: String) throws -> Bool {
      switch values[key] {
      case nil, .nil?: return false
      case .boolean(let flag)?: return flag
      default: throw LuaScriptError("\(action): \(key) must be true or false")
      }
    }
  }

  private func requestOptions(
    _ call: LuaCall, _ index: Int, _ action: String, _ known: [String]
  ) throws -> RequestOptions {
    var options = RequestOptions(action: action)
    guard !call.isNil(index) else { return options }
    for (key, value) in try lua.entries(of: try call.table(index)) {
      guard case .string(let name) = key, known.contains(name) else {
        throw LuaScriptError(
          "\(action): unknown option \(key.description); the options are \(known.joined(separator: ", "))"
        )
      }
      options.values[name] = value
    }
    return options
  }

  // MARK: Trace and expectations

  private func registerExpectations() throws {
    try lua.register("trace") { [unowned self] call in
      try call.push(.table(try lua.table(array: device.trace.lines().map { .string($0) })))
    }
    let checks: [(String, (inout TraceExpectations, LuaCall, String) throws -> Void)] = [
      ("events", { [unowned self] in try $0.events(try lines($1), at: $2) }),
      ("order", { [unowned self] in try $0.order(try lines($1), at: $2) }),
      (
        "never",
        { [unowned self] expectations, call, _ in
          try expectations.never(try knownSelectorOrLine(call.string(1)))
        }
      ),
      ("log", { expectations, call, _ in try expectations.log(try call.string(1)) }),
      ("exception", { expectations, call, _ in try expectations.exception(try call.string(1)) }),
      ("golden", { [unowned self] _, call, location in try golden(call, at: location) }),
    ]
    var table: [String: LuaValue] = [:]
    for (name, check) in checks {
      table[name] = .function(
        try lua.function { [unowned self] call in
          // `file.lua:12: `, as Lua puts it in front of an error message.
          let location = call.location()
          do {
            try check(&expectations, call, String(location.dropLast(2)))
          } catch let failure as ExpectationFailure {
            let message = location + failure.description
            if firstFailure == nil { firstFailure = message }
            lastFailure = message
            if expectationsFail { throw LuaError(.runtime, message) }
          }
        })
    }
    try lua.setGlobal("expect", .table(try lua.table(fields: table)))
  }

  /// `expect.golden()` or `expect.golden("name")`: the whole trace so far, in Objective-C
  /// spelling, against the scenario's golden file (see GoldenFiles).
  private func golden(_ call: LuaCall, at location: String) throws {
    var name: String?
    switch try call.value(1) {
    case .nil: break
    case .string(let text):
      guard GoldenFiles.isValidName(text) else {
        // Shown escaped and short: the name may be anything a script can build.
        let shown = GoldenTrace.fileLine(text.count > 40 ? text.prefix(39) + "…" : text)
        throw LuaArgumentError(
          index: 1, "a name of 1 to 64 letters, digits, '-' and '_' expected, got \"\(shown)\"")
      }
      name = text
    default:
      throw LuaArgumentError(index: 1, "string expected, got \(call.typeName(at: 1))")
    }
    try goldenFiles.check(device.trace.lines(), name: name, location: location)
  }

  /// `expect.never` of a selector no class and no UIKit protocol has could never fail (a partial
  /// name such as "performActionForShortcutItem"): that is a mistake in the script.
  private func knownSelectorOrLine(_ text: String) throws -> String {
    guard !text.contains(" "), !text.contains(".") else { return text }
    var known = Set(UIKitProtocols.selectors.values.joined())
    for cls in device.runtime.allClasses { known.formUnion(cls.selectors.map(\.name)) }
    let spellings: [SelectorSpelling] = [.objectiveC, .lua, .swift]
    if known.contains(where: { name in spellings.contains { $0.write(name) == text } }) {
      return text
    }
    throw LuaScriptError(
      "expect.never: no class or UIKit protocol has a selector \"\(text)\", so it could never match; write a whole selector (application:openURL:options:) or a whole trace line"
    )
  }

  /// `expect.events { "a", "b" }`: the list of lines (a single string is a list of one).
  private func lines(_ call: LuaCall) throws -> [String] {
    if case .string(let line) = try call.value(1) { return [line] }
    let list = try call.table(1)
    var lines: [String] = []
    while case .string(let line) = try lua.get(list, .integer(lines.count + 1)) {
      lines.append(line)
    }
    return lines
  }
}
