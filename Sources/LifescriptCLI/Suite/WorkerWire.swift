/// The bytes a worker process (`lifescript worker`) and the process that started it say to each
/// other, written and read here alone: `lifescript test` and `lifescript explore` say different
/// things in the same three shapes. A job is one line on the worker's standard input, its fields
/// parted by tabs and escaped so that none holds a line break. An answer is a record on the
/// worker's descriptor 3, a header `KIND INDEX LENGTH\n` and that many bytes, so the reader knows
/// where it ends before it reads it. A record's body is named fields, each `name length\n`, its
/// bytes and a line break, so any bytes (line breaks, NULs, invalid UTF-8 a script printed)
/// travel unchanged. The format is fixed: a worker and its parent are one binary, but an old
/// and a new one must still understand each other, and `WorkerWireTests` pin its bytes.
enum WorkerWire {
  // MARK: Jobs

  /// A job's line: its index, then a tab before each field, escaped (`\\`, `\n`, `\r`, and `\t`
  /// when `escapingTabs`: a field whose tabs stay raw must be the last one, as a suite's path
  /// is).
  static func job(_ index: Int, _ fields: [String], escapingTabs: Bool) -> [UInt8] {
    var line = String(index)
    for field in fields { line += "\t" + escape(field, tabs: escapingTabs) }
    return Array((line + "\n").utf8)
  }

  /// The index and the fields, as they are on the line (still escaped), of a job's line without
  /// its line break; with `fieldCount`, the last field holds the rest of the line, tabs and all,
  /// and a line with fewer fields is refused. Nil for a line that is no job.
  static func job(_ line: String, fieldCount: Int? = nil) -> (index: Int, fields: [Substring])? {
    let parts =
      if let fieldCount {
        line.split(separator: "\t", maxSplits: fieldCount, omittingEmptySubsequences: false)
      } else {
        line.split(separator: "\t", omittingEmptySubsequences: false)
      }
    guard let index = Int(parts[0]), fieldCount.map({ parts.count == $0 + 1 }) ?? true else {
      return nil
    }
    return (index, Array(parts.dropFirst()))
  }

  /// `text` on one line: `\`, line feeds and carriage returns escaped, and tabs too when `tabs`.
  static func escape(_ text: String, tabs: Bool) -> String {
    guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
    else { return text }
    var escaped = ""
    for character in text.unicodeScalars {
      switch character {
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t" where tabs: escaped += "\\t"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return escaped
  }

  /// The text `escape` wrote, with or without tabs escaped (an escape writes `\t` only for a
  /// tab); any other escaped character stands for itself.
  static func unescape(_ text: Substring) -> String {
    var result = ""
    var escaping = false
    for character in text.unicodeScalars {
      if escaping {
        switch character {
        case "n": result += "\n"
        case "r": result += "\r"
        case "t": result += "\t"
        default: result.unicodeScalars.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// The line that lets a suite's worker go on to the next named test of its job.
  static let next = "next"

  // MARK: Records

  /// What a worker sends as it leaves through `exit`: a crash never sends it.
  static let exitMarker: StaticString = "X 0 0\n"

  /// A record of `kind` about the job `index`.
  static func record(_ kind: String, _ index: Int, _ body: [UInt8]) -> [UInt8] {
    Array("\(kind) \(index) \(body.count)\n".utf8) + body
  }

  /// What `takeRecord` found at the start of the bytes read so far.
  enum Taken: Equatable {
    case record(kind: Substring, index: Int, body: ArraySlice<UInt8>)
    /// The exit marker (`exitMarker`), not about a job.
    case exitMarker
    /// A header that is not one of `kinds`'s, or not a header at all: nothing after it can be
    /// trusted, and all of it was dropped.
    case malformed
  }

  /// Takes the first record off `bytes`; nil while it has not arrived whole. The exit marker's
  /// header alone is taken.
  static func takeRecord(from bytes: inout [UInt8], kinds: [Substring]) -> Taken? {
    guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
    let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
    guard header.count == 3, header[0] == "X" || kinds.contains(header[0]),
      let index = Int(header[1]), let length = Int(header[2]), length >= 0
    else {
      bytes.removeAll()
      return .malformed
    }
    if header[0] == "X" {
      bytes.removeSubrange(...newline)
      return .exitMarker
    }
    guard bytes.count - (newline + 1) >= length else { return nil }
    let end = newline + 1 + length
    let body = bytes[(newline + 1)..<end]
    bytes.removeSubrange(..<end)
    return .record(kind: header[0], index: index, body: body)
  }

  // MARK: Fields

  /// Named texts in order, a name as often as it comes: a record's body.
  struct Fields {
    private(set) var entries: [(name: String, value: String)] = []

    init(_ entries: [(name: String, value: String)] = []) { self.entries = entries }

    mutating func append(_ name: String, _ value: String) { entries.append((name, value)) }

    mutating func append(_ name: String, _ values: some Sequence<String>) {
      for value in values { entries.append((name, value)) }
    }

    /// The first value named `name`.
    subscript(name: String) -> String? { entries.first { $0.name == name }?.value }

    /// Every value named `name`, in order.
    func values(_ name: String) -> [String] {
      entries.filter { $0.name == name }.map(\.value)
    }

    /// Each field as `name length\n`, its bytes and a line break.
    var encoded: [UInt8] {
      var bytes: [UInt8] = []
      for (name, value) in entries {
        let value = Array(value.utf8)
        bytes += Array("\(name) \(value.count)\n".utf8) + value + [0x0A]
      }
      return bytes
    }

    /// The fields `encoded` wrote; nil unless every byte belongs to a whole field. A field's
    /// name is what precedes the last space of its header, which must be UTF-8; its value is
    /// read as UTF-8, each invalid sequence a replacement character.
    init?(decoding bytes: ArraySlice<UInt8>) {
      var index = bytes.startIndex
      while index < bytes.endIndex {
        guard let newline = bytes[index...].firstIndex(of: 0x0A),
          let header = String(validating: bytes[index..<newline], as: UTF8.self),
          let space = header.lastIndex(of: " "),
          let count = Int(header[header.index(after: space)...]), count >= 0,
          bytes.distance(from: newline, to: bytes.endIndex) > count
        else { return nil }
        let start = newline + 1
        let end = start + count
        guard end < bytes.endIndex, bytes[end] == 0x0A else { return nil }
        entries.append(
          (String(header[..<space]), String(decoding: bytes[start..<end], as: UTF8.self)))
        index = end + 1
      }
    }
  }
}
