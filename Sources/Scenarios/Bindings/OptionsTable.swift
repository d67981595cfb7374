import AppLifecycle
import LuaBridge

/// The options table of a library function (`device.push(payload, { content_available = true })`,
/// `expect.called(line, { times = 1 })`): only the named keys, each of its type, or an error
/// naming the function.
struct OptionsTable {
  var action: String
  var values: [String: LuaValue] = [:]

  /// The table at `index` of `call` (nil or absent: no options); a key not in `known` is an
  /// error listing them.
  init(
    _ call: LuaCall, _ index: Int, _ action: String, _ known: [String], in lua: LuaState
  ) throws {
    self.action = action
    guard !call.isNil(index) else { return }
    for (key, value) in try lua.entries(of: try call.table(index)) {
      guard case .string(let name) = key, known.contains(name) else {
        throw LuaScriptError(
          "\(action): unknown option \(Self.shown(key)); the options are \(known.joined(separator: ", "))"
        )
      }
      values[name] = value
    }
  }

  /// A key as a message shows it, clipped when huge.
  private static func shown(_ key: LuaValue) -> String {
    if case .string(let name) = key { return name.clippedForMessage }
    return key.description
  }

  func string(_ key: String) throws -> String? {
    switch values[key] {
    case nil, .nil?: return nil
    case .string(let text)?: return text
    default: throw LuaScriptError("\(action): \(key) must be a string")
    }
  }

  func boolean(_ key: String) throws -> Bool {
    try optionalBoolean(key) ?? false
  }

  /// nil when the option is not given.
  func optionalBoolean(_ key: String) throws -> Bool? {
    switch values[key] {
    case nil, .nil?: return nil
    case .boolean(let flag)?: return flag
    default: throw LuaScriptError("\(action): \(key) must be true or false")
    }
  }

  /// nil when the option is not given; a number that is not a whole one, or is below `minimum`,
  /// is an error.
  func optionalInteger(_ key: String, minimum: Int) throws -> Int? {
    var number: Int?
    switch values[key] {
    case nil, .nil?: return nil
    case .integer(let value)?: number = value
    case .number(let value)? where value.rounded() == value: number = Int(exactly: value)
    default: break
    }
    guard let number, number >= minimum else {
      throw LuaScriptError("\(action): \(key) must be a whole number of at least \(minimum)")
    }
    return number
  }
}
