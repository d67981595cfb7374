import Foundation
import Testing

/// Every citation resolves inside the repository: a `§3.1` in a comment, a warning or `--help`
/// has its section in `Documentation/UIKit/`, a `Documentation/…` path or a relative Markdown link
/// points at a file and a heading that exist, and nothing points at a file outside the
/// repository: not by its path (`../shared/…`), nor by a Markdown file's name that no file of the
/// repository has (`DESIGN.md`, the notes the project was written from). Each failure names the
/// file and line (or the command's help) and the citation.
@Suite struct DocumentationCitationTests {
  /// One line of a file of the repository.
  struct Line {
    var path: String
    var number: Int
    var text: String

    var location: String { "\(path):\(number)" }
  }

  /// Where citations live: the code, the tests, the scripts, the examples, the documents, the
  /// benchmarks and the tools.
  static let scannedFolders = [
    "Sources", "Tests", "Scripts", "Examples", "Documentation", "Benchmarks", "tools",
  ]
  static let scannedFiles = ["README.md", "CONTRIBUTING.md"]
  /// The folders whose Markdown documents' links must resolve (Examples/MyApp's README is
  /// ReferenceCompletenessTests's).
  static let documentFolders = ["Documentation", "Benchmarks", "tools"]

  /// This file: it spells the forbidden paths to look for them.
  static let thisFile = "Tests/LifescriptCLITests/DocumentationCitationTests.swift"

  /// The reference's sections, by citation (`3.1`, `14 E`): the page and anchor of each marker
  /// line (`§3.1 · READ · …`) found right under a heading.
  let sections: [String: String]
  /// Marker lines that are not right under a heading, or repeat a section.
  let misplacedMarkers: [String]
  /// Read once for all the tests.
  static let lines = Result { try repositoryLines() }
  let lines: [Line]

  init() throws {
    lines = try Self.lines.get()
    var sections: [String: String] = [:]
    var misplaced: [String] = []
    for page in try Self.markdownFiles(in: "Documentation/UIKit") {
      let document = try MarkdownDocument(path: page)
      for marker in document.markers {
        let target = "\(page)#\(marker.anchor ?? "")"
        if marker.anchor == nil {
          misplaced.append(
            "\(page):\(marker.line): §\(marker.section) is not right under a heading")
        } else if let first = sections[marker.section] {
          misplaced.append("\(page):\(marker.line): §\(marker.section) is already at \(first)")
        } else {
          sections[marker.section] = target
        }
      }
    }
    self.sections = sections
    misplacedMarkers = misplaced
  }

  // MARK: Checks

  @Test func everySectionCitedInTheRepositoryHasItsSection() {
    #expect(sections.count > 50, "Documentation/UIKit/ has lost its section markers")
    #expect(lines.count > 10_000, "the scan has lost the repository's files")
    report(misplacedMarkers + lines.flatMap { sectionProblems(in: $0.text, at: $0.location) })
  }

  @Test func everyDocumentationPathNamedInTheRepositoryExists() {
    report(lines.flatMap { documentationPathProblems(in: $0.text, at: $0.location) })
  }

  @Test func everyRelativeLinkOfTheDocumentsResolves() throws {
    var problems: [String] = []
    for path in try Self.scannedFiles + Self.documentFolders.flatMap(Self.markdownFiles) {
      let document = try MarkdownDocument(path: path)
      for link in document.links {
        if let problem = linkProblem(link.target, from: path) {
          problems.append("\(path):\(link.line): \(link.target): \(problem)")
        }
      }
    }
    report(problems)
  }

  @Test func nothingCitesAFileOutsideTheRepository() {
    #expect(Self.markdownNames.contains("Architecture.md"), "the repository's documents are lost")
    report(
      lines.filter { $0.path != Self.thisFile }.flatMap {
        outsideProblems(in: $0.text, at: $0.location, from: $0.path)
      })
  }

  /// The check refuses the notes' names and paths wherever they appear, and lets the
  /// repository's own documents, web addresses and other files' names be.
  @Test(arguments: [
    ("(DESIGN.md: memory flat as the suite grows)", true),
    ("// SCENARIO-API.md: 2 for a script error", true),
    ("see STYLE.md", true),
    ("`DESIGN.md`", true),
    ("shared/reference/uikit-lifecycle.md#scenes", true),
    ("../shared/DESIGN.md", true),
    ("[the notes](../../../notes/design.md)", true),
    ("see Documentation/Architecture.md#performance", false),
    ("README.md and CONTRIBUTING.md", false),
    ("[scenes](../UIKit/scenes.md#scene-based-launch)", false),
    ("https://github.com/apple/example/blob/main/DESIGN.md", false),
    ("Main.storyboard, DESIGN.mdx and design_md", false),
  ])
  func onlyCitationsOfFilesOutsideTheRepositoryAreRefused(text: String, refused: Bool) {
    // The page is spelled in parts: the scan reads this file's paths too.
    let problems = outsideProblems(
      in: text, at: "x", from: ["Documentation", "Reference", "x.md"].joined(separator: "/"))
    #expect(problems.isEmpty != refused, "\(problems)")
  }

