extension LifecycleMachine {
  /// What exists while the app's process runs (`LifecycleMachine.process`). A launch makes a new
  /// one, and the process's end (`phase = .notRunning`) replaces it with an empty one, so a
  /// value of one process never outlives it; what outlives processes (the sessions that wait,
  /// the task requests, how the device is held) is the machine's own.
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

    /// The values of no process: the app is not running.
    init() {}

    /// A process that starts launching.
    init(scenes: [Scene], launch: Launch) {
      self.scenes = scenes
      self.launch = launch
    }
  }

  // The process's values by name, for the rules that read and change them.

  /// The connected scenes, in the order they connected.
  public internal(set) var scenes: [Scene] {
    get { process.scenes }
    _modify { yield &process.scenes }
  }

  var launch: Launch? {
    get { process.launch }
    _modify { yield &process.launch }
  }

  var firstFramePending: Bool {
    get { process.firstFramePending }
    _modify { yield &process.firstFramePending }
  }

  public internal(set) var backgroundTasks: Int {
    get { process.backgroundTasks }
    _modify { yield &process.backgroundTasks }
  }

  public internal(set) var backgroundClockRunning: Bool {
    get { process.backgroundClockRunning }
    _modify { yield &process.backgroundClockRunning }
  }

  public internal(set) var remoteNotificationsInProgress: Int {
    get { process.remoteNotificationsInProgress }
    _modify { yield &process.remoteNotificationsInProgress }
  }

  public internal(set) var scheduledTasksRunning: [String] {
    get { process.scheduledTasksRunning }
    _modify { yield &process.scheduledTasksRunning }
  }

  public internal(set) var launchWindowDeferred: Bool {
    get { process.launchWindowDeferred }
    _modify { yield &process.launchWindowDeferred }
  }

  public internal(set) var reclaimedSessions: [Int] {
    get { process.reclaimedSessions }
    _modify { yield &process.reclaimedSessions }
  }

  var rotatedInBackground: Bool {
    get { process.rotatedInBackground }
    _modify { yield &process.rotatedInBackground }
  }
}
