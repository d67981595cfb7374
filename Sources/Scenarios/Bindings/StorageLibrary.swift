import AppLifecycle
import LuaBridge

/// The `storage` library (the files of the app's container) and the `keychain` library (the
/// app's keychain items): what the device keeps for the app across its processes, for the app's
/// code in its callbacks and for the scenario between events
/// (Documentation/Reference/scenario-language.md#persistent-storage).
struct StorageLibrary {
  unowned let lua: LuaState
  let device: Device
  let interface: ScriptInterface

  func register() throws {
    try registerFiles()
    try registerKeychain()
  }

  /// A path argument: a string that names a place in the container, or an error that says why
  /// it does not.
  private func path(_ call: LuaCall, _ function: String) throws -> ContainerPath {
    let text = try name(call)
    do {
      return try ContainerPath(text)
    } catch {
      throw LuaScriptError("\(function): \(error.reason)")
    }
  }

  private func registerFiles() throws {
    var table = LuaFields()
    interface.function(
      .function(
        "write", in: "storage", ["path: string", "data: string", "options: {atomic: boolean?}?"],
        "Writes a file in the app's container (`\"Documents/draft.txt\"`), making its folders; it is on the device when the call returns, and survives the app's process (see Documentation/UIKit/storage.md#files-in-the-container)."
      ), into: &table
    ) { [self] call in
      let path = try path(call, "storage.write")
      let data = try call.string(2)
      // Both kinds of write are whole when the call returns, and a process never ends in the
      // middle of one: the option is checked, and changes nothing the model can show (§20.3).
      _ = try OptionsTable(call, 3, "storage.write", ["atomic"], in: lua).optionalBoolean("atomic")
      do {
        try device.writeFile(data, at: path)
      } catch let error as LifecycleError {
        throw LuaScriptError("storage.write: \(error.message)")
      }
    }
    interface.function(
      .function(
        "read", in: "storage", ["path: string"], returns: "string?",
        "The contents of a file in the app's container, or nil when there is none."),
      into: &table
    ) { [self] call in
      let path = try path(call, "storage.read")
      try call.push(device.readFile(at: path).map { LuaValue.string($0) } ?? .nil)
    }
    interface.function(
      .function(
        "remove", in: "storage", ["path: string"], returns: "boolean",
        "Removes a file, or a folder with everything in it; false when there was nothing there."),
      into: &table
    ) { [self] call in
      try call.push(device.removeItem(at: try path(call, "storage.remove")))
    }
    interface.function(
      .function(
        "exists", in: "storage", ["path: string"], returns: "boolean",
        "Whether a file or a folder is at the path."),
      into: &table
    ) { [self] call in
      try call.push(device.itemExists(at: try path(call, "storage.exists")))
    }
    interface.function(
      .function(
        "list", in: "storage", returns: "string[]",
        "The paths of every file in the app's container, sorted."),
      into: &table
    ) { [self] call in
      try call.push(.table(try lua.table(array: device.filePaths.map { .string($0) })))
    }
    interface.setLibrary(
      "storage", fields: table,
      "The files of the app's container: the device keeps them across the app's processes; `device.reinstall()` deletes them."
    )
  }

  /// The first argument, a name: a string, not a number Lua would turn into one (a number
  /// where a path or a key belongs is a mistake).
  private func name(_ call: LuaCall) throws -> String {
    guard case .string(let text) = try call.value(1) else {
      throw LuaArgumentError(index: 1, "string expected, got \(call.typeName(at: 1))")
    }
    return text
  }

  /// A keychain key argument: a string that is not empty.
  private func key(_ call: LuaCall, _ function: String) throws -> String {
    let key = try name(call)
    guard !key.isEmpty else {
      throw LuaScriptError("\(function): the key is empty; name the item, like \"token\"")
    }
    return key
  }

  private func registerKeychain() throws {
    var table = LuaFields()
    interface.function(
      .function(
        "set", in: "keychain", ["key: string", "value: string"],
        "Stores a keychain item (a generic password); it survives the app's processes and its deletion (see Documentation/UIKit/storage.md#the-keychain)."
      ), into: &table
    ) { [self] call in
      let key = try key(call, "keychain.set")
      try device.setKeychainItem(try call.string(2), forKey: key)
    }
    interface.function(
      .function(
        "get", in: "keychain", ["key: string"], returns: "string?",
        "The keychain item, or nil when there is none."),
      into: &table
    ) { [self] call in
      try call.push(
        device.keychainItem(forKey: try key(call, "keychain.get")).map { .string($0) } ?? .nil)
    }
    interface.function(
      .function(
        "remove", in: "keychain", ["key: string"], returns: "boolean",
        "Deletes the keychain item; false when there was none."),
      into: &table
    ) { [self] call in
      let key = try key(call, "keychain.remove")
      let existed = device.keychainItem(forKey: key) != nil
      try device.setKeychainItem(nil, forKey: key)
      try call.push(existed)
    }
    interface.setLibrary(
      "keychain", fields: table,
      "The app's keychain items: they survive the app's processes and `device.reinstall()`.")
  }
}
