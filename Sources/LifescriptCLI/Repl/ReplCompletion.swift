import AppLifecycle
import LuaBridge
import Scenarios

/// What Tab offers in the REPL for the line typed so far: the names that begin with the word
/// before the cursor.
///
/// A word alone completes to a global (a function, a table such as `device` or `expect`, a
/// class). After `name.` or `name:` it completes to what that value has: a table's keys
/// (`device.home`), a class's members and methods (`AppDelegate.new`, `UIApplication.shared`),
/// an object's properties, fields and methods (`app:openURL_options_completionHandler`). `name`
/// may be a chain of table fields (`package.loaded`) and of the values classes answer
/// (`UIApplication.shared:`); tables are read raw and class values natively, so completing
/// never runs script code: no metamethod, no property getter a script class defines.
struct ReplCompletion {
  struct Result: Equatable {
    /// The word being completed (what the candidates begin with).
    var word: String
    /// The full names, sorted.
    var candidates: [String]
  }

  let scenario: Scenario

  func complete(_ line: String) -> Result {
    let characters = Array(line.unicodeScalars)
    var start = characters.endIndex
    while start > 0, Self.isIdentifier(characters[start - 1]) { start -= 1 }
    let word = String(String.UnicodeScalarView(characters[start...]))
    guard let names = try? names(before: characters[..<start]) else {
      return Result(word: word, candidates: [])
    }
    let candidates = Set(names.filter { $0.hasPrefix(word) && !$0.hasPrefix("__") }).sorted()
    return Result(word: word, candidates: candidates)
  }

  /// The names that may follow `prefix`: globals, or the members of the value it ends with.
  private func names(before prefix: ArraySlice<Unicode.Scalar>) throws -> [String]? {
    guard let separator = prefix.last, separator == "." || separator == ":" else {
      // A word after a digit or an identifier-like quote is not a name (`1.5`, `"a`).
      if let last = prefix.last, last == "\"" || last == "'" { return nil }
      return try tableKeys(try scenario.lua.global("_G"))
    }
    // The chain of names before the separator: `a.b.c`.
    var end = prefix.endIndex - 1
    var path: [String] = []
    while true {
      var begin = end
      while begin > prefix.startIndex, Self.isIdentifier(prefix[begin - 1]) { begin -= 1 }
      guard begin < end, !Self.isDigit(prefix[begin]) else { return nil }
      path.insert(String(String.UnicodeScalarView(prefix[begin..<end])), at: 0)
      guard begin > prefix.startIndex, prefix[begin - 1] == "." else { break }
      end = begin - 1
    }
    var value = try scenario.lua.global("_G")
    for name in path {
      switch value {
      case .table(let table):
        guard
          let field = try scenario.lua.entries(of: table).first(where: {
            if case .string(name) = $0.key { true } else { false }
          })
        else { return nil }
        value = field.value
      case .object(let cls as RuntimeClass, _)
      where interfaceNames(of: cls.ancestry.map(\.name), where: { $0 == .value }).contains(name):
        // A value a class answers natively (`UIApplication.shared`, `NotificationCenter.default`):
        // no script code runs to read it.
        value = try classValue(value, name)
      default:
        return nil
      }
    }
    return try members(of: value, method: separator == ":")
  }

  /// What `value.` (or `value:` when `method`) may be followed by.
  private func members(of value: LuaValue, method: Bool) throws -> [String] {
    switch value {
    case .table:
      return method ? [] : try tableKeys(value)
    case .object(let cls as RuntimeClass, _):
      let members =
        method
        ? [] : interfaceNames(of: cls.ancestry.map(\.name)) { $0 != .method && $0 != .property }
      return members + selectorNames(Array(cls.ancestry))
    case .object(let object as RuntimeObject, _):
      let classes = Array(object.isa.ancestry)
      if method { return selectorNames(classes) }
      return classes.flatMap(\.properties) + object.instanceVariables.keys
        + selectorNames(classes)
    case .object(_, let type):
      return interfaceNames(of: [type.name]) {
        method ? $0 == .method : $0 != .method
      }
    default:
      return []
    }
  }

  /// `cls[name]`, read through the class's own (native) lookup.
  private func classValue(_ cls: LuaValue, _ name: String) throws -> LuaValue {
    let lua = scenario.lua
    lua.resetInstructionBudget()
    let index = try lua.load("local object, key = ... return object[key]", chunkName: "=complete")
    return try lua.call(index, [cls, .string(name)]).first ?? .nil
  }

  private func tableKeys(_ value: LuaValue) throws -> [String] {
    guard case .table(let table) = value else { return [] }
    return try scenario.lua.entries(of: table).compactMap {
      guard case .string(let key) = $0.key, Self.isName(key) else { return nil }
      return key
    }
  }

  /// The Lua names of the methods the classes implement (`application_didFinishLaunching…`),
  /// without the getters of properties (read as fields).
  private func selectorNames(_ classes: [RuntimeClass]) -> [String] {
    let properties = Set(classes.flatMap(\.properties))
    return classes.flatMap { $0.selectors.map(\.name) }.filter { !properties.contains($0) }.map {
      SelectorSpelling.luaName(of: $0)
    }
  }

  private func interfaceNames(
    of owners: [String], where include: (ScriptInterface.Symbol.Kind) -> Bool
  ) -> [String] {
    scenario.interface.symbols.filter {
      $0.owner.map(owners.contains) == true && include($0.kind)
    }.map(\.name)
  }

  static func isIdentifier(_ character: Unicode.Scalar) -> Bool {
    character == "_" || ("a"..."z").contains(character) || ("A"..."Z").contains(character)
      || isDigit(character)
  }

  private static func isDigit(_ character: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(character)
  }

  private static func isName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, !isDigit(first) else { return false }
    return text.unicodeScalars.allSatisfy(isIdentifier)
  }

  /// The word-break characters libedit is given: everything that ends a name, so the word it
  /// replaces is the one `complete` completes.
  static let wordBreaks = " \t\n\"\\'`@$><=;|&{(.:,)[]+-*/%^#~!?}"
}
