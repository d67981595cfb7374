import ArgumentParser
import LuaBridge
import Scenarios

struct Repl: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Type scenario lines and see what UIKit calls.",
    discussion: """
      An interactive session with the scenario language loaded, as in a scenario file: define \
      an app delegate, call main, press home with device.home(), and the lines each input adds \
      to the trace are shown. :help inside lists the commands (:trace, :reset, :load FILE, \
      :quit).

      On a terminal, lines are edited with libedit when it is installed (history in \
      ~/.lifescript_history); otherwise, and when standard input is not a terminal, lines are \
      read as they come, without prompts. Ctrl-C clears the line or stops a running input; \
      Ctrl-D leaves with status 0. The limits apply to each input; files are read from the \
      current directory, under its project root.
      """
  )

  @OptionGroup var app: AppOptions
  @OptionGroup var root: RootOption

  @Option(help: "How the trace writes selectors: objc, swift or lua.")
  var names = NameSpelling.objc

  @OptionGroup var limits: LimitOptions

  func validate() throws {
    try root.check(containing: ["."])
  }

  func run() throws {
    var settings = limits.settings
    app.apply(to: &settings.scenario)
    root.apply(to: &settings.scenario)
    settings.scenario.interruptible = true
    settings.names = names
    LuaInterrupt.catchSignal()
    defer { LuaInterrupt.releaseSignal() }
    let session: InteractiveSession
    do {
      session = try InteractiveSession(settings: settings)
    } catch {
      Console.writeError("\(error)\n")
      throw ExitCode(2)
    }
    Libedit.completer = { [unowned session] in session.completions(for: $0) }
    defer { Libedit.completer = nil }
    let reader = ReplInput()
    if reader.isTerminal {
      var banner =
        "lifescript \(Lifescript.version) (\(LuaState.luaRelease)), iOS \(settings.scenario.profile). :help for help, Ctrl-D to leave.\n"
      if reader.lacksLibedit {
        banner +=
          "(no line editing or history: libedit.so.2 is not installed; apt-get install libedit2)\n"
      }
      Console.writeOutput(banner)
    }
    while true {
      LuaInterrupt.clear()
      switch reader.read(prompt: session.prompt) {
      case .line(let line):
        reader.remember(line)
        guard session.enter(line) else { return }
      case .interrupted:
        session.discardPending()
        reader.showInterrupt()
      case .end:
        session.finish()
        if reader.isTerminal { Console.writeOutput("\n") }
        return
      }
    }
  }
}
