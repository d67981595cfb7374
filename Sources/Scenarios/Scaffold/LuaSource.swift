/// Lua source text for the files `lifescript init` writes: string literals and names that are
/// valid whatever the app calls its classes and its product.
enum LuaSource {
  /// Lua's reserved words (Lua 5.4 manual §3.1): never a name.
  static let keywords: Set<String> = [
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
  ]

  /// A double-quoted Lua string literal of `text`: `\`, `"` and control characters escaped,
  /// other characters (UTF-8 included) as they are.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let digits = String(scalar.value)
        result += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Whether `text` is a Lua name (`[A-Za-z_][A-Za-z0-9_]*`, not a reserved word).
  static func isName(_ text: String) -> Bool {
    guard let first = text.utf8.first, !isDigit(first), !keywords.contains(text) else {
      return false
    }
    return text.utf8.allSatisfy { isDigit($0) || isLetter($0) }
  }

  /// A Lua name made of `text`: every character that cannot be in one becomes `_` (a module's
  /// dot too: `Kit.Button` is `Kit_Button`), with a `_` in front of a leading digit or a
  /// reserved word.
  static func name(_ text: String) -> String {
    var name = String(
      text.unicodeScalars.map { scalar -> Character in
        scalar.isASCII && (isLetter(UInt8(scalar.value)) || isDigit(UInt8(scalar.value)))
          ? Character(scalar) : "_"
      })
    if name.isEmpty || isDigit(name.utf8.first!) || keywords.contains(name) { name = "_" + name }
    return name
  }

  /// A comment's text on one line: line breaks and control characters as spaces, so a hostile
  /// name cannot end the comment and start code.
  static func commentText(_ text: String) -> String {
    String(
      text.unicodeScalars.map { scalar -> Character in
        scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}"
          ? " " : Character(scalar)
      })
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
  }
}
