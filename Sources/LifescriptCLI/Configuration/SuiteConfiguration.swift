import AppLifecycle
import LuaBridge
import Scenarios

/// `lifescript.lua`: defaults for every scenario under its folder, laid under the command line
/// (Documentation/Reference/lifescript-lua.md).
///
/// It is plain Lua data: global assignments (`ios = "18.3"`) or one returned table, evaluated
/// in a fresh Lua state of its own with no globals at all (no functions, no libraries, no I/O;
/// strings have no methods) and small limits, then read key by key. An unknown key, a value of
/// the wrong type, a syntax or runtime error, a limit: each is a `Problem` naming the file and
/// the line or the key path.
struct SuiteConfiguration: Equatable {
  /// The file as messages name it: `LifecycleTests/lifescript.lua`.
  var file: String
  /// Its folder, from the current directory: relative paths in the file start there.
  var folder: String

  var ios: IOSProfile?
  /// `info`: an Info.plist file, from `folder`.
  var info: String?
  /// `project`: an Xcode project, its path from `folder`.
  var project: ProjectFile?
  /// `root`: the project root, from `folder`.
  var root: String?
  /// `options`: CONFLICTING orderings as `NAME=CHOICE`, sorted by name.
  var orderings: [String] = []
  var seed: Int?
  /// `limits`: each nil when not set; `.some(nil)` for `"none"`.
  var memory: Int??
  var instructions: Int??
  var timeout: Int??
  var warnings: WarningPolicy.Mode?
  var ignoredWarnings: [Warning.Name] = []
  /// `scenarios` and `exclude`: globs on paths from `folder` (`**` for any folders).
  var scenarios: [String] = []
  var exclude: [String] = []
  var format: ReportFormat?
  /// `output`: the report file, from `folder`.
  var output: String?
  var jobs: Int?

  /// A configuration that cannot be used: exit status 2 with `message`.
  struct Problem: Error, Equatable, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// Every key the file may set, as messages list them.
  static let keys = [
    "ios", "info", "project", "root", "options", "seed", "limits", "warnings",
    "ignore_warnings", "scenarios", "exclude", "format", "output", "jobs",
  ]
  static let limitKeys = ["memory", "instructions", "timeout"]
  static let projectKeys = ["path", "target", "configuration"]

  /// The largest configuration file read; it is a page of settings.
  static let sizeLimit = 1 << 20
  /// What its evaluation may use: enough for any settings, too little for a program.
  static let limits = LuaState.Limits(memory: 16 << 20, instructions: 1_000_000)

  /// A path in the file, from the current directory.
  func resolve(_ path: String) -> String {
    path.hasPrefix("/") || folder == "." ? path : LuaFileScope.tidy(folder + "/" + path)
  }

  /// The setting `key` as messages name it: `root = ".." in LifecycleTests/lifescript.lua`.
  func setting(_ key: String, _ value: String) -> String {
    "\(key) = \"\(value)\" in \(file)"
  }
}
