import AppLifecycle
import Testing

@Suite struct ApplicationStateMachineTests {
  typealias Machine = ApplicationStateMachine
  typealias State = ApplicationStateMachine.State

  enum Event: String, CaseIterable, Sendable {
    case resignActive, becomeActive, enterBackground, suspend, enterForeground, terminate

    func apply(to machine: inout Machine) -> [Machine.Action] {
      switch self {
      case .resignActive: machine.resignActive()
      case .becomeActive: machine.becomeActive()
      case .enterBackground: machine.enterBackground()
      case .suspend: machine.suspend()
      case .enterForeground: machine.enterForeground()
      case .terminate: machine.terminate()
      }
    }
  }

  /// A machine in `state`, reached through the events a real app goes through.
  static func machine(in state: State) -> Machine {
    var machine = Machine()
    let path: [Event]
    switch state {
    case .notRunning: return machine
    case .launching: path = []
    case .active: path = []
    case .inactive: path = [.resignActive]
    case .background: path = [.enterBackground]
    case .suspended: path = [.enterBackground, .suspend]
    case .terminated: path = [.terminate]
    }
    _ = machine.launch()
    if state != .launching { _ = machine.finishLaunching(inForeground: true) }
    for event in path { _ = event.apply(to: &machine) }
    #expect(machine.state == state)
    return machine
  }

  /// Short names for the expected lines: delegate selectors and notifications.
  static func lines(_ actions: [Machine.Action]) -> [String] {
    actions.map { action in
      switch action {
      case .callDelegate(let selector): selector.name
      case .post(let name): "post " + name
      case .exitProcess: "exit"
      }
    }
  }

  static let resign = [
    "applicationWillResignActive:", "post UIApplicationWillResignActiveNotification",
  ]
  static let active = [
    "applicationDidBecomeActive:", "post UIApplicationDidBecomeActiveNotification",
  ]
  static let background = [
    "applicationDidEnterBackground:", "post UIApplicationDidEnterBackgroundNotification",
  ]
  static let foreground = [
    "applicationWillEnterForeground:", "post UIApplicationWillEnterForegroundNotification",
  ]
  static let terminate = [
    "applicationWillTerminate:", "post UIApplicationWillTerminateNotification", "exit",
  ]

  /// Every (state, event) pair that does something: its actions and the state after it.
  static let transitions: [(State, Event, [String], State)] = [
    (.active, .resignActive, resign, .inactive),
    (.active, .enterBackground, resign + background, .background),
    (.active, .terminate, resign + terminate, .terminated),
    (.inactive, .becomeActive, active, .active),
    (.inactive, .enterBackground, background, .background),
    (.inactive, .terminate, terminate, .terminated),
    (.background, .suspend, [], .suspended),
    (.background, .enterForeground, foreground, .inactive),
    (.background, .terminate, terminate, .terminated),
    (.suspended, .enterForeground, foreground, .inactive),
    (.suspended, .terminate, ["exit"], .terminated),
  ]

  @Test(arguments: transitions)
  func eachTransitionCallsTheDelegateThenPosts(
    from state: State, event: Event, expected: [String], to next: State
  ) {
    var machine = Self.machine(in: state)
    #expect(Self.lines(event.apply(to: &machine)) == expected)
    #expect(machine.state == next)
  }

  @Test(arguments: [State.notRunning, .active, .inactive, .background, .suspended, .terminated])
  func anEventThatDoesNotApplyChangesNothing(state: State) {
    let applicable = Set(Self.transitions.filter { $0.0 == state }.map(\.1))
    for event in Event.allCases where !applicable.contains(event) {
      var machine = Self.machine(in: state)
      #expect(event.apply(to: &machine).isEmpty, "\(event) in \(state)")
      #expect(machine.state == state)
    }
  }

  @Test func aDuplicatedSystemEventDoesNotDuplicateCallbacks() {
    var machine = Self.machine(in: .active)
    #expect(!machine.enterBackground().isEmpty)
    #expect(machine.enterBackground().isEmpty)
    #expect(!machine.enterForeground().isEmpty)
    #expect(machine.enterForeground().isEmpty)
    #expect(!machine.becomeActive().isEmpty)
    #expect(machine.becomeActive().isEmpty)
  }

  @Test func launchingFinishesActiveOrInTheBackground() {
    var foreground = Machine()
    #expect(foreground.launch().isEmpty)
    #expect(foreground.applicationState == .inactive)
    #expect(Self.lines(foreground.finishLaunching(inForeground: true)) == Self.active)
    #expect(foreground.applicationState == .active)

    var background = Machine()
    _ = background.launch()
    #expect(background.finishLaunching(inForeground: false).isEmpty)
    #expect(background.state == .background)
    #expect(background.applicationState == .background)
  }

  @Test func aTerminatedAppCanBeLaunchedAgain() {
    var machine = Self.machine(in: .terminated)
    #expect(!machine.isRunning)
    _ = machine.launch()
    #expect(machine.state == .launching)
    #expect(machine.launch().isEmpty, "launching twice does nothing")
  }

  @Test(arguments: [
    (State.active, UIApplicationState.active), (.inactive, .inactive),
    (.background, .background), (.suspended, .background), (.launching, .inactive),
  ])
  func applicationStateReportsUIKitsThreeValues(state: State, reported: UIApplicationState) {
    #expect(Self.machine(in: state).applicationState == reported)
  }
}
