import LifescriptKit
import Testing

extension Lifescript.Result {
  /// Records each failure of a run that did not pass as an issue of the current test, located
  /// at the scenario's `.lua` file and line, so a test runner (and an editor that reads its
  /// output) points at the line of the scenario that failed rather than at this call. A failure
  /// with no known line is recorded at `sourceLocation`, the caller's.
  ///
  /// Copy this file into a package's tests to use it; it needs only `LifescriptKit` and
  /// `Testing`.
  func recordIssues(sourceLocation: SourceLocation = #_sourceLocation) {
    guard status != .passed else { return }
    for failure in failures {
      var location = sourceLocation
      if let file = failure.file, let line = failure.line, line > 0 {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        location = SourceLocation(
          fileID: "scenarios/\(name)", filePath: file, line: line, column: 1)
      }
      Issue.record(Comment(rawValue: failure.description), sourceLocation: location)
    }
  }
}

/// `recordIssues()`: a failed scenario is a test issue at its `.lua` line.
@Suite struct ScenarioIssuesTests {
  @Test func aFailedExpectationIsAnIssueAtTheScenariosLine() throws {
    let path = Files.scenarios.appendingPathComponent("fails.lua").path
    let result = try Lifescript.run(file: path, options: .init(ios: "18.3"))
    withKnownIssue {
      result.recordIssues()
    } matching: { issue in
      issue.sourceLocation?.filePath == path && issue.sourceLocation?.line == 10
        && issue.comments.first?.rawValue.contains("fails.lua:10: expect.events: ") == true
    }
  }

  @Test func aScriptErrorIsAnIssueAtItsLine() throws {
    let result = try Lifescript.run(source: "local x = 1\nerror('boom')\n", name: "boom.lua")
    withKnownIssue {
      result.recordIssues()
    } matching: { issue in
      issue.sourceLocation?.fileName == "boom.lua" && issue.sourceLocation?.line == 2
    }
  }

  @Test func aPassingRunRecordsNothing() throws {
    let result = try Lifescript.run(source: "print('fine')", name: "fine.lua")
    result.recordIssues()
  }
}
