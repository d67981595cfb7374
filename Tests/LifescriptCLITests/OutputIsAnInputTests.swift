import Foundation
import Testing

/// A command never writes its result over one of its inputs (issue 29, R8): `lifescript test
/// --output s.lua s.lua` replaced the scenario with the report, and `output = "lifescript.lua"`
/// replaced the configuration, so the next run failed. Each output is compared with the inputs
/// by what the file is (device and inode), so `./`, a symbolic link and a hard link are caught,
/// and refused before anything runs, the input left as it was.
@Suite struct OutputIsAnInputTests {
  static let scenario = """
    local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
    main(AppDelegate)
    expect.golden()

    """

  /// A scratch project: `.git`, `s.lua` (with its golden trace `s.trace`), `Info.plist` and
  /// a lifescript.lua that holds `configuration`.
  final class Project {
    let folder: URL

    init(configuration: String = "") throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("lifescript-output-input-" + UUID().uuidString)
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
      try write("s.lua", OutputIsAnInputTests.scenario)
      try write("lifescript.lua", "")
      let recorded = try run(["run", "--record", "s.lua"])
      #expect(recorded.status == 0, "\(recorded.error)")
      #expect(FileManager.default.fileExists(atPath: path("s.trace")))
      try write("lifescript.lua", configuration)
      try FileManager.default.copyItem(
        at: CommandLine.fixtures.appendingPathComponent("configured/App/Info.plist"),
        to: folder.appendingPathComponent("Info.plist"))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws {
      try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    }

    func read(_ name: String) throws -> String {
      try String(contentsOfFile: path(name), encoding: .utf8)
    }

    func run(_ arguments: [String]) throws -> CommandLine.Result {
      try CommandLine.run(arguments, in: folder)
    }

    /// The names in the folder, and what each holds: what a refused command must leave.
    func contents() throws -> [String: String] {
      var contents: [String: String] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where name != ".git" {
        contents[name] = (try? read(name)) ?? "(not a file)"
      }
      return contents
    }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var configuration = ""
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases = [
    Case(
      arguments: ["test", "--output", "s.lua", "s.lua"],
      message:
        "lifescript test: --output s.lua is the scenario s.lua: the report would replace it; name another file"
    ),
    Case(
      arguments: ["test", "--format", "tap", "--output", "./s.lua", "s.lua"],
      message:
        "lifescript test: --output ./s.lua is the scenario s.lua: the report would replace it; name another file"
    ),
    Case(
      arguments: ["test", "--output", "link.lua", "s.lua"],
      message:
        "lifescript test: --output link.lua is the scenario s.lua: the report would replace it; name another file"
    ),
    Case(
      arguments: ["test", "--output", "hard.txt", "s.lua"],
      message:
        "lifescript test: --output hard.txt is the scenario s.lua: the report would replace it; name another file"
    ),
    Case(
      arguments: ["test", "s.lua"], configuration: "output = \"lifescript.lua\"",
      message:
        "lifescript test: output = \"lifescript.lua\" in lifescript.lua is the configuration lifescript.lua: the report would replace it; name another file"
    ),
    Case(
      arguments: ["test", "--output", "s.trace", "s.lua"],
      message:
        "lifescript test: --output s.trace is the golden trace s.trace of the scenario s.lua: the report would replace it; name another file"
    ),
    Case(
      arguments: ["test", "--output", "Info.plist", "s.lua"],
      configuration: "info = \"Info.plist\"",
      message:
        "lifescript test: --output Info.plist is the Info.plist Info.plist (info = \"Info.plist\" in lifescript.lua): the report would replace it; name another file"
    ),
    Case(
      arguments: ["run", "--diagram", "svg", "--output", "s.lua", "s.lua"],
      message:
        "lifescript run: --output s.lua is the scenario s.lua: the diagram would replace it; name another file"
    ),
    Case(
      arguments: ["run", "--diagram", "svg", "--output", "lifescript.lua", "s.lua"],
      message:
        "lifescript run: --output lifescript.lua is the configuration lifescript.lua: the diagram would replace it; name another file"
    ),
    Case(
      arguments: ["explore", "--output", "link.lua", "s.lua"],
      message:
        "lifescript explore: --output link.lua is the scenario s.lua: the counterexample would replace it; name another file"
    ),
    Case(
      arguments: ["explore", "--diagram", "svg", "--diagram-output", "s.trace", "s.lua"],
      message:
        "lifescript explore: --diagram-output s.trace is the golden trace s.trace of the scenario s.lua: the diagram would replace it; name another file"
    ),
    Case(
      arguments: [
        "explore", "--diagram", "svg", "--output", "found.lua", "--diagram-output", "./found.lua",
        "s.lua",
      ],
      message:
        "lifescript explore: --output found.lua and --diagram-output ./found.lua are one file: the diagram would replace the counterexample; name two files"
    ),
    Case(
      arguments: [
        "explore", "--diagram", "svg", "--output", "hard.txt", "--diagram-output", "s.lua",
        "s.lua",
      ],
      message:
        "lifescript explore: --output hard.txt and --diagram-output s.lua are one file: the diagram would replace the counterexample; name two files"
    ),
  ]

