import AppLifecycle

/// One user or system event of an explored path, as the Lua statement that makes it: what the
/// explorer runs, what a counterexample replays (`explore.path`), and what reports show.
public struct ExploreStep: Hashable, Sendable, CustomStringConvertible {
  /// The event as traces name it: `home`, `open_url demo://`, `close_scene 2`.
  public var name: String
  /// The Lua statement: `device.home()`, `device.open_url("demo://explore")`.
  public var code: String

  public init(name: String, code: String) {
    self.name = name
    self.code = code
  }

  public var description: String { code }

  /// The steps for the events that can happen now on `device`: the life-cycle machine's, less
  /// the pushes APNs could not deliver (the app has no device token) and all turns of the
  /// device but one (`turns`); and a wait until the app's next timer fires when it has one,
  /// before the waits for an allowance to run out.
  public static func enabled(on device: Device) -> [ExploreStep] {
    var steps: [ExploreStep] = device.machine.enabledEvents.compactMap { event in
      switch event {
      case .remoteNotification where !device.hasDeviceToken: nil
      case .alertNotification where !device.hasDeviceToken: nil
      case .rotate(let orientation) where !turns(to: orientation, on: device): nil
      default: ExploreStep(event, on: device)
      }
    }
    // The app's timer fires before an allowance runs out (or with it): its wait comes first.
    if let wait = timerWait(on: device), !steps.contains(where: { $0.code == wait.code }) {
      steps.insert(wait, at: steps.firstIndex { $0.code.hasPrefix("wait(") } ?? steps.endIndex)
    }
    return steps
  }

  /// The one turn of the device the explorer makes, of those the machine lists: while the app
  /// is in the foreground, where the interface follows it, to landscape when the device is
  /// upright and back to portrait otherwise. Turns in the background only change what the next
  /// foreground does, and the other orientations would multiply the paths for little.
  static func turns(to orientation: DeviceOrientation, on device: Device) -> Bool {
    guard device.machine.phase == .running, device.machine.applicationState != .background
    else { return false }
    return orientation == (device.deviceOrientation == .portrait ? .landscapeLeft : .portrait)
  }

  /// `wait(S)` with S the seconds until the app's next timer or `asyncAfter` fires, while its
  /// process runs (a suspended one runs no timer).
  static func timerWait(on device: Device) -> ExploreStep? {
    guard device.machine.phase == .running, let due = device.loop.nextAppDeadline,
      due > device.now
    else { return nil }
    let seconds = ExploreStep.seconds(
      Double(due.nanoseconds - device.now.nanoseconds) / 1_000_000_000)
    return ExploreStep(name: "wait \(seconds) (a timer)", code: "wait(\(seconds))")
  }

  /// The statement for an event the life-cycle machine says can happen now on `device`.
  /// Requests carry a value the explorer chooses: the URL `scheme://explore`, a notification
  /// whose alert is "explore". Waits last the whole allowance that runs out, so its deadline
  /// surely passes.
  public init(_ event: LifecycleMachine.Event, on device: Device) {
    let code: String
    switch event {
    case .activate: code = "device.activate()"
    case .home: code = "device.home()"
    case .interrupt: code = "device.interrupt()"
    case .endInterruption: code = "device.end_interruption()"
    case .kill: code = "device.kill()"
    case .terminateInBackground: code = "device.terminate_in_background()"
    case .memoryWarning: code = "device.memory_warning()"
    case .request(.openURL(let scheme)):
      code = "device.open_url(\(LuaSource.quoted(scheme + "://explore")))"
    case .request(.quickAction(let type)): code = "device.shortcut(\(LuaSource.quoted(type)))"
    case .request(.userActivity(let type, let handoff)):
      code =
        "device.continue_activity(\(LuaSource.quoted(type))\(handoff ? ", { handoff = true }" : ""))"
    case .request(.notificationResponse):
      code = "device.tap_notification({ aps = { alert = \"explore\" } })"
    case .backgroundTimeExpiry:
      code = "wait(\(Self.seconds(device.profile.backgroundTaskAllowance)))"
    case .remoteNotification:
      code = "device.push({ aps = { [\"content-available\"] = 1 } })"
    case .alertNotification: code = "device.push({ aps = { alert = \"explore\" } })"
    case .remoteNotificationTimeExpiry:
      code = "wait(\(Self.seconds(RemoteNotification.handlingAllowance)))"
    case .backgroundTask(let identifier):
      code = "device.run_background_task(\(LuaSource.quoted(identifier)))"
    case .backgroundTaskExpiry(let identifier):
      code = "device.expire_background_task(\(LuaSource.quoted(identifier)))"
    case .openScene: code = "device.open_scene()"
    case .closeScene(let id): code = "device.close_scene(explore.scene(\(id)))"
    case .reclaimScene(let id):
      code =
        id == LifecycleMachine.Scene.application
        ? "device.reclaim_scene(nil)" : "device.reclaim_scene(explore.scene(\(id)))"
    case .touch: code = "device.touch()"
    case .shake: code = "device.shake()"
    case .reinstall: code = "device.reinstall()"
    case .rotate(let orientation):
      code = "device.rotate(\(LuaSource.quoted(orientation.rawValue)))"
    }
    self.init(name: event.name, code: code)
  }

  /// `30`, `0.5`: a number (seconds) as Lua reads it back exactly.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }
}
