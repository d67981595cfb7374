import AppLifecycle
import Foundation
import Scenarios
import Testing

@testable import LifescriptCLI

/// `SuiteConfiguration.evaluate`: what lifescript.lua may set, and the message of each way it
/// can be wrong.
@Suite struct SuiteConfigurationTests {
  func evaluate(_ source: String) throws(SuiteConfiguration.Problem) -> SuiteConfiguration {
    try SuiteConfiguration.evaluate(Array(source.utf8), file: "Tests/lifescript.lua")
  }

  func problem(_ source: String) -> String? {
    do {
      _ = try evaluate(source)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func everyKeyIsReadIntoItsSetting() throws {
    let configuration = try evaluate(
      """
      ios = 18.3
      info = "../MyApp/Info.plist"
      root = ".."
      options = { ["scene-appearance"] = "\(LaunchOrderOptions.catalogue[2].choices.last!)" }
      seed = 7
      limits = { memory = "128MiB", instructions = "none", timeout = 30 }
      warnings = "error"
      ignore_warnings = { "lua-warn", "deprecated-app-delegate-method" }
      scenarios = "**/*-test.lua"
      exclude = { "drafts/**" }
      format = "junit"
      output = "reports/lifescript.xml"
      jobs = 4
      """)
    #expect(configuration.folder == "Tests")
    #expect(configuration.ios == IOSProfile("18.3"))
    #expect(configuration.resolve(configuration.info!) == "MyApp/Info.plist")
    #expect(configuration.root == "..")
    #expect(configuration.orderings.count == 1)
    #expect(configuration.seed == 7)
    #expect(configuration.memory == .some(128 << 20))
    #expect(configuration.instructions == .some(nil))
    #expect(configuration.timeout == .some(30))
    #expect(configuration.warnings == .error)
    #expect(configuration.ignoredWarnings == [.luaWarn, .deprecatedAppDelegateMethod])
    #expect(configuration.scenarios == ["**/*-test.lua"])
    #expect(configuration.exclude == ["drafts/**"])
    #expect(configuration.format == .junit)
    #expect(configuration.resolve(configuration.output!) == "Tests/reports/lifescript.xml")
    #expect(configuration.jobs == 4)

    var settings = RunSettings()
    configuration.apply(to: &settings)
    #expect(settings.scenario.profile == IOSProfile("18.3"))
    #expect(settings.scenario.root == ".")
    #expect(
      settings.scenario.rootNote
        == "(root = \"..\" in Tests/lifescript.lua); change it there, or use --root")
    #expect(settings.scenario.info?.setting == "info in Tests/lifescript.lua")
    #expect(settings.scenario.limits.memory == 128 << 20)
    #expect(settings.scenario.limits.instructions == nil)
    #expect(settings.timeout == 30)
    #expect(settings.scenario.warnings.mode == .error)
    #expect(settings.scenario.warnings.origin == "warnings = \"error\" in Tests/lifescript.lua")
  }

  @Test func theReferencesExampleIsAValidConfiguration() throws {
    let page = try String(
      contentsOf: CommandLine.repository.appendingPathComponent(
        "Documentation/Reference/lifescript-lua.md"), encoding: .utf8)
    let start = try #require(page.range(of: "```lua\n"))
    let end = try #require(page.range(of: "```", range: start.upperBound..<page.endIndex))
    let example = try evaluate(String(page[start.upperBound..<end.lowerBound]))
    #expect(example.ios == IOSProfile("18.3"))
    #expect(example.orderings == ["scene-appearance=before-activation"])
    #expect(example.ignoredWarnings == [.deprecatedAppDelegateMethod])
  }

  @Test func aReturnedTableIsTheSameAsGlobalsAndAnEmptyFileSetsNothing() throws {
    #expect(try evaluate("return { ios = \"17\" }").ios == IOSProfile("17"))
    let marked = try SuiteConfiguration.evaluate(
      [0xEF, 0xBB, 0xBF] + Array("ios = \"17\"".utf8), file: "lifescript.lua")
    #expect(marked.ios == IOSProfile("17"), "a byte-order mark is skipped")
    let shebang = try SuiteConfiguration.evaluate(
      [0xEF, 0xBB, 0xBF] + Array("#!/usr/bin/env lua\nios = \"17\"".utf8), file: "lifescript.lua")
    #expect(shebang.ios == IOSProfile("17"), "a first line that starts with # is skipped")
    // Lines keep their numbers.
    let problem = #expect(throws: SuiteConfiguration.Problem.self) {
      try SuiteConfiguration.evaluate(
        Array("# settings\nwarnings = \"loud\"".utf8), file: "lifescript.lua")
    }
    #expect(
      problem?.message.hasPrefix("lifescript.lua:2: warnings:") == true, "\(problem?.message ?? "")"
    )
    let own = try evaluate("local function release() return '17' end\nios = release()")
    #expect(own.ios == IOSProfile("17"), "the file may call the functions it defines")
    #expect(
      try evaluate("-- nothing yet\n")
        == SuiteConfiguration(file: "Tests/lifescript.lua", folder: "Tests"))
    let project = try evaluate(
      "project = { path = \"../App.xcodeproj\", target = \"App\", configuration = \"Release\" }"
    ).project
    #expect(project?.path == "../App.xcodeproj")
    #expect(project?.target == "App")
    #expect(project?.configuration == "Release")
    #expect(project?.setting == "project in Tests/lifescript.lua")
  }

  @Test(arguments: [
    ("ios = \"18.3", "Tests/lifescript.lua:1: unfinished string near <eof>"),
    ("\n\nios = = 3", "Tests/lifescript.lua:3: unexpected symbol near '='"),
    ("print('hi')", "Tests/lifescript.lua:1: attempt to call a nil value (global 'print')"),
    (
      "ios = os.getenv('IOS')",
      "Tests/lifescript.lua:1: attempt to index a nil value (global 'os')"
    ),
    (
      "local f = require('x')",
      "Tests/lifescript.lua:1: attempt to call a nil value (global 'require')"
    ),
    (
      "ios = ('18'):rep(1)",
      "Tests/lifescript.lua:1: attempt to index a string value (constant '18')"
    ),
    (
      "while true do end",
      "Tests/lifescript.lua: ran more than 1000000 Lua instructions; lifescript.lua holds settings, not a program (a loop that never ends?)"
    ),
    (
      "local s = 'x' for i = 1, 40 do s = s .. s end",
      "Tests/lifescript.lua: needs more than 16 MiB of memory; lifescript.lua holds settings, not data sets"
    ),
    (
      "ios = '18.3'\nwarning = 'once'",
      "Tests/lifescript.lua:2: unknown key 'warning' (did you mean warnings?); the keys are ios, info, project, root, options, seed, limits, warnings, ignore_warnings, scenarios, exclude, format, output, jobs"
    ),
    (
      "limits = {\n  memroy = '1G' }",
      "Tests/lifescript.lua:2: unknown key 'limits.memroy' (did you mean memory?); the keys are memory, instructions, timeout"
    ),
    (
      "limits = { memory = true }",
      "Tests/lifescript.lua:1: limits.memory: expected a size from 1 byte to 1TiB, like \"64MiB\" or a number of bytes, or \"none\", got true"
    ),
    // Issue 29, R9: a number past the range is refused, never carried to a crash.
    (
      "limits = { memory = 9223372036854775807 }",
      "Tests/lifescript.lua:1: limits.memory: expected a size from 1 byte to 1TiB, like \"64MiB\" or a number of bytes, or \"none\", got 9223372036854775807"
    ),
    (
      "limits = {\n  memory = '8589934592G' }",
      "Tests/lifescript.lua:2: limits.memory: expected a size from 1 byte to 1TiB, like \"64MiB\" or a number of bytes, or \"none\", got \"8589934592G\""
    ),
    (
      "limits = { instructions = '99999999999999999999' }",
      "Tests/lifescript.lua:1: limits.instructions: expected a whole number from 1 to 9223372036854775807, or \"none\", got \"99999999999999999999\""
    ),
    (
      "limits = { timeout = 9223372036854775807 }",
      "Tests/lifescript.lua:1: limits.timeout: expected a number of seconds from 1 to 86400 (a day), or \"none\", got 9223372036854775807"
    ),
    (
      "limits = { timeout = 1e300 }",
      "Tests/lifescript.lua:1: limits.timeout: expected a number of seconds from 1 to 86400 (a day), or \"none\", got 1e+300"
    ),
    (
      "seed = 9223372036854775807",
      "Tests/lifescript.lua:1: seed: expected a whole number from -2147483648 to 2147483647, got 9223372036854775807"
    ),
    // Issue 29, R21: an empty output ran the whole suite, then could not write "".
    ("output = ''", "Tests/lifescript.lua:1: output: expected a file name, got \"\""),
    (
      "jobs = 1e300",
      "Tests/lifescript.lua:1: jobs: expected a whole number from 1 to 512, got 1e+300"
    ),
    (
      "ios = '11'",
      "Tests/lifescript.lua:1: ios: expected a release from 12 to 30 like \"18.3\", got \"11\""
    ),
    ("ios = {}", "Tests/lifescript.lua:1: ios: expected a release like \"18.3\", got table"),
    (
      "warnings = 'some'",
      "Tests/lifescript.lua:1: warnings: expected \"all\", \"once\", \"none\" or \"error\", got \"some\""
    ),
    (
      "ignore_warnings = { 'lua-warn', 'scene-dead-methods' }",
      "Tests/lifescript.lua:1: ignore_warnings[2]: unknown warning 'scene-dead-methods' (did you mean scene-dead-method?); the names are deprecated-app-delegate-method, scene-dead-method, launch-screen-missing, launch-storyboard-missing, black-launch-screen, undeclared-url-scheme, restoration-half-pair, non-bool-return, misspelled-method, lua-warn, unresolved-class-name, duplicate-info-key, project-file"
    ),
    (
      "ignore_warnings = { 'untrusted-config' }",
      "Tests/lifescript.lua:1: ignore_warnings[1]: untrusted-config cannot be left out: it says that a lifescript.lua was passed over for your safety; to use that file, trust it with LIFESCRIPT_TRUST (Documentation/Reference/lifescript-lua.md#which-files-are-trusted)"
    ),
    (
      "exclude = { a = 'x' }",
      "Tests/lifescript.lua:1: exclude: expected a list of strings ({ \"a\", \"b\" }), got a table with key \"a\""
    ),
    (
      "options = { ['legacy-activation'] = 'sometimes' }",
      "Tests/lifescript.lua:1: options.legacy-activation: unknown choice \"sometimes\"; choose from \(LaunchOrderOptions.catalogue[0].choices.joined(separator: ", "))"
    ),
    ("jobs = 0", "Tests/lifescript.lua:1: jobs: expected a whole number from 1 to 512, got 0"),
    (
      "format = 'xml'",
      "Tests/lifescript.lua:1: format: expected \"text\", \"json\", \"tap\" or \"junit\", got \"xml\""
    ),
    ("project = { target = 'App' }", "Tests/lifescript.lua:1: project: needs a path"),
    (
      "project = 'App.xcodeproj'\ninfo = 'App/Info.plist'",
      "Tests/lifescript.lua:2: set project or info, not both: the project gives the app its Info.plist"
    ),
    ("return 5", "Tests/lifescript.lua: the file returned a number; return a table, or nothing"),
    (
      "ios = '17' return { jobs = 2 }",
      "Tests/lifescript.lua: set the keys as globals (ios = \"18.3\") or in a returned table, not both"
    ),
    (
      "t = {} t.t = t",
      "Tests/lifescript.lua:1: unknown key 't'; the keys are ios, info, project, root, options, seed, limits, warnings, ignore_warnings, scenarios, exclude, format, output, jobs"
    ),
    (
      "return { [1] = 'x' }",
      "Tests/lifescript.lua: a key must be a name, not number 1"
    ),
  ])
  func aBadConfigurationIsAProblemNamingTheFileAndTheLineOrTheKey(
    source: String, message: String
  ) {
    #expect(problem(source) == message)
  }

  @Test func deepAndHugeTablesAreRefusedWithinTheLimits() throws {
    let deep = "limits = " + String(repeating: "{", count: 300) + String(repeating: "}", count: 300)
    #expect(problem(deep)?.hasPrefix("Tests/lifescript.lua") == true)
    let huge = "exclude = {} for i = 1, 1e7 do exclude[i] = 'x' end"
    #expect(problem(huge)?.hasPrefix("Tests/lifescript.lua: ") == true)
    let wide = "exclude = { " + String(repeating: "'a', ", count: 10_000) + "}"
    #expect(try evaluate(wide).exclude.count == 10_000)
  }
}

