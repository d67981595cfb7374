/// A number on the command line or in lifescript.lua that is not in its option's range: what
/// was expected, which ArgumentParser shows after `The value 'X' is invalid for '--option'`.
/// Every number lifescript takes is checked against a range before anything runs, so none
/// reaches arithmetic that would overflow (issue 29).
struct OutOfRange: Error, CustomStringConvertible {
  /// `a count from 1 to 512`, as it follows "expected".
  var expected: String
  var description: String { "expected \(expected)" }
}

/// A whole number in a range, as an `@Option(transform:)` reads it.
enum WholeNumber {
  /// Reads `text` as a whole number in `range`; anything else (not a number, past `Int`'s
  /// range, outside `range`) throws what `what` and the range say.
  static func parser(_ what: String, in range: ClosedRange<Int>, note: String? = nil) -> (
    String
  ) throws -> Int {
    { text in
      guard let value = Int(text), range.contains(value) else {
        throw OutOfRange(
          expected: "\(what) from \(range.lowerBound) to \(range.upperBound)"
            + (note.map { " (\($0))" } ?? ""))
      }
      return value
    }
  }

  /// `--seed`: any 64-bit integer.
  static func seed(_ text: String) throws -> Int {
    try parser("a whole number", in: Int.min...Int.max)(text)
  }
  /// `-j`/`--jobs` of `test` and `explore`, and `jobs` in lifescript.lua.
  static let workers = 1...512
}

/// A memory size on the command line: bytes, or a number with K, M, G, T (powers of 1024, with
/// or without "iB"/"B"), or `none`.
struct ByteCount {
  var bytes: Int?

  /// The largest cap: a terabyte is more than any scenario needs, and keeps the cap and the
  /// grace and reserve the allocator adds to it far from overflowing (`none` has no cap).
  static let largest = 1 << 40

  /// What `--max-memory` takes, after "expected".
  static let expected = "a size from 1 byte to 1TiB, like 64MiB, 512K or 1G, or none"

  init(bytes: Int?) { self.bytes = bytes }

  /// Reads a size; throws `expected` for anything else, also a size past `largest`.
  static func parse(_ argument: String) throws(OutOfRange) -> ByteCount {
    let text = argument.lowercased()
    if text == "none" || text == "unlimited" { return ByteCount(bytes: nil) }
    let units: [(String, Int)] = [
      ("kib", 10), ("mib", 20), ("gib", 30), ("tib", 40), ("kb", 10), ("mb", 20), ("gb", 30),
      ("tb", 40), ("k", 10), ("m", 20), ("g", 30), ("t", 40), ("b", 0),
    ]
    var digits = Substring(text)
    var shift = 0
    if let (suffix, bits) = units.first(where: { text.hasSuffix($0.0) }) {
      digits = text.dropLast(suffix.count)
      shift = bits
    }
    guard let value = Int(digits), value > 0, value <= (largest >> shift) else {
      throw OutOfRange(expected: expected)
    }
    return ByteCount(bytes: value << shift)
  }

  var defaultValueDescription: String {
    guard let bytes else { return "none" }
    return bytes % (1 << 20) == 0 ? "\(bytes >> 20)MiB" : "\(bytes)"
  }
}

/// An instruction budget or a time limit on the command line: a count in a range, or `none`.
struct Budget {
  var count: Int?

  /// `--max-instructions`: any positive count (the budget is a 64-bit counter).
  static let instructions = 1...Int.max
  /// `--timeout`, in seconds: a day at most, which the watchdog's alarm and the margins the
  /// explorer adds to it hold without overflowing (`none` has no limit).
  static let seconds = 1...86_400

  init(count: Int?) { self.count = count }

  /// Reads `none` or a count in `range` (underscores between digits allowed); throws what `what`
  /// and the range say for anything else.
  static func parse(_ argument: String, in range: ClosedRange<Int>, _ what: String)
    throws(OutOfRange) -> Budget
  {
    let text = argument.lowercased().replacingUnderscores
    if text == "none" || text == "unlimited" { return Budget(count: nil) }
    guard let value = Int(text), range.contains(value) else {
      throw OutOfRange(expected: expected(what, range) + ", or none")
    }
    return Budget(count: value)
  }

  /// `a count from 1 to 9223372036854775807`; the seconds' range says it is a day.
  static func expected(_ what: String, _ range: ClosedRange<Int>) -> String {
    "\(what) from \(range.lowerBound) to \(range.upperBound)"
      + (range == seconds ? " (a day)" : "")
  }

  /// The parsers of `--max-instructions` and `--timeout`.
  static func instructionCount(_ text: String) throws -> Budget {
    try parse(text, in: instructions, "a count")
  }
  static func timeLimit(_ text: String) throws -> Budget {
    try parse(text, in: seconds, "a number of seconds")
  }

  var defaultValueDescription: String { count.map(String.init) ?? "none" }
}

extension String {
  fileprivate var replacingUnderscores: String { String(filter { $0 != "_" }) }
}
