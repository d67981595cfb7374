import AppLifecycle
import LuaBridge

/// A scenario's device host: the app's blocks are Lua functions, called as the app's code; its
/// lists and tables are Lua tables; warnings go through the scenario's warning policy; and a
/// script's objects live as long as Lua references them, so releasing unreferenced objects is a
/// collection (Documentation/UIKit/windows-and-view-controllers.md#window-lifetime).
final class ScenarioHost: NativeHost {
  private let lua: LuaState
  private let bindings: RuntimeBindings
  private let warnings: WarningGate

  init(lua: LuaState, bindings: RuntimeBindings, warnings: WarningGate) {
    self.lua = lua
    self.bindings = bindings
    self.warnings = warnings
  }

  override func call(_ block: RuntimeValue, _ arguments: [RuntimeValue]) throws {
    if case .object(let native as NativeBlock) = block {
      try native.call(arguments)
      return
    }
    guard case .host(let host as LuaHostValue) = block, case .function(let function) = host.value
    else { return }
    try lua.callAsApp(function, try arguments.map { try bindings.luaValue($0) })
  }

  override func isBlock(_ value: RuntimeValue) -> Bool {
    if case .object(_ as NativeBlock) = value { return true }
    guard case .host(let host as LuaHostValue) = value, case .function = host.value else {
      return false
    }
    return true
  }

  override func list(_ value: RuntimeValue) -> [RuntimeValue]? {
    guard let entries = tableEntries(value) else { return nil }
    var byIndex: [Int: LuaValue] = [:]
    for entry in entries {
      guard case .integer(let index) = entry.key else { return nil }
      byIndex[index] = entry.value
    }
    let items = (0..<byIndex.count).compactMap { byIndex[$0 + 1] }
    return items.count == byIndex.count ? items.map(bindings.runtimeValue) : nil
  }

  override func fields(_ value: RuntimeValue) -> [String: RuntimeValue]? {
    guard let entries = tableEntries(value) else { return nil }
    var fields: [String: RuntimeValue] = [:]
    for entry in entries {
      guard case .string(let name) = entry.key else { return nil }
      fields[name] = bindings.runtimeValue(entry.value)
    }
    return fields
  }

  override func identity(_ value: RuntimeValue) -> Int? {
    guard case .host(let host as LuaHostValue) = value, case .table(let table) = host.value,
      let address = try? lua.address(of: table)
    else { return nil }
    return Int(bitPattern: address)
  }

  override func typeName(_ value: RuntimeValue) -> String {
    guard case .host(let host as LuaHostValue) = value else { return "value" }
    return host.value.typeName
  }

  override func warn(_ warning: Warning) { warnings.give(warning) }

  override func releaseUnreferencedObjects() { lua.collectGarbage() }

  /// The entries of a Lua table the runtime carries; nil for any other value.
  private func tableEntries(_ value: RuntimeValue) -> [(key: LuaValue, value: LuaValue)]? {
    guard case .host(let host as LuaHostValue) = value, case .table(let table) = host.value
    else { return nil }
    return try? lua.entries(of: table)
  }
}