/// `ScenarioSelection`: which files found below a folder are scenarios.
@Suite struct ScenarioSelectionTests {
  @Test(arguments: [
    ("**/*.lua", "a.lua", true), ("**/*.lua", "x/y/a.lua", true), ("*.lua", "x/a.lua", false),
    ("drafts/**", "drafts/a.lua", true), ("drafts/**", "drafts/x/a.lua", true),
    ("drafts/**", "a.lua", false), ("**/*-test.lua", "x/launch-test.lua", true),
    ("**/*-test.lua", "x/launch.lua", false), ("x/**/a.lua", "x/a.lua", true),
    ("**/*.lua", ".hidden.lua", false),
  ])
  func globsMatchWholePathsWithDoubleStarForFolders(
    pattern: String, path: String, matches: Bool
  ) {
    #expect(ScenarioSelection.glob(pattern, matches: path) == matches)
  }

  /// Many `**` against a deep path answer at once (each name is matched against each part of
  /// the pattern once), and correctly.
  @Test func manyDoubleStarsAgainstADeepPathAnswer() {
    let deep = (1...30).map { "d\($0)" }.joined(separator: "/") + "/a.lua"
    let stars = Array(repeating: "**", count: 12)
    #expect(!ScenarioSelection.glob((stars + ["nope.lua"]).joined(separator: "/"), matches: deep))
    #expect(ScenarioSelection.glob((stars + ["*.lua"]).joined(separator: "/"), matches: deep))
    let between = (1...12).map { "**/d\($0 * 2)" }.joined(separator: "/") + "/**/a.lua"
    #expect(ScenarioSelection.glob(between, matches: deep))
    #expect(!ScenarioSelection.glob(between + "x", matches: deep))
    let reversed = "**/d2/**/d1/**"
    #expect(!ScenarioSelection.glob(reversed, matches: deep))
  }

