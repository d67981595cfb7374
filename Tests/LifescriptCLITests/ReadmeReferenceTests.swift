import AppLifecycle
import Foundation
import Scenarios
import Testing

@testable import LifescriptCLI

/// README.md's Reference covers everything there is, enumerated from the program itself: every
/// command and option in ArgumentParser's command tree (`--experimental-dump-help`), every
/// CONFLICTING ordering, every name a scenario can use and every class of a fresh scenario, and
/// every iOS release where the profile changes. A new option, device action or class without a
/// line in the README fails here.
@Suite struct ReadmeReferenceTests {
  let readme: String

  init() throws {
    readme = try String(
      contentsOf: CommandLine.repository.appendingPathComponent("README.md"), encoding: .utf8)
  }

  // MARK: Commands and options

  /// What `lifescript --experimental-dump-help` says of a command.
  struct CommandInfo: Decodable {
    var commandName: String
    var shouldDisplay: Bool?
    var subcommands: [CommandInfo]?
    var arguments: [ArgumentInfo]?
  }

  struct ArgumentInfo: Decodable {
    var kind: String
    var names: [NameInfo]?
    var shouldDisplay: Bool?
    var allValues: [String]?
  }

  struct NameInfo: Decodable {
    var kind: String
    var name: String

    /// `--jobs`, `-j`.
    var spelled: String { kind == "long" ? "--" + name : "-" + name }
  }

  struct ToolInfo: Decodable { var command: CommandInfo }

  /// The command tree, from the real executable.
  static func commandTree() throws -> CommandInfo {
    let result = try CommandLine.run(["--experimental-dump-help"])
    #expect(result.status == 0)
    return try JSONDecoder().decode(ToolInfo.self, from: Data(result.output.utf8)).command
  }

  /// The subcommands a user sees (not the hidden `worker`).
  static func visibleSubcommands() throws -> [CommandInfo] {
    try commandTree().subcommands?.filter { $0.shouldDisplay != false } ?? []
  }

  /// Options every command has, documented once for all.
  static let universal: Set<String> = ["--help", "-h", "--version"]

  /// The README's section for a command: from its `### \`lifescript NAME` heading to the next
  /// heading of that level or above.
  func section(of command: String) -> Substring? {
    guard let start = readme.firstRange(of: "\n### `lifescript \(command)") else { return nil }
    let rest = readme[start.upperBound...]
    let end = [rest.firstRange(of: "\n### "), rest.firstRange(of: "\n## ")]
      .compactMap { $0?.lowerBound }.min()
    return rest[..<(end ?? rest.endIndex)]
  }

  @Test func theCommandTreeIsLifescriptsSubcommands() throws {
    let names = try Self.commandTree().subcommands?.map(\.commandName) ?? []
    let declared = Lifescript.configuration.subcommands.map { $0._commandName }
    #expect(Set(declared).isSubset(of: Set(names)))
    #expect(names.contains("worker"))
    #expect(try !Self.visibleSubcommands().contains { $0.commandName == "worker" })
  }

