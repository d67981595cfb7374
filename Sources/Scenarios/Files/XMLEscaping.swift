/// Text made safe for XML 1.0: reports (JUnit) and drawings (SVG) that any parser reads.
public enum XMLEscaping {
  /// Character data: markup escaped, and characters XML 1.0 cannot hold (controls other than
  /// tab, newline and return; U+FFFE, U+FFFF) shown as U+FFFD, so the document stays
  /// well-formed whatever a script printed.
  public static func text(_ text: String) -> String { escape(text, attribute: false) }

  /// The inside of a double-quoted attribute value: also quotes escaped, and newlines and tabs as
  /// character references, which attribute normalisation keeps.
  public static func attributeValue(_ text: String) -> String { escape(text, attribute: true) }

  private static func escape(_ text: String, attribute: Bool) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where attribute: result += "&quot;"
      case "\n" where attribute: result += "&#10;"
      case "\t" where attribute: result += "&#9;"
      case "\r": result += "&#13;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      default:
        let value = scalar.value
        if value < 0x20 || value == 0xFFFE || value == 0xFFFF {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
