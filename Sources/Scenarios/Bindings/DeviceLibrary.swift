import AppLifecycle
import LuaBridge

/// The `device` library: the user and the system acting on the app (home, activate, kill, open a
/// URL, ...) (Documentation/Reference/scenario-language.md#the-user-and-the-system).
struct DeviceLibrary {
  unowned let lua: LuaState
  let device: Device
  unowned let runtime: RuntimeBindings
  /// Where each name is recorded as it is registered.
  let interface: ScriptInterface

  func register() throws {
    // Closures taking the device rather than unapplied methods (`Device.home`): applying one
    // to the device made and freed a closure at every call, in the hottest loops a scenario has.
    let actions: [(name: String, summary: String, action: (Device) throws -> Void)] = [
      (
        "home", "Leaves to the home screen: resign active, enter the background, suspend.",
        { try $0.home() }
      ),
      (
        "activate",
        "Taps the app's icon: back to the foreground, or a cold launch when the app is not running.",
        { try $0.activate() }
      ),
      (
        "interrupt", "An incoming call or Control Center: resign active only.",
        { try $0.interrupt() }
      ),
      ("end_interruption", "The interruption ends: active again.", { try $0.endInterruption() }),
      (
        "kill", "Swipes the app away in the app switcher: it ends and its scene sessions go.",
        { try $0.kill() }
      ),
      (
        "terminate_in_background",
        "The system reclaims memory: a background app ends without callbacks; its sessions survive and restore.",
        { try $0.terminateInBackground() }
      ),
      (
        "memory_warning",
        "A low-memory warning: the app delegate, the view controllers, then the notification.",
        { try $0.memoryWarning() }
      ),
      (
        "touch",
        "A touch: a UIEvent through `UIApplication.sendEvent:`, the key window and the responder chain.",
        { try $0.touch() }
      ),
      ("shake", "A shake: a motion UIEvent, delivered as a touch is.", { try $0.shake() }),
      (
        "reinstall",
        "Deletes the app and installs it again: a running app ends without callbacks; the launch-screen cache and the scene sessions go.",
        { try $0.reinstall() }
      ),
    ]
    var table = LuaFields()
    for (name, summary, action) in actions {
      // Made once: home and activate run in the hottest loops a scenario has.
      let line = ActionLine.device(name)
      interface.function(.function(name, in: "device", [], summary), into: &table) {
        [self] _ in
        device.recordAction(line)
        try action(device)
      }
    }
    interface.function(
      .function(
        "ios", in: "device", ["release: string?"], returns: "string?",
        "Chooses the iOS release the app runs on, from 12 to 30 (`\"18.3\"`; before `UIApplicationMain`); without an argument, returns it."
      ), into: &table
    ) { [self] call in
      guard let text = try call.optionalString(1) else {
        try call.push(device.profile.description)
        return
      }
      guard let profile = IOSProfile(text) else {
        throw LuaArgumentError(index: 1, "an iOS release from 12 to 30 expected, like \"18.3\"")
      }
      device.profile = profile
    }
    interface.function(
      .function(
        "launch_watchdog", in: "device", ["seconds: number"],
        "Sets the launch watchdog's allowance (about 20 s by default): a launch that takes longer is killed with 0x8badf00d."
      ), into: &table
    ) { [self] call in
      let seconds = try call.number(1)
      guard seconds > 0 else { throw LuaArgumentError(index: 1, "seconds must be positive") }
      device.launchWatchdogAllowance = seconds
    }
    interface.function(
      .function(
        "open_scene", in: "device", returns: "UIWindowScene?",
        "Opens another scene of the app (a new window) and returns it; nil when the app cannot have one more."
      ), into: &table
    ) { [self] call in
      device.recordAction(ActionLine.device("open_scene"))
      let scene = try device.openScene()
      try call.push(try runtime.luaValue(scene.map { .object($0) } ?? .nil))
    }
    interface.function(
      .function(
        "close_scene", in: "device", ["scene: UIScene"],
        "Closes a scene, as the user swiping it away in the app switcher: it disconnects."),
      into: &table
    ) { [self] call in
      guard case .object(let scene as UIScene) = runtime.runtimeValue(try call.value(1)) else {
        throw LuaArgumentError(index: 1, "scene expected, got \(call.typeName(at: 1))")
      }
      device.recordAction(ActionLine.device("close_scene", scene.isa.name))
      try device.closeScene(scene)
    }
    interface.function(
      .function(
        "reclaim_scene", in: "device", ["scene: UIScene"],
        "The system disconnects a scene to reclaim memory: to the background first, then `sceneDidDisconnect:`; its session survives and reconnects, restoring its state, when the user comes back."
      ), into: &table
    ) { [self] call in
      switch runtime.runtimeValue(try call.value(1)) {
      case .object(let scene as UIScene):
        device.recordAction(ActionLine.device("reclaim_scene", scene.isa.name))
        try device.reclaimScene(scene)
      case .nil where !device.machine.configuration.usesScenes:
        try device.reclaimScene(nil)  // The error of an app without scenes.
      default:
        throw LuaArgumentError(index: 1, "scene expected, got \(call.typeName(at: 1))")
      }
    }
    interface.function(
      .function(
        "rotate", in: "device", ["orientation: string"],
        "Turns the device (\(DeviceOrientation.names)): the interface follows when the app supports the orientation, with the size, trait and layout callbacks (see Documentation/UIKit/layout.md#rotation-and-size-changes)."
      ), into: &table
    ) { [self] call in
      let name = try call.string(1)
      guard let orientation = DeviceOrientation(rawValue: name) else {
        throw LuaArgumentError(
          index: 1,
          "unknown orientation \"\(name.clippedForMessage)\"; expected one of \(DeviceOrientation.names)"
        )
      }
      device.recordAction(ActionLine.device("rotate", name))
      try device.rotate(orientation)
    }
    interface.function(
      .function(
        "tap_segue", in: "device", ["viewController: UIViewController", "segue: string"],
        "The user taps the control that triggers a storyboard segue of the view controller (named by the segue's identifier, or the segue's or the control's id in the storyboard): `shouldPerformSegueWithIdentifier:sender:`, then the segue (see Documentation/UIKit/presentation.md#segues)."
      ), into: &table
    ) { [self] call in
      guard
        case .object(let controller as UIViewController) = runtime.runtimeValue(try call.value(1))
      else {
        throw LuaArgumentError(index: 1, "view controller expected, got \(call.typeName(at: 1))")
      }
      let segue = try call.string(2)
      device.recordAction(ActionLine.device("tap_segue", controller.isa.name, segue))
      try device.tapSegue(of: controller, named: segue)
    }
    try registerRequests(into: &table)
    try registerNotifications(into: &table)
    try registerNotificationTaps(into: &table)
    try registerBackgroundTasks(into: &table)
    interface.setLibrary(
      "device", fields: table,
      "The user and the system; each action runs the main run loop until idle before it returns.")
  }