  /// A warning, error or help text a user reads names a page they can open
  /// (`see Documentation/UIKit/scenes.md#…`), not a bare section number: `§` belongs in
  /// comments, whose readers have the index.
  @Test func whatAUserReadsNamesAPageNotASection() {
    var problems: [String] = []
    for line in lines where line.path.hasPrefix("Sources/") && line.path.hasSuffix(".swift") {
      let code = line.text.trimmingCharacters(in: .whitespaces)
      guard !code.hasPrefix("//") else { continue }
      // The string literals of the line: what lies between unescaped quotes.
      var inside = false
      var escaped = false
      var literal = ""
      for character in code {
        if inside && character == "\\" && !escaped {
          escaped = true
          continue
        }
        if character == "\"" && !escaped {
          if inside, literal.contains("§") {
            problems.append("\(line.location): \"\(literal)\" cites a section; name its page")
          }
          inside.toggle()
          literal = ""
        } else if inside {
          literal.append(character)
        }
        escaped = false
      }
    }
    report(problems)
  }

  @Test func theHelpOfEveryCommandCitesWhatExists() throws {
    let result = try CommandLine.run(["--experimental-dump-help"])
    #expect(result.status == 0)
    let help = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    var texts: [(location: String, text: String)] = []
    Self.collectStrings(in: help, command: "lifescript", path: "", into: &texts)
    #expect(texts.count > 100, "the help dump has lost its text")
    report(
      texts.flatMap { text in
        sectionProblems(in: text.text, at: text.location)
          + documentationPathProblems(in: text.text, at: text.location)
          + outsideProblems(in: text.text, at: text.location, from: "")
      })
  }

  @Test func theIndexListsEverySectionWithItsPageAndAnchor() throws {
    let index = try MarkdownDocument(path: "Documentation/UIKit/README.md")
    var listed: [String: String] = [:]
    var problems: [String] = []
    for row in index.lines.enumerated() {
      guard let match = row.element.firstMatch(of: Self.indexRow) else { continue }
      let section = String(match.1) + (match.2.map { " " + $0 } ?? "")
      let target = "Documentation/UIKit/" + match.3
      if listed[section] != nil {
        problems.append("Documentation/UIKit/README.md:\(row.offset + 1): §\(section) twice")
      }
      listed[section] = target
      if sections[section] != target {
        problems.append(
          "Documentation/UIKit/README.md:\(row.offset + 1): §\(section) → \(target), but its "
            + "marker is at \(sections[section] ?? "no page")")
      }
    }
    for (section, target) in sections where listed[section] == nil {
      problems.append("Documentation/UIKit/README.md: the index lacks §\(section) (\(target))")
    }
    report(problems)
  }

  // MARK: The rules

  /// `§3.1`, `§14 E`: a section number, with a letter when the section has lettered parts.
  static var citation: Regex<(Substring, Substring, Substring?)> { /§(\d+(?:\.\d+)?)( [A-Z]\b)?/ }

