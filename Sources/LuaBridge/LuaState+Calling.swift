import CLua
import CLuaShim

extension LuaState {
  /// Calls a Lua function with a protected call and returns all its results.
  @discardableResult
  public func call(_ function: LuaReference, _ arguments: [LuaValue] = []) throws -> [LuaValue] {
    try call(function, arguments, on: stack)
  }

  /// Compiles and runs a chunk; returns its results.
  @discardableResult
  public func run(_ source: String, chunkName: String = "=lua") throws -> [LuaValue] {
    try call(try load(source, chunkName: chunkName))
  }

  /// Calls a Lua function with arguments pushed by `arguments` and returns its first result,
  /// without building argument or result arrays (the hot path of message dispatch).
  public func callReturningFirst(
    _ function: LuaReference, _ arguments: (inout LuaArgumentList) throws -> Void
  ) throws -> LuaValue {
    let stack = self.stack
    return try stack.balanced {
      try protectedCall(
        function, on: stack, results: 1, arguments: arguments,
        read: { _ in try stack.value(at: -1, handle: handle) })
    }
  }

  func call(_ function: LuaReference, _ arguments: [LuaValue], on stack: LuaStack) throws
    -> [LuaValue]
  {
    try stack.balanced { try unbalancedCall(function, arguments, on: stack) }
  }

  private func unbalancedCall(
    _ function: LuaReference, _ arguments: [LuaValue], on stack: LuaStack
  ) throws -> [LuaValue] {
    try protectedCall(
      function, on: stack, results: clua_multret(),
      arguments: { list in for argument in arguments { try list.push(argument) } },
      read: { base in
        var results: [LuaValue] = []
        let top = stack.top
        if top > base { results.reserveCapacity(Int(top - base)) }
        for index in stride(from: base + 1, through: top, by: 1) {
          results.append(try stack.value(at: index, handle: handle))
        }
        return results
      })
  }

  /// The one way Swift calls Lua: pushes the function and its arguments, makes a protected call
  /// expecting `results` results, reads them with `read` (given the index just below the
  /// results: the message handler's slot, above the stack's old top), and leaves
  /// the stack as it was.
  func protectedCall<Result>(
    _ function: LuaReference, on stack: LuaStack, results: Int32,
    arguments: (inout LuaArgumentList) throws -> Void, read: (Int32) throws -> Result
  ) throws -> Result {
    let L = stack.L
    var caller = lua_Debug()
    if lua_getstack(L, 0, &caller) == 0 {
      // Called from the host itself: no error is on its way through Lua.
      host.pointee.memory_limit_hit = 0
      carried = nil
      carriedWithLimit = nil
    }
    let base = stack.top
    try stack.reserve(4)
    // The message handler goes first, below the function, where it stays for the call: cheaper
    // than clua_pcall's moving it under the arguments and back.
    clua_pushmessagehandler(L)
    stack.push(function)
    var list = LuaArgumentList(stack: stack, state: self)
    do {
      try arguments(&list)
    } catch {
      lua_settop(L, base)
      throw error
    }
    let status = clua_pcallhandled(L, list.count, results)
    defer { lua_settop(L, base) }
    guard status == LUA_OK else { throw popError(status: status, on: stack) }
    return try read(base + 1)
  }

  /// Pops the error of a failed clua_pcall, with its traceback, where it was raised, and the
  /// Swift error it stands for when it is the value a Swift function raised.
  func popError(status: Int32, on stack: LuaStack) -> LuaError {
    var error = stack.errorFromTop(status: status)
    if let carried, error.kind == .runtime, clua_israised(stack.L, -1) != 0 {
      error.swiftError = carried.error
      error.location = carried.location
    } else if error.location == nil, error.kind == .runtime || error.kind == .errorHandling {
      error.location = ScriptLocation(host.pointee.error_location)
    } else if error.kind == .instructionLimit || error.kind == .interrupted {
      error.swiftError = carriedWithLimit
    } else if error.kind == .memoryLimit, host.pointee.memory_limit_located != 0 {
      // Where the cap stopped the scripts (see clua_host.memory_limit_location).
      error.location = ScriptLocation(host.pointee.memory_limit_location)
    }
    clua_pushtraceback(stack.L)
    // A memory error without a place has no traceback either: one kept for another error would
    // mislead.
    if error.kind != .memoryLimit || error.location != nil {
      error.traceback = stack.string(at: -1)
    }
    error.generation = host.pointee.error_generation
    clua_pop(stack.L, 2)
    return error
  }
}
