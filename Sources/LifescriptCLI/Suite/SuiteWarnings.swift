import AppLifecycle
import Scenarios

/// A suite's warnings as its reports show them: under `once`, each distinct warning once, with
/// the first scenario in suite order that gave it; under `all`, every scenario's own.
struct SuiteWarnings {
  /// A warning and the scenarios that gave it, in suite order.
  struct Given {
    var warning: Warning
    var paths: [String]
  }

  /// Per report, in the order given: the warnings shown with it.
  var shown: [[Warning]]
  /// Each distinct warning once, in the order the suite first gave them.
  var distinct: [Given]

  init(_ reports: [ScenarioReport], mode: WarningPolicy.Mode) {
    var distinct: [Given] = []
    var positions: [Warning: Int] = [:]
    var shown: [[Warning]] = []
    for report in reports {
      var first: [Warning] = []
      for warning in report.warnings {
        if let position = positions[warning] {
          if distinct[position].paths.last != report.job.path {
            distinct[position].paths.append(report.job.path)
          }
        } else {
          positions[warning] = distinct.count
          distinct.append(Given(warning: warning, paths: [report.job.path]))
          first.append(warning)
        }
      }
      shown.append(mode == .all ? report.warnings : first)
    }
    self.shown = shown
    self.distinct = distinct
  }
}
