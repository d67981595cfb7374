import Foundation
import Testing

@testable import LifescriptCLI

/// The machine reports stay valid whatever scenarios print: `Fixtures/hostile-output` writes
/// blank lines, `---` and `...`, TAP lines, control characters, line separators and invalid
/// UTF-8 to standard error and into its failure messages, and each report is read by a real
/// reader: prove and TAP::Parser (Perl), PyYAML, Python's XML parser, Foundation's JSON.
/// .ci/run installs perl, python3 and python3-yaml when they are missing.
@Suite struct HostileOutputReportTests {
  static let arguments = ["test", "--allow-io", "hostile-output"]

  /// What `1-stderr-then-error.lua` writes, as a YAML reader gets it back from a block scalar:
  /// what YAML may not hold raw as U+FFFD (a lone carriage return too), the trailing blank
  /// lines clipped to one newline.
  static let blockStandardError = """
    first line

    ---
    ...
      ...
        ...
    not ok 99 - a test that is not there
    ok 100 - nor this one
    1..3
    Bail out! not really
    # a comment
    TAP version 13
    \t a tab first
    key: value
    - item
    | > ~ {} [] & * ! % @ `
    "unterminated
    'single
    carriage\u{FFFD}
    return
    nul\u{FFFD}byte, bell\u{FFFD}, escape\u{FFFD}[31mred\u{FFFD}[0m, delete\u{FFFD}
    next line\u{FFFD}line separator\u{FFFD}paragraph separator\u{FFFD}
    byte order mark\u{FFFD}, noncharacters \u{FFFD}\u{FFFD}
    invalid UTF-8: \u{FFFD}\u{FFFD} \u{FFFD} \u{FFFD}\u{FFFD}\u{FFFD} \u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}
    ]]> <![CDATA[ </system-err> &amp; <
    """ + "\n    \n"

  @Test func proveReadsTheWholeTAPStream() throws {
    let folder = try scratchFolder()
    let report = folder.appendingPathComponent("report.tap").path
    let result = try CommandLine.run(Self.arguments + ["--format", "tap", "--output", report])
    #expect(result.status == 2)
    let proved = try CommandLine.tool(["prove", "--verbose", "--exec", "cat", report], in: folder)
    // Before, the first blank line ended the YAML block: "Bad plan. You planned 4 tests but
    // ran 1", and a parse error.
    #expect(proved.output.contains("Failed 3/4 subtests"), "\(proved.output)\(proved.error)")
    #expect(!proved.output.contains("Parse errors"), "\(proved.output)")
    #expect(!proved.output.contains("Bad plan"), "\(proved.output)")
    #expect(proved.output.contains("Failed tests:  1-3\n"), "no line of the output became a test")
  }

