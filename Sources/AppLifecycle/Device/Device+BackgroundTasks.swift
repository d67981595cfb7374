extension Device {
  /// The system runs the task the app submitted with this identifier
  /// (Documentation/UIKit/background-launches.md#background-tasks): a background launch when
  /// the app is not running, a wake when it is suspended.
  public func runBackgroundTask(_ identifier: String) throws {
    try run(.backgroundTask(identifier))
  }

  /// The system ends a running scheduled task now, before its budget (§19.4 item 6): its
  /// expiration handler runs; a task still not completed then ends the app.
  public func expireBackgroundTask(_ identifier: String) throws {
    try run(.backgroundTaskExpiry(identifier))
  }

  /// The user's Background App Refresh switch in Settings (§19.4).
  public var backgroundAppRefreshEnabled: Bool {
    get { machine.backgroundAppRefreshEnabled }
    set { machine.backgroundAppRefreshEnabled = newValue }
  }
}