  // MARK: URLs, quick actions, user activities

  /// `device.open_url(url, options)`, `device.shortcut(type)` and
  /// `device.continue_activity(type, options)` (reference §6): cold or warm by the app's state.
  private func registerRequests(into table: inout LuaFields) throws {
    interface.function(
      .function(
        "open_url", in: "device",
        [
          "url: string|NSURL",
          "options: {sourceApplication: string?, openInPlace: boolean?, annotation: any}?",
        ],
        "Opens a URL in the app: a cold launch when it is not running, delivered to it otherwise (see Documentation/UIKit/urls-quick-actions-activities.md)."
      ), into: &table
    ) { [self] call in
      var open = SystemRequest.OpenURLRequest(url: try url(call, 1, "device.open_url"))
      let options = try OptionsTable(
        call, 2, "device.open_url", ["sourceApplication", "openInPlace", "annotation"],
        in: lua)
      open.sourceApplication = try options.string("sourceApplication")
      open.openInPlace = try options.boolean("openInPlace")
      open.annotation = options.values["annotation"].map(runtime.runtimeValue) ?? .nil
      device.recordAction(ActionLine.device("open_url", open.url.absoluteString))
      try device.handle(.openURL(open))
    }
    interface.function(
      .function(
        "shortcut", in: "device", ["type: string"],
        "Chooses the Home Screen quick action of that type (from `UIApplicationShortcutItems` or `UIApplication.shared.shortcutItems`): a cold launch, or delivered to the app."
      ), into: &table
    ) { [self] call in
      let type = try call.string(1)
      device.recordAction(ActionLine.device("shortcut", type))
      try device.handle(.shortcut(.init(type: type)))
    }
    interface.function(
      .function(
        "continue_activity", in: "device",
        [
          "type: string",
          "options: {webpageURL: string?, title: string?, userInfo: table?, handoff: boolean?}?",
        ],
        "Continues a user activity of that type (Handoff, a universal link, Spotlight): a cold launch, or delivered to the app."
      ), into: &table
    ) { [self] call in
      var activity = SystemRequest.UserActivityRequest(activityType: try call.string(1))
      let options = try OptionsTable(
        call, 2, "device.continue_activity", ["webpageURL", "title", "userInfo", "handoff"],
        in: lua)
      if let text = try options.string("webpageURL") {
        activity.webpageURL = try AppURL.parse(text, for: "device.continue_activity: webpageURL")
      }
      activity.title = try options.string("title")
      activity.userInfo = options.values["userInfo"].map(runtime.runtimeValue) ?? .nil
      activity.isHandoff = try options.boolean("handoff")
      device.recordAction(ActionLine.device("continue_activity", activity.activityType))
      try device.handle(.userActivity(activity))
    }
  }

