import AppLifecycle
import LuaBridge

/// The globals a script runs the app with: the entry points (`UIApplicationMain`, `main`,
/// `autoreleasepool`, `CommandLine`), time on the main thread (`busy`, `wait`) and `trace`
/// (Documentation/Reference/scenario-language.md#entry-point).
///
/// Registered in three steps, around the `device` library, so that `lifescript types` lists the
/// names in the order scripts meet them.
struct GlobalBindings {
  unowned let lua: LuaState
  let device: Device
  unowned let runtime: RuntimeBindings
  /// Where each name is recorded as it is registered.
  let interface: ScriptInterface

  // MARK: Entry point

  func registerEntryPoints() throws {
    interface.register(
      .function(
        "UIApplicationMain",
        [
          "argc: integer", "argv: string[]", "principalClassName: string|NSObject|nil",
          "delegateClassName: string|NSObject|nil",
        ],
        overloads: [
          "fun(principalClassName: string|NSObject|nil, delegateClassName: string|NSObject|nil)"
        ],
        "Launches the app (a cold launch from the home screen) and runs the main run loop until idle; later launches run it again. Also the short form `UIApplicationMain(principal, delegate)`. Returns nothing: UIKit's never returns."
      )
    ) { [self] call in
      let first = call.argumentCount >= 4 ? 3 : 1
      try applicationMain(
        principal: try className(call, first), delegate: try className(call, first + 1))
    }
    interface.register(
      .function(
        "main", ["delegate: string|NSObject"],
        "What `@main` and `@UIApplicationMain` generate: `UIApplicationMain(nil, delegate)`; returns nothing."
      )
    ) { [self] call in
      try applicationMain(principal: nil, delegate: try className(call, 1))
    }
    interface.register(
      .function(
        "autoreleasepool", ["body: fun(): any"], returns: "any",
        "An Objective-C main's `@autoreleasepool` block: runs the function and returns its results."
      )
    ) { call in
      for result in try call.call(try call.function(1)) { try call.push(result) }
    }
    let arguments = try lua.table(array: ["lifescript"])
    interface.setGlobal(
      .value(
        "CommandLine", type: "{argc: integer, unsafeArgv: string[]}",
        "Swift's `CommandLine`, for `UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, delegate)`."
      ), .table(try lua.table(fields: ["argc": 1, "unsafeArgv": .table(arguments)])))
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
    try device.applicationMain(principalClassName: principal, delegateClassName: delegate)
  }

  // MARK: Time on the main thread

  func registerTime() throws {
    interface.register(
      .function(
        "busy", ["seconds: number"],
        "Slow work on the main thread: virtual time passes and nothing else runs (past the launch watchdog's allowance, a launch is killed)."
      )
    ) { [self] call in
      let seconds = try Self.seconds(call)
      device.recordAction(ActionLine.time("busy", seconds: seconds))
      try device.busy(seconds)
    }
    interface.register(
      .function(
        "wait", ["seconds: number"],
        "Advances virtual time by that many seconds, running timers and work that falls due.")
    ) { [self] call in
      let seconds = try Self.seconds(call)
      device.recordAction(ActionLine.time("wait", seconds: seconds))
      try device.wait(seconds)
    }
  }

  /// Argument 1 as a duration: a number of seconds, not negative and not NaN (`0/0`).
  static func seconds(_ call: LuaCall) throws -> Double {
    let seconds = try call.number(1)
    guard !seconds.isNaN else {
      throw LuaArgumentError(index: 1, "seconds must be a time, not NaN (0/0)")
    }
    guard seconds >= 0 else { throw LuaArgumentError(index: 1, "seconds must not be negative") }
    return seconds
  }

  // MARK: Trace

  func registerTrace() throws {
    interface.register(
      .function(
        "trace", returns: "string[]",
        "The trace so far, one line each, as expectations and golden traces compare it: without the user's actions and what UIKit skipped."
      )
    ) { [self] call in
      try call.push(.table(try lua.table(array: device.trace.lines().map { .string($0) })))
    }
  }
}
