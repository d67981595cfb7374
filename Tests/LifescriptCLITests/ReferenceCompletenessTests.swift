import AppLifecycle
import Foundation
import Scenarios
import Testing

@testable import LifescriptCLI

/// A page of the repository's documentation, read once per test.
struct DocumentationPage {
  /// The path from the repository's root: `Documentation/Reference/commands.md`.
  let path: String
  let text: String

  init(_ path: String) throws {
    self.path = path
    text = try String(
      contentsOf: CommandLine.repository.appendingPathComponent(path), encoding: .utf8)
  }

  /// Whether the page has `line` as a whole line.
  func hasLine(_ line: String) -> Bool { ("\n" + text + "\n").contains("\n" + line + "\n") }

  /// The text from the heading that starts with `prefix` (`## \`lifescript run`) to the next
  /// heading of that level or above; lines in code fences are not headings.
  func section(startingWith prefix: String) -> Substring? {
    let level = prefix.prefix { $0 == "#" }.count
    var start: String.Index?
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence else { continue }
      if let found = start {
        let hashes = line.prefix { $0 == "#" }.count
        if hashes > 0, hashes <= level, line.dropFirst(hashes).hasPrefix(" ") {
          return text[found..<line.startIndex]
        }
      } else if line.hasPrefix(prefix) {
        start = line.startIndex
      }
    }
    return start.map { text[$0...] }
  }

  /// The anchors GitHub gives the page's headings: `## Entry point` is `#entry-point`.
  var anchors: Set<String> {
    var seen: [String: Int] = [:]
    var anchors: Set<String> = []
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence, line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      let slug = Self.slug(title)
      let count = seen[slug, default: 0]
      seen[slug] = count + 1
      anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
    }
    return anchors
  }

  /// GitHub's anchor for a heading: lowercased, punctuation other than `-` and `_` dropped,
  /// spaces as `-`.
  static func slug(_ title: String) -> String {
    String(
      title.lowercased().compactMap { character -> Character? in
        if character == " " { return "-" }
        if character.isLetter || character.isNumber || character == "-" || character == "_" {
          return character
        }
        return nil
      })
  }
}

/// Documentation/Reference/ covers everything there is, enumerated from the program itself:
/// every command and option in ArgumentParser's command tree (`--experimental-dump-help`), every
/// CONFLICTING ordering, every name a scenario can use and every class of a fresh scenario, and
/// every iOS release where the profile changes. A new option, device action or class without a
/// line in the reference fails here, naming the page and the line it needs. The links between
/// the project's own pages resolve, and the headings other pages cite exist.
@Suite struct ReferenceCompletenessTests {
  /// Commands, their options, exit status and errors.
  let commands: DocumentationPage
  /// The tables of names and classes.
  let names: DocumentationPage
  /// CONFLICTING orderings and iOS releases.
  let releases: DocumentationPage
  /// The scenario language.
  let language: DocumentationPage