  // MARK: Remote notifications

  /// `device.push(payload, options)` (Documentation/UIKit/background-launches.md): a remote
  /// notification with a JSON payload.
  private func registerNotifications(into table: inout LuaFields) throws {
    interface.function(
      .function(
        "push", in: "device", ["payload: table", "options: {content_available: boolean?}?"],
        "A remote notification arrives: with `content_available` (or `aps[\"content-available\"] = 1`) a background one (a background launch, a wake, or delivered to the app in front); without, one that shows an alert (`willPresentNotification` to the app in front; see Documentation/UIKit/background-launches.md)."
      ), into: &table
    ) { [self] call in
      let payloadTable = try call.table(1)
      let options = try OptionsTable(call, 2, "device.push", ["content_available"], in: lua)
      var reader = NotificationPayloadReader(lua: lua, action: "device.push")
      var payload = try reader.payload(payloadTable)
      // The flag is in the payload's aps dictionary; the option sets it there.
      var aps: [String: RuntimeValue] = [:]
      switch payload["aps"] {
      case nil: break
      case .dictionary(let fields)?: aps = fields
      case let other?:
        throw LuaScriptError(
          "device.push: payload.aps must be a table (the aps dictionary), got \(Self.describe(other))"
        )
      }
      let flagged: Bool
      switch aps["content-available"] {
      case nil, .int(0)?: flagged = false
      case .int(1)?: flagged = true
      case let other?:
        throw LuaScriptError(
          "device.push: payload.aps[\"content-available\"] must be 1 (or absent), got \(Self.describe(other))"
        )
      }
      let option = try options.optionalBoolean("content_available")
      if option == false && flagged {
        throw LuaScriptError(
          "device.push: content_available = false, but payload.aps[\"content-available\"] is 1")
      }
      let contentAvailable = option ?? flagged
      if contentAvailable && !flagged {
        aps["content-available"] = .int(1)
        payload["aps"] = .dictionary(aps)
      }
      device.recordAction(
        ActionLine.device("push", contentAvailable ? "(content-available)" : "(alert)"))
      try device.push(RemoteNotification(payload: payload, contentAvailable: contentAvailable))
    }
  }

  /// `device.tap_notification(payload, options)` (§19.3): the user opens a notification.
  private func registerNotificationTaps(into table: inout LuaFields) throws {
    interface.function(
      .function(
        "tap_notification", in: "device", ["payload: table", "options: {action: string?}?"],
        "The user taps a notification (or its `action`): a launch into the foreground when the app is not running, else it comes to the front; the response goes to `UNUserNotificationCenter.current().delegate` (see Documentation/UIKit/background-launches.md)."
      ), into: &table
    ) { [self] call in
      let payloadTable = try call.table(1)
      let options = try OptionsTable(call, 2, "device.tap_notification", ["action"], in: lua)
      var reader = NotificationPayloadReader(lua: lua, action: "device.tap_notification")
      var response = SystemRequest.NotificationResponseRequest(
        payload: try reader.payload(payloadTable))
      let action = try options.string("action")
      if let action { response.actionIdentifier = action }
      device.recordAction(
        action.map { ActionLine.device("tap_notification", $0) }
          ?? ActionLine.device("tap_notification"))
      try device.handle(.notificationResponse(response))
    }
  }

  /// A payload value in a message: `"yes"`, `2`, `a table`.
  private static func describe(_ value: RuntimeValue) -> String {
    switch value {
    case .string(let text): "\"\(text)\""
    case .int(let number): String(number)
    case .double(let number): "\(number)"
    case .bool(let flag): String(flag)
    case .array, .dictionary: "a table"
    case .nil, .object, .class, .selector, .host: "a value"
    }
  }

  /// A URL argument: a string that is a URL, or a `URL` object.
  private func url(_ call: LuaCall, _ index: Int, _ action: String) throws -> AppURL {
    if case .object(let object as NSURL, _) = try call.value(index) { return object.url }
    return try AppURL.parse(try call.string(index), for: action)
  }
}
