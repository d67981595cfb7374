import AppLifecycle
import LuaBridge

/// Timers and main-queue work for scripts, on the device's virtual run loop:
/// `Timer.scheduledTimer(interval, repeats, fn)`, `DispatchQueue.main:async(fn)`,
/// `DispatchQueue.main:asyncAfter(seconds, fn)`.
struct RunLoopBindings {
  unowned let lua: LuaState
  let device: Device
  let interface: ScriptInterface

  /// A scheduled timer as scripts hold it.
  final class ScheduledTimer {
    let task: ManualRunLoop.Task
    unowned let loop: ManualRunLoop
    var isValid = true

    init(task: ManualRunLoop.Task, loop: ManualRunLoop) {
      self.task = task
      self.loop = loop
    }

    func invalidate() {
      isValid = false
      loop.cancel(task)
    }
  }

  /// `DispatchQueue.main`.
  final class MainQueue {}

  /// What the run loop keeps for one item of the script's work, counted against the memory cap
  /// until the loop lets the work go (it ran, or was cancelled). Throws the cap's error.
  private static func charge(for device: Device) throws -> EngineMemoryCharge {
    try EngineMemoryCharge(EngineMemoryEstimate.scheduledWork, to: device.runtime.memory)
  }

  func register() throws {
    let timerType = LuaObjectType<ScheduledTimer>(name: "Timer")
    interface.method(
      .method("invalidate", in: timerType.name, [], "Stops the timer: it fires no more."),
      on: timerType
    ) { timer, _ in timer.invalidate() }
    interface.property(
      .value("isValid", in: timerType.name, type: "boolean", "Whether the timer will fire again."),
      on: timerType, get: { .boolean($0.isValid) })
    timerType.description { $0.isValid ? "<Timer>" : "<Timer (invalidated)>" }
    let queueType = LuaObjectType<MainQueue>(name: "DispatchQueue")
    queueType.description { _ in "<DispatchQueue: main>" }
    interface.method(
      .method(
        "async", in: queueType.name, ["work: fun()"],
        "Runs the function on the main queue, after the work already there."), on: queueType
    ) { [lua, device] _, call in
      let work = try call.function(2)
      let process = device.currentProcess
      let charge = try Self.charge(for: device)
      // Work the device's run loop keeps must not keep the device or the Lua state alive: a
      // scenario that ends with work still queued would never be freed.
      device.loop.enqueue { [link = lua.link, unowned device, charge] in
        withExtendedLifetime(charge) {}
        // An open state means the scenario, and with it the device, is alive.
        guard let lua = link.state else { return }
        // The turn in which the app is suspended runs to its end: this work is never held.
        try device.run(partOf: process) { try lua.callAsApp(work) }
      }
    }
    interface.method(
      .method(
        "asyncAfter", in: queueType.name, ["seconds: number", "work: fun()"],
        "Runs the function on the main queue after that many seconds of virtual time."),
      on: queueType
    ) { [lua, device] _, call in
      let seconds = try call.number(2)
      let work = try call.function(3)
      let process = device.currentProcess
      let charge = try Self.charge(for: device)
      device.loop.schedule(after: seconds, fromApp: process != nil) {
        [link = lua.link, unowned device, charge] in
        withExtendedLifetime(charge) {}
        guard let lua = link.state else { return }
        // Due later than the turn that scheduled it (a NaN or negative delay is now), it waits
        // while the app is suspended; held, it must not keep the Lua state alive either.
        guard seconds > 0 else {
          try device.run(partOf: process) { try lua.callAsApp(work) }
          return
        }
        try device.runScheduled(partOf: process) { [link] in _ = try link.state?.callAsApp(work) }
      }
    }
    interface.add(
      .value(
        "main", in: queueType.name, type: queueType.name,
        "The main queue, on the main run loop's virtual time."))
    interface.setLibrary(
      queueType.name, fields: ["main": .object(MainQueue(), queueType)],
      "Dispatch queues: `DispatchQueue.main`.")

    var timerFields = LuaFields(minimumCapacity: 1)
    interface.function(
      .function(
        "scheduledTimer", in: timerType.name,
        ["interval: number", "repeats: boolean", "block: fun(timer: Timer)"],
        returns: timerType.name,
        "Schedules a timer: it fires after `interval` seconds of virtual time, and then every `interval` seconds when it repeats."
      ), into: &timerFields
    ) { [lua, device] call in
      let interval = try call.number(1)
      let repeats = call.boolean(2)
      let work = try call.function(3)
      var timer: ScheduledTimer?
      let task: ManualRunLoop.Task
      // A timer the app scheduled dies with its process.
      let process = device.currentProcess
      let charge = try Self.charge(for: device)
      if repeats {
        task = device.loop.scheduleRepeating(every: interval, fromApp: process != nil) {
          [link = lua.link, unowned device, charge] in
          withExtendedLifetime(charge) {}
          guard let timer, link.state != nil else { return }
          let ran = try device.runScheduled(partOf: process, key: ObjectIdentifier(timer)) {
            [link] in
            guard timer.isValid, let lua = link.state else { return }
            _ = try lua.callAsApp(work, [.object(timer, timerType)])
          }
          if !ran { timer.invalidate() }
        }
      } else {
        task = device.loop.schedule(after: interval, fromApp: process != nil) {
          [link = lua.link, unowned device, charge] in
          withExtendedLifetime(charge) {}
          guard let timer, link.state != nil else { return }
          timer.isValid = false
          try device.runScheduled(partOf: process) { [link] in
            _ = try link.state?.callAsApp(work, [.object(timer, timerType)])
          }
        }
      }
      let scheduled = ScheduledTimer(task: task, loop: device.loop)
      timer = scheduled
      try call.push(scheduled, as: timerType)
    }
    interface.setLibrary(
      timerType.name, fields: timerFields,
      "Timers on the main run loop's virtual time: `Timer.scheduledTimer(interval, repeats, fn)`.")
  }
}
