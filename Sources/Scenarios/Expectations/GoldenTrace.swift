/// The text of a golden trace file: one trace line per line, Objective-C spelling, the lines
/// `lifescript run --trace` prints.
///
/// Lines starting with `#` are comments and blank lines are ignored; a recorded file starts with
/// a comment saying what recorded it and how to record it again, and ends with a newline. Both
/// `\n` and `\r\n` end a line; a UTF-8 byte order mark before the first line is skipped. A trace line that holds a control character (a newline in a
/// logged message) is written with it escaped (`\n`, `\u{1B}`), so every trace line stays one
/// file line; comparisons use the escaped form on both sides.
struct GoldenTrace: Equatable {
  /// The comment and blank lines before the first trace line, kept when the file is recorded
  /// again.
  var header: [String]
  var lines: [String]
  /// The file's line number (1-based) of each of `lines`.
  var lineNumbers: [Int]

  init(header: [String], lines: [String]) {
    self.header = header
    self.lines = lines
    lineNumbers = lines.indices.map { header.count + $0 + 1 }
  }

  /// Why `line` (1-based, with its `text`) of `file` is not a trace line.
  static func notATrace(file: String, line: Int, text: String) -> FileFormatError {
    let shown = hasBinaryData(text) ? "binary data" : abbreviated(text)
    return FileFormatError(
      file: file, line: line,
      message:
        "not a trace line: \(shown) (a trace line is Receiver.selector or starts with new, post, log, exception, terminated, screen or device; # starts a comment)"
    )
  }

  /// Reads the text of `file` (named in errors). A UTF-8 byte order mark, which editors on
  /// Windows write, is not part of the first line.
  init(parsing text: String, file: String) throws(FileFormatError) {
    var text = Substring(text)
    if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
    var header: [String] = []
    var lines: [String] = []
    var lineNumbers: [Int] = []
    let fileLines = text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    for (index, substring) in fileLines.enumerated() {
      let line = String(substring)
      if line.isEmpty || line.hasPrefix("#") {
        if lines.isEmpty, index < fileLines.count - 1 || !line.isEmpty { header.append(line) }
        continue
      }
      guard Self.isTraceLine(line) else {
        throw Self.notATrace(file: file, line: index + 1, text: line)
      }
      lines.append(line)
      lineNumbers.append(index + 1)
    }
    self.header = header
    self.lines = lines
    self.lineNumbers = lineNumbers
  }

  /// The file's text: the header, then the lines, each ending with a newline.
  var text: String {
    (header + lines).map { $0 + "\n" }.joined()
  }

  /// The comment a recorded file starts with.
  static func recordedHeader(scenario: String, name: String?) -> [String] {
    let call = name.map { "expect.golden(\"\($0)\")" } ?? "expect.golden()"
    return [
      "# Golden trace of \(call) in \(scenario), recorded by lifescript.",
      "# To record it again: lifescript test --record, or lifescript run --record \(scenario)",
    ]
  }

  /// A trace line as the file holds it: control characters escaped.
  static func fileLine(_ traceLine: String) -> String {
    guard traceLine.unicodeScalars.contains(where: isControl) else { return traceLine }
    var escaped = ""
    for scalar in traceLine.unicodeScalars {
      switch scalar {
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case _ where isControl(scalar):
        escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  private static let prefixes = [
    "new ", "post ", "log ", "exception ", "terminated ", "screen ", "device ", "project ",
  ]

  /// A line of one of the trace's kinds
  /// (Documentation/Reference/scenario-language.md#trace-and-expectations): a known prefix, or
  /// `Receiver.selector` with an Objective-C selector.
  static func isTraceLine(_ line: String) -> Bool {
    guard !hasBinaryData(line) else { return false }
    if prefixes.contains(where: { line.hasPrefix($0) && line.count > $0.count }) { return true }
    guard let dot = line.lastIndex(of: ".") else { return false }
    let receiver = line[..<dot]
    let selector = line[line.index(after: dot)...]
    guard !receiver.isEmpty, !receiver.contains(where: \.isWhitespace),
      let first = selector.unicodeScalars.first, first == "_" || isASCIILetter(first)
    else { return false }
    return selector.unicodeScalars.allSatisfy {
      $0 == "_" || $0 == ":" || isASCIILetter($0) || ("0"..."9").contains($0)
    }
  }

  /// Control characters other than tab: never in a line the recorder writes.
  static func hasBinaryData(_ line: String) -> Bool {
    line.unicodeScalars.contains(where: isControl)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func abbreviated(_ line: String) -> String {
    line.count <= 80 ? line : String(line.prefix(79)) + "…"
  }
}
