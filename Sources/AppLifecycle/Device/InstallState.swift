/// What the system keeps for the installed app across its processes, until the app is deleted:
/// scene sessions waiting to reconnect (§10.2), launch-screen snapshots (§8.2), the APNs device
/// token, legacy preserved state (§10.1), the task requests it submitted (§19.4) and the quick
/// actions it set (§6.3). A reinstall starts a new one (`Device.eraseInstallData`); the app's
/// container is `AppStorage`, which keeps the keychain through a reinstall.
struct InstallState {
  /// The scene sessions that exist: of connected scenes, and those waiting to reconnect at the
  /// next launch (§10.2), by number.
  var sessions: [Int: UISceneSession] = [:]
  /// The launch-screen snapshots this install has cached, by the URL scheme of the launch (nil:
  /// from the home screen): later cold launches show them, whatever the Info.plist says now,
  /// until the cache is cleared or the app reinstalled (reference §8.2).
  var launchScreenCache: [String?: LaunchScreen] = [:]
  /// The token APNs gave the app once it registered for remote notifications
  /// (background-launches.md#registering-for-remote-notifications).
  var deviceToken: String?
  /// What legacy state preservation saved (reference §10.1).
  var restorationArchive: RestorationArchive?
  /// The task requests the app submitted, by identifier.
  var taskRequests: [String: ScheduledTaskRequest] = [:]
  /// Quick actions the app set with `UIApplication.shortcutItems`.
  var dynamicShortcutItems: [RuntimeObject] = []
}
