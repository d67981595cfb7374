extension SequenceDiagram {
  /// The diagram as a Mermaid `sequenceDiagram`.
  ///
  /// Text goes through Mermaid's entity codes (`#59;` for `;`, which would end the statement,
  /// `#35;` for `#`, `#quot;`, `#lt;`, `#gt;`, `#amp;`), so any class name or log line stays
  /// one label; notes are wrapped at 80 columns with `<br>`, and a leading `wrap:` is not a
  /// directive. A
  /// participant whose name is not a plain identifier, or is one of Mermaid's words (`end`,
  /// `note`), is declared with an alias.
  public var mermaid: String {
    let ids = Self.identifiers(
      for: participants, reserved: Self.mermaidWords, prefix: "p", caseInsensitive: true)
    var lines = ["sequenceDiagram"]
    let span = ids.count > 1 ? "\(ids.first!),\(ids.last!)" : ids.first ?? ""
    for (participant, id) in zip(participants, ids) {
      // A long name is shown on two lines or more, which needs an alias.
      let shown = DiagramText.nameLines(participant.name).map {
        Self.mermaidText($0, isName: true)
      }
      lines.append(
        id == participant.name && shown.count == 1
          ? "  participant \(id)"
          : "  participant \(id) as \(shown.joined(separator: "<br>"))")
    }
    for step in steps {
      switch step {
      case .message(let from, let to, let label):
        let label = DiagramText.labelLines(label).map { Self.mermaidText($0) }.joined(
          separator: "<br>")
        lines.append("  \(ids[from])->>\(ids[to]): \(label)")
      case .creation(let from, let to):
        lines.append("  \(ids[from])-->>\(ids[to]): «create»")
      case .note(let over, let text, _):
        let text = DiagramText.sourceLines(text).map { Self.mermaidText($0) }.joined(
          separator: "<br>")
        lines.append("  Note over \(ids[over]): \(text)")
      case .time(let instant):
        lines.append("  Note over \(span): t = \(instant)")
      case .action(let text):
        let text = DiagramText.sourceLines(text).map { Self.mermaidText($0) }.joined(
          separator: "<br>")
        lines.append("  Note over \(span): \(text)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` in entity codes where Mermaid would read it as syntax; a participant's name also
  /// ends at `:`, `,`, `-` and `>`.
  private static func mermaidText(_ text: String, isName: Bool = false) -> String {
    var result = ""
    for character in DiagramText.printable(text) {
      switch character {
      case ":" where isName: result += "#58;"
      case "," where isName: result += "#44;"
      case "-" where isName: result += "#45;"
      case ";": result += "#59;"
      case "#": result += "#35;"
      case "\"": result += "#quot;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      case "&": result += "#amp;"
      case "\n": result += "<br>"
      default: result.append(character)
      }
    }
    // `wrap:` and `nowrap:` at the start of a text are Mermaid's directives, not words.
    let lowered = result.lowercased()
    if lowered.hasPrefix("wrap:") || lowered.hasPrefix("nowrap:"), let first = result.first {
      result = "#\(first.unicodeScalars.first!.value);" + result.dropFirst()
    }
    return result
  }

  /// Words of Mermaid's sequence-diagram grammar, which cannot name a participant bare.
  private static let mermaidWords: Set<String> = [
    "participant", "actor", "as", "note", "over", "left", "right", "of", "loop", "alt", "else",
    "opt", "par", "and", "rect", "end", "critical", "option", "break", "box", "create",
    "destroy", "activate", "deactivate", "autonumber", "title", "link", "links", "properties",
    "details", "sequencediagram", "acctitle", "accdescr",
  ]

  /// A source-text name for each participant: its own name when that is a plain identifier,
  /// unique and not reserved, else `prefix` and its position.
  static func identifiers(
    for participants: [Participant], reserved: Set<String>, prefix: String,
    caseInsensitive: Bool
  ) -> [String] {
    var used = Set<String>()
    var result: [String] = []
    for (position, participant) in participants.enumerated() {
      let name = participant.name
      let key = caseInsensitive ? name.lowercased() : name
      let plain =
        name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
        && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      let fallback = "\(prefix)\(position)"
      if plain, !reserved.contains(name.lowercased()), !used.contains(key),
        !(key.hasPrefix(prefix) && Int(key.dropFirst(prefix.count)) != nil)
      {
        result.append(name)
        used.insert(key)
      } else {
        result.append(fallback)
        used.insert(caseInsensitive ? fallback.lowercased() : fallback)
      }
    }
    return result
  }
}
