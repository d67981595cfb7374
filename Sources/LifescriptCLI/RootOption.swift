import ArgumentParser
import LuaBridge
import Scenarios

/// `--root FOLDER`: the project root, under which scenarios read files
/// (Documentation/Reference/sandbox.md#the-project-root).
struct RootOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The project root: scenarios read files under it (default: the nearest folder above the scenario with \(ProjectRoot.markers), else the scenario's folder).",
      valueName: "folder"),
    completion: .directory)
  var root: String?

  /// Refuses a `--root` that is not a folder, or that does not contain `paths`: the scenario
  /// files and folders of scenarios the command runs (`.` for the current directory). A path
  /// that does not exist is left to the command, which reports it in its own words.
  func check(containing paths: [String]) throws {
    guard let root else { return }
    let given: LuaFileScope.Root
    do {
      given = try ProjectRoot.given(root)
    } catch {
      throw ValidationError(error.message)
    }
    for path in paths {
      let kind = FileSystem.kind(of: path)
      if kind == .missing { continue }
      let folder = kind == .directory ? path : FileSystem.folder(of: path)
      guard ProjectRoot.contains(given, folder: folder) else {
        let what =
          path == "."
          ? "the current directory"
          : kind == .directory ? "the folder \(path)" : "the scenario \(path)"
        throw ValidationError("--root \(root) does not contain \(what)")
      }
    }
  }

  /// Lays `--root`, when given, over `scenario` (and over a root lifescript.lua sets).
  func apply(to scenario: inout ScenarioOptions) {
    guard let root else { return }
    scenario.root = root
    scenario.rootNote = nil
    scenario.rootSetting = nil
  }

  /// The same option as arguments, for a worker process.
  var arguments: [String] { root.map { ["--root", $0] } ?? [] }
}