  /// `Documentation/UIKit/scenes.md#app-delegate-methods-with-scenes`, not part of a longer path.
  static var documentationPath: Regex<(Substring, Substring, Substring?)> {
    /(?:^|[^\w\/.-])Documentation\/([\w\/.-]*?\.md)(?:#([\w-]+))?/
  }

  /// A row of the index: `| §3.5 | App-delegate methods with scenes | [scenes.md#…](scenes.md#…) |`.
  static var indexRow: Regex<(Substring, Substring, Substring?, Substring)> {
    /^\| §(\d+(?:\.\d+)?)(?: ([A-Z]))? \|.*\]\(([\w.-]+\.md#[\w-]+)\) \|$/
  }

  /// Paths that lead out of the repository, to the notes it was written from.
  static let outsidePaths = [
    "../shared", "shared/reference", "shared/SCENARIO-API", "shared/DESIGN", "shared/STYLE",
    "uikit-lifecycle.md",
  ]

  func sectionProblems(in text: String, at location: String) -> [String] {
    guard text.contains("§") else { return [] }
    return text.matches(of: Self.citation).compactMap { match in
      var section = String(match.1)
      if let letter = match.2, sections[section + letter] != nil || isLettered(section) {
        section += letter
      }
      guard sections[section] == nil else { return nil }
      return "\(location): §\(section) has no section in Documentation/UIKit/ "
        + "(no marker line \"§\(section) · …\" under a heading)"
    }
  }

  /// Whether the reference splits the section into lettered parts (§14 A to G).
  func isLettered(_ section: String) -> Bool {
    sections.keys.contains { $0.hasPrefix(section + " ") }
  }

  func documentationPathProblems(in text: String, at location: String) -> [String] {
    guard text.contains("Documentation/") else { return [] }
    return text.matches(of: Self.documentationPath).compactMap { match in
      let path = "Documentation/" + match.1
      let cited = path + (match.2.map { "#" + $0 } ?? "")
      guard let document = try? MarkdownDocument(path: path) else {
        return "\(location): \(cited): no such file"
      }
      if let anchor = match.2, !document.anchors.contains(String(anchor)) {
        return "\(location): \(cited): \(path) has no heading with the anchor #\(anchor)"
      }
      return nil
    }
  }

  /// A Markdown file's name standing alone (`DESIGN.md`), not the end of a path or an address.
  static var markdownName: Regex<(Substring, Substring)> { /(?:^|[^\w\/.-])([\w-]+\.md)\b/ }

  /// A Markdown path that climbs (`../../notes/design.md`), not the end of a longer path.
  static var climbingMarkdownPath: Regex<(Substring, Substring)> {
    /(?:^|[^\w\/.-])((?:\.\.\/)+[\w\/.-]*\.md)\b/
  }

  /// The names of the repository's Markdown files: a document cited by its name alone must be
  /// one of them.
  static let markdownNames: Set<String> = {
    var names: Set<String> = []
    for path in (try? files(in: ".")) ?? [] where path.hasSuffix(".md") {
      names.insert(String(path.split(separator: "/").last ?? ""))
    }
    return names
  }()

  /// What in `text`, a line of the file at `path` (empty for the help), cites a file outside
  /// the repository: one of the notes' paths, a Markdown name no file of the repository has, or
  /// a Markdown path that climbs out of it.
  func outsideProblems(in text: String, at location: String, from path: String) -> [String] {
    var problems = Self.outsidePaths.filter { text.contains($0) }.map {
      "\(location): cites \"\($0)\", outside the repository"
    }
    guard text.contains(".md") else { return problems }
    for match in text.matches(of: Self.markdownName)
    where !Self.markdownNames.contains(String(match.1)) {
      problems.append(
        "\(location): cites \(match.1), which is no file of the repository: cite the page of "
          + "Documentation/ that says it")
    }
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    for match in text.matches(of: Self.climbingMarkdownPath) {
      let resolved = Self.root.appendingPathComponent(folder).appendingPathComponent(
        String(match.1)
      ).standardizedFileURL.path
      if !resolved.hasPrefix(Self.root.path + "/") {
        problems.append("\(location): cites \(match.1), which leads outside the repository")
      }
    }
    return problems
  }

  /// What is wrong with a Markdown link target, relative to the document at `path`; nil if
  /// nothing.
  func linkProblem(_ target: String, from path: String) -> String? {
    if target.firstMatch(of: /^[a-zA-Z][a-zA-Z0-9+.-]*:/) != nil { return nil }
    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let file = String(parts[0]).removingPercentEncoding ?? String(parts[0])
    let anchor = parts.count > 1 ? String(parts[1]) : nil
    var resolved = path
    if !file.isEmpty {
      let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
      let joined = Self.root.appendingPathComponent(directory).appendingPathComponent(file)
        .standardizedFileURL.path
      guard joined.hasPrefix(Self.root.path + "/") else { return "leads outside the repository" }
      resolved = String(joined.dropFirst(Self.root.path.count + 1))
      guard FileManager.default.fileExists(atPath: joined) else { return "no such file" }
    }
    guard let anchor, resolved.hasSuffix(".md") else { return nil }
    guard let document = try? MarkdownDocument(path: resolved) else { return "unreadable" }
    return document.anchors.contains(anchor) ? nil : "\(resolved) has no heading #\(anchor)"
  }

  func report(_ problems: [String]) {
    for problem in problems { Issue.record(Comment(rawValue: problem)) }
  }

  // MARK: The repository's files

  static let root = CommandLine.repository.standardizedFileURL

  /// The lines of every text file where citations live.
  static func repositoryLines() throws -> [Line] {
    var paths = scannedFiles
    for folder in scannedFolders { paths += try files(in: folder) }
    return paths.flatMap { path -> [Line] in
      guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path),
        let text = String(data: data, encoding: .utf8)
      else { return [] }
      return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
        Line(path: path, number: $0.offset + 1, text: String($0.element))
      }
    }
  }

