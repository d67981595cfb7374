import AppLifecycle
import LuaBridge

/// Compares two Lua values by content, as `expect.equal` does, and writes them as lines for a
/// diff (Documentation/Reference/scenario-language.md#expectations).
///
/// Tables are equal when they have the same keys with equal values, read raw (metatables play
/// no part); a key that is a table, a function or an object is the same one. Everything else is
/// equal as Lua's `rawequal` says (`1 == 1.0`). A table that contains itself is compared once
/// per pair of tables, so cycles end; tables nested deeper than `maximumDepth` are an error.
struct ValueComparison {
  unowned let lua: LuaState
  /// The expectation, for messages: `expect.equal`.
  let expectation: String

  /// Deeper tables are refused: far deeper than data a scenario compares, and the walk recurses.
  static let maximumDepth = 100
  /// At most this many lines of each value are shown; the first difference is always named.
  static let maximumLines = 400

  /// Where two values first differ: the path from the top (`.items[2]`, empty for the values
  /// themselves) and the value on each side there (nil: the key is missing).
  struct Difference {
    var path: String
    var expected: LuaValue?
    var actual: LuaValue?
  }

  private struct Pair: Hashable {
    var actual: UnsafeRawPointer
    var expected: UnsafeRawPointer
  }

  /// Nil when `actual` equals `expected`.
  func difference(_ actual: LuaValue, _ expected: LuaValue) throws -> Difference? {
    var compared: Set<Pair> = []
    return try difference(actual, expected, at: "", depth: 0, compared: &compared)
  }

  private func difference(
    _ actual: LuaValue, _ expected: LuaValue, at path: String, depth: Int,
    compared: inout Set<Pair>
  ) throws -> Difference? {
    let found = Difference(path: path, expected: expected, actual: actual)
    guard case .table(let actualTable) = actual, case .table(let expectedTable) = expected else {
      return try isSame(actual, expected) ? nil : found
    }
    guard depth < Self.maximumDepth else {
      throw LuaScriptError(
        "\(expectation): the tables nest more than \(Self.maximumDepth) deep (at \(Self.shown(path)))"
      )
    }
    guard let actualAddress = try lua.address(of: actualTable),
      let expectedAddress = try lua.address(of: expectedTable)
    else { return found }
    // A pair met before is equal unless a difference was found, which ends the walk: so a table
    // that contains itself is compared once.
    guard actualAddress != expectedAddress,
      compared.insert(Pair(actual: actualAddress, expected: expectedAddress)).inserted
    else { return nil }
    let actualEntries = try sorted(lua.entries(of: actualTable))
    let expectedEntries = try sorted(lua.entries(of: expectedTable))
    var actualByKey: [Key: LuaValue] = [:]
    for entry in actualEntries { actualByKey[try identity(entry.key)] = entry.value }
    var expectedKeys: Set<Key> = []
    for (key, value) in expectedEntries {
      let id = try identity(key)
      expectedKeys.insert(id)
      let inner = try Self.path(path, key, lua: lua)
      guard let other = actualByKey[id] else {
        return Difference(path: inner, expected: value, actual: nil)
      }
      if let difference = try difference(
        other, value, at: inner, depth: depth + 1, compared: &compared)
      {
        return difference
      }
    }
    for (key, value) in actualEntries where !expectedKeys.contains(try identity(key)) {
      return Difference(path: try Self.path(path, key, lua: lua), expected: nil, actual: value)
    }
    return nil
  }

