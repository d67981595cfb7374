/// Text as the diagram writers need it: printable, measured in columns, shortened and wrapped.
enum DiagramText {
  /// `text` with line ends as `\n`, tabs as spaces, and other control characters (which no
  /// format can show, and XML forbids) as U+FFFD.
  static func printable(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      switch scalar.value {
      case 0x0A where previous == "\r": continue
      case 0x0A, 0x0D: result.unicodeScalars.append("\n")
      case 0x09: result.unicodeScalars.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0, 0xFFFE, 0xFFFF: result.unicodeScalars.append("\u{FFFD}")
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// How many monospace columns `text` takes: two for wide East Asian characters and emoji,
  /// none for combining marks.
  static func columns(_ text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { $0 + columns($1) }
  }

  private static func columns(_ scalar: Unicode.Scalar) -> Int {
    switch scalar.value {
    case 0x0300..<0x0370, 0x200B..<0x2010, 0xFE00..<0xFE10, 0xFE20..<0xFE30: 0
    case 0x1100..<0x1160, 0x2E80..<0xA4D0, 0xAC00..<0xD7A4, 0xF900..<0xFB00, 0xFE30..<0xFE50,
      0xFF00..<0xFF61, 0xFFE0..<0xFFE7, 0x1F300..<0x1FA00, 0x20000..<0x3FFFE:
      2
    default: 1
    }
  }

  /// A note's lines for a diagram format that lays itself out (Mermaid, PlantUML): wrapped at
  /// 80 columns, so a long log line does not make the diagram as wide, and cut only when very
  /// long.
  static func sourceLines(_ text: String) -> [String] {
    wrapped(printable(text), width: 80, maxLines: 100)
  }

  /// An arrow's label in lines: as it is up to `longest` columns; longer, broken after each
  /// selector part (`:`, or `_` in Lua spelling) or a receiver's class (`UIWindow.`) and packed into lines of at most `width`
  /// columns, so a long selector does not push the lifelines apart
  /// (`application:configurationForConnectingSceneSession:options:` is three lines); at most
  /// `maxLines` lines, the last ending with `…` when the label goes on. A part longer than a
  /// line is broken before a capital.
  static func labelLines(
    _ label: String, width: Int = 32, longest: Int = 48, maxLines: Int = 4
  ) -> [String] {
    let label = printable(label)
    guard columns(label) > longest else { return [label] }
    var parts: [String] = []
    var part = ""
    for character in label {
      part.append(character)
      if character == ":" || character == "_" || character == "." || character == "\n" {
        parts.append(part)
        part = ""
      }
    }
    if !part.isEmpty { parts.append(part) }
    // A part longer than a line is broken before a capital (`didRegisterForRemote`, …).
    parts = parts.flatMap { part -> [String] in
      guard columns(part) > width else { return [part] }
      let forced = part.hasSuffix("\n")
      var pieces = nameLines(forced ? String(part.dropLast()) : part, width: width)
      if forced { pieces[pieces.count - 1] += "\n" }
      return pieces
    }
    var lines: [String] = []
    var line = ""
    for part in parts {
      let forced = part.hasSuffix("\n")
      let text = forced ? String(part.dropLast()) : part
      if !line.isEmpty, columns(line) + columns(text) > width {
        lines.append(line)
        line = ""
      }
      line += text
      if forced {
        lines.append(line)
        line = ""
      }
    }
    if !line.isEmpty { lines.append(line) }
    // A label is a name, not a text: a few lines at most.
    if lines.count > maxLines {
      lines = Array(lines.prefix(maxLines - 1)) + [truncated(lines[maxLines - 1] + "…", to: width)]
    }
    return lines
  }

  /// A participant's name in lines of at most `width` columns, broken before a capital
  /// (`NotesNavigation`, `Controller`) when it is longer; a word longer than a line stays whole.
  static func nameLines(_ name: String, width: Int = 16) -> [String] {
    let name = printable(name).map { $0 == "\n" ? " " : $0 }
    guard columns(String(name)) > width else { return [String(name)] }
    var words: [String] = []
    for character in name {
      if character.isUppercase, let last = words.last, last.last?.isUppercase == false {
        words.append(String(character))
      } else if words.isEmpty {
        words.append(String(character))
      } else {
        words[words.count - 1].append(character)
      }
    }
    var lines: [String] = []
    for word in words {
      if let last = lines.last, columns(last) + columns(word) <= width {
        lines[lines.count - 1] += word
      } else {
        lines.append(word)
      }
    }
    return lines
  }

  /// `text` cut to at most `width` columns, ending with `…` when cut.
  static func truncated(_ text: String, to width: Int) -> String {
    guard columns(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let size = columns(String(character))
      if used + size > width - 1 { break }
      result.append(character)
      used += size
    }
    return result + "…"
  }

  /// `text` in lines of at most `width` columns, broken at spaces where it can be and inside
  /// words where it must; at most `maxLines` lines, the last ending with `…` when text is left.
  static func wrapped(_ text: String, width: Int, maxLines: Int) -> [String] {
    var lines: [String] = []
    // Only the start of a long text can show; wrap no more than can fill the lines.
    let budget = width * (maxLines + 1)
    var truncated = text.unicodeScalars.count > budget
    let text = truncated ? String(text.prefix(budget)) : text
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineColumns = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
        var word = Substring(word)
        let separator = line.isEmpty ? 0 : 1
        if lineColumns + separator + columns(word) <= width {
          if separator == 1 { line += " " }
          line += word
          lineColumns += separator + columns(word)
          continue
        }
        if !line.isEmpty {
          lines.append(line)
          line = ""
          lineColumns = 0
        }
        // A word longer than a line is broken where the line is full.
        while columns(word) > width {
          var piece = ""
          var pieceColumns = 0
          while let character = word.first,
            pieceColumns + columns(String(character)) <= width
          {
            piece.append(character)
            pieceColumns += columns(String(character))
            word.removeFirst()
          }
          if piece.isEmpty {
            piece.append(word.removeFirst())
          }
          lines.append(piece)
        }
        line = String(word)
        lineColumns = columns(word)
      }
      lines.append(line)
      if lines.count > maxLines {
        truncated = true
        break
      }
    }
    if lines.count > maxLines {
      truncated = true
      lines.removeLast(lines.count - maxLines)
    }
    if truncated, let last = lines.popLast() {
      lines.append(Self.truncated(last + "…", to: width))
    }
    return lines
  }
}
