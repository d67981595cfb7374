import AppLifecycle
import LuaBridge

extension ScenarioRunner {
  /// Which cases of a file to run.
  public struct CaseSelection {
    /// Whether a file without named tests runs as one case (false when only some of its tests
    /// were asked for by name: such a file then runs nothing that shows).
    public var wholeFile = true
    /// Which named tests run.
    public var includes: (NamedTest) -> Bool = { _ in true }

    public init(wholeFile: Bool = true, includes: @escaping (NamedTest) -> Bool = { _ in true }) {
      self.wholeFile = wholeFile
      self.includes = includes
    }
  }

  /// The named tests `path` defines, found by running its top level once with its output and
  /// warnings dropped (`lifescript test --list`); empty for a file without tests, nil when the
  /// top level fails before it defines any (the run says why).
  public static func namedTests(file path: String, options: ScenarioOptions) -> [NamedTest]? {
    guard
      let scenario = try? Scenario(
        options: options, folder: FileSystem.folder(of: path), output: { _ in },
        warning: { _ in })
    else { return nil }
    let failed: Bool
    do {
      try runTopLevel(.file(path), in: scenario, options: options)
      failed = false
    } catch {
      failed = true
    }
    let tests = scenario.tests.tests.map(\.test)
    return failed && tests.isEmpty ? nil : tests
  }

  /// Runs the cases of `path`: the file as one case when it defines no tests, else each of its
  /// named tests that `selection` includes, each in a fresh scenario where the file's top level
  /// has run again (Documentation/Reference/scenario-language.md#named-tests).
  ///
  /// `starting` sees each named test before it runs; `finished` sees each case at its end with
  /// its scenario (nil when none could be made) and verdict: a nil test for the file as a whole
  /// (a file without tests, or one whose top level failed). Output of the top level goes to
  /// `output` once, and its warnings once; when `selection` leaves a file without tests out,
  /// what its top level printed is dropped with it.
  public static func runCases(
    file path: String, options: ScenarioOptions, output: ((String) -> Void)? = nil,
    warning: @escaping (Warning) -> Void = { Console.writeError($0.description + "\n") },
    selection: CaseSelection = CaseSelection(),
    starting: (NamedTest) -> Void = { _ in },
    finished: (NamedTest?, Scenario?, TestVerdict) -> Void
  ) {
    let forward = output ?? LuaSandbox().output
    let gate = ReplayGate()
    // The first run's output waits until the file is known to be shown.
    gate.holding = !selection.wholeFile
    let scenarioOutput: (String) -> Void = { text in
      if gate.holding { gate.held += text } else if !gate.replaying { forward(text) }
    }
    // Under `once`, a warning the app gives in each test's fresh app is given once per file.
    let once = options.warnings.mode == .once
    let scenarioWarning: (Warning) -> Void = {
      if !gate.replaying, !once || gate.given.insert($0).inserted { warning($0) }
    }
    func makeScenario() throws(ScenarioFailure) -> Scenario {
      do {
        return try Scenario(
          options: options, folder: FileSystem.folder(of: path), output: scenarioOutput,
          warning: scenarioWarning)
      } catch {
        throw failure(error, file: path, options: options)
      }
    }

    // The top level, once: it defines the tests (or is the whole scenario).
    let first: Scenario
    do {
      first = try makeScenario()
    } catch {
      finished(nil, nil, .failed(error))
      return
    }
    var topLevel: ScenarioFailure?
    do {
      try runTopLevel(.file(path), in: first, options: options, closing: true)
    } catch {
      topLevel = error
    }
    let tests = first.tests.tests.map(\.test)
    if tests.isEmpty {
      guard selection.wholeFile else { return }
      finished(nil, first, topLevel.map { .failed($0) } ?? .passed)
      return
    }
    gate.holding = false
    forward(gate.held)
    let lines = first.trace.lines()
    if topLevel == nil, let action = lines.first(where: { $0.hasPrefix("new ") }) ?? lines.first {
      topLevel = scriptFailure(
        "this file defines tests (the first one here), so its top level must not run the app, and it did (\(action)): each test starts a fresh app after the top level has run again; call UIApplicationMain or main(...) and the device actions inside the tests",
        at: tests[0].location, file: path, options: options)
    }
    if let topLevel {
      finished(nil, first, .failed(topLevel))
      return
    }

    var fresh: Scenario? = first
    for (index, test) in tests.enumerated() where selection.includes(test) {
      starting(test)
      let scenario: Scenario
      do throws(ScenarioFailure) {
        if let unused = fresh {
          scenario = unused
          fresh = nil
        } else {
          scenario = try makeScenario()
          gate.replaying = true
          defer { gate.replaying = false }
          try runTopLevel(.file(path), in: scenario, options: options)
          let again = scenario.tests.tests.map(\.test)
          guard again == tests else {
            throw scriptFailure(
              "the file's top level defined other tests when it ran again for \"\(test.name)\" (\(again.count) tests instead of \(tests.count)); the tests a file defines must not depend on anything but the file",
              at: test.location, file: path, options: options)
          }
        }
      } catch {
        finished(test, nil, .failed(error))
        continue
      }
      finished(test, scenario, verdict(of: index, in: scenario, path: path, options: options))
    }
  }

  /// Runs the test at `index` of the file `path` in `scenario`, whose top level has run, and
  /// judges it as `run` judges a file, then by its `known_issue`.
  private static func verdict(
    of index: Int, in scenario: Scenario, path: String, options: ScenarioOptions
  ) -> TestVerdict {
    let (test, body) = scenario.tests.tests[index]
    scenario.tests.start(test)
    do {
      try judge(path, in: scenario, options: options) {
        _ = try scenario.lua.call(body)
        try scenario.finishLua()
      }
    } catch {
      if case .error(let error) = error.reason, let skip = error.swiftError as? TestSkipped {
        return .skipped(reason: skip.reason)
      }
      if let known = scenario.tests.knownIssue, error.isExpectationFailure {
        return .knownIssue(reason: known.reason, error)
      }
      return .failed(error)
    }
    guard let known = scenario.tests.knownIssue else { return .passed }
    let passes = ExpectationFailure(
      headline:
        "known issue \"\(known.reason)\" no longer fails: the test \"\(test.name)\" passed; remove its known_issue(...)",
      location: known.location)
    return .failed(ScenarioFailure(expectation: passes, file: path, limits: options.limits))
  }

  /// An error of the file `path` at `location` that no Lua code raised.
  static func scriptFailure(
    _ message: String, at location: ScriptLocation, file path: String, options: ScenarioOptions
  ) -> ScenarioFailure {
    ScenarioFailure(
      error: LuaError(.runtime, "\(location): \(message)", location: location), file: path,
      limits: options.limits, location: location, message: message)
  }

  /// Whether a run is a replay of the top level (its output and warnings were given once
  /// already) or holds its output back.
  private final class ReplayGate {
    var replaying = false
    var holding = false
    var held = ""
    var given = Set<Warning>()
  }
}
