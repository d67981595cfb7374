/// A −/+ diff of expected against actual lines, aligned by a matching rule rather than by
/// equality, so that `applicationDidBecomeActive:` lines up with the message it matches.
struct LineDiff: Equatable {
  enum Line: Equatable {
    /// In both: shown as the actual line.
    case same(String)
    /// Expected but missing.
    case missing(String)
    /// Present but not expected.
    case unexpected(String)
  }

  let lines: [Line]

  /// A longest-common-subsequence alignment (the inputs are small: one expectation's lines).
  init<Actual>(
    expected: [String], actual: [Actual], describe: (Actual) -> String,
    matches: (String, Actual) -> Bool
  ) {
    let rows = expected.count
    let columns = actual.count
    var length = [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: rows + 1)
    for row in stride(from: rows - 1, through: 0, by: -1) {
      for column in stride(from: columns - 1, through: 0, by: -1) {
        length[row][column] =
          matches(expected[row], actual[column])
          ? length[row + 1][column + 1] + 1
          : max(length[row + 1][column], length[row][column + 1])
      }
    }
    var lines: [Line] = []
    var row = 0
    var column = 0
    while row < rows || column < columns {
      if row < rows, column < columns, matches(expected[row], actual[column]) {
        lines.append(.same(describe(actual[column])))
        row += 1
        column += 1
      } else if column < columns, row == rows || length[row][column + 1] >= length[row + 1][column]
      {
        lines.append(.unexpected(describe(actual[column])))
        column += 1
      } else {
        lines.append(.missing(expected[row]))
        row += 1
      }
    }
    self.lines = lines
  }

  /// `  same`, `− missing`, `+ unexpected`, one per line.
  var text: String {
    lines.map { line in
      switch line {
      case .same(let text): "  " + text
      case .missing(let text): "− " + text
      case .unexpected(let text): "+ " + text
      }
    }.joined(separator: "\n")
  }
}
