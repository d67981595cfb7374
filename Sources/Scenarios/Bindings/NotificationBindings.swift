import AppLifecycle
import LuaBridge

/// `NotificationCenter.default:addObserver(name, function(notification) ... end)`,
/// `:removeObserver(observation)` and `:post(name, object)`. An observer receives a table with
/// `name`, `object` and `userInfo`.
struct NotificationBindings {
  unowned let lua: LuaState
  let device: Device
  unowned let runtime: RuntimeBindings
  let interface: ScriptInterface

  /// What `addObserver` returns to scripts.
  final class Observation {
    let value: NotificationCenter.Observation
    init(_ value: NotificationCenter.Observation) { self.value = value }
  }

  func register() throws {
    let observationType = LuaObjectType<Observation>(name: "NSObjectProtocol")
    let centerType = LuaObjectType<NotificationCenter>(name: "NotificationCenter")
    centerType.description { _ in "<NotificationCenter: default>" }
    interface.addLibrary(
      observationType.name, global: false,
      "An observation `addObserver` returns, for `removeObserver`.")
    interface.method(
      .method(
        "addObserver", in: centerType.name,
        [
          "name: string?",
          "handler: fun(notification: {name: string, object: NSObject?, userInfo: table?})",
        ], returns: observationType.name,
        "Calls the function with each notification of that name (of every name for nil) posted from now on."
      ), on: centerType
    ) { [lua, runtime, device] center, call in
      let name = try call.optionalString(2)
      let handler = try call.function(3)
      // The app's observer runs as part of its process, also for a post of the scenario's.
      let process = device.currentProcess
      // Counted against the memory cap for as long as the center keeps the observer.
      let charge = try EngineMemoryCharge(
        EngineMemoryEstimate.observer(name), to: device.runtime.memory)
      // The center is the device's: an observer that held the device, the bindings or the Lua
      // state would keep the whole scenario alive after it ends (a suite's worker runs
      // thousands). Once the scenario is gone, nothing is posted to it any more.
      let observation = center.addObserver(forName: name, process: process) {
        [link = lua.link, unowned runtime, unowned device, charge] name, object, userInfo in
        withExtendedLifetime(charge) {}
        // An open state means the scenario, and with it the bindings and the device, is alive.
        guard let lua = link.state else { return }
        let notification = try lua.table(fields: [
          "name": .string(name), "object": try runtime.luaValue(object.map { .object($0) } ?? .nil),
          "userInfo": try runtime.luaValue(userInfo.map { .dictionary($0) } ?? .nil),
        ])
        try device.run(partOf: process) { try lua.callAsApp(handler, [.table(notification)]) }
      }
      try call.push(Observation(observation), as: observationType)
    }
    interface.method(
      .method(
        "removeObserver", in: centerType.name, ["observation: \(observationType.name)"],
        "Ends an observation."), on: centerType
    ) { center, call in
      center.removeObserver(try call.object(2, as: observationType).value)
    }
    interface.method(
      .method(
        "post", in: centerType.name, ["name: string", "object: NSObject?"],
        "Posts a notification: its observers run at once, in the order they were added."),
      on: centerType
    ) { [device, runtime] _, call in
      let name = try call.string(2)
      let object = runtime.runtimeValue(try call.value(3)).object
      // The trace keeps the name for the run (UIKit's own names are constants, not copies).
      try device.runtime.memory?.charge(name.utf8.count)
      try device.post(name, object: object)
    }
    interface.add(
      .value(
        "default", in: centerType.name, type: centerType.name,
        "The app's notification center, where UIKit posts its notifications."))
    interface.setLibrary(
      centerType.name,
      fields: ["default": .object(device.notificationCenter, centerType)],
      "Notification centers: `NotificationCenter.default`.")
  }
}
