import CLua
import CLuaShim

/// The Swift object behind a Lua function: a box userdata retains it, and clua_trampoline hands
/// it to `dispatchSwiftFunction` on every call.
final class LuaFunctionBox {
  let body: LuaFunctionBody

  init(_ body: @escaping LuaFunctionBody) { self.body = body }
}

/// The Swift side of clua_trampoline. It runs the function and returns its result count, or
/// pushes the error and returns a CLUA_RAISE code; the trampoline raises once this frame is gone.
let dispatchSwiftFunction:
  @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?) -> Int32 =
    { L, function, argument in
      let L = L!
      // The box (its userdata is being called) and the state (running this call) outlive the
      // call: used without retaining them, as every call from Lua otherwise would.
      let box = Unmanaged<LuaFunctionBox>.fromOpaque(function!)
      let owner = clua_host_of(L)!.pointee.owner!
      return Unmanaged<LuaState>.fromOpaque(owner)._withUnsafeGuaranteedRef { state in
        box._withUnsafeGuaranteedRef { box in
          dispatch(L: L, box: box, state: state, argument: argument!)
        }
      }
    }

/// The body of dispatchSwiftFunction.
@inline(__always)
private func dispatch(
  L: OpaquePointer, box: LuaFunctionBox, state: LuaState, argument: UnsafeMutablePointer<Int32>
) -> Int32 {
  guard state.dispatchDepth < LuaState.maximumDispatchDepth else {
    // Recursion through Swift (a method that makes another of its class, a `__tostring` that
    // prints): stop it while Lua can still report it, at the script's line.
    let stack = LuaStack(L: L)
    let location = stack.scriptLocation()
    let message = location.map { "\($0): stack overflow" } ?? "stack overflow"
    return raiseCode(
      for: LuaError(.runtime, message, location: location), stack: stack, state: state,
      argument: argument)
  }
  state.dispatchDepth += 1
  defer { state.dispatchDepth -= 1 }
  var call = LuaCall(L: L, state: state)
  let caller = state.runningThread
  state.runningThread = L
  defer { state.runningThread = caller }
  do {
    try box.body(&call)
    return call.resultCount
  } catch {
    return raiseCode(for: error, stack: LuaStack(L: L), state: state, argument: argument)
  }
}

/// Pushes what Lua should raise for a Swift error, and says how to raise it.
///
/// The Swift error behind it (the thrown error, or the one a rethrown `LuaError` carries) is
/// kept with the value the trampoline raises, so that a protected call the value reaches
/// unchanged gives it back as `LuaError.swiftError`.
private func raiseCode(
  for error: any Error, stack: LuaStack, state: LuaState, argument: UnsafeMutablePointer<Int32>
) -> Int32 {
  let host = clua_host_of(stack.L)!
  var code = Int32(CLUA_RAISE_WHERE)
  var carried: (any Error)? = error
  var location: ScriptLocation?
  let message: String
  switch error {
  case let error as LuaArgumentError:
    // luaL_argerror raises its own text: it cannot be kept, and there is nothing to give back.
    argument.pointee = Int32(clamping: error.index)
    code = Int32(CLUA_RAISE_ARGUMENT)
    message = error.message
    carried = nil
  case let error as LuaError:
    if error.kind == .instructionLimit || error.kind == .interrupted {
      // No value stands for a limit: it comes back by its kind (see carriedWithLimit).
      if let swiftError = error.swiftError { state.carriedWithLimit = swiftError }
      carried = nil
    } else {
      carried = error.swiftError
    }
    if error.kind == .memoryLimit || error.kind == .interrupted { return Int32(CLUA_RAISE_MEMORY) }
    location = error.location
    if let generation = error.generation, generation == host.pointee.error_generation,
      lua_checkstack(stack.L, 2) != 0
    {
      // The failed nested call's own error value: raise it unchanged, keeping its traceback.
      clua_pushlasterror(stack.L)
      carry(carried, at: location, in: state, host: host)
      return Int32(CLUA_RAISE)
    }
    code = Int32(CLUA_RAISE)
    message = error.message
  case let error as LuaScriptError:
    message = error.message
  case let error as any LuaLocatedError:
    code = Int32(CLUA_RAISE)
    message = error.luaMessage
  default:
    message = String(describing: error)
  }
  do {
    try stack.push(message)
  } catch {
    return Int32(CLUA_RAISE_MEMORY)
  }
  if carried != nil, !(error is LuaError) { location = stack.callerLocation() }
  carry(carried, at: location, in: state, host: host)
  return code
}

/// Asks the trampoline to keep the value it raises as the one that stands for `error`, raised
/// at `location`.
private func carry(
  _ error: (any Error)?, at location: ScriptLocation?, in state: LuaState,
  host: UnsafeMutablePointer<clua_host>
) {
  guard let error else { return }
  state.carried = (error, location)
  host.pointee.carry_error = 1
}

/// Collects Lua warnings into whole messages for the state's warningHandler.
let forwardWarning:
  @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32) -> Void =
    { owner, piece, last in
      guard let owner, let piece else { return }
      let state = Unmanaged<LuaState>.fromOpaque(owner).takeUnretainedValue()
      state.receiveWarning(String(cString: piece), last: last != 0)
    }
