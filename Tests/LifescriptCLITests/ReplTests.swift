import Foundation
import Testing

/// `lifescript repl` as a person uses it, on a pseudo-terminal: with libedit (TERM=xterm, when
/// libedit is installed) and with the terminal's own line editing (TERM=dumb, where the REPL
/// leaves libedit alone). Each test waits for prompts, never for time.
@Suite struct ReplTests {
  enum Terminal: String, CaseIterable, Sendable {
    case xterm, dumb
  }

  /// A REPL on a terminal of its own, with a home folder of its own (for the history file) and
  /// without colours, started in the fixtures folder.
  final class Session {
    let terminal: PseudoTerminal
    /// Whether libedit reads the keys (it then echoes them itself).
    let hasLineEditing: Bool
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-repl-" + UUID().uuidString)

    init(_ kind: Terminal, arguments: [String] = []) throws {
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      hasLineEditing = kind == .xterm && ReplTests.libeditIsInstalled
      terminal = try PseudoTerminal(
        ["repl"] + arguments, in: CommandLine.fixtures,
        environment: ["TERM": kind.rawValue, "HOME": home.path, "NO_COLOR": "1"])
      try terminal.wait(for: "lifescript> ")
    }

    deinit { try? FileManager.default.removeItem(at: home) }

    /// Types `keys` at the prompt, once the REPL reads them (as a person would: libedit puts the
    /// terminal in its key-by-key mode only after it has shown the prompt).
    func typeAtPrompt(_ keys: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
      if hasLineEditing { try terminal.waitForKeyByKeyInput(sourceLocation: sourceLocation) }
      terminal.type(keys)
    }

    /// Types `line` and Return, and waits for the next prompt; returns what the terminal showed
    /// in between (the echo of the line, then the REPL's output).
    @discardableResult
    func enter(
      _ line: String, then prompt: String = "lifescript> ",
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
      try typeAtPrompt(line + "\r", sourceLocation: sourceLocation)
      return try terminal.wait(for: "\n" + prompt, sourceLocation: sourceLocation)
    }

    /// Ctrl-D on an empty line; the exit status.
    func leave(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int32? {
      try typeAtPrompt("\u{4}", sourceLocation: sourceLocation)
      return terminal.waitForExit()
    }
  }

  static let libeditIsInstalled: Bool = {
    guard let handle = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL) else { return false }
    dlclose(handle)
    return true
  }()