  @Test func tapParserReadsEachYAMLBlockBack() throws {
    let folder = try scratchFolder()
    let report = folder.appendingPathComponent("report.tap").path
    _ = try CommandLine.run(Self.arguments + ["--format", "tap", "--output", report])
    // TAP::Parser's own YAMLish reader, its data as JSON (bytes as they are).
    let read = try CommandLine.tool(
      [
        "perl", "-MTAP::Parser", "-MJSON::PP", "-e",
        """
        open my $file, "<", $ARGV[0] or die; my $tap = do { local $/; <$file> };
        my $parser = TAP::Parser->new({ tap => $tap }); my @blocks;
        while (my $result = $parser->next) { push @blocks, $result->data if $result->is_yaml }
        print JSON::PP->new->canonical->encode({ blocks => \\@blocks, errors => [$parser->parse_errors] });
        """,
        report,
      ], in: folder)
    #expect(read.error == "")
    let parsed = try #require(
      JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [String: Any])
    #expect((parsed["errors"] as? [String]) == [], "\(read.output)")
    let blocks = try #require(parsed["blocks"] as? [[String: Any]])
    #expect(blocks.map { $0["status"] as? String } == ["error", "failed", "error"])
    // One-line quoted scalars come back exactly.
    #expect(blocks[1]["stderr"] as? String == "    indented first line\n\n...\n\tand a tab\n")
    #expect(blocks[2]["stderr"] as? String == "\n---\n")
    #expect((blocks[2]["details"] as? String)?.hasPrefix("  \nstack traceback:\n\t[C]") == true)
    // YAMLish reads a tab that starts a line as indentation, and keeps trailing blank lines.
    let yamlish = Self.blockStandardError.replacing("\n\t a tab", with: "\n  a tab") + "\n\n"
    #expect(blocks[0]["stderr"] as? String == yamlish)
    let details = try #require(blocks[0]["details"] as? String)
    #expect(details.hasPrefix("the message, as hostile:\nfirst line\n\n---\n...\n"))
    #expect(details.contains("\nnot ok 99 - a test that is not there\n"))
  }

  @Test(.enabled(if: Self.hasPyYAML, "needs python3 with PyYAML (.ci/run installs it)"))
  func pyYAMLReadsEachYAMLBlockBack() throws {
    let folder = try scratchFolder()
    let report = folder.appendingPathComponent("report.tap").path
    _ = try CommandLine.run(Self.arguments + ["--format", "tap", "--output", report])
    let read = try CommandLine.tool(
      [
        try #require(CommandLine.python(with: "yaml")), "-c",
        """
        import json, sys, yaml
        lines = open(sys.argv[1], encoding="utf-8").read().split("\\n")
        blocks, start = [], None
        for number, line in enumerate(lines):
            if line == "  ---": start = number
            elif line == "  ..." and start is not None:
                blocks.append(yaml.safe_load("\\n".join(l[2:] for l in lines[start:number + 1])))
                start = None
        print(json.dumps(blocks))
        """,
        report,
      ], in: folder)
    #expect(read.error == "")
    let blocks = try #require(
      JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [[String: Any]])
    #expect(blocks.count == 3)
    #expect(blocks.first?["stderr"] as? String == Self.blockStandardError)
    #expect(blocks.first?["message"] as? String == "the message, as hostile:")
    #expect(
      blocks.dropFirst().first?["stderr"] as? String
        == "    indented first line\n\n...\n\tand a tab\n")
  }

  @Test func junitIsWellFormedWhateverScenariosPrint() throws {
    let folder = try scratchFolder()
    let report = folder.appendingPathComponent("report.xml").path
    let result = try CommandLine.run(Self.arguments + ["--format", "junit", "--output", report])
    #expect(result.status == 2)
    let parsed = try CommandLine.tool(
      [
        "python3", "-c",
        """
        import json, sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        cases = [[case.get("name"), case.findtext("system-err"),
                  [child.text for child in case if child.tag in ("failure", "error")]]
                 for case in root.iter("testcase")]
        print(json.dumps([root.get("failures"), root.get("errors"), cases]))
        """,
        report,
      ], in: folder)
    #expect(parsed.error == "")
    let document = try #require(
      JSONSerialization.jsonObject(with: Data(parsed.output.utf8)) as? [Any])
    #expect(document[0] as? String == "1")
    #expect(document[1] as? String == "2")
    let cases = try #require(document[2] as? [[Any]])
    #expect(
      cases.map { $0[0] as? String } == [
        "1-stderr-then-error", "2-indented-stderr-then-failure", "3-blank-first-line", "4-passes",
      ])
    let errorOutput = try #require(cases[0][1] as? String)
    // Markup stays text; a carriage return is kept as a reference; what XML 1.0 cannot hold
    // (controls, U+FFFE, U+FFFF) shows as U+FFFD.
    #expect(errorOutput.contains("\n]]> <![CDATA[ </system-err> &amp; <\n"))
    #expect(errorOutput.contains("carriage\r\nreturn"))
    #expect(errorOutput.contains("nul\u{FFFD}byte, bell\u{FFFD}, escape\u{FFFD}[31m"))
    #expect(errorOutput.contains("noncharacters \u{FFFD}\u{FFFD}\n"))
    #expect(errorOutput.contains("\ninvalid UTF-8: \u{FFFD}\u{FFFD} \u{FFFD} "))
    #expect(cases[3][1] as? String == "\n...\n\u{FFFD}\n")
    let failure = try #require((cases[0][2] as? [String])?.first)
    #expect(failure.hasPrefix("the message, as hostile:\nfirst line\n\n---\n"))
  }

  @Test func jsonLinesStayOneRecordALine() throws {
    let result = try CommandLine.run(Self.arguments + ["--format", "json"])
    #expect(result.status == 2)
    let records = try result.output.split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().map {
        try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
    #expect(
      records.map { $0["type"] as? String } == ["suite"] + Array(repeating: "scenario", count: 4)
        + ["summary"])
    let errorOutput = try #require(records[1]["stderr"] as? String)
    // JSON holds every character: only the invalid UTF-8 is replaced.
    #expect(errorOutput.contains("carriage\r\nreturn\nnul\0byte, bell\u{7}, escape\u{1B}[31m"))
    #expect(errorOutput.contains("separator\u{2028}paragraph"))
    #expect(errorOutput.hasSuffix("<\n    \n\n\n"))
    #expect(records[5]["failed"] as? Int == 1)
    #expect(records[5]["errors"] as? Int == 2)
  }

  @Test func yamlScalarsEscapeWhatTheyCannotHold() {
    #expect(
      YAML.quoted("a\"b\\c\n\u{7}\u{85}\u{2028}\u{FEFF}") == #""a\"b\\c\n\x07\x85\u2028\ufeff""#)
    #expect(YAML.block("", indent: "  ") == "\"\"\n")
    #expect(YAML.block(" x\ny", indent: "  ") == "\" x\\ny\"\n")
    #expect(YAML.block("\tx", indent: "  ") == "\"\\tx\"\n")
    #expect(YAML.block("x\n\n...\n", indent: "  ") == "|\n  x\n  \n  ...\n")
    #expect(YAML.block("x\r\ny\u{0}", indent: "  ") == "|\n  x\u{FFFD}\n  y\u{FFFD}\n")
  }

  static var hasPyYAML: Bool {
    CommandLine.python(with: "yaml") != nil
  }

  private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-hostile-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
