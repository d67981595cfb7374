import AppLifecycle
import LuaBridge

/// The entry point, the user and the system, the trace and the expectations as Lua sees them
/// (Documentation/Reference/scenario-language.md#entry-point,
/// Documentation/Reference/scenario-language.md#the-user-and-the-system and
/// Documentation/Reference/scenario-language.md#trace-and-expectations).
final class DeviceBindings {
  unowned let lua: LuaState
  let device: Device
  unowned let runtime: RuntimeBindings
  var expectations: TraceExpectations
  /// The expectations that failed, even those whose error the script caught: the run fails.
  var failures: [FailedExpectation] = []
  /// The first failed expectation's message, as the run reports it.
  var firstFailure: String? { failures.first?.message }
  /// The latest failed expectation's message.
  var lastFailure: String? { failures.last?.message }
  /// When false, a failed expectation is only recorded (see ScenarioOptions.expectationsFail).
  var expectationsFail = true
  /// The golden traces `expect.golden` compared or recorded.
  var goldenFiles = GoldenFiles(record: false)

  /// Where each name is recorded as it is registered.
  let interface: ScriptInterface

  init(lua: LuaState, device: Device, runtime: RuntimeBindings, interface: ScriptInterface) throws {
    self.lua = lua
    self.device = device
    self.runtime = runtime
    self.interface = interface
    expectations = TraceExpectations(trace: device.trace)
    try registerEntryPoints()
    try registerDevice()
    try registerExpectations()
  }

  // MARK: Entry point

