import AppLifecycle
import LuaBridge

extension DeviceLibrary {
  /// `device.run_background_task(identifier)`, `device.expire_background_task(identifier)` and
  /// `device.background_app_refresh(enabled)`
  /// (Documentation/UIKit/background-launches.md#background-tasks).
  func registerBackgroundTasks(into table: inout LuaFields) throws {
    interface.function(
      .function(
        "run_background_task", in: "device", ["identifier: string"],
        "The system runs the task the app submitted to `BGTaskScheduler` with that identifier: a background launch when the app is not running, a wake when it is suspended; the launch handler gets the `BGTask` (see Documentation/UIKit/background-launches.md)."
      ), into: &table
    ) { [self] call in
      let identifier = try call.string(1)
      device.recordAction(ActionLine.device("run_background_task", identifier))
      try device.runBackgroundTask(identifier)
    }
    interface.function(
      .function(
        "expire_background_task", in: "device", ["identifier: string"],
        "The system ends a running background task early: its `expirationHandler` runs (none: the task is marked unsuccessful); a task still not completed then ends the app."
      ), into: &table
    ) { [self] call in
      let identifier = try call.string(1)
      device.recordAction(ActionLine.device("expire_background_task", identifier))
      try device.expireBackgroundTask(identifier)
    }
    interface.function(
      .function(
        "background_app_refresh", in: "device", ["enabled: boolean?"], returns: "boolean?",
        "The user's Background App Refresh switch in Settings (on by default): off, submitting a task request fails with `BGTaskSchedulerErrorCodeUnavailable` and no task runs; without an argument, returns it."
      ), into: &table
    ) { [self] call in
      guard !call.isNil(1) else {
        try call.push(device.backgroundAppRefreshEnabled)
        return
      }
      guard case .boolean(let enabled) = try call.value(1) else {
        throw LuaArgumentError(
          index: 1, "boolean expected, got \(call.typeName(at: 1))")
      }
      device.backgroundAppRefreshEnabled = enabled
    }
  }
}
