extension LifecycleMachine {
  /// The machine's state: the app's process, in its phase, with the values that live exactly as
  /// long as it. A launch makes a new `Process` and a process that ends takes its values along
  /// (`processEnded`), so nothing of one process can reach the next; what outlives processes
  /// (the sessions that wait, the task requests, how the device is held) is the machine's own.
  public enum State: Hashable, Sendable {
    case notRunning
    /// `UIApplicationMain` is running the launch sequence (§0–§3).
    case launching(Process)
    /// Launched; its scenes say whether it is in the foreground or the background.
    case running(Process)
    /// In the background and running no code (§4.1 step 4).
    case suspended(Process)

    init(_ phase: Phase, _ process: Process) {
      switch phase {
      case .notRunning: self = .notRunning
      case .launching: self = .launching(process)
      case .running: self = .running(process)
      case .suspended: self = .suspended(process)
      }
    }
  }

  /// What exists while the app's process runs.
  public struct Process: Hashable, Sendable {
    /// The connected scenes, in the order they connected.
    public internal(set) var scenes: [Scene] = []
    /// The launch in progress, from `UIApplicationMain` to the app's first state.
    var launch: Launch?
    /// A launch finished and its first frame is not yet on screen (§8.1).
    var firstFramePending = false
    /// Background tasks the app began and has not ended (§9.2).
    public internal(set) var backgroundTasks = 0
    /// The background allowance is running out: the app is in the background with tasks (§9.2).
    public internal(set) var backgroundClockRunning = false
    /// Background notifications delivered whose completion handler the app has not called yet:
    /// each keeps a backgrounded app running, for 30 s at most (§19.2 items 3 and 6).
    public internal(set) var remoteNotificationsInProgress = 0
    /// Identifiers of the scheduled tasks the system is running for the app and that the app
    /// has not completed (`setTaskCompleted(success:)`): each keeps a backgrounded app running
    /// until it expires (§19.4 items 6 and 7).
    public internal(set) var scheduledTasksRunning: [String] = []
    /// An app without scenes was launched in the background and has not been in the foreground
    /// since: its launch window, loaded but hidden, appears when it first becomes active
    /// (§19.5).
    public internal(set) var launchWindowDeferred = false
    /// Sessions whose scenes the system disconnected to reclaim memory: they reconnect when the
    /// user comes back (§3.7 point 3).
    public internal(set) var reclaimedSessions: [Int] = []
    /// The device turned while the app was in the background: the interface follows when the
    /// app returns to the foreground (Documentation/UIKit/layout.md#rotation-and-size-changes).
    var rotatedInBackground = false

    init(scenes: [Scene], launch: Launch) {
      self.scenes = scenes
      self.launch = launch
    }
  }

  /// The phase of the app's process. Setting it moves the running process to another phase;
  /// `.notRunning` ends it.
  public internal(set) var phase: Phase {
    get {
      switch state {
      case .notRunning: .notRunning
      case .launching: .launching
      case .running: .running
      case .suspended: .suspended
      }
    }
    set {
      guard newValue != .notRunning else {
        state = .notRunning
        return
      }
      state = State(newValue, process)
    }
  }

  /// The running process, for the rules that read and change it; asking when the app is not
  /// running is the machine's own bug.
  var process: Process {
    get {
      switch state {
      case .launching(let process), .running(let process), .suspended(let process): process
      case .notRunning:
        preconditionFailure("the life-cycle machine used the process of an app that is not running")
      }
    }
    _modify {
      let phase = self.phase
      var process = self.process
      // The state lets go of the process while it is changed, so its arrays are not copied.
      state = .notRunning
      defer { state = State(phase, process) }
      yield &process
    }
  }

  /// The process's values as the rules read them: a process's, or nothing of one when the app is
  /// not running (no scene, no task, no launch).
  private var current: Process? {
    switch state {
    case .launching(let process), .running(let process), .suspended(let process): process
    case .notRunning: nil
    }
  }

  /// The connected scenes, in the order they connected.
  public internal(set) var scenes: [Scene] {
    get { current?.scenes ?? [] }
    _modify { yield &process.scenes }
  }

  var launch: Launch? {
    get { current?.launch }
    _modify { yield &process.launch }
  }

  var firstFramePending: Bool {
    get { current?.firstFramePending ?? false }
    _modify { yield &process.firstFramePending }
  }

  public internal(set) var backgroundTasks: Int {
    get { current?.backgroundTasks ?? 0 }
    _modify { yield &process.backgroundTasks }
  }

  public internal(set) var backgroundClockRunning: Bool {
    get { current?.backgroundClockRunning ?? false }
    _modify { yield &process.backgroundClockRunning }
  }

  public internal(set) var remoteNotificationsInProgress: Int {
    get { current?.remoteNotificationsInProgress ?? 0 }
    _modify { yield &process.remoteNotificationsInProgress }
  }

  public internal(set) var scheduledTasksRunning: [String] {
    get { current?.scheduledTasksRunning ?? [] }
    _modify { yield &process.scheduledTasksRunning }
  }

  public internal(set) var launchWindowDeferred: Bool {
    get { current?.launchWindowDeferred ?? false }
    _modify { yield &process.launchWindowDeferred }
  }

  public internal(set) var reclaimedSessions: [Int] {
    get { current?.reclaimedSessions ?? [] }
    _modify { yield &process.reclaimedSessions }
  }

  var rotatedInBackground: Bool {
    get { current?.rotatedInBackground ?? false }
    _modify { yield &process.rotatedInBackground }
  }
}
