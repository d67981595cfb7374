import AppLifecycle
import LuaBridge

/// `NotificationCenter.default:addObserver(name, function(notification) ... end)`,
/// `:removeObserver(observation)` and `:post(name, object)`. An observer receives a table with
/// `name`, `object` and `userInfo`.
struct NotificationBindings {
  unowned let lua: LuaState
  let device: Device
  unowned let runtime: RuntimeBindings

  /// What `addObserver` returns to scripts.
  final class Observation {
    let value: NotificationCenter.Observation
    init(_ value: NotificationCenter.Observation) { self.value = value }
  }

  func register() throws {
    let observationType = LuaObjectType<Observation>(name: "NSObjectProtocol")
    let centerType = LuaObjectType<NotificationCenter>(name: "NotificationCenter")
    centerType.description { _ in "<NotificationCenter: default>" }
    centerType.method("addObserver") { [lua, runtime] center, call in
      let name = try call.optionalString(2)
      let handler = try call.function(3)
      let observation = center.addObserver(forName: name) { name, object, userInfo in
        let notification = try lua.table(fields: [
          "name": .string(name), "object": try runtime.luaValue(object.map { .object($0) } ?? .nil),
          "userInfo": try runtime.luaValue(userInfo.map { .dictionary($0) } ?? .nil),
        ])
        try lua.call(handler, [.table(notification)])
      }
      try call.push(Observation(observation), as: observationType)
    }
    centerType.method("removeObserver") { center, call in
      center.removeObserver(try call.object(2, as: observationType).value)
    }
    centerType.method("post") { [device, runtime] _, call in
      let name = try call.string(2)
      let object = runtime.runtimeValue(try call.value(3)).object
      try runtime.raisingInLua { try device.post(name, object: object) }
    }
    try lua.setGlobal(
      "NotificationCenter",
      .table(try lua.table(fields: ["default": .object(device.notificationCenter, centerType)])))
  }
}
