/// A value of an OpenStep ("old-style ASCII") property list, the format Xcode writes
/// `project.pbxproj` in: strings, `<hex data>`, `( arrays, )` and `{ dictionaries = ...; }`.
public indirect enum OpenStepValue: Equatable, Sendable {
  case string(String)
  case data([UInt8])
  case array([OpenStepValue])
  case dictionary([String: OpenStepValue])

  public var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var array: [OpenStepValue]? {
    if case .array(let items) = self { return items }
    return nil
  }

  public var dictionary: [String: OpenStepValue]? {
    if case .dictionary(let entries) = self { return entries }
    return nil
  }
}

/// A place in the text where it cannot be read, and why: `12:5: expected ';' after the value of
/// 'isa', found '}'`.
public struct OpenStepSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// From 1.
  public var line: Int
  /// In bytes from the start of the line, from 1.
  public var column: Int
  public var message: String

  public var description: String { "\(line):\(column): \(message)" }
}

/// Reads an OpenStep property list, as CoreFoundation's old-style reader does
/// (Documentation/Reference/xcode-projects.md#the-project-file): `//` and `/* */` comments are
/// whitespace (so the `// !$*UTF8*$!` header is one), strings are quoted (`"` or `'`, with
/// backslash escapes) or a run of `A-Z a-z 0-9 _ $ / : . -`, every dictionary entry ends with a
/// `;`, array elements are separated by `,` with an optional last one, and `key;` is short for
/// `key = key;`.
///
/// Any bytes give a value or an error with line and column, never a crash: nesting is limited
/// (`maximumDepth`) so a hostile file cannot exhaust the stack, the text must be UTF-8, and the
/// whole input is one value with only whitespace and comments after it. Reading is linear in
/// the input, without backtracking.
public struct OpenStepPropertyList {
  /// Containers inside containers, at most: Xcode's files nest about six deep.
  public static let maximumDepth = 200

  private let bytes: [UInt8]
  private var position = 0
  private var depth = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The one value of the text.
  public static func parse(_ bytes: [UInt8]) throws(OpenStepSyntaxError) -> OpenStepValue {
    var reader = OpenStepPropertyList(bytes)
    if bytes.starts(with: Array("bplist".utf8)) {
      throw reader.error("a binary property list; Xcode writes project files as text", at: 0)
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }  // a UTF-8 byte order mark
    try reader.skipWhitespace()
    guard reader.position < bytes.count else {
      throw reader.error("the file is empty: no property list", at: reader.position)
    }
    if bytes[reader.position] == UInt8(ascii: "<"),
      bytes[reader.position...].starts(with: Array("<?xml".utf8))
        || bytes[reader.position...].starts(with: Array("<plist".utf8))
    {
      throw reader.error(
        "an XML property list; lifescript reads the text format Xcode writes (open and save the project in Xcode to convert it)",
        at: reader.position)
    }
    let value = try reader.value()
    try reader.skipWhitespace()
    if reader.position < bytes.count {
      throw reader.error(
        "\(reader.describe(reader.position)) after the end of the property list",
        at: reader.position)
    }
    return value
  }

  // MARK: Values