  /// `rawequal`: the same value, or the same table, function or object.
  func isSame(_ actual: LuaValue, _ expected: LuaValue) throws -> Bool {
    switch (actual, expected) {
    case (.nil, .nil): true
    case (.boolean(let a), .boolean(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.integer, .number), (.number, .integer), (.number, .number):
      Self.number(actual) == Self.number(expected)
    case (.object(let a, _), .object(let b, _)): a === b
    case (.table(let a), .table(let b)), (.function(let a), .function(let b)),
      (.thread(let a), .thread(let b)), (.userdata(let a), .userdata(let b)):
      try lua.address(of: a) == lua.address(of: b)
    case (.lightUserdata(let a), .lightUserdata(let b)): a == b
    default: false
    }
  }

  /// A number as Lua compares it: an integer exactly, a float by its value.
  private static func number(_ value: LuaValue) -> Double? {
    switch value {
    case .integer(let number): Double(exactly: number) ?? .nan
    case .number(let number): number
    default: nil
    }
  }

  /// What a key stands for: its value, or the identity of a table, function or object.
  private enum Key: Hashable {
    case flag(Bool)
    case integer(Int)
    case number(Double)
    case text(String)
    case address(UnsafeRawPointer?)
    case object(ObjectIdentifier)
  }

  private func identity(_ key: LuaValue) throws -> Key {
    switch key {
    case .boolean(let flag): .flag(flag)
    case .integer(let number): .integer(number)
    case .number(let number): .number(number)
    case .string(let text): .text(text)
    case .object(let object, _): .object(ObjectIdentifier(object))
    case .table(let reference), .function(let reference), .thread(let reference),
      .userdata(let reference):
      .address(try lua.address(of: reference))
    case .lightUserdata(let pointer): .address(pointer.map { UnsafeRawPointer($0) })
    case .nil: .address(nil)
    }
  }

  // MARK: Writing values

  /// The value as lines: a table as `{`, a `key = value,` line per entry (nested tables
  /// indented), `}`; a table already open around it as `<cycle: .path>`. At most
  /// `maximumLines` lines, the last saying how many were left out.
  func lines(_ value: LuaValue) throws -> [String] {
    var lines: [String] = []
    var open: [UnsafeRawPointer: String] = [:]
    try write(value, key: nil, path: "", indent: "", open: &open, into: &lines)
    if lines.count > Self.maximumLines {
      let left = lines.count - Self.maximumLines + 1
      lines = lines.prefix(Self.maximumLines - 1) + ["… \(left) more lines"]
    }
    return lines
  }

  private func write(
    _ value: LuaValue, key: LuaValue?, path: String, indent: String,
    open: inout [UnsafeRawPointer: String], into lines: inout [String]
  ) throws {
    let label = try key.map { try Self.label($0, lua: lua) } ?? ""
    let comma = key == nil ? "" : ","
    guard lines.count <= Self.maximumLines else { return }
    guard case .table(let table) = value, open.count < Self.maximumDepth else {
      lines.append(indent + label + (try describe(value)) + comma)
      return
    }
    let address = try lua.address(of: table)
    if let address, let outer = open[address] {
      lines.append(indent + label + "<cycle: \(outer.isEmpty ? "the top" : outer)>" + comma)
      return
    }
    let entries = try sorted(lua.entries(of: table))
    guard !entries.isEmpty else {
      lines.append(indent + label + "{}" + comma)
      return
    }
    if let address { open[address] = path }
    defer { if let address { open[address] = nil } }
    lines.append(indent + label + "{")
    for (key, field) in entries {
      try write(
        field, key: key, path: try Self.path(path, key, lua: lua), indent: indent + "  ",
        open: &open, into: &lines)
    }
    lines.append(indent + "}" + comma)
  }

  /// A value in one line: a string quoted and clipped, a table as `{…}`, an object as
  /// `tostring` writes it.
  func describe(_ value: LuaValue) throws -> String {
    switch value {
    case .nil, .boolean, .integer, .number: value.description
    case .string(let text): Self.quoted(text)
    case .table: "{…}"
    case .function: "function"
    case .thread: "thread"
    case .object, .userdata, .lightUserdata: try lua.describe(value).clippedForMessage
    }
  }

  /// A string as Lua source writes it, control characters escaped, clipped when huge.
  static func quoted(_ text: String) -> String {
    let escaped = text.clippedForMessage.flatMap {
      $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0]
    }
    return "\"" + GoldenTrace.fileLine(String(escaped)) + "\""
  }

  /// Entries in a fixed order: the keys 1 to n first, then other numbers, strings, booleans,
  /// and the rest as `tostring` writes them.
  private func sorted(_ entries: [(key: LuaValue, value: LuaValue)]) throws
    -> [(key: LuaValue, value: LuaValue)]
  {
    func rank(_ key: LuaValue) -> (Int, Double, String) {
      switch key {
      case .integer(let number): (0, Double(number), "")
      case .number(let number): (0, number, "")
      case .string(let text): (1, 0, text)
      case .boolean(let flag): (2, flag ? 1 : 0, "")
      default: (3, 0, key.typeName)
      }
    }
    return entries.sorted { rank($0.key) < rank($1.key) }
  }

  /// `name = `, `[2] = `, `["two words"] = `.
  private static func label(_ key: LuaValue, lua: LuaState) throws -> String {
    if case .string(let text) = key, isName(text) { return text + " = " }
    return "[" + (try keyText(key, lua: lua)) + "] = "
  }

  /// The path of `key` inside `base`: `.name`, `[2]`, `["two words"]`.
  static func path(_ base: String, _ key: LuaValue, lua: LuaState) throws -> String {
    if case .string(let text) = key, isName(text) { return base + "." + text }
    return base + "[" + (try keyText(key, lua: lua)) + "]"
  }

  private static func keyText(_ key: LuaValue, lua: LuaState) throws -> String {
    switch key {
    case .string(let text): quoted(text)
    case .table: "table"
    default: try ValueComparison(lua: lua, expectation: "").describe(key)
    }
  }

  private static func isName(_ text: String) -> Bool {
    // A huge name is quoted, so that it is clipped.
    guard let first = text.utf8.first, !(48...57).contains(first), text.utf8.count <= 80 else {
      return false
    }
    return text.utf8.allSatisfy {
      $0 == UInt8(ascii: "_") || (48...57).contains($0) || (65...90).contains($0)
        || (97...122).contains($0)
    }
  }

  /// A path as messages show it: `the top` for the values themselves, clipped when huge.
  static func shown(_ path: String) -> String { path.isEmpty ? "the top" : path.clippedForMessage }
}
