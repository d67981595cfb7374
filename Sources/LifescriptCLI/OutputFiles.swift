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

/// What the commands check of the files they will write, before anything runs.
enum OutputFiles {
  /// Refuses an empty path given to `option`: it names no file (`kind`: "file" or "folder"),
  /// and would otherwise be found out only when the result is written, after the work.
  static func checkNotEmpty(_ path: String?, option: String, kind: String = "file")
    throws(ValidationError)
  {
    guard path == "" else { return }
    throw ValidationError("\(option) is an empty path; name the \(kind) to write")
  }

  /// A file a command reads, as its messages name it: `the scenario s.lua`.
  struct Input {
    var path: String
    var role: String
  }

  /// The regular file at `path` as the system knows it, after symbolic links: its device and
  /// inode, the same for `./s.lua`, a link to it and a hard link. Nil when there is none (a
  /// file still to be made is no input) or it is not a regular file (a device, a FIFO: written
  /// into, not replaced).
  static func identity(_ path: String) -> [UInt64]? {
    var status = stat()
    guard !path.isEmpty, stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return nil
    }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  /// Whether two outputs would replace one file: the same regular file however each is named,
  /// or the same name of a file still to be made.
  static func isOneFile(_ first: String, _ second: String) -> Bool {
    if let one = identity(first) { return identity(second) == one }
    guard FileSystem.kind(of: first) == .missing else { return false }
    return LuaFileScope.tidy(first) == LuaFileScope.tidy(second)
  }

  /// The first of `inputs` that the file at `output` is, however each is named; nil when it is
  /// none of them.
  static func input(_ output: String, among inputs: [Input]) -> Input? {
    guard let written = identity(output) else { return nil }
    return inputs.first { identity($0.path) == written }
  }

  /// The golden trace of one of `scenarios` that the file at `output` is: a file beside the
  /// scenario named as `expect.golden` names them (`s.trace`, `s.launch.trace` for `s.lua`).
  static func goldenTrace(_ output: String, of scenarios: [String]) -> Input? {
    guard identity(output) != nil, let real = LuaFileScope.realPath(output) else { return nil }
    let name = FileSystem.name(of: real)
    let folder = FileSystem.folder(of: real)
    guard name.hasSuffix(".trace") else { return nil }
    var folders: [String: String?] = [:]
    for scenario in scenarios {
      let shown = FileSystem.folder(of: scenario)
      if folders[shown] == nil { folders[shown] = LuaFileScope.realPath(shown) }
      guard folders[shown] == folder else { continue }
      let file = FileSystem.name(of: scenario)
      let stem =
        file.lastIndex(of: ".").map { $0 == file.startIndex ? file : String(file[..<$0]) }
        ?? file
      let middle = name.dropLast(".trace".count)
      guard middle == stem || middle.hasPrefix(stem + ".") else { continue }
      let golden = scenario.contains("/") ? shown + "/" + name : name
      return Input(path: golden, role: "the golden trace \(golden) of the scenario \(scenario)")
    }
    return nil
  }

  /// The message that refuses `output` (named as the user gave it: `--output s.lua`) when it is
  /// one of `inputs` or a golden trace of one of `scenarios`; nil when it is neither. `what` is
  /// what would be written: `the report`.
  static func refusal(
    _ output: String, named: String, writing what: String, inputs: [Input], scenarios: [String]
  ) -> String? {
    guard let input = input(output, among: inputs) ?? goldenTrace(output, of: scenarios) else {
      return nil
    }
    return "\(named) is \(input.role): \(what) would replace it; name another file"
  }

  /// The scenario files as inputs.
  static func scenarios(_ paths: [String]) -> [Input] {
    paths.map { Input(path: $0, role: "the scenario \($0)") }
  }
}

extension SuiteConfiguration {
  /// The files the configuration is and names: itself, the Info.plist of `info`, the project
  /// file of `project`.
  var inputs: [OutputFiles.Input] {
    var inputs = [OutputFiles.Input(path: file, role: "the configuration \(file)")]
    if let info {
      inputs.append(
        .init(
          path: resolve(info), role: "the Info.plist \(resolve(info)) (\(setting("info", info)))"))
    }
    if let project {
      let file = resolve(project.path) + "/project.pbxproj"
      inputs.append(
        .init(path: file, role: "the project file \(file) (\(setting("project", project.path)))"))
    }
    return inputs
  }
}