  /// The same answers as matching by trying every number of folders for each `**`, for every
  /// pattern of up to three parts and path of up to four names from a few of each.
  @Test func globsAnswerAsTryingEveryFolderCountWould() {
    func tryingEvery(_ parts: [String], _ names: [String]) -> Bool {
      func match(_ p: Int, _ n: Int) -> Bool {
        if p == parts.count { return n == names.count }
        if parts[p] == "**" { return (n...names.count).contains { match(p + 1, $0) } }
        guard n < names.count, fnmatch(parts[p], names[n], FNM_PERIOD) == 0 else { return false }
        return match(p + 1, n + 1)
      }
      return match(0, 0)
    }
    func sequences(of items: [String], upTo count: Int) -> [[String]] {
      var all: [[String]] = [[]]
      var last: [[String]] = [[]]
      for _ in 0..<count {
        last = last.flatMap { prefix in items.map { prefix + [$0] } }
        all += last
      }
      return all
    }
    let patterns = sequences(of: ["**", "*", "a", "b*", "?"], upTo: 3).filter { !$0.isEmpty }
    let paths = sequences(of: ["a", "b", "bb", ".h"], upTo: 4)
    for parts in patterns {
      let pattern = parts.joined(separator: "/")
      for names in paths {
        let path = names.joined(separator: "/")
        #expect(
          ScenarioSelection.glob(pattern, matches: path) == tryingEvery(parts, names),
          "\(pattern) against \(path)")
      }
    }
  }

  @Test func requiredNamesAreTheLiteralOnes() {
    let source = """
      local app = require "app"
      local util = require('lib.util')
      local dynamic = require(name)
      local spaced = require  ( "spaced" )
      local requires = 1 -- not_require "x"
      """
    #expect(
      ScenarioSelection.requiredNames(in: Array(source.utf8)) == ["app", "lib.util", "spaced"])
  }
}