  @Test func everyCommandIsInTheTableOfCommands() throws {
    for command in try Self.visibleSubcommands() {
      #expect(
        readme.contains("| `lifescript \(command.commandName)"),
        "README.md's table of commands has no row for lifescript \(command.commandName)")
    }
  }

  @Test func everyOptionAndItsValuesAreDocumentedInItsCommandsSection() throws {
    for command in try Self.visibleSubcommands() {
      let options = (command.arguments ?? []).filter {
        $0.shouldDisplay != false && $0.kind != "positional"
      }
      let own = options.filter { option in
        !(option.names ?? []).allSatisfy { Self.universal.contains($0.spelled) }
      }
      guard !own.isEmpty else { continue }
      let name = command.commandName
      guard let section = section(of: name) else {
        Issue.record("README.md has no section ### `lifescript \(name) …` for its options")
        continue
      }
      for option in own {
        for spelled in (option.names ?? []).map(\.spelled) {
          #expect(
            section.contains("`\(spelled)"),
            "lifescript \(name) \(spelled) is not documented in its README section")
        }
        // Prose and tables, not the languages of code fences (```lua).
        let prose = section.split(separator: "\n").filter { !$0.hasPrefix("```") }
          .joined(separator: "\n")
        for value in option.allValues ?? [] {
          #expect(
            Self.containsWord(prose[...], value),
            "lifescript \(name): the value \(value) of \(option.names?.first?.spelled ?? "") is not documented"
          )
        }
      }
    }
  }

  /// Whether `word` occurs in `text` on its own (`lua` in `objc\|swift\|lua`, not in
  /// `lifescript.lua` or `lua5.4`).
  static func containsWord(_ text: Substring, _ word: String) -> Bool {
    func isPart(_ character: Character) -> Bool {
      character.isLetter || character.isNumber || "-_".contains(character)
    }
    var rest = text[...]
    while let range = rest.firstRange(of: word) {
      let before =
        range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
      let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
      if !isPart(before), before != ".", !isPart(after) { return true }
      rest = text[range.upperBound...]
    }
    return false
  }

  @Test func helpVersionAndExitStatusesAreDocumented() {
    for option in Self.universal { #expect(readme.contains("`\(option)`"), "\(option)") }
    #expect(readme.contains("### Exit status"))
    for status in 0...2 { #expect(readme.contains("\n| \(status) | "), "exit status \(status)") }
  }

  // MARK: CONFLICTING orderings

  @Test func everyConflictingOrderingHasARowWithItsChoicesDefaultAndSource() throws {
    for option in LaunchOrderOptions.catalogue {
      let row = try #require(
        readme.split(separator: "\n").first { $0.hasPrefix("| `\(option.name)` |") },
        "README.md has no row | `\(option.name)` | in its table of CONFLICTING orderings")
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(cells.count == 3, "\(row)")
      guard cells.count == 3 else { continue }
      // The choices cell names the default first, then every other choice.
      #expect(cells[1].hasPrefix("`\(option.defaultChoice)`"), "\(option.name): default first")
      for choice in option.choices {
        #expect(cells[1].contains("`\(choice)`"), "\(option.name): the choice \(choice)")
      }
      #expect(cells[2].hasPrefix(option.reference), "\(option.name): source \(option.reference)")
    }
  }

  // MARK: Names and classes of the scenario language

  /// How the README writes a symbol: the call or value as a script writes it.
  static func usage(
    of symbol: ScriptInterface.Symbol, in interface: ScriptInterface, classes: Set<String>
  )
    -> String
  {
    let call = "(" + symbol.parameters.map(\.name).joined(separator: ", ") + ")"
    let arguments = symbol.kind == .function || symbol.kind == .method ? call : ""
    guard let owner = symbol.owner else { return symbol.name + arguments }
    if classes.contains(owner) {
      let receiver = owner == "NSObject" ? "Class" : owner
      return receiver + (symbol.kind == .method ? ":" : ".") + symbol.name + arguments
    }
    switch symbol.kind {
    case .function, .value:
      return owner + "." + symbol.name + arguments
    case .method, .property:
      // An object of the library: its shared instance (`NotificationCenter.default`), else any
      // one (`timer`).
      let shared = interface.symbols(of: owner).first { $0.kind == .value && $0.type == owner }
      let receiver = shared.map { owner + "." + $0.name } ?? owner.lowercased()
      return receiver + (symbol.kind == .method ? ":" : ".") + symbol.name + arguments
    }
  }

  /// The rows of README's table of names, in the order of the table: globals, libraries, class
  /// members.
  static func nameRows(of scenario: Scenario) -> [String] {
    let interface = scenario.interface
    let classes = Set(scenario.runtime.allClasses.map(\.name))
    let owners: [String?] =
      [nil] + interface.libraries.map(\.name)
      + interface.symbols.compactMap(\.owner).filter { classes.contains($0) }
    var seen: Set<String> = []
    var rows: [String] = []
    // Values first, then functions, methods and the properties of objects.
    let order: [ScriptInterface.Symbol.Kind] = [.value, .function, .method, .property]
    for owner in owners where seen.insert(owner ?? "").inserted {
      let symbols = interface.symbols(of: owner).enumerated().sorted {
        (order.firstIndex(of: $0.element.kind)!, $0.offset)
          < (order.firstIndex(of: $1.element.kind)!, $1.offset)
      }.map(\.element)
      for symbol in symbols {
        let usage = usage(of: symbol, in: interface, classes: classes)
        let summary = symbol.summary.replacingOccurrences(of: "|", with: "\\|")
        rows.append("| `\(usage)` | \(summary) |")
      }
    }
    return rows
  }

  /// The rows of README's table of classes: superclass, declared properties and the methods
  /// the class implements itself, by their Lua names.
  static func classRows(of scenario: Scenario) -> [String] {
    scenario.runtime.allClasses.map { cls in
      var inherited: Set<String> = []
      var current: RuntimeClass? = cls
      while let each = current {
        inherited.formUnion(each.properties)
        current = each.superclass
      }
      let methods = cls.selectors.map(\.name).filter { !inherited.contains($0) }
        .map(SelectorSpelling.luaName).sorted()
      func list(_ names: [String]) -> String { names.map { "`\($0)`" }.joined(separator: ", ") }
      let superclass = cls.superclass.map { "`\($0.name)`" } ?? ""
      return "| `\(cls.name)` | \(superclass) | \(list(cls.properties)) | \(list(methods)) |"
    }
  }

  /// Checks each expected row is in the README; on failure, shows the whole table to paste.
  func expectRows(_ rows: [String], table: String) {
    let missing = rows.filter { !readme.contains("\n" + $0 + "\n") }
    #expect(
      missing.isEmpty,
      "README.md's \(table) lacks or has other text for:\n\(missing.joined(separator: "\n"))\n\nthe whole table:\n\(rows.joined(separator: "\n"))"
    )
  }

  @Test func everyNameAScenarioCanUseHasItsRow() throws {
    let scenario = try Scenario(folder: nil)
    let rows = Self.nameRows(of: scenario)
    for library in ["device", "expect"] {
      #expect(scenario.interface.symbols(of: library).count >= 6)
      for symbol in scenario.interface.symbols(of: library) {
        #expect(rows.contains { $0.hasPrefix("| `\(library).\(symbol.name)(") })
      }
    }
    expectRows(rows, table: "table of names (### Names a scenario can use)")
  }

  @Test func everyClassHasItsRow() throws {
    expectRows(Self.classRows(of: try Scenario(folder: nil)), table: "table of classes")
  }

  // MARK: iOS releases

  /// What an iOS profile changes, as values that can be compared between releases.
  static func behaviour(of profile: IOSProfile) -> [String] {
    [
      "\(profile.supportsScenes)", profile.legacyAdoptionLog ?? "",
      "\(profile.backgroundTaskAllowance)", "\(profile.requiresScenes)",
      "\(profile.supportsLaunchScreenKeys)", "\(profile.requiresLaunchScreen)",
    ]
  }

  @Test func everyReleaseWhereTheProfileChangesHasARow() throws {
    var releases = ["12"]
    var previous = Self.behaviour(of: IOSProfile(12))
    for major in 12...30 {
      for minor in 0...9 {
        let profile = IOSProfile(major, minor)
        let behaviour = Self.behaviour(of: profile)
        if behaviour != previous { releases.append(profile.description) }
        previous = behaviour
      }
    }
    releases.append(IOSProfile.current.description)
    #expect(releases.contains("18.4"))
    for release in Set(releases) {
      #expect(
        readme.contains("\n| \(release) |") || readme.contains("\n| \(release) ("),
        "README.md's table of iOS releases has no row for \(release)")
    }
    for deprecated in IOSProfile.deprecatedInIOS26 {
      #expect(readme.contains(deprecated.selector), "\(deprecated.selector), deprecated in 26")
    }
  }
}
