/// What exists only while the app's process runs: its scenes, the objects UIKit made for it and
/// the work it left with the system. A launch starts with an empty one, and a process that ends
/// drops it whole (`Device.endProcess`), so nothing of a process can reach the next one
/// (Documentation/UIKit/termination.md#what-ends-with-the-process).
///
/// The application object itself is the device's (`Device.application`): every callback reads
/// it, so it keeps the storage the hot path needs, and goes with the process too.
struct ProcessState {
  /// The connected scenes, by their number.
  var scenes: [Int: UIScene] = [:]
  /// A scene between its session and its creation: the session and connection options.
  var connecting: (scene: Int, session: UISceneSession, options: UISceneConnectionOptions)?
  /// While a scene connects: `makeKeyAndVisible` shows its window at once (reference §3.2).
  var connectingScene: UIScene?
  /// View controllers that appeared during a scene's connection and get `viewDidAppear:` once it
  /// is active (§3.1 step 16).
  var awaitingDidAppear: [UIViewController] = []
  /// The window shown at the end of a launch without scenes, between its `viewWillAppear:` and
  /// `viewDidAppear:`.
  weak var appearingLaunchWindow: UIWindow?
  /// The main storyboard's initial view controller and the delegate's window while a launch
  /// loads them (§1.1 steps 3-5).
  var mainStoryboardController: UIViewController?
  var mainStoryboardWindow: UIWindow?
  /// When the launch in progress must be done by; set while the machine's watchdog watches.
  var launchDeadline: VirtualInstant?
  /// The interface orientation of the process, fixed when first asked
  /// (Documentation/UIKit/layout.md#rotation-and-size-changes).
  var interfaceOrientation: InterfaceOrientation?
  /// The 30 s deadlines of background notifications whose completion handler was not called
  /// yet, by delivery number (Device+Notifications.swift).
  var remoteNotificationDeadlines: [Int: ManualRunLoop.Task] = [:]
  /// `UNUserNotificationCenter.current()` (UserNotifications.swift).
  var userNotificationCenter: UNUserNotificationCenter?
  /// `BGTaskScheduler.shared` (BackgroundTasks.swift).
  var taskScheduler: BGTaskScheduler?
  /// `application:didFinishLaunchingWithOptions:` returned: the process takes no more launch
  /// handlers (Documentation/UIKit/background-launches.md#background-tasks).
  var launchHandlerRegistrationEnded = false
  /// The scheduled tasks the process is running, by identifier.
  var runningTasks: [String: BGTask] = [:]
  /// The will/did pairs each of the process's objects is inside of (the explorer's checks).
  var callbackPairs = CallbackPairs()
}
