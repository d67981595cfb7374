/// A −/+ diff of expected against actual lines, aligned by a matching rule rather than by
/// equality, so that `applicationDidBecomeActive:` lines up with the message it matches.
///
/// It is text for people (TCA's TestStore is the model): each row starts with its mark, `  `
/// (in both), `− ` (expected, missing) or `+ ` (there, not expected), so a renderer can colour
/// rows by their first character; long unchanged runs collapse to `  … 12 unchanged lines`.
struct LineDiff: Equatable {
  enum Change: Equatable {
    /// In both: shown as the actual line.
    case same
    /// Expected but missing.
    case missing
    /// Present but not expected.
    case unexpected
  }

  struct Row: Equatable {
    var change: Change
    var text: String
  }

  /// Where expected and actual first part, position by position (1-based); `nil` text is the
  /// end of that side.
  struct Difference: Equatable {
    var line: Int
    var expected: String?
    var actual: String?
  }

  /// An expected line that is missing where it was expected but came elsewhere: `offset` actual
  /// lines later (positive) or earlier (negative).
  struct Move: Equatable {
    var expected: String
    var actual: String
    var offset: Int
  }

  var rows: [Row]
  var firstDifference: Difference?
  var moves: [Move] = []

  /// Rows built by hand (`expect.order`, `expect.never`).
  init(rows: [Row]) {
    self.rows = rows
    firstDifference = nil
  }

  /// The alignment with the most lines in common. Equal leading and trailing lines are set
  /// aside first, so a long trace with one change costs little; a middle too large for the
  /// table (`cellLimit`) is shown as all missing, then all unexpected.
  init<Actual>(
    expected: [String], actual: [Actual], describe: (Actual) -> String,
    matches: (String, Actual) -> Bool, cellLimit: Int = 4_000_000
  ) {
    var prefix = 0
    while prefix < expected.count, prefix < actual.count,
      matches(expected[prefix], actual[prefix])
    {
      prefix += 1
    }
    var suffix = 0
    while suffix < expected.count - prefix, suffix < actual.count - prefix,
      matches(expected[expected.count - 1 - suffix], actual[actual.count - 1 - suffix])
    {
      suffix += 1
    }
    let expectedMiddle = Array(expected[prefix..<(expected.count - suffix)])
    let actualMiddle = Array(actual[prefix..<(actual.count - suffix)])

    var rows = actual[..<prefix].map { Row(change: .same, text: describe($0)) }
    rows += Self.align(
      expectedMiddle, actualMiddle, describe: describe, matches: matches, cellLimit: cellLimit)
    rows += actual[(actual.count - suffix)...].map { Row(change: .same, text: describe($0)) }
    self.rows = rows

    if prefix < expected.count || prefix < actual.count {
      firstDifference = Difference(
        line: prefix + 1,
        expected: prefix < expected.count ? expected[prefix] : nil,
        actual: prefix < actual.count ? describe(actual[prefix]) : nil)
    } else {
      firstDifference = nil
    }
    let missing = rows.count(where: { $0.change == .missing })
    if missing * rows.count <= cellLimit {
      moves = Self.moves(in: rows, actual: actual, matches: matches)
    }
  }

  /// A longest-common-subsequence table over the middle; on a tie a missing row comes before an
  /// unexpected one, as in other diffs.
  private static func align<Actual>(
    _ expected: [String], _ actual: [Actual], describe: (Actual) -> String,
    matches: (String, Actual) -> Bool, cellLimit: Int
  ) -> [Row] {
    let rows = expected.count
    let columns = actual.count
    guard (rows + 1) * (columns + 1) <= cellLimit else {
      return expected.map { Row(change: .missing, text: $0) }
        + actual.map { Row(change: .unexpected, text: describe($0)) }
    }
    let width = columns + 1
    var length = [Int32](repeating: 0, count: (rows + 1) * width)
    for row in stride(from: rows - 1, through: 0, by: -1) {
      for column in stride(from: columns - 1, through: 0, by: -1) {
        length[row * width + column] =
          matches(expected[row], actual[column])
          ? length[(row + 1) * width + column + 1] + 1
          : max(length[(row + 1) * width + column], length[row * width + column + 1])
      }
    }
    var result: [Row] = []
    var row = 0
    var column = 0
    while row < rows || column < columns {
      if row < rows, column < columns, matches(expected[row], actual[column]) {
        result.append(Row(change: .same, text: describe(actual[column])))
        row += 1
        column += 1
      } else if row < rows,
        column == columns || length[(row + 1) * width + column] >= length[row * width + column + 1]
      {
        result.append(Row(change: .missing, text: expected[row]))
        row += 1
      } else {
        result.append(Row(change: .unexpected, text: describe(actual[column])))
        column += 1
      }
    }
    return result
  }

  /// Missing rows whose line came as an unexpected row elsewhere.
  private static func moves<Actual>(
    in rows: [Row], actual: [Actual], matches: (String, Actual) -> Bool
  ) -> [Move] {
    // The actual index of each row that shows an actual line, and the slot of each missing row
    // (how many actual lines come before it).
    var actualIndex: [Int?] = []
    var slots: [Int] = []
    var next = 0
    for row in rows {
      slots.append(next)
      if row.change == .missing {
        actualIndex.append(nil)
      } else {
        actualIndex.append(next)
        next += 1
      }
    }
    var used: Set<Int> = []
    var moves: [Move] = []
    for (position, row) in rows.enumerated() where row.change == .missing {
      let candidate = rows.indices.first { other in
        rows[other].change == .unexpected && !used.contains(other)
          && matches(row.text, actual[actualIndex[other]!])
      }
      guard let candidate else { continue }
      used.insert(candidate)
      let index = actualIndex[candidate]!
      let slot = slots[position]
      // Later: the line at `index` was expected at `slot`. Earlier: it is itself one of the
      // lines before the slot.
      let offset = index >= slot ? index - slot : index - slot + 1
      guard offset != 0 else { continue }
      moves.append(Move(expected: row.text, actual: rows[candidate].text, offset: offset))
    }
    return moves
  }

  var missingCount: Int { rows.count(where: { $0.change == .missing }) }
  var unexpectedCount: Int { rows.count(where: { $0.change == .unexpected }) }

  /// The rows, one per line, each changed row with `context` unchanged rows on either side;
  /// longer unchanged runs collapse to `  … N unchanged lines`.
  func text(context: Int = 3) -> String {
    var shown = [Bool](repeating: false, count: rows.count)
    for (index, row) in rows.enumerated() where row.change != .same {
      for near in max(0, index - context)...min(rows.count - 1, index + context) {
        shown[near] = true
      }
    }
    var lines: [String] = []
    var index = 0
    while index < rows.count {
      if shown[index] {
        lines.append(Self.mark(rows[index]))
        index += 1
        continue
      }
      var end = index
      while end < rows.count, !shown[end] { end += 1 }
      // Hiding a single line saves nothing: show it.
      if end - index == 1 {
        lines.append(Self.mark(rows[index]))
      } else {
        lines.append("  … \(end - index) unchanged lines")
      }
      index = end
    }
    return lines.joined(separator: "\n")
  }

  private static func mark(_ row: Row) -> String {
    switch row.change {
    case .same: "  " + row.text
    case .missing: "− " + row.text
    case .unexpected: "+ " + row.text
    }
  }
}
