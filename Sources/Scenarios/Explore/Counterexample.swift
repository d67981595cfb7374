import AppLifecycle
import LuaBridge

/// A violation `lifescript explore` found, as a scenario file that replays it: the explored
/// file with `explore.path { … }` in front of its first line (so every line keeps its number),
/// which `lifescript run` replays at the start point with the contract checked after each step
/// (Documentation/Reference/explore.md#counterexamples).
public enum Counterexample {
  /// The counterexample's text for `violation` of the file `file`, whose bytes are `original`.
  public static func source(for violation: Explorer.Violation, original: [UInt8], file: String)
    throws -> String
  {
    let text = String(decoding: original, as: UTF8.self)
    let path =
      "explore.path { " + violation.path.map { LuaSource.quoted($0.code) }.joined(separator: ", ")
      + " }; "
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Lua skips a first line that starts with "#" (a shebang): the path goes on the next.
    let first = lines.first?.hasPrefix("#") == true ? 1 : 0
    if first < lines.count { lines[first] = path + lines[first] } else { lines.append(path) }
    var body = lines.joined(separator: "\n")
    if !body.hasSuffix("\n") { body += "\n" }
    // One blank line before the note.
    if !body.hasSuffix("\n\n") { body += "\n" }
    return body + """
      -- A counterexample lifescript explore found in \(file): the path on the first line
      -- replays at the start point, and `lifescript run` fails with:
      --   \(violation.summary.replacingNewlines)

      """
  }

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
