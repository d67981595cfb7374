import ArgumentParser
import LuaBridge
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `lifescript init [PROJECT]`: a starter suite for an app's Xcode project, which passes as
/// written (issue 13; Documentation/Reference/commands.md#lifescript-init-project).
struct Init: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write a starter life-cycle suite for an app's Xcode project.",
    discussion: """
      Reads the project as a scenario's Project does (the only iOS application target unless \
      --target names one, the Debug configuration unless --configuration names one) and writes \
      LifecycleTests/ beside the .xcodeproj: app.lua, a module that declares the app's classes \
      (the app delegate, the scene delegates of the scene manifest, the view controllers its \
      storyboards name) with the methods UIKit calls stubbed under their Swift declarations, \
      and three scenarios that pass at once: the cold launch, home and back, a kill and a \
      relaunch. It also writes lifescript.lua beside the .xcodeproj, the suite's configuration \
      file, which marks the project root. Without a path, the project is the only .xcodeproj \
      in the current folder. Existing files are left alone unless --force is given.
      """
  )

  @Argument(
    help: ArgumentHelp(
      "The app's .xcodeproj (default: the only one in the current folder).",
      valueName: "project"),
    completion: .directory)
  var project: String?

  @Option(
    help: ArgumentHelp(
      "The application target (default: the only iOS application target).", valueName: "name"))
  var target: String?

  @Option(
    name: .customLong("configuration"),
    help: ArgumentHelp("The build configuration (default: Debug).", valueName: "name"))
  var buildConfiguration: String?

  @Option(
    help: ArgumentHelp(
      "The folder to write the scenarios to (default: LifecycleTests beside the .xcodeproj).",
      valueName: "folder"),
    completion: .directory)
  var output: String?

  @Flag(help: "Overwrite files that exist already.")
  var force = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Wall-clock seconds reading the project may take before init stops, having written nothing, or 'none' (default: \(Budget(count: RunSettings.defaults.timeout).defaultValueDescription)).",
      valueName: "seconds"), transform: Budget.timeLimit)
  var timeout: Budget?

  @OptionGroup var root: RootOption

  /// A usage problem or a project that cannot be read: the message, exit status 2.
  struct Problem: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  func validate() throws {
    try OutputFiles.checkNotEmpty(output, option: "--output", kind: "folder")
  }

  func run() throws {
    do {
      try scaffold()
    } catch let problem as Problem {
      Console.writeError("lifescript init: \(problem.message)\n")
      throw ExitCode(2)
    }
  }

  private func scaffold() throws {
    let projectPath = try Self.findProject(project)
    let projectFolder = FileSystem.folder(of: projectPath)
    let outputFolder =
      output.map(Self.trimmed) ?? SuiteScaffold.join(projectFolder, "LifecycleTests")
    let configurationFile = SuiteScaffold.join(projectFolder, "lifescript.lua")
    do {
      try root.check(containing: [projectFolder])
    } catch let error as ValidationError {
      throw Problem(error.message)
    }
    let projectRoot: LuaFileScope.Root
    if let given = root.root {
      do { projectRoot = try ProjectRoot.given(given) } catch { throw Problem(error.message) }
    } else {
      projectRoot = ProjectRoot.find(above: projectFolder)
      try Self.checkReachable(projectPath, from: outputFolder)
    }
    if FileSystem.kind(of: outputFolder) != .missing,
      FileSystem.kind(of: outputFolder) != .directory
    {
      throw Problem("--output \(outputFolder) is not a folder")
    }

    // Reading the project is the work a hostile project can make long (every limit of work
    // allows a lot of it): it is stopped at --timeout, before anything is written. Writing is not timed: the files are written whole or not at all.
    if let seconds = timeout.map(\.count) ?? RunSettings.defaults.timeout {
      LuaWatchdog.start(
        seconds: seconds,
        message:
          "lifescript init: time limit exceeded (\(seconds) s of wall-clock time) reading \(projectPath); nothing was written; raise it with --timeout\n",
        status: 2)
    }
    let suite: SuiteScaffold
    // Every file of the project read: none of them may be written over.
    nonisolated(unsafe) var read: [String] = []
    LuaFileReads.observer = { read.append($0) }
    do {
      defer {
        LuaWatchdog.cancel()
        LuaFileReads.observer = nil
      }
      suite = try SuiteScaffold(
        project: projectPath, target: target, configuration: buildConfiguration,
        root: projectRoot, output: outputFolder, configurationFile: configurationFile)
    } catch {
      throw Problem(error.message)
    }
    let inputs = read.map { OutputFiles.Input(path: $0, role: $0) }
    for file in suite.files {
      if let input = OutputFiles.input(file.path, among: inputs) {
        throw Problem(
          "cannot write \(file.path): it is \(input.role), which init read from the project; nothing was written"
        )
      }
    }

    let existing = suite.files.map(\.path).filter { FileSystem.kind(of: $0) != .missing }
    if let folder = existing.first(where: { FileSystem.kind(of: $0) == .directory }) {
      throw Problem("cannot write \(folder): it is a folder; nothing was written")
    }
    // A FIFO, a device or a socket is refused before any file is written (and never opened:
    // a FIFO nothing reads would wait), with --force or without.
    for file in suite.files {
      if let special = FileSystem.special(file.path) {
        throw Problem(
          "cannot write \(file.path): it is \(special), not a regular file; nothing was written")
      }
    }
    if !existing.isEmpty, !force {
      throw Problem(
        "\(existing.count == 1 ? "this file exists" : "these files exist") already: \(existing.joined(separator: ", ")); nothing was written (--force overwrites them)"
      )
    }
    var made: [String] = []
    try Self.makeFolders(outputFolder, made: &made)
    for warning in suite.warnings { Console.writeError(warning.description + "\n") }
    // All or nothing: every file is written beside its place, then all are put in place.
    do {
      try FileSystem.writeAll(suite.files.map { ($0.path, $0.text) })
    } catch {
      if error.written.isEmpty {
        for folder in made.reversed() { rmdir(folder) }
        throw Problem("\(error.failure.message); nothing was written")
      }
      throw Problem(
        "\(error.failure.message); only \(error.written.joined(separator: ", ")) \(error.written.count == 1 ? "was" : "were") written"
      )
    }
    var report = ["project " + suite.summary]
    for file in suite.files {
      report.append(
        (existing.contains(file.path) ? "overwrote " : "wrote ") + file.path + ": " + file.summary)
    }
    report.append("Run the suite: lifescript test \(SuiteScaffold.shellWord(outputFolder + "/"))")
    Console.writeOutput(report.joined(separator: "\n") + "\n")
  }

  // MARK: Finding the project

  /// The `.xcodeproj` to read: the one named (a `project.pbxproj` in it works too; a folder is
  /// searched like the current one), else the only one in the current folder.
  static func findProject(_ given: String?) throws -> String {
    guard let given = given.map(trimmed) else { return try onlyProject(in: ".") }
    if FileSystem.name(of: given) == "project.pbxproj",
      FileSystem.name(of: FileSystem.folder(of: given)).hasSuffix(".xcodeproj")
    {
      return FileSystem.folder(of: given)
    }
    switch FileSystem.kind(of: given) {
    case .missing:
      throw Problem("\(given) does not exist (name an app's .xcodeproj folder)")
    case .file, .other:
      throw Problem("\(given) is not an Xcode project: name an app's .xcodeproj folder")
    case .directory:
      if given.hasSuffix(".xcodeproj") { return given }
      return try onlyProject(in: given)
    }
  }

  /// A name in a list of a message: as it is, unless a control character in it would print a
  /// line of its own (a folder named `A\nok 1 - forged.xcodeproj`); then as a shell word.
  private static func listed(_ name: String) -> String {
    name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
      ? SuiteScaffold.shellWord(name) : name
  }

  private static func onlyProject(in folder: String) throws -> String {
    let shown = folder == "." ? "the current folder" : folder
    guard let directory = opendir(folder) else {
      throw Problem("cannot list \(shown): \(String(cString: strerror(errno)))")
    }
    defer { closedir(directory) }
    var projects: [String] = []
    while let entry = readdir(directory) {
      let name = String(decoding: FileSystem.name(of: entry), as: UTF8.self)
      let path = SuiteScaffold.join(folder, name)
      if name.hasSuffix(".xcodeproj"), FileSystem.kind(of: path) == .directory {
        projects.append(path)
      }
    }
    projects.sort()
    guard let only = projects.first else {
      throw Problem(
        "there is no .xcodeproj in \(shown); name the app's project: lifescript init path/to/MyApp.xcodeproj"
      )
    }
    guard projects.count == 1 else {
      throw Problem(
        "\(shown) has \(projects.count) Xcode projects: \(projects.map(Self.listed).joined(separator: ", ")); name one: lifescript init \(SuiteScaffold.shellWord(only))"
      )
    }
    return only
  }

  /// Refuses an output folder whose scenarios would find a project root that does not hold
  /// the project (the nearest folder above them with a marker): they could not read it.
  private static func checkReachable(_ project: String, from output: String) throws {
    let outputRoot = ProjectRoot.find(above: output)
    guard let projectReal = LuaFileScope.realPath(project),
      !LuaFileScope.isInside(projectReal, outputRoot.path)
    else { return }
    throw Problem(
      "the scenarios in \(output) could not read \(project): their project root would be \(outputRoot.path) (the nearest folder above them with \(ProjectRoot.markers), else their own); write them below the project's folder, or run them with --root"
    )
  }

  // MARK: Files

  /// Makes `folder` and the folders above it that are missing, adding each it made to `made`
  /// (outermost first), so that a write that fails can take them away again.
  private static func makeFolders(_ folder: String, made: inout [String]) throws {
    guard FileSystem.kind(of: folder) == .missing else { return }
    let parent = FileSystem.folder(of: folder)
    if parent != folder { try makeFolders(parent, made: &made) }
    if mkdir(folder, 0o777) == 0 {
      made.append(folder)
    } else if errno != EEXIST {
      throw Problem("cannot make the folder \(folder): \(String(cString: strerror(errno)))")
    }
  }

  /// A path without the trailing slashes a shell's completion adds.
  private static func trimmed(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }
}
