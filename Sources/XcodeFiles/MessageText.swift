/// Text from an app's files as lifescript's messages and trace show it. A name or a path can
/// hold any character, and a line break in one would end the line it is printed on and start
/// one of its own (`ok 1 - forged` in a TAP report), an escape sequence would drive the
/// terminal. Names that identify the app (a target, a configuration, a storyboard) are refused
/// when they hold a control character, as a storyboard's names are; other text (a product
/// name, a path) is shown with its control characters escaped.
enum MessageText {
  /// C0 controls, DEL and C1 controls (U+0080–U+009F, which terminals may read as escapes).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  static func hasControlCharacter(_ text: String) -> Bool {
    text.unicodeScalars.contains(where: isControl)
  }

  /// `text` with each control character but the tab escaped as Swift writes it (`\n`, `\r`,
  /// `\u{1B}`); a tab cannot end a line, and messages that quote a file's line keep theirs.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\t" }) else {
      return text
    }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result.unicodeScalars.append(scalar)
      case _ where isControl(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A name in a message that refuses it: quoted, its control characters escaped.
  static func quoted(_ name: String) -> String { name.debugDescription }
}