  /// Files below `folder`, relative to the repository, hidden ones and build products left out.
  static func files(in folder: String) throws -> [String] {
    let base = root.appendingPathComponent(folder).standardizedFileURL
    let prefix = folder == "." ? "" : folder + "/"
    guard
      let walker = FileManager.default.enumerator(
        at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    var found: [String] = []
    for case let url as URL in walker {
      guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else {
        continue
      }
      found.append(prefix + url.standardizedFileURL.path.dropFirst(base.path.count + 1))
    }
    return found.sorted()
  }

  static func markdownFiles(in folder: String) throws -> [String] {
    try files(in: folder).filter { $0.hasSuffix(".md") }
  }

  /// Every string of the help dump, with the command it belongs to and where in the JSON.
  static func collectStrings(
    in value: Any, command: String, path: String,
    into texts: inout [(location: String, text: String)]
  ) {
    switch value {
    case let text as String:
      texts.append(("help of `\(command)` (\(path))", text))
    case let list as [Any]:
      for (index, item) in list.enumerated() {
        collectStrings(in: item, command: command, path: "\(path)[\(index)]", into: &texts)
      }
    case let object as [String: Any]:
      var command = command
      if let name = object["commandName"] as? String, name != "lifescript" {
        command += " " + name
      }
      for (key, item) in object.sorted(by: { $0.key < $1.key }) {
        collectStrings(
          in: item, command: command, path: path.isEmpty ? key : "\(path).\(key)", into: &texts)
      }
    default:
      break
    }
  }
}

/// A Markdown file of the repository as GitHub renders it: its headings' anchors, its links, and
/// the reference's marker lines.
private struct MarkdownDocument {
  struct Marker {
    var section: String
    /// The anchor of the heading right above, nil if the line before is not a heading.
    var anchor: String?
    var line: Int
  }

  let lines: [String]
  private(set) var anchors: Set<String> = []
  private(set) var links: [(target: String, line: Int)] = []
  private(set) var markers: [Marker] = []

  init(path: String) throws {
    let url = DocumentationCitationTests.root.appendingPathComponent(path)
    lines = try String(contentsOf: url, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var counts: [String: Int] = [:]
    var fence: String?
    var headingAbove: String?
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let open = fence {
        if trimmed.hasPrefix(open) { fence = nil }
        continue
      }
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
        fence = String(trimmed.prefix(3))
        continue
      }
      if trimmed.hasPrefix("#"),
        let heading = line.firstMatch(of: /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/)
      {
        let slug = Self.slug(of: String(heading.1))
        let seen = counts[slug, default: 0]
        counts[slug] = seen + 1
        headingAbove = seen == 0 ? slug : "\(slug)-\(seen)"
        anchors.insert(headingAbove!)
        continue
      }
      if line.contains("<a ") {
        for html in line.matches(of: /<a\s+(?:name|id)="([^"]+)"/) {
          anchors.insert(String(html.1))
        }
      }
      if line.hasPrefix("§"), let marker = line.firstMatch(of: /^§(\d+(?:\.\d+)?( [A-Z])?) ·[ ]/) {
        markers.append(Marker(section: String(marker.1), anchor: headingAbove, line: index + 1))
      }
      if !trimmed.isEmpty { headingAbove = nil }
      guard line.contains("](") || trimmed.hasPrefix("[") else { continue }
      let prose = line.replacing(/`[^`]*`/, with: "")
      for link in prose.matches(of: /!?\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/) {
        links.append((String(link.1), index + 1))
      }
      if let definition = prose.firstMatch(of: /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/) {
        links.append((String(definition.1), index + 1))
      }
    }
  }

  /// GitHub's anchor for a heading: its text as rendered (link text, no code or emphasis
  /// marks), lowercased, without punctuation other than `-` and `_`, spaces made hyphens.
  static func slug(of heading: String) -> String {
    let rendered = heading.replacing(/!?\[([^\]]*)\]\([^)]*\)/) { String($0.1) }
      .replacing(/[`*]/, with: "")
    var slug = ""
    for character in rendered.trimmingCharacters(in: .whitespaces).lowercased() {
      if character == " " {
        slug.append("-")
      } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
        slug.append(character)
      }
    }
    return slug
  }
}
