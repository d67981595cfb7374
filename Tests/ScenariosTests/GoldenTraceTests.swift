import Testing

@testable import Scenarios

@Suite struct GoldenTraceTests {
  @Test func aFileIsItsHeaderCommentsThenOneTraceLinePerLine() throws {
    let golden = try GoldenTrace(
      parsing: """
        # Golden trace of expect.golden() in launch.lua, recorded by lifescript.

        screen launch: none (letterboxed, legacy compatibility size)
        new UIApplication
        # a comment between lines is ignored
        AppDelegate.application:didFinishLaunchingWithOptions:

        post UIApplicationDidFinishLaunchingNotification

        """, file: "launch.trace")
    #expect(
      golden.header == [
        "# Golden trace of expect.golden() in launch.lua, recorded by lifescript.", "",
      ])
    #expect(
      golden.lines == [
        "screen launch: none (letterboxed, legacy compatibility size)", "new UIApplication",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "post UIApplicationDidFinishLaunchingNotification",
      ])
    #expect(golden.lineNumbers == [3, 4, 6, 8])
  }

  /// Editors on Windows save UTF-8 with a byte order mark: it is not part of the first line.
  @Test func aByteOrderMarkIsNotPartOfTheFirstLine() throws {
    let golden = try GoldenTrace(
      parsing: "\u{FEFF}# header\nnew UIApplication\n", file: "launch.trace")
    #expect(golden.header == ["# header"])
    #expect(golden.lines == ["new UIApplication"])
    let bare = try GoldenTrace(parsing: "\u{FEFF}new UIApplication\n", file: "launch.trace")
    #expect(bare.lines == ["new UIApplication"])
    #expect(bare.lineNumbers == [1])
  }

  @Test func windowsLineEndsReadAsLineEnds() throws {
    let golden = try GoldenTrace(
      parsing: "# header\r\nnew UIApplication\r\nAppDelegate.applicationDidBecomeActive:\r\n",
      file: "launch.trace")
    #expect(golden.lines == ["new UIApplication", "AppDelegate.applicationDidBecomeActive:"])
  }

  @Test(arguments: [
    "new UIApplication", "AppDelegate.application:didFinishLaunchingWithOptions:",
    "UIViewController.loadView", "Demo.SceneDelegate.sceneDidBecomeActive:",
    "post UIApplicationDidBecomeActiveNotification",
    "log [Application] The app delegate must implement the window property",
    "exception NSInternalInconsistencyException: There can only be one UIApplication instance.",
    "terminated Namespace SPRINGBOARD, Code 0x8badf00d", "screen launch removed",
    "log tab\tinside",
  ])
  func traceLinesAreRecognised(line: String) {
    #expect(GoldenTrace.isTraceLine(line))
  }

  @Test(arguments: [
    "UIApplication launched", "new", "new ", "AppDelegate.", ".applicationDidBecomeActive:",
    "App Delegate.applicationDidBecomeActive:", "AppDelegate.application(_:didFinishLaunching:)",
    "AppDelegate.1st", "hello", "  new UIApplication", "New UIApplication",
  ])
  func otherLinesAreNotTraceLines(line: String) {
    #expect(!GoldenTrace.isTraceLine(line))
  }

  @Test func aLineThatIsNotATraceLineIsNamedWithItsFileAndLine() {
    let error = #expect(throws: FileFormatError.self) {
      try GoldenTrace(parsing: "# header\nnew UIApplication\nhello\n", file: "a/launch.trace")
    }
    #expect(
      error?.description
        == "a/launch.trace:3: not a trace line: hello (a trace line is Receiver.selector or starts with new, post, log, exception, terminated, screen or device; # starts a comment)"
    )
  }

  @Test func binaryDataIsNotShown() {
    let error = #expect(throws: FileFormatError.self) {
      try GoldenTrace(parsing: "new UIApplication\nlog \u{0}\u{1}\u{2}\n", file: "launch.trace")
    }
    #expect(error?.line == 2)
    #expect(error?.description.hasPrefix("launch.trace:2: not a trace line: binary data (") == true)
  }

  @Test func aLongLineIsShortenedInTheMessage() {
    let line = String(repeating: "x", count: 200)
    let error = #expect(throws: FileFormatError.self) {
      try GoldenTrace(parsing: line, file: "launch.trace")
    }
    #expect(
      error?.description.hasPrefix(
        "launch.trace:1: not a trace line: \(String(repeating: "x", count: 79))… (") == true)
  }

  @Test func controlCharactersInATraceLineAreEscapedSoItStaysOneFileLine() throws {
    let line = GoldenTrace.fileLine("log first\nsecond\r\u{1B}[0m")
    #expect(line == "log first\\nsecond\\r\\u{1B}[0m")
    let golden = try GoldenTrace(parsing: GoldenTrace(header: [], lines: [line]).text, file: "t")
    #expect(golden.lines == [line])
    #expect(GoldenTrace.fileLine("log tab\tkept") == "log tab\tkept")
  }

  @Test func aRecordedFileSaysWhatRecordedItAndEndsWithANewline() {
    let header = GoldenTrace.recordedHeader(scenario: "launch.lua", name: "background")
    #expect(
      GoldenTrace(header: header, lines: ["new UIApplication", "new AppDelegate"]).text == """
        # Golden trace of expect.golden("background") in launch.lua, recorded by lifescript.
        # To record it again: lifescript test --record, or lifescript run --record launch.lua
        new UIApplication
        new AppDelegate

        """)
  }

  @Test(
    arguments: [
      ("launch.lua", nil, "launch.trace"),
      ("launch.lua", "background", "launch.background.trace"),
      ("Scripts/regression/launch.lua", nil, "Scripts/regression/launch.trace"),
      ("./a.b.lua", "x", "./a.b.x.trace"),
      ("/tmp/run/launch", nil, "/tmp/run/launch.trace"),
      ("dir.v2/launch", nil, "dir.v2/launch.trace"),
      (".hidden.lua", nil, ".hidden.trace"),
    ] as [(String, String?, String)])
  func theGoldenFileIsBesideTheScenario(scenario: String, name: String?, path: String) {
    #expect(GoldenFiles.path(scenario: scenario, name: name) == path)
  }

  @Test(arguments: [
    ("background", true), ("after-kill_2", true), ("", false), ("../x", false), ("a/b", false),
    ("a.b", false), ("naïve", false), ("a b", false), (".", false),
    (String(repeating: "x", count: 64), true), (String(repeating: "x", count: 65), false),
  ])
  func namesAreUpTo64LettersDigitsDashesAndUnderscores(name: String, valid: Bool) {
    #expect(GoldenFiles.isValidName(name) == valid)
  }
}