  private mutating func value() throws(OpenStepSyntaxError) -> OpenStepValue {
    try skipWhitespace()
    guard position < bytes.count else { throw error("the file ends where a value should be") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return .dictionary(try dictionary())
    case UInt8(ascii: "("): return .array(try array())
    case UInt8(ascii: "<"): return .data(try data())
    case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try quotedString())
    case let byte where Self.isUnquoted(byte): return .string(unquotedString())
    default: throw error("\(describe(position)) where a value should be")
    }
  }

  private mutating func dictionary() throws(OpenStepSyntaxError) -> [String: OpenStepValue] {
    let start = position
    try enter(start)
    defer { depth -= 1 }
    position += 1  // {
    var entries: [String: OpenStepValue] = [:]
    while true {
      try skipWhitespace()
      guard position < bytes.count else {
        throw error("the file ends inside the dictionary that starts at \(place(start))")
      }
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return entries
      }
      let key = try string(what: "a key or '}'")
      try skipWhitespace()
      guard position < bytes.count else {
        throw error("the file ends after the key '\(key)'")
      }
      if bytes[position] == UInt8(ascii: ";") {
        position += 1
        entries[key] = .string(key)
        continue
      }
      guard bytes[position] == UInt8(ascii: "=") else {
        throw error("expected '=' after the key '\(key)', found \(describe(position))")
      }
      position += 1
      entries[key] = try value()
      try skipWhitespace()
      guard position < bytes.count else {
        throw error("the file ends after the value of '\(key)'; expected ';'")
      }
      guard bytes[position] == UInt8(ascii: ";") else {
        throw error("expected ';' after the value of '\(key)', found \(describe(position))")
      }
      position += 1
    }
  }

  private mutating func array() throws(OpenStepSyntaxError) -> [OpenStepValue] {
    let start = position
    try enter(start)
    defer { depth -= 1 }
    position += 1  // (
    var items: [OpenStepValue] = []
    while true {
      try skipWhitespace()
      guard position < bytes.count else {
        throw error("the file ends inside the array that starts at \(place(start))")
      }
      if bytes[position] == UInt8(ascii: ")") {
        position += 1
        return items
      }
      items.append(try value())
      try skipWhitespace()
      guard position < bytes.count else {
        throw error("the file ends inside the array that starts at \(place(start))")
      }
      switch bytes[position] {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: ")"): continue
      default: throw error("expected ',' or ')' in the array, found \(describe(position))")
      }
    }
  }

  /// `<0fa3 b1>`: hex digits in pairs, whitespace between the pairs.
  private mutating func data() throws(OpenStepSyntaxError) -> [UInt8] {
    let start = position
    position += 1  // <
    var result: [UInt8] = []
    var high: UInt8?
    while true {
      try skipWhitespace()
      guard position < bytes.count else {
        throw error("the file ends inside the data that starts at \(place(start))")
      }
      let byte = bytes[position]
      if byte == UInt8(ascii: ">") {
        guard high == nil else { throw error("the data has an odd number of hex digits") }
        position += 1
        return result
      }
      guard let digit = Self.hexValue(byte) else {
        throw error("\(describe(position)) in data; expected hex digits or '>'")
      }
      if let first = high {
        result.append(first << 4 | digit)
        high = nil
      } else {
        high = digit
      }
      position += 1
    }
  }

  /// A key, or a string where only a string may be.
  private mutating func string(what expected: String) throws(OpenStepSyntaxError) -> String {
    let byte = bytes[position]
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try quotedString() }
    if Self.isUnquoted(byte) { return unquotedString() }
    throw error("expected \(expected), found \(describe(position))")
  }

  private mutating func unquotedString() -> String {
    let start = position
    while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  /// A string between `"` or `'`, with CoreFoundation's escapes: `\n \t \r \a \b \f \v`, `\\`,
  /// the quotes, up to three octal digits, `\U` with up to four hex digits, and any other
  /// character as itself.
  private mutating func quotedString() throws(OpenStepSyntaxError) -> String {
    let start = position
    let quote = bytes[position]
    position += 1
    var runStart = position
    var scalars = String.UnicodeScalarView()
    var text: [UInt8] = []  // plain bytes since the last escape
    while true {
      guard position < bytes.count else {
        throw error("the file ends inside the string that starts at \(place(start))", at: start)
      }
      let byte = bytes[position]
      if byte == quote {
        text.append(contentsOf: bytes[runStart..<position])
        position += 1
        guard let plain = String(validating: text, as: UTF8.self) else {
          throw error("the string is not valid UTF-8", at: start)
        }
        if scalars.isEmpty { return plain }
        scalars.append(contentsOf: plain.unicodeScalars)
        return String(scalars)
      }
      guard byte == UInt8(ascii: "\\") else {
        position += 1
        continue
      }
      text.append(contentsOf: bytes[runStart..<position])
      position += 1
      guard position < bytes.count else {
        throw error("the file ends inside the string that starts at \(place(start))", at: start)
      }
      // Text before the escape, then the escaped character.
      guard let plain = String(validating: text, as: UTF8.self) else {
        throw error("the string is not valid UTF-8", at: start)
      }
      scalars.append(contentsOf: plain.unicodeScalars)
      text.removeAll(keepingCapacity: true)
      scalars.append(try escapedScalar())
      runStart = position
    }
  }

  /// The character after a backslash; `position` is on it.
  private mutating func escapedScalar() throws(OpenStepSyntaxError) -> Unicode.Scalar {
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var value = UInt32(byte - UInt8(ascii: "0"))
      var digits = 1
      while digits < 3, position < bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position])
      {
        value = value << 3 | UInt32(bytes[position] - UInt8(ascii: "0"))
        position += 1
        digits += 1
      }
      // CoreFoundation reads the byte in the NeXTSTEP encoding; below 0x80 it is ASCII.
      return Unicode.Scalar(value & 0xFF) ?? "\u{FFFD}"
    case UInt8(ascii: "U"):
      var value: UInt32 = 0
      var digits = 0
      while digits < 4, position < bytes.count, let digit = Self.hexValue(bytes[position]) {
        value = value << 4 | UInt32(digit)
        position += 1
        digits += 1
      }
      return Unicode.Scalar(value) ?? "\u{FFFD}"
    case UInt8(ascii: "a"): return "\u{07}"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "v"): return "\u{0B}"
    case 0x80...:
      // A character that is not ASCII: the whole UTF-8 sequence is the character.
      position -= 1
      let start = position
      position += 1
      while position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }
      guard let text = String(validating: bytes[start..<position], as: UTF8.self),
        let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1
      else { throw error("the string is not valid UTF-8", at: start) }
      return scalar
    default: return Unicode.Scalar(byte)
    }
  }

  // MARK: Whitespace and comments

  /// Skips spaces, tabs, line ends, `// …` to the end of the line and `/* … */`.
  private mutating func skipWhitespace() throws(OpenStepSyntaxError) {
    while position < bytes.count {
      let byte = bytes[position]
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        position += 1
      } else if byte == 0xE2, position + 2 < bytes.count, bytes[position + 1] == 0x80,
        bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9
      {
        position += 3  // U+2028, U+2029
      } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
        bytes[position + 1] == UInt8(ascii: "/")
      {
        while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D {
          position += 1
        }
      } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
        bytes[position + 1] == UInt8(ascii: "*")
      {
        let start = position
        position += 2
        while true {
          guard position + 1 < bytes.count else {
            position = bytes.count
            throw error("the comment that starts at \(place(start)) has no end (*/)", at: start)
          }
          if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
            position += 2
            break
          }
          position += 1
        }
      } else {
        return
      }
    }
  }

  // MARK: Helpers

  private mutating func enter(_ start: Int) throws(OpenStepSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw error("containers nest more than \(Self.maximumDepth) deep", at: start)
    }
  }

  private static func isUnquoted(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"),
      UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The byte at `index` as a message names it: `'}'`, `byte 0x00`, `'é'`.
  private func describe(_ index: Int) -> String {
    let byte = bytes[index]
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte >= 0x80 {
      var end = index + 1
      while end < bytes.count, end - index < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
      if let text = String(validating: bytes[index..<end], as: UTF8.self),
        text.unicodeScalars.count == 1
      {
        return "'\(text)'"
      }
    }
    let hex = String(byte, radix: 16, uppercase: true)
    return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
  }

  /// `line 12, column 5`.
  private func place(_ index: Int) -> String {
    let (line, column) = lineAndColumn(index)
    return "line \(line), column \(column)"
  }

  private func lineAndColumn(_ index: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    var cursor = 0
    let end = min(index, bytes.count)
    while cursor < end {
      if bytes[cursor] == 0x0A
        || (bytes[cursor] == 0x0D && (cursor + 1 >= bytes.count || bytes[cursor + 1] != 0x0A))
      {
        line += 1
        lineStart = cursor + 1
      }
      cursor += 1
    }
    return (line, end - lineStart + 1)
  }

  private func error(_ message: String, at index: Int? = nil) -> OpenStepSyntaxError {
    let (line, column) = lineAndColumn(index ?? position)
    return OpenStepSyntaxError(line: line, column: column, message: message)
  }
}
