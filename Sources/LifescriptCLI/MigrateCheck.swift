import AppLifecycle
import ArgumentParser
import LuaBridge
import Scenarios

/// `lifescript migrate-check FILE`: the scenario's app with the app-delegate life cycle and with
/// scenes, and which callbacks move, stop and start (TN3187's table for that app).
struct MigrateCheck: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrate-check",
    abstract: "Compare a scenario's app with the app-delegate life cycle and with scenes.",
    discussion: """
      Runs the scenario twice: with the app-delegate life cycle (a scene manifest is ignored) and \
      with scenes (an app without a manifest gets the main storyboard and a pass-through scene \
      delegate, LifescriptSceneDelegate, as TN3187's migration would). Expectations are recorded, \
      not enforced, since they cannot hold both ways. Prints which callbacks move to the scene \
      delegate, stop, start and stay.
      """
  )

  @Argument(help: "The scenario file.", completion: .file(extensions: ["lua"]))
  var file: String

  @Option(help: ArgumentHelp("The iOS release, from 13 to 30.", valueName: "version"))
  var ios: IOSRelease = IOSRelease(profile: .current)

  @OptionGroup var root: RootOption
  @OptionGroup var limits: LimitOptions

  func validate() throws {
    try root.check(containing: [file])
    guard ios.profile.supportsScenes else {
      throw ValidationError("migrate-check needs iOS 13 or later, where scenes exist")
    }
  }

  func run() throws {
    var traces: [Trace] = []
    for lifecycle in [Device.LifecycleChoice.appDelegate, .scenes] {
      var settings = limits.settings
      settings.scenario.profile = ios.profile
      settings.scenario.lifecycle = lifecycle
      root.apply(to: &settings.scenario)
      settings.scenario.expectationsFail = false
      // Each of the two runs has the whole time limit, as each test of a file has.
      settings.startWatchdog(file: file)
      defer { LuaWatchdog.cancel() }
      do {
        try ScenarioRunner.run(
          file: file, options: settings.scenario, output: { _ in },
          finished: { traces.append($0.trace) })
      } catch {
        Console.writeError(FailureReport(error).text + "\n")
        throw ExitCode(2)
      }
    }
    let comparison = LifecycleComparison(appDelegate: traces[0], scenes: traces[1])
    Console.writeOutput(
      "\(file): the app-delegate life cycle, then scenes (iOS \(ios.profile))\n"
        + comparison.text + "\n")
  }
}