  private func registerEntryPoints() throws {
    try interface.register(
      .function(
        "UIApplicationMain",
        [
          "argc: integer", "argv: string[]", "principalClassName: string|NSObject|nil",
          "delegateClassName: string|NSObject|nil",
        ], returns: "integer",
        overloads: [
          "fun(principalClassName: string|NSObject|nil, delegateClassName: string|NSObject|nil): integer"
        ],
        "Launches the app (a cold launch from the home screen) and runs the main run loop until idle; later launches run it again. Also the short form `UIApplicationMain(principal, delegate)`."
      ), in: lua
    ) { [unowned self] call in
      let first = call.argumentCount >= 4 ? 3 : 1
      try applicationMain(
        principal: try className(call, first), delegate: try className(call, first + 1))
      try call.push(0)
    }
    try interface.register(
      .function(
        "main", ["delegate: string|NSObject"], returns: "integer",
        "What `@main` and `@UIApplicationMain` generate: `UIApplicationMain(nil, delegate)`."),
      in: lua
    ) { [unowned self] call in
      try applicationMain(principal: nil, delegate: try className(call, 1))
      try call.push(0)
    }
    try interface.register(
      .function(
        "autoreleasepool", ["body: fun(): any"], returns: "any",
        "An Objective-C main's `@autoreleasepool` block: runs the function and returns its results."
      ), in: lua
    ) { call in
      for result in try call.call(try call.function(1)) { try call.push(result) }
    }
    let arguments = try lua.table(array: ["lifescript"])
    try interface.setGlobal(
      .value(
        "CommandLine", type: "{argc: integer, unsafeArgv: string[]}",
        "Swift's `CommandLine`, for `UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, delegate)`."
      ), in: lua, .table(try lua.table(fields: ["argc": 1, "unsafeArgv": .table(arguments)])))
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
    let actions: [(name: String, summary: String, action: (Device) -> () throws -> Void)] = [
      (
        "home", "Leaves to the home screen: resign active, enter the background, suspend.",
        Device.home
      ),
      (
        "activate",
        "Taps the app's icon: back to the foreground, or a cold launch when the app is not running.",
        Device.activate
      ),
      ("interrupt", "An incoming call or Control Center: resign active only.", Device.interrupt),
      ("end_interruption", "The interruption ends: active again.", Device.endInterruption),
      (
        "kill", "Swipes the app away in the app switcher: it ends and its scene sessions go.",
        Device.kill
      ),
      (
        "terminate_in_background",
        "The system reclaims memory: a background app ends without callbacks; its sessions survive and restore.",
        Device.terminateInBackground
      ),
      (
        "memory_warning",
        "A low-memory warning: the app delegate, the view controllers, then the notification.",
        Device.memoryWarning
      ),
      (
        "touch",
        "A touch: a UIEvent through `UIApplication.sendEvent:`, the key window and the responder chain.",
        Device.touch
      ),
      ("shake", "A shake: a motion UIEvent, delivered as a touch is.", Device.shake),
      (
        "reinstall",
        "Deletes the app and installs it again: a running app ends without callbacks; the launch-screen cache and the scene sessions go.",
        Device.reinstall
      ),
    ]
    var table: [String: LuaValue] = [:]
    for (name, summary, action) in actions {
      table[name] = try interface.function(.function(name, in: "device", [], summary), in: lua) {
        [unowned self] _ in try runtime.raisingInLua { try action(device)() }
      }
    }
    table["ios"] = try interface.function(
      .function(
        "ios", in: "device", ["release: string?"], returns: "string?",
        "Chooses the iOS release the app runs on, from 12 to 30 (`\"18.3\"`; before `UIApplicationMain`); without an argument, returns it."
      ), in: lua
    ) { [unowned self] call in
      guard let text = try call.optionalString(1) else {
        try call.push(device.profile.description)
        return
      }
      guard let profile = IOSProfile(text) else {
        throw LuaArgumentError(index: 1, "an iOS release from 12 to 30 expected, like \"18.3\"")
      }
      device.profile = profile
    }
    table["launch_watchdog"] = try interface.function(
      .function(
        "launch_watchdog", in: "device", ["seconds: number"],
        "Sets the launch watchdog's allowance (about 20 s by default): a launch that takes longer is killed with 0x8badf00d."
      ), in: lua
    ) { [unowned self] call in
      let seconds = try call.number(1)
      guard seconds > 0 else { throw LuaArgumentError(index: 1, "seconds must be positive") }
      device.launchWatchdogAllowance = seconds
    }
    table["open_scene"] = try interface.function(
      .function(
        "open_scene", in: "device", returns: "UIWindowScene?",
        "Opens another scene of the app (a new window) and returns it; nil when the app cannot have one more."
      ), in: lua
    ) { [unowned self] call in
      let scene = try runtime.raisingInLua { try device.openScene() }
      try call.push(try runtime.luaValue(scene.map { .object($0) } ?? .nil))
    }
    table["close_scene"] = try interface.function(
      .function(
        "close_scene", in: "device", ["scene: UIScene"],
        "Closes a scene, as the user swiping it away in the app switcher: it disconnects."),
      in: lua
    ) { [unowned self] call in
      guard case .object(let scene as UIScene) = runtime.runtimeValue(try call.value(1)) else {
        throw LuaArgumentError(index: 1, "scene expected, got \(call.typeName(at: 1))")
      }
      try runtime.raisingInLua { try device.closeScene(scene) }
    }
    try registerRequests(into: &table)
    try interface.setLibrary(
      "device", in: lua, fields: table,
      "The user and the system; each action runs the main run loop until idle before it returns.")
    try interface.register(
      .function(
        "busy", ["seconds: number"],
        "Slow work on the main thread: virtual time passes and nothing else runs (past the launch watchdog's allowance, a launch is killed)."
      ), in: lua
    ) { [unowned self] call in
      let seconds = try call.number(1)
      guard seconds >= 0 else { throw LuaArgumentError(index: 1, "seconds must not be negative") }
      try runtime.raisingInLua { try device.busy(seconds) }
    }
    try interface.register(
      .function(
        "wait", ["seconds: number"],
        "Advances virtual time by that many seconds, running timers and work that falls due."),
      in: lua
    ) { [unowned self] call in
      let seconds = try call.number(1)
      guard seconds >= 0 else { throw LuaArgumentError(index: 1, "seconds must not be negative") }
      try runtime.raisingInLua { try device.wait(seconds) }
    }
  }

  // MARK: URLs, quick actions, user activities