  init() throws {
    commands = try DocumentationPage("Documentation/Reference/commands.md")
    names = try DocumentationPage("Documentation/Reference/names.md")
    releases = try DocumentationPage("Documentation/Reference/options-and-releases.md")
    language = try DocumentationPage("Documentation/Reference/scenario-language.md")
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

  /// The commands page's section for a command: from its `## \`lifescript NAME` heading to the
  /// next heading of that level or above.
  func section(of command: String) -> Substring? {
    commands.section(startingWith: "## `lifescript \(command)")
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
      expectDocumented(
        commands.text.contains("\n| `lifescript \(command.commandName)"),
        "\(commands.path) needs a row | `lifescript \(command.commandName) …` | … | in its table of commands"
      )
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
        Issue.record(
          "\(commands.path) needs a section ## `lifescript \(name) …` for the options of lifescript \(name)"
        )
        continue
      }
      for option in own {
        for spelled in (option.names ?? []).map(\.spelled) {
          expectDocumented(
            section.contains("`\(spelled)"),
            "\(commands.path): the section ## `lifescript \(name) …` needs a line for \(spelled)")
        }
        // Prose and tables, not the languages of code fences (```lua).
        let prose = section.split(separator: "\n").filter { !$0.hasPrefix("```") }
          .joined(separator: "\n")
        for value in option.allValues ?? [] {
          expectDocumented(
            Self.containsWord(prose[...], value),
            "\(commands.path): the section ## `lifescript \(name) …` needs the value \(value) of \(option.names?.first?.spelled ?? "")"
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
    for option in Self.universal {
      expectDocumented(
        commands.text.contains("`\(option)`"), "\(commands.path) needs a line for \(option)")
    }
    let exitStatus = commands.section(startingWith: "## Exit status")
    #expect(exitStatus != nil, "\(commands.path) needs a section ## Exit status")
    for status in 0...2 {
      expectDocumented(
        exitStatus?.contains("\n| \(status) | ") == true,
        "\(commands.path): ## Exit status needs a row | \(status) | … |")
    }
  }

  // MARK: CONFLICTING orderings

  @Test func everyConflictingOrderingHasARowWithItsChoicesDefaultAndSource() throws {
    for option in LaunchOrderOptions.catalogue {
      let row = try #require(
        releases.text.split(separator: "\n").first { $0.hasPrefix("| `\(option.name)` |") },
        "\(releases.path) needs a row | `\(option.name)` | … | in its table of CONFLICTING orderings"
      )
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(cells.count == 3, "\(releases.path): \(row)")
      guard cells.count == 3 else { continue }
      // The choices cell names the default first, then every other choice.
      expectDocumented(
        cells[1].hasPrefix("`\(option.defaultChoice)`"),
        "\(releases.path), \(option.name): the default \(option.defaultChoice) comes first")
      for choice in option.choices {
        expectDocumented(
          cells[1].contains("`\(choice)`"),
          "\(releases.path), \(option.name): the choice \(choice) is missing")
      }
      // The source cell links the page where the sources disagree.
      let link = "(" + option.reference.replacing("Documentation/", with: "../") + ")"
      expectDocumented(
        cells[2].hasPrefix("[§") && cells[2].contains(link),
        "\(releases.path), \(option.name): the source cell links \(link)")
    }
  }

  // MARK: Names and classes of the scenario language

  /// How the reference writes a symbol: the call or value as a script writes it.
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

  /// The rows of the table of names, in the order of the table: globals, libraries, class
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

  /// The rows of the table of classes: superclass, declared properties and the methods the
  /// class implements itself, by their Lua names.
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

  /// Checks each expected row is a line of the names page, in the section `heading`; on
  /// failure, shows the whole table to paste.
  func expectRows(_ rows: [String], heading: String) {
    let section = names.section(startingWith: heading).map {
      DocumentationPage.Lines(text: String($0))
    }
    #expect(section != nil, "\(names.path) needs a section \(heading)")
    let missing = rows.filter { section?.contains($0) != true }
    expectDocumented(
      missing.isEmpty,
      "\(names.path), \(heading): the table lacks or has other text for:\n\(missing.joined(separator: "\n"))\n\nthe whole table:\n\(rows.joined(separator: "\n"))"
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
    expectRows(rows, heading: "## Names a scenario can use")
  }

  @Test func everyClassHasItsRow() throws {
    expectRows(Self.classRows(of: try Scenario(folder: nil)), heading: "## Classes")
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
    var changes = ["12"]
    var previous = Self.behaviour(of: IOSProfile(12))
    for major in 12...30 {
      for minor in 0...9 {
        let profile = IOSProfile(major, minor)
        let behaviour = Self.behaviour(of: profile)
        if behaviour != previous { changes.append(profile.description) }
        previous = behaviour
      }
    }
    changes.append(IOSProfile.current.description)
    #expect(changes.contains("18.4"))
    let table = releases.section(startingWith: "## iOS releases")
    #expect(table != nil, "\(releases.path) needs a section ## iOS releases")
    for release in Set(changes) {
      expectDocumented(
        table?.contains("\n| \(release) |") == true || table?.contains("\n| \(release) (") == true,
        "\(releases.path), ## iOS releases: the table needs a row | \(release) | … |")
    }
    for deprecated in IOSProfile.deprecatedInIOS26 {
      expectDocumented(
        table?.contains("`\(deprecated.selector)`") == true,
        "\(releases.path), ## iOS releases: \(deprecated.selector), deprecated in iOS 26, is not named"
      )
    }
  }

  // MARK: Warnings

  @Test func everyWarningHasItsRowWithItsName() throws {
    let warnings = try DocumentationPage("Documentation/Reference/warnings.md")
    #expect(Warning.Name.allCases.count >= 10)
    for name in Warning.Name.allCases {
      expectDocumented(
        warnings.text.contains("\n| `\(name.rawValue)` | "),
        "\(warnings.path) needs a row | `\(name.rawValue)` | \(name.summary) |")
    }
  }

  /// A warning is given as a `Warning` with its name: text that looks like a warning written out
  /// by hand (`"warning: …"`) would have no name to leave it out by, and one suite could not
  /// tell it from another.
  @Test func noWarningIsWrittenWithoutAName() throws {
    let sources = CommandLine.repository.appendingPathComponent("Sources")
    let files =
      FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") } ?? []
    #expect(files.count > 50)
    for file in files {
      let text = try String(
        contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      where line.contains("\"warning: ") || line.contains("warning: \\(")
        || line.contains("Lua warning: ")
      {
        Issue.record("Sources/\(file):\(number + 1) writes a warning without its name: \(line)")
      }
    }
  }

  // MARK: Pages, headings and links

  /// Headings that other pages, warnings and issues link to by anchor.
  @Test func theScenarioLanguageHasTheSectionsOthersCite() {
    let anchors = language.anchors
    for heading in [
      "Configuration", "Classes", "Entry point", "The user and the system",
      "Trace and expectations",
    ] {
      expectDocumented(
        language.hasLine("## " + heading),
        "\(language.path) needs the heading ## \(heading)")
      #expect(anchors.contains(DocumentationPage.slug(heading)))
    }
  }

  /// The project's own pages, whose links must resolve.
  static func ownPages() throws -> [DocumentationPage] {
    let reference = CommandLine.repository.appendingPathComponent("Documentation/Reference")
    let pages = try FileManager.default.contentsOfDirectory(atPath: reference.path)
      .filter { $0.hasSuffix(".md") }.sorted().map { "Documentation/Reference/" + $0 }
    let others = [
      "README.md", "CONTRIBUTING.md", "Documentation/Architecture.md",
      "Documentation/Performance.md",
      "Examples/MyApp/README.md",
    ]
    return try (others + pages).map(DocumentationPage.init)
  }

  /// Every relative link of README, CONTRIBUTING, the architecture and performance pages, the
  /// reference and the MyApp example leads to a file of the repository and, for a page, to one
  /// of its headings. Links into Documentation/UIKit/ are left to that reference's own citation
  /// test; web links are not followed.
  @Test func everyLinkBetweenTheProjectsPagesResolves() throws {
    let pages = try Self.ownPages()
    #expect(pages.count >= 10)
    for page in pages {
      for link in Self.links(in: page.text) {
        if link.contains("://") || link.hasPrefix("mailto:") { continue }
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = String(parts[0])
        let anchor = parts.count > 1 ? String(parts[1]) : nil
        let path = file.isEmpty ? page.path : Self.resolve(file, from: page.path)
        if path.hasPrefix("Documentation/UIKit/") { continue }
        let exists = FileManager.default.fileExists(
          atPath: CommandLine.repository.appendingPathComponent(path).path)
        #expect(exists, "\(page.path) links to \(link), but \(path) does not exist")
        guard exists, let anchor, path.hasSuffix(".md") else { continue }
        let linked = try DocumentationPage(path)
        expectDocumented(
          linked.anchors.contains(anchor),
          "\(page.path) links to \(link), but \(path) has no heading with the anchor #\(anchor)")
      }
    }
  }

  /// A relative link's path from the repository's root: `../UIKit/README.md` from
  /// `Documentation/Reference/commands.md` is `Documentation/UIKit/README.md`.
  static func resolve(_ link: String, from page: String) -> String {
    var parts = page.split(separator: "/").dropLast().map(String.init)
    for part in link.split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() } else { parts.append("..") }
      default: parts.append(String(part))
      }
    }
    return parts.joined(separator: "/")
  }

  /// The targets of the Markdown links `[text](target)` outside code.
  static func links(in text: String) -> [String] {
    var links: [String] = []
    var inFence = false
    for line in text.split(separator: "\n") {
      if line.hasPrefix("```") { inFence.toggle() }
      if inFence { continue }
      // Code spans are not links.
      let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
      var rest = prose[...]
      while let start = rest.firstRange(of: "](") {
        let after = rest[start.upperBound...]
        guard let end = after.firstIndex(of: ")") else { break }
        links.append(String(after[..<end]))
        rest = after[end...]
      }
    }
    return links
  }
}

/// Records `message` as a failure when `documented` is false: the page and the line it needs,
/// without the whole page that `#expect` would print.
func expectDocumented(
  _ documented: Bool, _ message: @autoclosure () -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  if !documented { Issue.record(Comment(rawValue: message()), sourceLocation: sourceLocation) }
}

extension DocumentationPage {
  /// The lines of a text, to look rows up as whole lines.
  struct Lines {
    let lines: Set<Substring>

    init(text: String) { lines = Set(text.split(separator: "\n")) }

    func contains(_ line: String) -> Bool { lines.contains(line[...]) }
  }
}
