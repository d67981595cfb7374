import Foundation
import Testing

/// `expect.golden` and `lifescript run --record`, in scratch folders: tests never write into
/// the repository.
@Suite final class GoldenCommandTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-record-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    chmod(folder.path, 0o755)
    try? FileManager.default.removeItem(at: folder)
  }

  func write(_ text: String, to name: String) throws {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  func read(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  func lifescript(_ arguments: String..., launcher: [String] = []) throws -> CommandLine.Result {
    try CommandLine.run(arguments, in: folder, launcher: launcher)
  }

  static let launch = """
    -- A legacy app that launches and goes home.
    device.ios("18.3")
    local AppDelegate = class("AppDelegate", UIResponder)
    function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
      return true
    end
    function AppDelegate:applicationDidBecomeActive(application) end
    main(AppDelegate)
    expect.golden()

    """

  static let recorded = """
    # Golden trace of expect.golden() in launch.lua, recorded by lifescript.
    # To record it again: lifescript test --record, or lifescript run --record launch.lua
    screen launch: none (letterboxed, legacy compatibility size)
    new UIApplication
    new AppDelegate
    AppDelegate.application:didFinishLaunchingWithOptions:
    post UIApplicationDidFinishLaunchingNotification
    AppDelegate.applicationDidBecomeActive:
    post UIApplicationDidBecomeActiveNotification
    screen launch removed

    """

  @Test func recordCreatesThenUpdatesThenLeavesTheFileAlone() throws {
    try write(Self.launch, to: "launch.lua")

    let missing = try lifescript("run", "launch.lua")
    #expect(missing.status == 1)
    #expect(
      missing.error
        == "launch.lua:9: expect.golden: no golden trace at launch.trace yet; record it with --record\n"
    )

    let created = try lifescript("run", "--record", "launch.lua")
    #expect(created.status == 0)
    #expect(created.error == "recorded launch.trace (new, 8 lines)\n")
    #expect(try read("launch.trace") == Self.recorded)

    let passes = try lifescript("run", "launch.lua")
    #expect(passes.status == 0)
    #expect(passes.error.isEmpty)

    try write(
      Self.launch.replacingOccurrences(
        of: "expect.golden()", with: "device.home()\nexpect.golden()"), to: "launch.lua")
    let differs = try lifescript("run", "launch.lua")
    #expect(differs.status == 1)
    #expect(
      differs.error == """
        launch.lua:10: expect.golden: the trace differs from launch.trace: 2 lines not expected (− golden, + actual)
          … 5 unchanged lines
          AppDelegate.applicationDidBecomeActive:
          post UIApplicationDidBecomeActiveNotification
          screen launch removed
        + post UIApplicationWillResignActiveNotification
        + post UIApplicationDidEnterBackgroundNotification
        first difference at line 9 of the trace: expected nothing more, got post UIApplicationWillResignActiveNotification
        hint: if the new trace is right, record it with --record

        """)

    let updated = try lifescript("run", "--record", "launch.lua")
    #expect(updated.status == 0)
    #expect(updated.error == "updated launch.trace (+2 −0 lines)\n")
    #expect(
      try read("launch.trace")
        == Self.recorded
        + "post UIApplicationWillResignActiveNotification\npost UIApplicationDidEnterBackgroundNotification\n"
    )

    let unchanged = try lifescript("run", "--record", "launch.lua")
    #expect(unchanged.status == 0)
    #expect(unchanged.error.isEmpty)
    #expect(try lifescript("run", "launch.lua").status == 0)
  }

  @Test func theSameStemInTwoFoldersRecordsTwoFiles() throws {
    try write(Self.launch, to: "first/launch.lua")
    try write(
      Self.launch.replacingOccurrences(
        of: "expect.golden()", with: "device.home()\nexpect.golden()"), to: "second/launch.lua")
    #expect(
      try lifescript("run", "--record", "first/launch.lua").error
        == "recorded first/launch.trace (new, 8 lines)\n")
    #expect(
      try lifescript("run", "--record", "second/launch.lua").error
        == "recorded second/launch.trace (new, 10 lines)\n")
    #expect(try lifescript("run", "first/launch.lua").status == 0)
    #expect(try lifescript("run", "second/launch.lua").status == 0)
  }

  @Test func aFileThatIsNotATraceIsNeverOverwritten() throws {
    try write(Self.launch, to: "launch.lua")
    try write("my notes, not a trace\n", to: "launch.trace")
    let result = try lifescript("run", "--record", "launch.lua")
    #expect(result.status == 2)
    #expect(
      result.error == """
        launch.trace:1: not a trace line: my notes, not a trace (a trace line is Receiver.selector or starts with new, post, log, exception, terminated, screen or device; # starts a comment)
        stack traceback:
        \t[C]: in function 'expect.golden'
        \tlaunch.lua:9: in main chunk

        """)
    #expect(try read("launch.trace") == "my notes, not a trace\n")
  }

  /// Root writes into read-only folders, so as root the run drops that privilege first.
  static var withoutPrivileges: [String]? {
    guard getuid() == 0 else { return [] }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
    return [
      "/usr/bin/setpriv", "--bounding-set=-dac_override,-dac_read_search",
      "--inh-caps=-dac_override,-dac_read_search",
    ]
  }

  @Test(.enabled(if: withoutPrivileges != nil))
  func recordingIntoAReadOnlyFolderIsAClearError() throws {
    try write(Self.launch, to: "launch.lua")
    #expect(chmod(folder.path, 0o555) == 0)
    let result = try lifescript(
      "run", "--record", "launch.lua", launcher: Self.withoutPrivileges ?? [])
    #expect(result.status == 2)
    #expect(
      result.error == """
        cannot write launch.trace: Permission denied
        stack traceback:
        \t[C]: in function 'expect.golden'
        \tlaunch.lua:9: in main chunk

        """)
  }

  @Test func aNameTooLongForAFileIsAClearError() throws {
    let stem = String(repeating: "s", count: 250)
    try write(Self.launch, to: stem + ".lua")
    let result = try lifescript("run", "--record", stem + ".lua")
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("cannot write \(stem).trace: File name too long\n"))
  }
}