  @Test(arguments: Terminal.allCases)
  func aDelegateTypedOverSeveralLinesShowsWhatUIKitCallsOnHome(_ kind: Terminal) throws {
    let session = try Session(kind, arguments: ["--ios", "18.3"])
    try session.enter(
      #"AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })"#)
    try session.enter(
      "function AppDelegate:applicationWillResignActive(application)", then: "...> ")
    try session.enter(#"  print("resign" .. "ing")"#, then: "...> ")
    try session.enter("end")
    let launch = try session.enter("main(AppDelegate)")
    #expect(launch.contains("\n  new UIApplication\n  new AppDelegate\n"))
    #expect(launch.contains("\n  post UIApplicationDidBecomeActiveNotification\n"))
    let home = try session.enter("device.home()")
    #expect(
      home.hasSuffix(
        """
          AppDelegate.applicationWillResignActive:
        resigning
          post UIApplicationWillResignActiveNotification
          post UIApplicationDidEnterBackgroundNotification
        lifescript> 
        """))
    let expression = try session.enter(#"1 + 1, "two""#)
    #expect(expression.hasSuffix("\n2\ttwo\nlifescript> "))
    let trace = try session.enter(":trace")
    #expect(
      trace.hasSuffix(
        """
        :trace
        screen launch: none (letterboxed, legacy compatibility size)
        new UIApplication
        new AppDelegate
        post UIApplicationDidFinishLaunchingNotification
        post UIApplicationDidBecomeActiveNotification
        screen launch removed
        AppDelegate.applicationWillResignActive:
        post UIApplicationWillResignActiveNotification
        post UIApplicationDidEnterBackgroundNotification
        lifescript> 
        """))
    #expect(try session.leave() == 0)
  }

  @Test(arguments: Terminal.allCases)
  func loadRunsAFileInTheSessionAndResetStartsAgain(_ kind: Terminal) throws {
    let session = try Session(kind)
    let load = try session.enter(":load repl/app.lua")
    #expect(load.contains("\n  AppDelegate.application:didFinishLaunchingWithOptions:\n"))
    #expect(
      load.contains(
        """
        repl/app.lua:10: the file stops here
        stack traceback:
        """))
    // The file's global class is the session's now.
    #expect(try session.enter("NSStringFromClass(AppDelegate)").contains("\nAppDelegate\n"))
    let missing = try session.enter(":load nowhere.lua")
    #expect(missing.contains("\ncannot open nowhere.lua: No such file or directory\n"))
    #expect(
      try session.enter(":reset").contains("\na new scenario: a fresh Lua state and device\n"))
    #expect(try session.enter(#"NSClassFromString("AppDelegate")"#).contains("\nnil\n"))
    #expect(try session.enter(":trace").hasSuffix(":trace\nlifescript> "))
    try session.typeAtPrompt(":quit\r")
    #expect(session.terminal.waitForExit() == 0)
  }

  @Test(arguments: Terminal.allCases)
  func errorsAreShownAndTheSessionGoesOn(_ kind: Terminal) throws {
    let session = try Session(kind)
    #expect(
      try session.enter("x = = 1").contains("\nstdin:1: unexpected symbol near '='\n"))
    #expect(
      try session.enter(":frobnicate").contains(
        "\nunknown command :frobnicate; :help lists the commands\n"))
    try session.enter(
      #"AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })"#)
    try session.enter(
      "function AppDelegate:applicationDidEnterBackground(application)", then: "...> ")
    try session.enter(#"  error("no background for you")"#, then: "...> ")
    try session.enter("end")
    try session.enter("main(AppDelegate)")
    let home = try session.enter("device.home()")
    #expect(
      home.contains(
        """
          AppDelegate.applicationDidEnterBackground:
        stdin:2: no background for you
        (in AppDelegate.applicationDidEnterBackground: at 0s of virtual time)
        stack traceback:
        """))
    #expect(home.contains("in function 'device.home'"))
    let expectation = try session.enter(#"expect.never "applicationDidEnterBackground:""#)
    #expect(
      expectation.contains(
        """
        stdin:1: expect.never: applicationDidEnterBackground: was not expected, but came at 0s
        """))
    #expect(expectation.hasSuffix("\n+ AppDelegate.applicationDidEnterBackground:\nlifescript> "))
    // The app goes on from where the error left it.
    let back = try session.enter("device.activate()")
    #expect(back.contains("\n  post UIApplicationWillEnterForegroundNotification\n"))
    #expect(try session.enter("1 + 1").hasSuffix("\n2\nlifescript> "))
    #expect(try session.leave() == 0)
  }

  @Test(arguments: Terminal.allCases)
  func ctrlCStopsALongWaitAndAnEndlessLoopAndKeepsTheSession(_ kind: Terminal) throws {
    let session = try Session(kind, arguments: ["--max-instructions", "none"])
    try session.enter(
      "timer = Timer.scheduledTimer(1, true, function() ticks = (ticks or 0) + 1 end)")
    try session.typeAtPrompt(#"print("wait" .. "ing") wait(1e9)"# + "\r")
    try session.terminal.wait(for: "\nwaiting\n")
    session.terminal.type("\u{3}")
    let wait = try session.terminal.wait(for: "\nlifescript> ")
    // The interrupt stops the script where it is: in `wait`, or in the timer's function when
    // Ctrl-C comes as `wait` runs it (its frame is then above `wait`'s).
    #expect(wait.contains("stdin:1: interrupted\nstack traceback:\n"), "\(wait)")
    #expect(
      wait.contains("\n\t[C]: in function 'wait'\n\tstdin:1: in main chunk\n"), "\(wait)")
    #expect(try session.enter("timer.isValid").hasSuffix("\ntrue\nlifescript> "))

    try session.typeAtPrompt(#"print("loop" .. "ing") while true do end"# + "\r")
    try session.terminal.wait(for: "\nlooping\n")
    session.terminal.type("\u{3}")
    let loop = try session.terminal.wait(for: "\nlifescript> ")
    #expect(loop.contains("stdin:1: interrupted\nstack traceback:\n\tstdin:1: in main chunk\n"))
    #expect(try session.enter("1 + 1").hasSuffix("\n2\nlifescript> "))
    #expect(try session.leave() == 0)
  }

  @Test(arguments: Terminal.allCases)
  func ctrlCAtThePromptClearsTheLineAndAnUnfinishedInput(_ kind: Terminal) throws {
    let session = try Session(kind)
    try session.typeAtPrompt(#"print("LEFT" .. "OVER")"#)
    try session.terminal.wait(for: #"print("LEFT" .. "OVER")"#)
    session.terminal.type("\u{3}")
    try session.terminal.wait(for: "\nlifescript> ")
    try session.enter("function unfinished()", then: "...> ")
    session.terminal.type("\u{3}")
    try session.terminal.wait(for: "\nlifescript> ")
    let next = try session.enter(#"print("NEXT")"#)
    #expect(next.hasSuffix("\nNEXT\nlifescript> "))
    #expect(!session.terminal.transcript.contains("LEFTOVER"))
    #expect(try session.enter("unfinished").hasSuffix("\nnil\nlifescript> "))
    #expect(try session.leave() == 0)
  }

  @Test(.enabled(if: libeditIsInstalled))
  func withLibeditUpRecallsTheLastLineAndTheHistoryIsKept() throws {
    let session = try Session(.xterm)
    #expect(try session.enter("40 + 2").hasSuffix("\n42\nlifescript> "))
    try session.typeAtPrompt("\u{1B}[A\r")  // Up, Return
    try session.terminal.wait(for: "\n42\nlifescript> ")
    #expect(try session.leave() == 0)
    let history = try String(
      contentsOf: session.home.appendingPathComponent(".lifescript_history"), encoding: .utf8)
    #expect(history.contains("40\\040+\\0402"))  // libedit's file format escapes spaces
  }

  /// A piped line of many megabytes (a table literal pasted from a file) is read whole, in
  /// time linear in its length (LineReaderTests).
  @Test func aPipedLineOfManyMegabytesIsReadWhole() throws {
    let long = String(repeating: "lifescript", count: 1 << 20)  // 10 MiB
    let input = "s = \"\(long)\"\n#s, s:sub(1, 10), s:sub(-10)\n"
    let result = try CommandLine.run(["repl", "--max-memory", "256MiB"], input: input)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == "10485760\tlifescript\tlifescript\n", "\(result.error)")
  }

  @Test func pipedInputRunsWithoutPromptsAndEndsWithStatusZero() throws {
    let input = """
      AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
      function AppDelegate:applicationDidEnterBackground(application)
        print("in the background")
      end
      main(AppDelegate)
      device.home()
      wait(30)
      device.activate()
      1 + 1, "two"
      math.random(100), io == nil
      x = = 1
      for i = 1, 1e9 do end
      function afterTheLimit()
        return "fine"
      end
      afterTheLimit()
      :trace
      :nope
      function unfinished()

      """
    // A real pipe: `cat` writes what the test gives it to lifescript's standard input.
    let result = try CommandLine.tool(
      [
        "/bin/sh", "-c", #"cat | "$0" repl --ios 18.3 --seed 3 --max-instructions 100000"#,
        CommandLine.executable.path,
      ], in: CommandLine.fixtures, input: input)
    #expect(
      result.output == """
          screen launch: none (letterboxed, legacy compatibility size)
          new UIApplication
          new AppDelegate
          post UIApplicationDidFinishLaunchingNotification
          post UIApplicationDidBecomeActiveNotification
          screen launch removed
          post UIApplicationWillResignActiveNotification
          AppDelegate.applicationDidEnterBackground:
        in the background
          post UIApplicationDidEnterBackgroundNotification
          t = 30s
          post UIApplicationWillEnterForegroundNotification
          post UIApplicationDidBecomeActiveNotification
        2\ttwo
        10\ttrue
        fine
        screen launch: none (letterboxed, legacy compatibility size)
        new UIApplication
        new AppDelegate
        post UIApplicationDidFinishLaunchingNotification
        post UIApplicationDidBecomeActiveNotification
        screen launch removed
        post UIApplicationWillResignActiveNotification
        AppDelegate.applicationDidEnterBackground:
        post UIApplicationDidEnterBackgroundNotification
        post UIApplicationWillEnterForegroundNotification
        post UIApplicationDidBecomeActiveNotification

        """)
    #expect(
      result.error == """
        stdin:1: unexpected symbol near '='
        stdin:1: instruction limit exceeded (100000 instructions); raise it with --max-instructions
        stack traceback:
        \tstdin:1: in main chunk
        unknown command :nope; :help lists the commands
        stdin:1: 'end' expected near <eof>

        """)
    #expect(result.status == 0)
  }

  /// Piped input: a table's contents, nested, sorted, cycles labelled, within limits; tables
  /// whose metamethods fail or never end are shown without them, or said to be unshowable,
  /// and the session goes on.
  @Test func tablesArePrintedReadablyWithinLimits() throws {
    let input = """
      t = { 1, 2, "three", name = "x", ["two words"] = true, [2.5] = 0.5, f = 1.0 }
      t
      t.self = t; t.list = { t, { a = { b = { c = { d = { e = { f = {} } } } } } } }
      t.list
      { 10, 20, n = {} }, "plain", nil, 7
      setmetatable({}, { __tostring = function() error("boom") end })
      setmetatable({}, { __tostring = function() return 42 end })
      setmetatable({ 1 }, { __pairs = function() while true do end end, __index = function() error("no") end, __len = function() while true do end end })
      setmetatable({}, { __tostring = function() while true do end end })
      big = {} for i = 1, 100000 do big[i] = i * 2 end
      big
      wide = {} for i = 1, 3000 do wide["k" .. i] = i end
      wide
      deep = {} for i = 1, 100000 do deep = { deep } end
      deep
      1 + 1

      """
    let result = try CommandLine.run(
      ["repl", "--max-instructions", "2000000"], input: input)
    #expect(result.status == 0)
    #expect(result.error == "(the result cannot be shown: instruction limit exceeded)\n")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    let wideStart = try #require(lines.firstIndex { $0.hasPrefix("  k") })
    #expect(lines[wideStart - 1] == "{")
    #expect(lines[wideStart + 60] == "  ... (1940 more, and others not looked at)")
    let output =
      lines[..<(wideStart - 1)].joined(separator: "\n") + "\n"
      + lines[(wideStart + 62)...].joined(separator: "\n")
    #expect(
      output == """
        { 1, 2, "three", [2.5] = 0.5, f = 1.0, name = "x", ["two words"] = true }
        <1>{
          <2>{
            1, 2, "three",
            [2.5] = 0.5,
            f = 1.0,
            list = <table 1>,
            name = "x",
            self = <table 2>,
            ["two words"] = true
          },
          {
            a = {
              b = {
                c = {
                  d = {
                    e = {...}
                  }
                }
              }
            }
          }
        }
        { 10, 20, n = {} }\tplain\tnil\t7
        <__tostring failed: stdin:1: boom>
        <__tostring returned a number>
        { 1 }
        {
          2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40,
          42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78,
          80, 82, 84, 86, 88, 90, 92, 94, 96, 98, 100, 102, 104, 106, 108, 110, 112,
          114, 116, 118, 120,
          ... (99940 more)
        }
        {
          {
            {
              {
                {
                  {
                    {...}
                  }
                }
              }
            }
          }
        }
        2

        """)
  }

  /// What main and UIApplicationMain return is nothing (UIKit's never returns): the REPL shows
  /// the launch's trace and no value after it.
  @Test func mainEchoesNoValueAndPrintsComeWithTheirTraceLines() throws {
    let input = """
      AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
      function AppDelegate:application_didFinishLaunchingWithOptions(app, options) print("launching") return true end
      function AppDelegate:applicationDidBecomeActive(app) print("active") end
      main(AppDelegate)
      select("#", UIApplicationMain(nil, "AppDelegate"))

      """
    let result = try CommandLine.run(["repl", "--ios", "18.3"], input: input)
    #expect(result.status == 0)
    #expect(
      result.output == """
          screen launch: none (letterboxed, legacy compatibility size)
          new UIApplication
          new AppDelegate
          AppDelegate.application:didFinishLaunchingWithOptions:
        launching
          post UIApplicationDidFinishLaunchingNotification
          AppDelegate.applicationDidBecomeActive:
        active
          post UIApplicationDidBecomeActiveNotification
          screen launch removed
          exception NSInternalInconsistencyException: There can only be one UIApplication instance.
        0

        """)
  }

  /// A test defined in the REPL would never run: `test()` is an error that says what to do,
  /// and the session goes on.
  @Test func aNamedTestIsRefusedAndTheSessionGoesOn() throws {
    let input = """
      test("cold launch", function() print("ran") end)
      print("after")

      """
    let result = try CommandLine.run(["repl"], input: input)
    #expect(result.status == 0)
    #expect(result.output == "after\n")
    #expect(
      result.error.hasPrefix(
        "stdin:1: test() defines a named test of a scenario file, which lifescript run or lifescript test runs in a fresh app; the REPL runs what you type at once, so type the test's body instead (or :load a file without tests)\n"
      ), "\(result.error)")
    #expect(!result.output.contains("ran"))
  }

  /// `:complete TEXT` lists what Tab offers, for input that is not a terminal.
  @Test func completeListsGlobalsClassMembersAndMethods() throws {
    let input = """
      AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
      function AppDelegate:applicationDidBecomeActive(app) end
      delegate = AppDelegate.new()
      delegate.note = "kept"
      config = { inner = { leaf = 1 } }
      weird = setmetatable({ ok = 1, ["not a name"] = 2, [3] = 3 }, { __index = function() error("no") end, __pairs = function() while true do end end })
      :complete weird.
      :complete weird.ok.
      :complete devi
      :complete device.ho
      :complete expect.eq
      :complete UIApplication.sha
      :complete AppDelegate.applicationDid
      :complete delegate:applicationDid
      :complete delegate.no
      :complete config.inner.l
      :complete UIApplication.shared:openU
      :complete NotificationCenter.default:addOb
      main(AppDelegate)
      :complete UIApplication.shared:openU
      :complete UIApplication.new.x
      :complete x = NSClassFrom
      :complete nothing.here.
      :complete "devi
      :complete 1.
      :complete

      """
    let result = try CommandLine.run(["repl", "--ios", "18.3"], input: input)
    #expect(result.status == 0)
    #expect(result.error == "usage: :complete TEXT\n")
    #expect(
      result.output == """
          new AppDelegate
        ok
        device
        home
        equal
        shared
        applicationDidBecomeActive
        applicationDidBecomeActive
        note
        leaf
        addObserver
          screen launch: none (letterboxed, legacy compatibility size)
          new UIApplication
          new AppDelegate
          post UIApplicationDidFinishLaunchingNotification
          AppDelegate.applicationDidBecomeActive:
          post UIApplicationDidBecomeActiveNotification
          screen launch removed
        openURL_options_completionHandler
        NSClassFromString

        """)
  }

  /// Tab on a terminal with libedit: completes a unique name, lists the candidates on a second
  /// Tab, and inserts itself where there is no name before it.
  @Test(.enabled(if: libeditIsInstalled))
  func tabCompletesNamesWithLibedit() throws {
    let session = try Session(.xterm)
    try session.typeAtPrompt("devi\t")
    try session.terminal.wait(for: "ce")
    session.terminal.type(".ho\t")
    try session.terminal.wait(for: "me")
    session.terminal.type("()\r")
    try session.terminal.wait(for: "\nlifescript> ")
    try session.typeAtPrompt("expect.e\t\t")
    let listed = try session.terminal.wait(for: "exception")
    #expect(listed.contains("equal"))
    #expect(listed.contains("events"))
    session.terminal.type("\u{15}")  // Ctrl-U: clear the line
    // A tab after a quote is not a name: it is inserted.
    try session.terminal.waitForKeyByKeyInput()
    try session.enter("s = \"\t\"")
    #expect(try session.enter("#s").hasSuffix("\n1\nlifescript> "))
    #expect(try session.leave() == 0)
  }
}
