import AppLifecycle
import LuaBridge
import Scenarios

extension Lifescript {
  /// How a scenario runs: what `lifescript run` takes on its command line.
  ///
  /// Options are plain values, `Sendable`, so a parameterised test can take them as arguments
  /// (`@Test(arguments: ["15.0", "18.3"].map { Lifescript.Options(ios: $0) })`). The app's
  /// native classes are not options: they go to ``Lifescript/run(file:options:classes:)``
  /// beside them, because their methods are closures that may capture the test's state.
  ///
  /// Options are checked when the run starts; one out of range makes the run throw
  /// ``Lifescript/Error/Kind/invalidOption``.
  public struct Options: Equatable, Sendable {
    /// The iOS release the app runs on, `"12"` to `"30"` (`"18.3"`): scenes need 13, 18.4 and
    /// 26 log that a legacy app should adopt scenes, 27 refuses to launch one (`--ios`).
    public var ios: String
    /// Choices for the orderings the UIKit reference marks CONFLICTING, by name:
    /// `["legacy-activation": "after-did-appear"]` (`--option NAME=CHOICE`;
    /// Documentation/Reference/options-and-releases.md lists them with their defaults).
    public var orderings: [String: String]
    /// The seed of `math.random` (`--seed`).
    public var seed: Int
    /// Bytes the scenario's Lua state may allocate, or nil for no cap (`--max-memory`).
    public var maxMemory: Int?
    /// Lua VM instructions the scenario may run, or nil for no budget (`--max-instructions`).
    public var maxInstructions: Int?
    /// Whether scripts get `io`, `os.execute`, `os.exit`, `os.getenv` and C modules
    /// (`--allow-io`).
    public var allowIO: Bool
    /// Whether `expect.golden` records the trace in its golden file (created, or rewritten when
    /// the trace differs) instead of comparing (`--record`); the result lists what it wrote.
    public var recordGolden: Bool
    /// Options with `lifescript run`'s defaults for whatever is not given.
    public init(
      ios: String = Lifescript.defaultIOSRelease,
      orderings: [String: String] = [:],
      seed: Int = 0,
      maxMemory: Int? = 64 << 20,
      maxInstructions: Int? = 100_000_000,
      allowIO: Bool = false,
      recordGolden: Bool = false
    ) {
      self.ios = ios
      self.orderings = orderings
      self.seed = seed
      self.maxMemory = maxMemory
      self.maxInstructions = maxInstructions
      self.allowIO = allowIO
      self.recordGolden = recordGolden
    }

    /// Native classes moved out of the options: they are given to the run.
    @available(
      *, unavailable,
      message: "pass native classes to Lifescript.run(file:options:classes:) beside the options"
    )
    public init(
      ios: String = Lifescript.defaultIOSRelease, orderings: [String: String] = [:],
      seed: Int = 0, maxMemory: Int? = 64 << 20, maxInstructions: Int? = 100_000_000,
      allowIO: Bool = false, recordGolden: Bool = false, classes: [NativeClass]
    ) { fatalError("unavailable") }

    /// The engine's options, or why these are out of range.
    func scenarioOptions() throws(Error) -> ScenarioOptions {
      var options = ScenarioOptions()
      guard let profile = IOSProfile(ios) else {
        throw Error(
          .invalidOption, "ios: \"\(ios)\" is not an iOS release from 12 to 30, like \"18.3\"")
      }
      options.profile = profile
      for (name, choice) in orderings.sorted(by: { $0.key < $1.key }) {
        guard options.launchOrder.set(name, to: choice) else {
          let known = LaunchOrderOptions.catalogue.map {
            "\($0.name)=\($0.choices.joined(separator: "|"))"
          }
          throw Error(
            .invalidOption,
            "orderings: unknown ordering \(name)=\(choice); choose from \(known.joined(separator: ", "))"
          )
        }
      }
      if let maxMemory, maxMemory <= 0 {
        throw Error(.invalidOption, "maxMemory: \(maxMemory) bytes; give a positive size or nil")
      }
      if let maxInstructions, maxInstructions <= 0 {
        throw Error(
          .invalidOption,
          "maxInstructions: \(maxInstructions); give a positive count or nil")
      }
      options.seed = seed
      options.limits = LuaState.Limits(memory: maxMemory, instructions: maxInstructions)
      options.allowIO = allowIO
      options.recordGolden = recordGolden
      return options
    }
  }
}
