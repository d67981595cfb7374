/// UIKit's application life cycle as one value: the process, its scenes and what outlives the
/// process, with every ordering rule of `Documentation/UIKit/` in one place.
///
/// In the style of swift-nio's state machines: the inputs are user and system events (`Event`:
/// home, a call, a URL, a kill, …), what the app's own code asks of UIKit (`applicationMain()`,
/// `requestSceneActivation`, background tasks) and the replies of delegate methods; each input
/// returns the ordered actions that realise it (send a selector, post a notification, log,
/// create the app's objects, schedule) for `Device` to perform. An event that does not apply in
/// the current state is never silent: what a real device would also ignore comes back as
/// `.ignored` (traced as `device home (ignored: already in the background)`), anything else throws
/// a `LifecycleError` for the scenario.
///
/// Apps with and without scenes are two configurations of this one machine. A scene app's
/// `scenes` are its connected scenes, each with UIKit's `UIScene.ActivationState`; an app without
/// scenes has exactly one, the app's user interface (`Scene.application`), whose transitions
/// UIKit reports to the app delegate with UIApplication's notifications, as before iOS 13.
public struct LifecycleMachine: Hashable, Sendable {
  /// What decides the orderings of one process; fixed from its launch to its end.
  public struct Configuration: Hashable, Sendable {
    /// The app adopts the scene life cycle (§3; a scene manifest on iOS 13 or later).
    public var usesScenes: Bool
    /// `UIApplicationSupportsMultipleScenes` (§3).
    public var supportsMultipleScenes: Bool
    /// The Info.plist names a main storyboard (`UIMainStoryboardFile`, §1).
    public var hasMainStoryboard: Bool
    /// The Info.plist also names a main nib (`NSMainNibFile`, §1.1 step 2).
    public var hasMainNibFile: Bool
    /// The iOS release (`--ios`).
    public var profile: IOSProfile
    /// The choices where sources disagree (CONFLICTING points).
    public var options: LaunchOrderOptions

    public init(
      usesScenes: Bool = false, supportsMultipleScenes: Bool = false,
      hasMainStoryboard: Bool = false, hasMainNibFile: Bool = false,
      profile: IOSProfile = .current, options: LaunchOrderOptions = LaunchOrderOptions()
    ) {
      self.usesScenes = usesScenes
      self.supportsMultipleScenes = supportsMultipleScenes
      self.hasMainStoryboard = hasMainStoryboard
      self.hasMainNibFile = hasMainNibFile
      self.profile = profile
      self.options = options
    }
  }

  /// What the app declares that the system may ask it to do, with the parameters the user can
  /// choose (`enabledEvents` lists one event per URL scheme, quick action and activity type).
  public struct Declarations: Hashable, Sendable {
    /// `CFBundleURLTypes` → `CFBundleURLSchemes`, lowercased and sorted.
    public var urlSchemes: [String]
    /// `UIApplicationShortcutItems`' types, then the dynamic ones the app set.
    public var quickActions: [String]
    /// `NSUserActivityTypes`.
    public var activityTypes: [String]
    /// `UIBackgroundModes`: what the system may launch or resume the app in the background for
    /// (`remote-notification`, §19.1, §19.2).
    public var backgroundModes: [String]

    public init(
      urlSchemes: [String] = [], quickActions: [String] = [], activityTypes: [String] = [],
      backgroundModes: [String] = []
    ) {
      self.urlSchemes = urlSchemes
      self.quickActions = quickActions
      self.activityTypes = activityTypes
      self.backgroundModes = backgroundModes
    }

    /// The app declares the Remote notifications background mode (§19.2 item 1).
    var handlesBackgroundNotifications: Bool { backgroundModes.contains("remote-notification") }
  }

  /// The phase of the app's process (`process` holds the process itself).
  public enum Phase: Hashable, Sendable {
    case notRunning
    /// `UIApplicationMain` is running the launch sequence (§0–§3).
    case launching
    /// Launched; its scenes say whether it is in the foreground or the background.
    case running
    /// In the background and running no code (§4.1 step 4).
    case suspended
  }

  /// `UIScene.ActivationState`.
  public enum ActivationState: Hashable, Sendable {
    case unattached
    case foregroundInactive
    case foregroundActive
    case background
  }

  /// A connected scene; without scenes, the app's one user interface, whose
  /// `.foregroundInactive` stands for what UIKit keeps as foreground settings with a
  /// deactivation reason (the launch, a call; §18.1).
  public struct Scene: Hashable, Sendable {
    /// The scene's number in this install (`device.open_scene()` returns scene 2, …).
    public let id: Int
    /// The number of its `UISceneSession`; a session outlives its scene (§5.2, §10.2).
    public let session: Int
    public internal(set) var state: ActivationState

    /// The one "scene" of an app without scenes: the app itself.
    public static let application = 0
  }

