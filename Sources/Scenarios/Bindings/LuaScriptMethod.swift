import AppLifecycle
import LuaBridge

/// A method of a script class: the Lua function `function Class:name(...) end`, called with the
/// receiver as `self` and the message's arguments.
final class LuaScriptMethod: ScriptMethod {
  let function: LuaReference
  unowned let bindings: RuntimeBindings

  init(_ function: LuaReference, bindings: RuntimeBindings) {
    self.function = function
    self.bindings = bindings
  }

  func invoke(_ message: Message) throws -> RuntimeValue {
    let bindings = bindings
    do {
      let result = try bindings.lua.callReturningFirst(function) { arguments in
        try arguments.push(.object(message.receiver, bindings.objectType))
        for argument in message.arguments { try arguments.push(try bindings.luaValue(argument)) }
      }
      if UIKitProtocols.booleanSelectors.contains(message.selector) {
        bindings.checkBoolean(result, returnedBy: message)
      }
      return bindings.runtimeValue(result)
    } catch let error as LuaError {
      // An Objective-C exception raised inside the method unwinds as itself (only if this error
      // is that exception: a script may have caught it with pcall and failed differently).
      if let inFlight = bindings.exceptionInFlight {
        bindings.exceptionInFlight = nil
        if error.message.hasSuffix(inFlight.description) { throw inFlight.error }
      }
      // The innermost method names itself in the report: selector, receiver, virtual time.
      if bindings.failedMethod?.message != error.message {
        bindings.failedMethod = (
          error.message,
          "in \(message.receiver.isa.name).\(message.selector) at \(bindings.device.now) of virtual time"
        )
      }
      throw error
    }
  }
}