  /// `device.open_url(url, options)`, `device.shortcut(type)` and
  /// `device.continue_activity(type, options)` (reference §6): cold or warm by the app's state.
  private func registerRequests(into table: inout [String: LuaValue]) throws {
    table["open_url"] = try interface.function(
      .function(
        "open_url", in: "device",
        [
          "url: string|NSURL",
          "options: {sourceApplication: string?, openInPlace: boolean?, annotation: any}?",
        ],
        "Opens a URL in the app: a cold launch when it is not running, delivered to it otherwise (reference §6)."
      ), in: lua
    ) { [unowned self] call in
      var open = SystemRequest.OpenURLRequest(url: try url(call, 1, "device.open_url"))
      let options = try requestOptions(
        call, 2, "device.open_url", ["sourceApplication", "openInPlace", "annotation"])
      open.sourceApplication = try options.string("sourceApplication")
      open.openInPlace = try options.boolean("openInPlace")
      open.annotation = options.values["annotation"].map(runtime.runtimeValue) ?? .nil
      try runtime.raisingInLua { try device.handle(.openURL(open)) }
    }
    table["shortcut"] = try interface.function(
      .function(
        "shortcut", in: "device", ["type: string"],
        "Chooses the Home Screen quick action of that type (from `UIApplicationShortcutItems` or `UIApplication.shared.shortcutItems`): a cold launch, or delivered to the app."
      ), in: lua
    ) { [unowned self] call in
      let type = try call.string(1)
      try runtime.raisingInLua { try device.handle(.shortcut(.init(type: type))) }
    }
    table["continue_activity"] = try interface.function(
      .function(
        "continue_activity", in: "device",
        [
          "type: string",
          "options: {webpageURL: string?, title: string?, userInfo: table?, handoff: boolean?}?",
        ],
        "Continues a user activity of that type (Handoff, a universal link, Spotlight): a cold launch, or delivered to the app."
      ), in: lua
    ) { [unowned self] call in
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
    }
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
    try interface.register(
      .function(
        "trace", returns: "string[]",
        "The trace so far, one line each, as `lifescript run --trace` prints it."),
      in: lua
    ) { [unowned self] call in
      try call.push(.table(try lua.table(array: device.trace.lines().map { .string($0) })))
    }
    typealias Check = (inout TraceExpectations, LuaCall, String) throws -> Void
    let checks: [(symbol: ScriptInterface.Symbol, check: Check)] = [
      (
        .function(
          "events", in: "expect", ["lines: string|string[]"],
          "Exactly these lines, in this order, since the checkpoint: the message lines, and lines of the other kinds the list names; then moves the checkpoint."
        ), { [unowned self] in try $0.events(try lines($1), at: $2) }
      ),
      (
        .function(
          "order", in: "expect", ["lines: string|string[]"],
          "These lines in this order since the checkpoint, other lines between them allowed; then moves the checkpoint."
        ), { [unowned self] in try $0.order(try lines($1), at: $2) }
      ),
      (
        .function(
          "never", in: "expect", ["line: string"],
          "No line since the checkpoint matches (a selector in any spelling, or a whole line)."),
        { [unowned self] expectations, call, _ in
          try expectations.never(try knownSelectorOrLine(call.string(1)))
        }
      ),
      (
        .function(
          "log", in: "expect", ["text: string"],
          "A console line UIKit logged since the checkpoint contains the text."),
        { expectations, call, _ in try expectations.log(try call.string(1)) }
      ),
      (
        .function(
          "exception", in: "expect", ["text: string"],
          "An uncaught exception since the checkpoint contains the text; it is claimed, so it does not fail the scenario."
        ), { expectations, call, _ in try expectations.exception(try call.string(1)) }
      ),
      (
        .function(
          "golden", in: "expect", ["name: string?"],
          "The whole trace so far equals the golden file beside the scenario (`launch.trace`, or `launch.NAME.trace`); with `--record` it is written instead."
        ), { [unowned self] _, call, location in try golden(call, at: location) }
      ),
    ]
    var table: [String: LuaValue] = [:]
    for (symbol, check) in checks {
      table[symbol.name] = try interface.function(symbol, in: lua) { [unowned self] call in
        // `file.lua:12: `, as Lua puts it in front of an error message.
        let location = call.location()
        do {
          try check(&expectations, call, String(location.dropLast(2)))
        } catch let failure as ExpectationFailure {
          let failed = FailedExpectation(location: String(location.dropLast(2)), failure: failure)
          failures.append(failed)
          if expectationsFail { throw LuaError(.runtime, failed.message) }
        }
      }
    }
    try interface.setLibrary(
      "expect", in: lua, fields: table,
      "Expectations over the trace since the checkpoint; a failure names the file and line and shows the difference."
    )
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
