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
