import AppLifecycle

/// What the scenario did as the user or the system, as its trace line reads: `device home`,
/// `device open_url demo://item/7`, `wait 30 s`
/// (Documentation/Reference/scenario-language.md#user-actions-in-the-trace).
///
/// An argument is written as the script gave it, with control characters escaped (`\n`,
/// `\u{1B}`) so the action stays one line, and cut after 200 characters, so a huge string
/// cannot make every view of the trace as large.
enum ActionLine {
  /// The longest argument written whole.
  static let argumentLimit = 200

  /// `device NAME ARGUMENTS…`.
  static func device(_ name: String, _ arguments: String...) -> String {
    // Concatenated, not joined: the generic `joined(separator:)` cost more than the rest of
    // the device library's set-up together.
    var line = "device " + name
    for each in arguments { line += " " + argument(each) }
    return line
  }

  /// `wait 30 s`, `busy 0.5 s`.
  static func time(_ verb: String, seconds: Double) -> String {
    "\(verb) \(Self.seconds(seconds)) s"
  }

  /// `30`, `0.25`, `1e+20`: an integral number without a fraction.
  static func seconds(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return "\(value)"
  }

  /// `text` escaped and cut for a trace line.
  static func argument(_ text: String) -> String {
    var result = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == argumentLimit {
        return result + "… (\(text.unicodeScalars.count) characters)"
      }
      count += 1
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension Device {
  /// Records what the scenario does, before it happens, at the current virtual time.
  func recordAction(_ text: String) {
    trace.recordAction(text, at: now)
  }
}
