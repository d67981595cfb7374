import AppLifecycle
import LuaBridge

/// Reads a Lua table as a remote notification's payload: JSON, as APNs carries it
/// (Documentation/UIKit/background-launches.md#what-lifescript-models). A table is a JSON object
/// (string keys) or array (the keys 1 to n); its values are strings, finite numbers, booleans
/// and such tables. A table that contains itself, one nested deeper than `maximumDepth`, or a
/// payload larger than APNs accepts is an error naming the place, never a crash.
struct NotificationPayloadReader {
  unowned let lua: LuaState
  /// The device action, for messages: `device.push`.
  let action: String
  /// Bytes of compact JSON read so far.
  private(set) var size = 0

  /// Tables nested deeper than this are refused: lifescript's limit, far above real payloads.
  static let maximumDepth = 32

  init(lua: LuaState, action: String) {
    self.lua = lua
    self.action = action
  }

  /// The payload table as the app receives it: a dictionary of runtime values.
  mutating func payload(_ table: LuaReference) throws -> [String: RuntimeValue] {
    guard case .dictionary(let fields) = try value(of: table, at: "payload", depth: 1, open: [:])
    else {
      throw LuaScriptError(
        "\(action): the payload is a list; a payload is a table with string keys, like { aps = { [\"content-available\"] = 1 } }"
      )
    }
    return fields
  }

  /// A table: an object or an array. `open` holds the tables being read around it, to find one
  /// that contains itself.
  private mutating func value(
    of table: LuaReference, at path: String, depth: Int, open: [UnsafeRawPointer: String]
  ) throws -> RuntimeValue {
    guard depth <= Self.maximumDepth else {
      throw LuaScriptError(
        "\(action): the payload nests tables more than \(Self.maximumDepth) deep (at \(path))")
    }
    var open = open
    if let address = try lua.address(of: table) {
      if let outer = open[address] {
        throw LuaScriptError(
          "\(action): \(path) is \(outer) itself; a payload is JSON, which cannot contain itself")
      }
      open[address] = path
    }
    let entries = try lua.entries(of: table)
    if !entries.isEmpty, entries.allSatisfy({ if case .integer = $0.key { true } else { false } }) {
      return try array(entries, at: path, depth: depth, open: open)
    }
    var fields: [String: RuntimeValue] = [:]
    try grow(by: 2 + max(0, entries.count - 1))  // {}, and the commas
    for (key, field) in entries {
      guard case .string(let name) = key else {
        throw LuaScriptError(
          "\(action): \(path) has the key \(key.description) (\(key.typeName)); a payload table has string keys (a JSON object) or the keys 1 to n (a JSON array)"
        )
      }
      try grow(by: Self.jsonSize(of: name) + 1)
      fields[name] = try self.field(field, at: Self.path(path, name), depth: depth, open: open)
    }
    return .dictionary(fields)
  }

  /// A table whose keys are all integers: a JSON array if they are 1 to n.
  private mutating func array(
    _ entries: [(key: LuaValue, value: LuaValue)], at path: String, depth: Int,
    open: [UnsafeRawPointer: String]
  ) throws -> RuntimeValue {
    var items = [RuntimeValue](repeating: .nil, count: entries.count)
    try grow(by: 2 + entries.count - 1)
    for (key, item) in entries {
      guard case .integer(let index) = key, (1...entries.count).contains(index) else {
        throw LuaScriptError(
          "\(action): \(path) has the key \(key.description), not one of 1 to \(entries.count); a payload list is a sequence (a JSON array)"
        )
      }
      items[index - 1] = try field(item, at: "\(path)[\(index)]", depth: depth, open: open)
    }
    return .array(items)
  }

  /// One value of a table.
  private mutating func field(
    _ value: LuaValue, at path: String, depth: Int, open: [UnsafeRawPointer: String]
  ) throws -> RuntimeValue {
    switch value {
    case .string(let text):
      try grow(by: Self.jsonSize(of: text))
      return .string(text)
    case .integer(let number):
      try grow(by: String(number).utf8.count)
      return .int(number)
    case .number(let number) where number.isFinite:
      try grow(by: "\(number)".utf8.count)
      return .double(number)
    case .boolean(let flag):
      try grow(by: flag ? 4 : 5)
      return .bool(flag)
    case .table(let table):
      return try self.value(of: table, at: path, depth: depth + 1, open: open)
    case .number(let number):
      let name = number.isNaN ? "NaN" : number > 0 ? "inf" : "-inf"
      throw LuaScriptError(
        "\(action): \(path) is \(name), which JSON cannot carry; a payload holds strings, finite numbers, booleans and tables"
      )
    case .nil, .function, .thread, .userdata, .lightUserdata, .object:
      throw LuaScriptError(
        "\(action): \(path) is a \(value.typeName), which JSON cannot carry; a payload holds strings, finite numbers, booleans and tables"
      )
    }
  }

  /// Counts bytes of JSON, failing as soon as the payload is larger than APNs accepts.
  private mutating func grow(by bytes: Int) throws {
    size += bytes
    guard size <= RemoteNotification.maximumPayloadSize else {
      throw LuaScriptError(
        "\(action): the payload is more than \(RemoteNotification.maximumPayloadSize) bytes of JSON, which APNs refuses (Apple, \"Generating a remote notification\")"
      )
    }
  }

  /// A string's size in JSON: quoted, with `"`, `\` and control characters escaped.
  static func jsonSize(of text: String) -> Int {
    var size = 2
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x09, 0x0A, 0x0C, 0x0D: size += 2
      case 0..<0x20: size += 6
      default: size += 1
      }
    }
    return size
  }

  /// `payload.aps`, `payload["content-available"]`.
  static func path(_ base: String, _ key: String) -> String {
    let isName =
      !key.isEmpty
      && key.utf8.allSatisfy {
        $0 == UInt8(ascii: "_") || (48...57).contains($0) || (65...90).contains($0)
          || (97...122).contains($0)
      }
      && !(48...57).contains(key.utf8.first!)
    return isName ? "\(base).\(key)" : "\(base)[\"\(key)\"]"
  }
}
