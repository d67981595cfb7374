// The readers lifescript's fuzz targets drive (Fuzz/README.md): each takes any bytes and must
// end in a value or a thrown error, never a crash, a hang or a sanitizer report. plist,
// storyboard, pbxproj and xcconfig read Apple's formats (XcodeFiles); golden and wire read
// lifescript's own (Scenarios, LifescriptCLI). They reach internal API through `@testable
// import`, which a debug build allows; a release build of this target only says so
// (LifescriptFuzz.swift).

#if DEBUG
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif
  @testable import LifescriptCLI
  @testable import Scenarios
  @testable import XcodeFiles

  /// One fuzz target: its name on the command line and in `Fuzz/corpus/<name>/`, and what it
  /// does with an input.
  struct FuzzTarget: Sendable {
    let name: String
    let summary: String
    let run: @Sendable ([UInt8]) -> Void

    static let all: [FuzzTarget] = [
      FuzzTarget(
        name: "plist", summary: "an Info.plist (PropertyListFile, XMLReader over expat)",
        run: readPropertyList),
      FuzzTarget(
        name: "storyboard", summary: "a storyboard or xib (StoryboardFile, XMLReader over expat)",
        run: readStoryboard),
      FuzzTarget(
        name: "pbxproj",
        summary: "a project.pbxproj (OpenStepPropertyList, then XcodeProject and its targets)",
        run: readProject),
      FuzzTarget(
        name: "xcconfig",
        summary:
          "up to four .xcconfig files split at lines `#---`, including each other (XCConfigFile, BuildSettings)",
        run: readConfigurationFiles),
      FuzzTarget(
        name: "buildsettings",
        summary:
          "build-setting assignments, one `NAME[cond=pattern] = value` per line, each evaluated and the input expanded (BuildSettings, BuildSettingExpression)",
        run: expandBuildSettings),
      FuzzTarget(
        name: "config",
        summary: "a lifescript.lua (SuiteConfiguration: the sandboxed Lua state and every key)",
        run: readSuiteConfiguration),
      FuzzTarget(
        name: "glob",
        summary:
          "a `scenarios`/`exclude` glob and a path, on the input's first two lines (ScenarioSelection.glob)",
        run: matchGlob),
      FuzzTarget(
        name: "golden", summary: "a golden trace file (GoldenTrace), written back and read again",
        run: readGoldenTrace),
      FuzzTarget(
        name: "wire",
        summary:
          "the workers' protocol (WorkerWire): job lines read by LineReader, records, fields, ScenarioOutcome",
        run: readWireFormat),
    ]

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
  }

  /// A property of the input that must hold; false is a finding, reported as a crash so the
  /// fuzzer keeps the input.
  /// Writes `text` to standard error.
  func writeError(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
      if written <= 0 { return }
      offset += written
    }
  }

  func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz invariant broken: \(message())") }
  }

  private func readPropertyList(_ bytes: [UInt8]) {
    guard let contents = try? PropertyListFile.read(bytes, file: "Info.plist") else { return }
    for duplicate in contents.duplicateKeys {
      _ = PropertyListFile.warning(duplicate, file: "Info.plist").description
    }
  }

  private func readStoryboard(_ bytes: [UInt8]) {
    _ = try? StoryboardFile.read(bytes, file: "Main.storyboard", name: "Main")
  }

  private func readProject(_ bytes: [UInt8]) {
    _ = try? OpenStepPropertyList.parse(bytes)
    guard
      let project = try? XcodeProject(
        path: "App.xcodeproj", projectFile: bytes, shownAs: "App.xcodeproj/project.pbxproj")
    else { return }
    for target in project.targets { _ = target.name }
  }

  /// The files the xcconfig target's input holds: `A.xcconfig` to `D.xcconfig`, split at lines
  /// `#---`, so includes between them (and cycles) are reached; any other path is missing.
  private func readConfigurationFiles(_ bytes: [UInt8]) {
    var files: [String: [UInt8]] = [:]
    var current: [UInt8] = []
    let separator = Array("\n#---\n".utf8)
    var index = 0
    while index < bytes.count {
      if files.count < 3, bytes[index...].starts(with: separator) {
        files["\(["A", "B", "C"][files.count]).xcconfig"] = current + [0x0A]
        current = []
        index += separator.count
      } else {
        current.append(bytes[index])
        index += 1
      }
    }
    files["\(["A", "B", "C", "D"][files.count]).xcconfig"] = current
    let projectFiles = ProjectFiles(
      read: { path in files[PathText.name(of: path)] },
      readPropertyList: { _ in nil },
      list: { _ in nil })
    let settings = BuildSettings(conditionValues: [
      "sdk": "iphonesimulator18.0", "arch": "arm64", "config": "Debug", "variant": "normal",
    ])
    var file = XCConfigFile(files: projectFiles, settings: settings)
    _ = try? file.load("A.xcconfig")
    for name in settings.names { _ = try? settings.value(name) }
    _ = file.warnings.map(\.message)
  }

  /// Assignments pushed as they are (no xcconfig syntax around them), so the fuzzer spends its
  /// time on references, operators, `$(inherited)` and cycles: every value must come out within
  /// the size limit, and each assignment is evaluated at most once.
  private func expandBuildSettings(_ bytes: [UInt8]) {
    let settings = BuildSettings(conditionValues: [
      "sdk": "iphoneos26.0", "arch": "arm64", "config": "Debug", "variant": "normal",
    ])
    var count = 0
    for line in bytes.split(separator: 0x0A) {
      guard let equals = line.firstIndex(of: UInt8(ascii: "=")),
        let key = BuildSettings.Assignment.parseKey(
          String(decoding: line[..<equals], as: UTF8.self))
      else { continue }
      settings.push(
        BuildSettings.Assignment(
          name: key.name, conditions: key.conditions,
          value: String(decoding: line[(equals + 1)...], as: UTF8.self), origin: "fuzz"))
      count += 1
    }
    var charged = 0
    settings.charge = { bytes throws(ProjectError) in charged += bytes }
    var failed = false
    for name in settings.names {
      guard let value = try? settings.value(name) else {
        failed = true
        continue
      }
      require(
        value.utf8.count <= BuildSettings.maximumValueBytes, "a value past the size limit")
    }
    // A value that fails is evaluated again when asked for again; one that succeeds never is.
    require(
      settings.evaluations <= (failed ? count * settings.names.count : count),
      "an assignment evaluated more often than the names asked for it")
    require(charged <= BuildSettings.maximumExpansionBytes, "more charged than the limit allows")
    if let text = try? settings.expand(String(decoding: bytes, as: UTF8.self)) {
      require(text.utf8.count <= BuildSettings.maximumValueBytes, "an expansion past the limit")
    }
  }

  /// A glob and a path: the match must answer (in time linear in the pattern's parts times the
  /// path's folders), and a `**` in front may take no folder, so it never turns a match into
  /// none.
  private func matchGlob(_ bytes: [UInt8]) {
    let lines = bytes.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false)
    // fnmatch reads C strings: a NUL ends the name, as it would in a file name.
    let pattern = String(decoding: lines[0].prefix { $0 != 0 }, as: UTF8.self)
    let path = lines.count > 1 ? String(decoding: lines[1].prefix { $0 != 0 }, as: UTF8.self) : ""
    let matched = ScenarioSelection.glob(pattern, matches: path)
    if matched {
      require(
        ScenarioSelection.glob("**/" + pattern, matches: path),
        "a ** in front of a glob that matches takes the match away")
    }
  }

  private func readSuiteConfiguration(_ bytes: [UInt8]) {
    _ = try? SuiteConfiguration.evaluate(bytes, file: "Tests/lifescript.lua")
  }

  private func readGoldenTrace(_ bytes: [UInt8]) {
    guard
      let trace = try? GoldenTrace(parsing: String(decoding: bytes, as: UTF8.self), file: "a.trace")
    else { return }
    // What `lifescript test --record` writes must read back as the same lines.
    let again = try? GoldenTrace(parsing: trace.text, file: "a.trace")
    require(again?.lines == trace.lines, "a golden trace does not read back as written")
  }

  private func readWireFormat(_ bytes: [UInt8]) {
    // Job lines as the worker reads them, from a source that hands out bytes in uneven pieces
    // and is sometimes interrupted (as the REPL's input is).
    var offset = 0
    var calls = 0
    var reader = LineReader { buffer, count in
      calls += 1
      if calls % 5 == 0 { return nil }
      let piece = min(count, bytes.count - offset, 1 + calls % 7)
      bytes.withUnsafeBytes { source in
        buffer.copyMemory(from: source.baseAddress! + offset, byteCount: piece)
      }
      offset += piece
      return piece
    }
    // Interruptions are not lines: only `.line` counts (the first CI run counted both, and
    // 47 bytes with 10 interruptions made "more lines than bytes").
    var lines = 0
    while true {
      let next = reader.nextLine()
      if next == .end { break }
      guard case .line(let line) = next else { continue }
      lines += 1
      readJob(line)
    }
    require(lines <= bytes.count + 1, "more lines than bytes")
    // Records: each one taken must come back as it was from its own encoding, and every take
    // must use up bytes.
    var unread = bytes
    while let taken = WorkerWire.takeRecord(from: &unread, kinds: recordKinds) {
      guard case .record(let kind, let index, let body) = taken else { continue }
      var again = WorkerWire.record(String(kind), index, Array(body))
      require(
        WorkerWire.takeRecord(from: &again, kinds: recordKinds) == taken && again.isEmpty,
        "a record does not read back as written")
    }
    // Answers: fields that decode must encode to fields that decode the same; an outcome that
    // decodes must survive its own encoding.
    if let fields = WorkerWire.Fields(decoding: bytes[...]) {
      let again = WorkerWire.Fields(decoding: fields.encoded[...])
      require(
        again.map {
          $0.entries.map(\.name) == fields.entries.map(\.name)
            && $0.entries.map(\.value) == fields.entries.map(\.value)
        } == true,
        "wire fields do not read back as written")
    }
    if let outcome = ScenarioOutcome(decoding: bytes[...]) {
      require(
        ScenarioOutcome(decoding: outcome.encoded[...]) == outcome,
        "a scenario outcome does not read back as written")
    }
  }

  private let recordKinds: [Substring] = ["R", "C", "S", "E"]

  /// A job line as a suite's worker and an explorer's read it: its text escaped and unescaped is
  /// itself, and the fields it holds, written again, read back the same.
  private func readJob(_ line: String) {
    for tabs in [false, true] {
      let escaped = WorkerWire.escape(line, tabs: tabs)
      require(
        !escaped.utf8.contains(0x0A) && !escaped.utf8.contains(0x0D)
          && (!tabs || !escaped.utf8.contains(0x09)),
        "an escaped text spans lines")
      require(WorkerWire.unescape(escaped[...]) == line, "an escaped text does not read back")
    }
    for count in [2, nil] {
      guard let (index, fields) = WorkerWire.job(line, fieldCount: count) else { continue }
      let texts = fields.map(WorkerWire.unescape)
      let again = String(
        decoding: WorkerWire.job(index, texts, escapingTabs: true).dropLast(), as: UTF8.self)
      let decoded = WorkerWire.job(again, fieldCount: count.map { _ in texts.count })
      require(
        decoded?.index == index && decoded?.fields.map(WorkerWire.unescape) == texts,
        "a job does not read back as written")
    }
  }
#endif
