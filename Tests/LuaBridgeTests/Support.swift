import LuaBridge
import Testing

/// Counts live instances, so tests can prove that Lua released every Swift object it held.
final class LiveCounter: @unchecked Sendable {
  private(set) var live = 0
  private(set) var created = 0

  func increment() {
    live += 1
    created += 1
  }

  func decrement() { live -= 1 }
}

final class Counter {
  let tracker: LiveCounter
  var value = 0

  init(tracker: LiveCounter) {
    self.tracker = tracker
    tracker.increment()
  }

  deinit { tracker.decrement() }
}

/// A Lua state with the usual test limits and the sandbox installed.
func makeState(limits: LuaState.Limits = LuaState.Limits(), sandbox: LuaSandbox? = nil) throws
  -> LuaState
{
  let state = try LuaState(limits: limits)
  if let sandbox { try state.install(sandbox) }
  return state
}

/// Runs `source` and returns its first result.
func evaluate(_ state: LuaState, _ source: String) throws -> LuaValue {
  try state.run(source, chunkName: "=test").first ?? .nil
}

/// The error that running `source` throws.
func failure(_ state: LuaState, _ source: String) -> LuaError? {
  do {
    try state.run(source, chunkName: "=test")
    return nil
  } catch let error as LuaError {
    return error
  } catch {
    return LuaError(.runtime, "unexpected error type: \(error)")
  }
}

extension LuaValue {
  var asString: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  var asInteger: Int? {
    if case .integer(let value) = self { return value }
    return nil
  }

  var asBoolean: Bool? {
    if case .boolean(let value) = self { return value }
    return nil
  }
}
