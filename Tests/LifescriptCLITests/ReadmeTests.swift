import Foundation
import Testing

/// What README.md shows is what lifescript does: its first scenario prints the trace the README
/// pastes, the failure it shows is the failure lifescript prints, and its set-up commands are
/// the ones CI runs, with the packages CI installs.
@Suite final class ReadmeTests {
  let readme: DocumentationPage
  let folder: URL

  init() throws {
    readme = try DocumentationPage("README.md")
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-readme-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// The code blocks of a section, in order, without their fences: (language, text).
  func blocks(in heading: String) throws -> [(language: String, text: String)] {
    let section = try #require(readme.section(startingWith: heading), "README.md has no \(heading)")
    var blocks: [(String, String)] = []
    var current: (language: String, lines: [Substring])?
    for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let block = current {
          blocks.append((block.language, block.lines.joined(separator: "\n") + "\n"))
          current = nil
        } else {
          current = (String(line.dropFirst(3)), [])
        }
      } else {
        current?.lines.append(line)
      }
    }
    return blocks
  }

  /// The first scenario, and the two outputs the README shows for it.
  func firstScenario() throws -> (scenario: String, trace: String, failure: String) {
    let blocks = try blocks(in: "## A first scenario")
    let scenario = try #require(blocks.first { $0.language == "lua" }, "no lua block").text
    let outputs = blocks.filter { $0.language.isEmpty }.map(\.text)
    try #require(outputs.count == 2, "README.md's first scenario shows a trace and a failure")
    return (scenario, outputs[0], outputs[1])
  }

  @Test func theFirstScenarioPrintsTheTraceTheReadmeShows() throws {
    let (scenario, output, _) = try firstScenario()
    let command = "$ swift run lifescript run --trace hello.lua\n"
    try #require(output.hasPrefix(command), "the trace block starts with \(command)")
    try scenario.write(
      to: folder.appendingPathComponent("hello.lua"), atomically: true, encoding: .utf8)
    let result = try CommandLine.run(["run", "--trace", "hello.lua"], in: folder)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error == "")
    expectSameLines(result.output, String(output.dropFirst(command.count)), "the trace")
  }

  /// "Swap the first two names in `expect.order`": the failure the README pastes.
  @Test func theFirstScenarioFailsAsTheReadmeShowsWithTheTwoNamesSwapped() throws {
    let (scenario, _, failure) = try firstScenario()
    let order = #"expect.order { "sceneWillResignActive:", "sceneDidEnterBackground:","#
    let swapped = #"expect.order { "sceneDidEnterBackground:", "sceneWillResignActive:","#
    try #require(scenario.contains(order))
    #expect(readme.text.contains("Swap the first two names in `expect.order`"))
    try scenario.replacingOccurrences(of: order, with: swapped)
      .write(to: folder.appendingPathComponent("hello.lua"), atomically: true, encoding: .utf8)
    let result = try CommandLine.run(["run", "hello.lua"], in: folder)
    #expect(result.status == 1)
    #expect(result.output == "")
    expectSameLines(result.error, failure, "the failure")
  }

  /// Records the first line where lifescript's output and the README's copy of it differ.
  func expectSameLines(
    _ actual: String, _ readme: String, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard actual != readme else { return }
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let readmeLines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(actualLines, readmeLines).prefix { $0 == $1 }.count
    func at(_ lines: [Substring]) -> String {
      line < lines.count ? "\"\(lines[line])\"" : "nothing"
    }
    Issue.record(
      "README.md's first scenario: line \(line + 1) of \(what) is \(at(readmeLines)) in the README, \(at(actualLines)) from lifescript; paste lifescript's:\n\(actual)",
      sourceLocation: sourceLocation)
  }

  /// The walkthrough's code is Examples/MyApp's, as it is: each block (or each part of it
  /// between `...` lines) is a piece of the file it comes from.
  @Test func theWalkthroughShowsExamplesMyAppAsItIs() throws {
    let blocks = try blocks(in: "## Test your app's life cycle").filter { !$0.language.isEmpty }
    let files = [
      "Examples/MyApp/LifecycleTests/launch.lua", "Examples/MyApp/LifecycleTests/deep-link.lua",
      "Examples/MyApp/.github/workflows/lifecycle-tests.yml",
    ].map {
      try? String(contentsOf: CommandLine.repository.appendingPathComponent($0), encoding: .utf8)
    }
    #expect(blocks.count == 3)
    for (block, file) in zip(blocks, files) {
      for part in block.text.split(separator: "...\n") {
        expectDocumented(
          file?.contains(part) == true,
          "README.md's walkthrough shows a piece of Examples/MyApp that is not in its files:\n\(part)"
        )
      }
    }
  }

  /// The walkthrough's suite, run as the README runs it (from the app's folder): its scenarios
  /// read `../MyApp/…` under the root that `MyApp.xcodeproj` marks, and pass with the report
  /// the README pastes (times, worker count and the order of the PASS lines aside).
  @Test func theWalkthroughsSuitePassesAsTheReadmeShows() throws {
    let command = "$ lifescript test LifecycleTests/\n"
    let shown = try #require(
      try blocks(in: "## Test your app's life cycle").first {
        $0.language.isEmpty && $0.text.hasPrefix(command)
      }, "the walkthrough shows its suite's report"
    ).text.dropFirst(command.count)
    let result = try CommandLine.run(
      ["test", "LifecycleTests/"],
      in: CommandLine.repository.appendingPathComponent("Examples/MyApp"))
    #expect(result.status == 0, "\(result.output)")
    #expect(result.error == "")
    func lines(_ report: Substring) -> [String] {
      report.split(separator: "\n", omittingEmptySubsequences: false).map {
        String($0)
          .replacing(/\(\d+ ms\)/, with: "(… ms)")
          .replacing(/in [0-9.]+ s$/, with: "in … s")
          .replacing(/on \d+ workers?$/, with: "on … workers")
      }.sorted()
    }
    #expect(lines(result.output[...]) == lines(shown))
  }

  /// The two set-up commands: CI (`.ci/run`) runs the same test command and installs no
  /// package the README leaves out; the example the first command runs exists.
  @Test func theSetUpCommandsAreTheOnesCIRuns() throws {
    let blocks = try blocks(in: "## Set up")
    let commands = try #require(blocks.first { $0.language == "sh" }).text
      .split(separator: "\n").map(String.init)
    #expect(commands.count == 2, "README.md's set-up is two commands")
    guard commands.count == 2 else { return }
    let ci = try String(
      contentsOf: CommandLine.repository.appendingPathComponent(".ci/run"), encoding: .utf8)
    #expect(ci.contains("\n" + commands[1] + "\n"), "CI runs README's test command")
    let packages = ci.split(separator: "\n").compactMap { line -> Substring? in
      guard let start = line.range(of: "missing+=(") else { return nil }
      return line[start.upperBound...].prefix { $0 != ")" }
    }
    #expect(packages.count >= 5)
    for package in packages {
      #expect(commands[0].contains(" \(package) "), "README's set-up installs \(package)")
    }
    #expect(commands[0].contains("liblua5.4-dev"))
    let example = try #require(
      commands[0].split(separator: " ").last { $0.hasSuffix(".lua") }, "the example it runs")
    #expect(
      FileManager.default.fileExists(
        atPath: CommandLine.repository.appendingPathComponent(String(example)).path))
  }
}
