extension SequenceDiagram {
  /// The diagram as PlantUML (`@startuml` … `@enduml`).
  ///
  /// PlantUML reads markup in every label (creole's `**bold**`, `--strike--`, HTML-like tags,
  /// `\n`, `%` functions, `$` variables), so text keeps letters, digits, spaces and plain
  /// punctuation, and writes other ASCII punctuation as `<U+003C>` (PlantUML's code points); a
  /// `-`, `/`, `_`, `*` or `=` is written so only when the same character follows it. Notes are
  /// wrapped at 80 columns with `\n`. A participant whose name is not a plain identifier, or is
  /// a PlantUML word (`note`, `end`), is declared quoted, with an alias.
  public var plantUML: String {
    let ids = Self.identifiers(
      for: participants, reserved: Self.plantUMLWords, prefix: "P", caseInsensitive: true)
    var lines = ["@startuml"]
    for (participant, id) in zip(participants, ids) {
      let shown = DiagramText.nameLines(participant.name).map(Self.plantUMLText)
      lines.append(
        id == participant.name && shown.count == 1
          ? "participant \(id)"
          : "participant \"\(shown.joined(separator: "\\n"))\" as \(id)")
    }
    for step in steps {
      switch step {
      case .message(let from, let to, let label):
        let label = DiagramText.labelLines(label).map(Self.plantUMLText).joined(separator: "\\n")
        lines.append("\(ids[from]) -> \(ids[to]) : \(label)")
      case .creation(let from, let to):
        lines.append("\(ids[from]) --> \(ids[to]) : «create»")
      case .note(let over, let text, _):
        let text = DiagramText.sourceLines(text).map(Self.plantUMLText).joined(separator: "\\n")
        lines.append("note over \(ids[over]) : \(text)")
      case .time(let instant):
        lines.append("== t <U+003D> \(instant) ==")
      case .action(let text):
        // A divider is one line: the action's text, cut rather than wrapped.
        let oneLine = String(DiagramText.printable(text).map { $0 == "\n" ? " " : $0 })
        lines.append("== \(Self.plantUMLText(DiagramText.truncated(oneLine, to: 80))) ==")
      }
    }
    lines.append("@enduml")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func plantUMLText(_ text: String) -> String {
    var result = ""
    let scalars = Array(DiagramText.printable(text).unicodeScalars)
    for (position, scalar) in scalars.enumerated() {
      let next = position + 1 < scalars.count ? scalars[position + 1] : nil
      switch scalar {
      case "\n": result += "\\n"
      case "a"..."z", "A"..."Z", "0"..."9", " ", ".", ",", ":", ";", "(", ")", "?", "@", "+", "'":
        result.unicodeScalars.append(scalar)
      case _ where "-/_*=".unicodeScalars.contains(scalar) && next != scalar:
        result.unicodeScalars.append(scalar)
      case _ where scalar.value >= 0x80:
        result.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
      }
    }
    return result
  }

  /// Words of PlantUML's sequence diagrams, which cannot name a participant bare.
  private static let plantUMLWords: Set<String> = [
    "participant", "actor", "boundary", "control", "entity", "database", "collections", "queue",
    "as", "note", "over", "left", "right", "of", "end", "alt", "else", "opt", "loop", "par",
    "break", "critical", "group", "ref", "box", "create", "destroy", "activate", "deactivate",
    "return", "autonumber", "title", "header", "footer", "legend", "newpage", "hnote", "rnote",
    "skinparam", "hide", "show", "delay", "startuml", "enduml",
  ]
}
