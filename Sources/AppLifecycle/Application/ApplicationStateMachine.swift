/// The legacy (no scenes) application state machine: which delegate methods UIKit calls and which
/// notifications it posts for each change of state.
///
/// A value type whose events return the actions to perform, in order (swift-nio's
/// `…StateMachine` + `Action`); the owner performs and traces them. An event that does not apply
/// to the current state (a duplicated home press, an interruption ending when none began)
/// returns no actions and changes nothing, so a repeated system event never repeats callbacks.
public struct ApplicationStateMachine: Equatable, Sendable {
  public enum State: Equatable, Sendable {
    case notRunning
    /// `UIApplicationMain` is running the launch sequence.
    case launching
    case inactive
    case active
    /// Running in the background, not yet suspended.
    case background
    case suspended
    case terminated
  }

  public enum Action: Equatable, Sendable {
    /// Send this selector to the app delegate, if it implements it, with the application.
    case callDelegate(Selector)
    /// Post this notification with the application as its object.
    case post(String)
    /// The process ends (after any callbacks above).
    case exitProcess
  }

  public private(set) var state: State = .notRunning

  public init() {}

  /// What `UIApplication.applicationState` reports.
  public var applicationState: UIApplicationState {
    switch state {
    case .active: .active
    case .background, .suspended: .background
    case .notRunning, .launching, .inactive, .terminated: .inactive
    }
  }

  public var isRunning: Bool {
    switch state {
    case .notRunning, .terminated: false
    default: true
    }
  }

  // MARK: Events

  /// A cold launch starts (the launch sequence itself is `UIApplicationMain`'s).
  public mutating func launch() -> [Action] {
    guard !isRunning else { return [] }
    state = .launching
    return []
  }

  /// The launch sequence finished: into the foreground (active) or, for a background launch, into
  /// the background without a callback.
  public mutating func finishLaunching(inForeground: Bool) -> [Action] {
    guard state == .launching else { return [] }
    guard inForeground else {
      state = .background
      return []
    }
    state = .active
    return Self.becomeActiveActions
  }

  /// A temporary interruption begins: a call, Control Center, the app switcher (§4.1).
  public mutating func resignActive() -> [Action] {
    guard state == .active else { return [] }
    state = .inactive
    return Self.resignActiveActions
  }

  /// The interruption ends, or the app finishes coming to the foreground (§4.1).
  public mutating func becomeActive() -> [Action] {
    guard state == .inactive else { return [] }
    state = .active
    return Self.becomeActiveActions
  }

  /// The user leaves for the home screen: resign active first if active (§4.1, §14 E).
  public mutating func enterBackground() -> [Action] {
    switch state {
    case .active:
      state = .background
      return Self.resignActiveActions + Self.enterBackgroundActions
    case .inactive:
      state = .background
      return Self.enterBackgroundActions
    default:
      return []
    }
  }

  /// Shortly after entering the background with no background task running; no callback (§4.1).
  public mutating func suspend() -> [Action] {
    guard state == .background else { return [] }
    state = .suspended
    return []
  }

  /// The user taps the icon of a backgrounded or suspended app; `becomeActive` follows (§14 F).
  public mutating func enterForeground() -> [Action] {
    guard state == .background || state == .suspended else { return [] }
    state = .inactive
    // §1.3: delegate-then-notification for willEnterForeground is INFERRED by analogy.
    return [
      .callDelegate(Selector("applicationWillEnterForeground:")),
      .post("UIApplicationWillEnterForegroundNotification"),
    ]
  }

  /// The process is terminated. A suspended app gets no callback (§5.1, SIGKILL); a running one
  /// hears `applicationWillTerminate:` then the notification (§5.1); an active one resigns first
  /// (INFERRED: it cannot stop being active without resigning).
  public mutating func terminate() -> [Action] {
    let previous = state
    guard isRunning else { return [] }
    state = .terminated
    switch previous {
    case .suspended, .launching:
      return [.exitProcess]
    case .active:
      return Self.resignActiveActions + Self.willTerminateActions + [.exitProcess]
    default:
      return Self.willTerminateActions + [.exitProcess]
    }
  }

  /// The process ended without callbacks (a crash, an uncaught exception).
  public mutating func processEnded() {
    state = .terminated
  }

  // MARK: Action sequences

  // §1.3: the notification comes after the delegate method returns.
  private static let becomeActiveActions: [Action] = [
    .callDelegate(Selector("applicationDidBecomeActive:")),
    .post("UIApplicationDidBecomeActiveNotification"),
  ]

  // §1.3: "After calling this method, UIKit posts…".
  private static let resignActiveActions: [Action] = [
    .callDelegate(Selector("applicationWillResignActive:")),
    .post("UIApplicationWillResignActiveNotification"),
  ]

  // §4.1 step 2; §1.3 delegate-then-notification INFERRED by analogy.
  private static let enterBackgroundActions: [Action] = [
    .callDelegate(Selector("applicationDidEnterBackground:")),
    .post("UIApplicationDidEnterBackgroundNotification"),
  ]

  // §5.1: "After calling this method, the app also posts a willTerminateNotification."
  static let willTerminateActions: [Action] = [
    .callDelegate(Selector("applicationWillTerminate:")),
    .post("UIApplicationWillTerminateNotification"),
  ]
}

/// `UIApplication.State`, as `applicationState` reports it.
public enum UIApplicationState: String, Equatable, Sendable {
  case active
  case inactive
  case background
}
