import AppLifecycle
import LuaBridge
import Scenarios

/// Runs lifescript scenarios from Swift: the engine of `lifescript run`, as a library.
///
/// ```swift
/// import LifescriptKit
///
/// let result = try Lifescript.run(file: "Scenarios/launch.lua", options: .init(ios: "18.3"))
/// print(result.trace.map(\.text).joined(separator: "\n"))
/// assert(result.status == .passed, result.report ?? "")
/// ```
///
/// A run throws ``Lifescript/Error`` only when it cannot start: an option out of range, a
/// scenario file that cannot be read, a native class that cannot be defined. Everything the
/// scenario itself does ends in the returned ``Lifescript/Result``: `.failed` for a failed
/// expectation or an uncaught exception no `expect.exception` claimed (exit status 1 of
/// `lifescript run`), `.error` for a syntax or runtime error in the script, an error a native
/// method threw, a limit, or a bad file the script names (an Info.plist, a storyboard) (exit
/// status 2).
///
/// Each run makes its own Lua state and UIKit model and frees them when it returns, so runs on
/// different threads share nothing; native methods run on the thread that called `run`. There
/// is no wall-clock limit (the command line's `--timeout` ends the whole process): the
/// instruction budget and the memory cap stop a runaway script.
public enum Lifescript {
  /// The iOS release scenarios run on unless ``Options/ios`` says otherwise: the current one.
  public static let defaultIOSRelease = IOSProfile.current.description

  /// Runs the scenario file at `path` in a fresh state, with `classes`, written in Swift, next to
  /// UIKit's (defined in this order: a class's superclass may be one listed before it).
  ///
  /// `require`, `loadfile`, `Info` files and golden traces are found from the file's folder,
  /// under its project root, as with `lifescript run`
  /// (Documentation/Reference/sandbox.md#the-project-root).
  ///
  /// - Throws: ``Lifescript/Error`` when the options are out of range, the file cannot be read
  ///   (it does not exist, is a folder, or is a precompiled chunk), or a native class cannot be
  ///   defined.
  public static func run(
    file path: String, options: Options = Options(), classes: [NativeClass] = []
  ) throws(Error) -> Result {
    try run(.file(path), options: options, classes: classes)
  }

  /// Runs Lua source in a fresh state as if it were the file `name`, with `classes` next to
  /// UIKit's.
  ///
  /// Messages name the source `name` (`launch.lua:3: boom`); `require`, `Info` files and golden
  /// traces are found from that path's folder, under its project root, so a `name` without a
  /// folder means the current directory.
  ///
  /// - Throws: ``Lifescript/Error`` when the options are out of range or a native class cannot
  ///   be defined.
  public static func run(
    source: String, name: String, options: Options = Options(), classes: [NativeClass] = []
  ) throws(Error) -> Result {
    try run(.text(source, name: name), options: options, classes: classes)
  }

  private static func run(
    _ source: ScenarioRunner.Source, options: Options, classes: [NativeClass]
  ) throws(Error) -> Result {
    let settings = try options.scenarioOptions()
    var output = ""
    var warnings: [String] = []
    let context = NativeContext()
    let scenario: Scenario
    do {
      scenario = try Scenario(
        options: settings, folder: FileSystem.folder(of: source.name),
        output: { output += $0 }, warning: { warnings.append($0.description) },
        defineClasses: { runtime, lua in
          try NativeClass.define(classes, in: runtime, lua: lua, context: context)
        })
      try NativeClass.checkGlobals(of: classes, in: scenario.lua)
    } catch let error as Error {
      throw error
    } catch {
      // The state could not be made within the limits: the run ends before it starts.
      let failure = ScenarioRunner.failure(
        error, file: source.name, options: settings)
      return Result(
        ending: failure, scenario: nil, source: source, output: output, warnings: warnings)
    }
    context.scenario = scenario
    do {
      try ScenarioRunner.run(source, in: scenario, options: settings)
    } catch {
      // Only the scenario file itself fails to load as a file error: the rest runs in Lua.
      if case .file = source, case .error(let lua) = error.reason, lua.kind == .file {
        throw Error(.unreadableFile, lua.message)
      }
      return Result(
        ending: error, scenario: scenario, source: source, output: output, warnings: warnings)
    }
    return Result(
      ending: nil, scenario: scenario, source: source, output: output, warnings: warnings)
  }
}
