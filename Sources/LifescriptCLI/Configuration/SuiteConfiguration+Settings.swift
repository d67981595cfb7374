import Scenarios

extension SuiteConfiguration {
  /// Lays what the file sets over `settings` (the defaults); the command line goes on top.
  func apply(to settings: inout RunSettings) {
    var scenario = settings.scenario
    if let ios { scenario.profile = ios }
    for ordering in orderings {
      let parts = ordering.split(separator: "=", maxSplits: 1).map(String.init)
      _ = scenario.launchOrder.set(parts[0], to: parts[1])
    }
    if let seed { scenario.seed = seed }
    if let memory { scenario.limits.memory = memory }
    if let instructions { scenario.limits.instructions = instructions }
    if let timeout { settings.timeout = timeout }
    if let root {
      scenario.root = resolve(root)
      scenario.rootNote = "(\(setting("root", root))); change it there, or use --root"
      scenario.rootSetting = setting("root", root)
    }
    if let info {
      scenario.info = InfoFile(path: info, folder: folder, setting: "info in \(file)")
    }
    if var project {
      project.path = resolve(project.path)
      scenario.project = project
    }
    if let warnings {
      scenario.warnings = WarningPolicy(
        mode: warnings, ignored: scenario.warnings.ignored,
        origin: setting("warnings", warnings.rawValue))
    }
    scenario.warnings.ignored.formUnion(ignoredWarnings)
    settings.scenario = scenario
  }
}
