import AppLifecycle
import LuaBridge

/// A method of a script class: the Lua function `function Class:name(...) end`, called with the
/// receiver as `self` and the message's arguments.
final class LuaScriptMethod: ScriptMethod {
  let function: LuaReference
  /// The scenario's bindings, used without reference counting at each message: the Lua state's
  /// link, checked first, is open only while the scenario, which holds the bindings, lives.
  private let bindings: Unmanaged<RuntimeBindings>
  /// Its Lua state, likewise.
  private let lua: Unmanaged<LuaState>
  private let link: LuaStateLink

  init(_ function: LuaReference, bindings: RuntimeBindings) {
    self.function = function
    self.bindings = .passUnretained(bindings)
    lua = .passUnretained(bindings.lua)
    link = bindings.lua.link
  }

  func invoke(_ message: Message) throws -> RuntimeValue {
    try call(.object(message.receiver), message.selector, message.arguments)
  }

  /// Pushes a runtime object by the slot it keeps (LuaArgumentList.push(_:as:slot:)).
  private static func push(
    _ object: RuntimeObject, as type: LuaObjectTypeBase, on arguments: inout LuaArgumentList
  ) throws {
    var slot = object.hostSlot
    try arguments.push(object, as: type, slot: &slot)
    if slot != object.hostSlot { object.hostSlot = slot }
  }

  func invoke(onClass cls: RuntimeClass, _ selector: Selector, _ arguments: [RuntimeValue])
    throws -> RuntimeValue
  {
    try call(.class(cls), selector, arguments)
  }

  /// What a method is sent to: an object, or a class for a class method.
  private enum Receiver {
    case object(RuntimeObject)
    case `class`(RuntimeClass)

    /// Its class's name, or the class's, in a failure or a warning.
    var name: String {
      switch self {
      case .object(let object): object.isa.name
      case .class(let cls): cls.name
      }
    }
  }

  /// Calls the function with `receiver` as `self`.
  private func call(
    _ receiver: Receiver, _ selector: Selector,
    _ messageArguments: [RuntimeValue]
  ) throws -> RuntimeValue {
    guard link.isOpen else {
      throw LuaError(
        .runtime, "\(receiver.name).\(selector) was sent after its scenario ended")
    }
    return try bindings._withUnsafeGuaranteedRef { bindings in
      try lua._withUnsafeGuaranteedRef { lua in
        try call(receiver, selector, messageArguments, bindings: bindings, lua: lua)
      }
    }
  }

  private func call(
    _ receiver: Receiver, _ selector: Selector, _ messageArguments: [RuntimeValue],
    bindings: RuntimeBindings, lua: LuaState
  ) throws -> RuntimeValue {
    do {
      let result = try lua.callReturningFirst(function) { arguments in
        switch receiver {
        case .object(let object): try Self.push(object, as: bindings.objectType, on: &arguments)
        case .class(let cls): try arguments.push(cls, as: bindings.classType)
        }
        for argument in messageArguments {
          // Objects, most arguments of UIKit's callbacks, without making a LuaValue first.
          if case .object(let object) = argument, !(object is NativeBlock) {
            try Self.push(object, as: bindings.objectType, on: &arguments)
          } else {
            try arguments.push(try bindings.luaValue(argument))
          }
        }
      }
      if case .boolean(let flag) = result { return .bool(flag) }
      if UIKitProtocols.booleanSelectors.contains(selector) {
        bindings.checkBoolean(result, returnedBy: "\(receiver.name).\(selector)")
      }
      return bindings.runtimeValue(result)
    } catch var error as LuaError {
      // An Objective-C exception or a kill raised inside the method unwinds as itself: the Lua
      // value that raised it came back unchanged (a script that caught it and failed some other
      // way fails with its own error).
      if let ending = error.swiftError as? any ProcessEnding { throw ending }
      // The innermost method names itself in the report; methods further out see its failure
      // come back as itself and leave it.
      if !(error.swiftError is ScriptMethodFailure) {
        error.swiftError = ScriptMethodFailure(
          context:
            "in \(receiver.name).\(selector) at \(bindings.device.now) of virtual time",
          underlying: error.swiftError)
      }
      throw error
    }
  }
}

/// Where in the app a script method failed, attached to the Lua error it failed with
/// (`LuaError.swiftError`), so that it travels with that error through Lua and Swift frames.
struct ScriptMethodFailure: Error {
  /// `in AppDelegate.applicationDidBecomeActive: at 0s of virtual time`.
  var context: String
  /// The Swift error the Lua error already stood for (a failed expectation, a bad file).
  var underlying: (any Error)?
}

extension LuaState {
  /// Calls a script function as app code (a block, an observer, main-queue work, a timer): an
  /// Objective-C exception or a kill raised inside it comes out as itself, so that it ends the
  /// app as one raised in a method does.
  @discardableResult
  func callAsApp(_ function: LuaReference, _ arguments: [LuaValue] = []) throws -> [LuaValue] {
    do {
      return try call(function, arguments)
    } catch let error as LuaError {
      if let ending = error.swiftError as? any ProcessEnding { throw ending }
      throw error
    }
  }
}