  @Test(arguments: cases)
  func anOutputThatIsAnInputIsRefusedBeforeAnythingRuns(case given: Case) throws {
    let project = try Project(configuration: given.configuration)
    try FileManager.default.createSymbolicLink(
      atPath: project.path("link.lua"), withDestinationPath: "s.lua")
    try FileManager.default.linkItem(
      atPath: project.path("s.lua"), toPath: project.path("hard.txt"))
    let before = try project.contents()
    let result = try project.run(given.arguments)
    #expect(result.error == given.message + "\n")
    #expect(result.output == "")
    #expect(result.status == 2)
    #expect(try project.contents() == before)
  }

  /// A module is known only once a scenario requires it: the workers say which files each
  /// scenario read, and the report is not written over one of them.
  @Test func aReportIsNotWrittenOverAModuleAScenarioRequired() throws {
    let project = try Project(configuration: "scenarios = { \"**/*_test.lua\" }")
    try project.write("helper.lua", "return { ready = true }\n")
    try project.write("uses_test.lua", "assert(require(\"helper\").ready)\n")
    let before = try project.contents()
    for output in ["helper.lua", "./helper.lua"] {
      let result = try project.run(["test", "--format", "junit", "--output", output])
      #expect(
        result.error
          == "lifescript test: --output \(output) is the file helper.lua that uses_test.lua read: the report would replace it, and is not written; name another file\n"
      )
      #expect(result.status == 2)
      #expect(try project.contents() == before)
    }
    let elsewhere = try project.run(["test", "--format", "junit", "--output", "report.xml"])
    #expect(elsewhere.status == 0, "\(elsewhere.error)")
  }

  /// init's files are compared with every file it read of the project: an Info.plist the
  /// build settings name `launch.lua`, in the folder --output names, and a lifescript.lua that
  /// is a link to the Info.plist, are refused before anything is written, --force or not.
  @Test func initWritesNoFileOverOneItReadOfTheProject() throws {
    let renamed = try AppRepository(
      AppRepository.App(name: "Notes", settings: ["INFOPLIST_FILE": "Notes/launch.lua"]))
    try renamed.write("Notes/launch.lua", AppRepository.plist(AppRepository.bundleKeys))
    let plist = try renamed.read("Notes/launch.lua")
    let intoTheApp = try renamed.run(["init", "--output", "Notes", "--force"])
    #expect(
      intoTheApp.error
        == "lifescript init: cannot write Notes/launch.lua: it is Notes/launch.lua, which init read from the project; nothing was written\n"
    )
    #expect(intoTheApp.output == "")
    #expect(intoTheApp.status == 2)
    #expect(try renamed.read("Notes/launch.lua") == plist)
    #expect(!renamed.exists("Notes/app.lua"))
    #expect(!renamed.exists("lifescript.lua"))

    let linked = try AppRepository(
      AppRepository.App(name: "Notes", infoPlist: AppRepository.bundleKeys))
    try FileManager.default.createSymbolicLink(
      atPath: linked.folder + "/lifescript.lua", withDestinationPath: "Notes/Info.plist")
    let original = try linked.read("Notes/Info.plist")
    for arguments in [["init"], ["init", "--force"]] {
      let result = try linked.run(arguments)
      #expect(
        result.error
          == "lifescript init: cannot write lifescript.lua: it is Notes/Info.plist, which init read from the project; nothing was written\n"
      )
      #expect(result.output == "")
      #expect(result.status == 2)
    }
    #expect(try linked.read("Notes/Info.plist") == original)
    #expect(!linked.exists("LifecycleTests"))
  }

  /// The same names that are not inputs are written as before.
  @Test func anOutputBesideTheInputsIsWritten() throws {
    let project = try Project(configuration: "output = \"report.txt\"")
    let result = try project.run(["test", "s.lua"])
    #expect(result.status == 0, "\(result.error)")
    #expect(try project.read("report.txt").contains("s.lua"))
  }
}
