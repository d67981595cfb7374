import AppLifecycle
import LuaBridge

/// Timers and main-queue work for scripts, on the device's virtual run loop:
/// `Timer.scheduledTimer(interval, repeats, fn)`, `DispatchQueue.main:async(fn)`,
/// `DispatchQueue.main:asyncAfter(seconds, fn)`.
struct RunLoopBindings {
  unowned let lua: LuaState
  let device: Device

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

  func register() throws {
    let timerType = LuaObjectType<ScheduledTimer>(name: "Timer")
    timerType.method("invalidate") { timer, _ in timer.invalidate() }
    timerType.property("isValid", get: { .boolean($0.isValid) })
    timerType.description { $0.isValid ? "<Timer>" : "<Timer (invalidated)>" }
    let queueType = LuaObjectType<MainQueue>(name: "DispatchQueue")
    queueType.description { _ in "<DispatchQueue: main>" }
    queueType.method("async") { [lua, device] _, call in
      let work = try call.function(2)
      device.loop.enqueue { try lua.call(work) }
    }
    queueType.method("asyncAfter") { [lua, device] _, call in
      let seconds = try call.number(2)
      let work = try call.function(3)
      device.loop.schedule(after: seconds) { try lua.call(work) }
    }
    try lua.setGlobal(
      "DispatchQueue", .table(try lua.table(fields: ["main": .object(MainQueue(), queueType)])))

    let scheduledTimer = try lua.function { [lua, device] call in
      let interval = try call.number(1)
      let repeats = call.boolean(2)
      let work = try call.function(3)
      var timer: ScheduledTimer?
      let task: ManualRunLoop.Task
      if repeats {
        task = device.loop.scheduleRepeating(every: interval) {
          if let timer { try lua.call(work, [.object(timer, timerType)]) }
        }
      } else {
        task = device.loop.schedule(after: interval) {
          guard let timer else { return }
          timer.isValid = false
          try lua.call(work, [.object(timer, timerType)])
        }
      }
      let scheduled = ScheduledTimer(task: task, loop: device.loop)
      timer = scheduled
      try call.push(scheduled, as: timerType)
    }
    try lua.setGlobal(
      "Timer", .table(try lua.table(fields: ["scheduledTimer": .function(scheduledTimer)])))
  }
}
