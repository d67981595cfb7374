import AppLifecycle
import LuaBridge

/// A violation `lifescript explore` found, as a scenario file that replays it: the explored
/// file with `explore.path { … }` in front of its first line (so every line keeps its number),
/// which `lifescript run` replays at the start point with the contract checked after each step
/// (Documentation/Reference/explore.md#counterexamples).
public enum Counterexample {
  /// The counterexample's bytes for `violation` of the file `file`, whose bytes are `original`:
  /// those bytes as they are (a string literal need not be UTF-8), the path in front.
  public static func source(for violation: Explorer.Violation, original: [UInt8], file: String)
    -> [UInt8]
  {
    let path = Array(
      ("explore.path { " + violation.path.map { LuaSource.quoted($0.code) }.joined(separator: ", ")
        + " }; ").utf8)
    let newline = UInt8(ascii: "\n")
    // Lua skips a byte-order mark, then a first line that starts with "#" (a shebang): the
    // mark stays first, and the path goes on the next line.
    var start = original.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    var body = original
    if start < body.endIndex, body[start] == UInt8(ascii: "#") {
      if let end = body[start...].firstIndex(of: newline) {
        start = end + 1
      } else {
        body.append(newline)
        start = body.endIndex
      }
    }
    body.insert(contentsOf: path, at: start)
    if body.last != newline { body.append(newline) }
    // One blank line before the note.
    if !body.reversed().starts(with: [newline, newline]) { body.append(newline) }
    let note = """
      -- A counterexample lifescript explore found in \(file): the path on the first line
      -- replays at the start point, and `lifescript run` fails with:
      --   \(violation.summary.replacingNewlines)

      """
    return body + Array(note.utf8)
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Runs the counterexample at `path` as `lifescript run` does; nil when it fails with the
  /// violation's headline, else what happened instead.
  public static func replays(
    _ path: String, violation: Explorer.Violation, options: ScenarioOptions
  ) -> String? {
    do {
      try ScenarioRunner.run(file: path, options: options, output: { _ in }, warning: { _ in })
      return "it passed"
    } catch {
      let summary = violation.summary
      if error.message.contains(summary) { return nil }
      return "it failed with \(error.message)"
    }
  }
}

extension String {
  fileprivate var replacingNewlines: String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
  }
}