  public internal(set) var configuration = Configuration()
  public var declarations = Declarations()
  /// Whether the app's process runs, and in which phase; `.notRunning` ends the process and
  /// drops its values (`process`).
  public internal(set) var phase = Phase.notRunning {
    didSet { if phase == .notRunning { process = Process() } }
  }
  /// What lives exactly as long as the app's process (`Process`): a launch makes a new one and a
  /// process that ends takes its values along, so nothing of one process can reach the next.
  /// While the app is not running it is empty.
  public internal(set) var process = Process()
  /// Whether `UIApplicationMain` ran once: the device knows the app and can launch it again.
  public internal(set) var knowsApp = false
  /// A call or another interruption is in progress (`device.interrupt()` until
  /// `device.end_interruption()`), whatever the app's state.
  public internal(set) var interrupted = false
  /// Identifiers of the task requests the app submitted to `BGTaskScheduler` that the system has
  /// not run yet, in the order they were submitted; they outlive the process (§19.4).
  public internal(set) var pendingTaskRequests: [String] = []
  /// The user's Background App Refresh switch in Settings: off, the system runs no scheduled
  /// task and refuses new requests (§19.4).
  public var backgroundAppRefreshEnabled = true
  /// The user swiped the app away and has not opened it since: the system launches it in the
  /// background for nothing (§19.2 item 7).
  public internal(set) var forceQuit = false
  /// How the user holds the device (`device.rotate`); it outlives the app's processes.
  public internal(set) var deviceOrientation = DeviceOrientation.portrait
  /// Scene numbers never repeat in an install.
  var nextSceneID = 1
  /// Sessions of scenes discarded while the app was not running, reported at the next launch
  /// (§5.2).
  public internal(set) var discardedSessions: [Int] = []
  /// Sessions of a process the system ended in the background: they reconnect at the next
  /// launch (§5.1, §10.2).
  public internal(set) var survivingSessions: [Int] = []

  /// A launch in progress.
  struct Launch: Hashable, Sendable {
    /// What the system launches the app for (§6), nil from the home screen.
    var request: Request?
    /// Whether will/didFinishLaunching let the request's own delegate method be called (§6.1
    /// step 3).
    var requestAccepted = true
    /// What the system launches the app in the background for (§19.1), nil for a launch into
    /// the foreground.
    var backgroundEvent: BackgroundEvent? = nil
    /// The device's replies while the main storyboard loads: whether it has an entry point, and
    /// whether the app delegate's window exists (§1.1 steps 3 and 4).
    var mainStoryboardHasEntryPoint = false
    var delegateHasWindow = false
  }

  /// What the system launches or resumes the app in the background for (§19.1).
  enum BackgroundEvent: Hashable, Sendable {
    /// A background notification, delivered to
    /// `application:didReceiveRemoteNotification:fetchCompletionHandler:` (§19.2).
    case remoteNotification
    /// A task the app scheduled with `BGTaskScheduler`, by identifier: its launch handler gets
    /// the `BGTask` (§19.4 item 5).
    case scheduledTask(String)
  }

  public init() {}

  /// Sets what the next launch runs with; a running process keeps its configuration.
  public mutating func configure(_ configuration: Configuration) {
    guard phase == .notRunning else { return }
    self.configuration = configuration
  }

  // MARK: Asking

  /// Whether the app's process exists (launching, foreground, background or suspended).
  public var isRunning: Bool { phase != .notRunning }

  /// The connected scenes of a scene app (an app without scenes has none).
  public var connectedScenes: [Scene] { configuration.usesScenes ? scenes : [] }

  /// A connected scene's activation state; nil when it is not connected.
  public func activationState(ofScene id: Int) -> ActivationState? {
    scenes.first { $0.id == id }?.state
  }

  /// What `UIApplication.applicationState` reports, computed as UIKit does for apps with and
  /// without scenes (§18.1): from the scene of record, the most active attached scene —
  /// `.active` if one is active, `.inactive` if one is in the foreground, `.background` when
  /// none is, or none is attached yet. A `will…` transition changes its scene's state only
  /// after its callbacks (`commit(scene:_:)`), so they read the state it leaves, as UIKit's
  /// transitional state makes them.
  public var applicationState: UIApplicationState {
    if scenes.contains(where: { $0.state == .foregroundActive }) { return .active }
    if scenes.contains(where: { $0.state == .foregroundInactive }) { return .inactive }
    return .background
  }

  /// Whether any scene (or the app's user interface) is in the foreground.
  var isInForeground: Bool {
    scenes.contains { $0.state == .foregroundActive || $0.state == .foregroundInactive }
  }

  /// Whether the launch watchdog is watching (§9.1): from the start of the launch sequence to
  /// the app's first state.
  public var isLaunching: Bool { phase == .launching }

  func index(ofScene id: Int) -> Int? { scenes.firstIndex { $0.id == id } }

  /// Work the system handed the app in the background keeps it from being suspended: a
  /// background notification whose completion handler was not called (§19.2 item 3), a
  /// scheduled task not completed (§19.4 item 7).
  var handlesSystemWork: Bool {
    remoteNotificationsInProgress > 0 || !scheduledTasksRunning.isEmpty
  }
}

/// `UIApplication.State`, as `applicationState` reports it.
public enum UIApplicationState: String, Equatable, Sendable {
  case active
  case inactive
  case background
}
