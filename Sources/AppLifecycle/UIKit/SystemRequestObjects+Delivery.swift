import XcodeFiles

/// The objects UIKit makes for a request (§6) and hands the app: made from the request and
/// the app's declarations, delivered through the delegate methods the machine names, or put in
/// a connecting scene's options.
extension SystemRequestObjects {
  /// The request's objects, as UIKit hands them to the app.
  init(_ request: SystemRequest, on device: Device) {
    let runtime = device.runtime
    switch request {
    case .openURL(let open):
      let url = runtime.makeURL(open.url)
      var objects = SystemRequestObjects(request: request, object: url)
      var options: [String: RuntimeValue] = [
        "UIApplicationOpenURLOptionsOpenInPlaceKey": .bool(open.openInPlace)
      ]
      if let source = open.sourceApplication {
        options["UIApplicationOpenURLOptionsSourceApplicationKey"] = .string(source)
      }
      if !open.annotation.isNil {
        options["UIApplicationOpenURLOptionsAnnotationKey"] = open.annotation
      }
      objects.urlOptions = options
      let context = runtime.allocate(runtime.classNamed("UIOpenURLContext")!) as! UIOpenURLContext
      context.url = url
      context.options = runtime.makeValue(
        "UISceneOpenURLOptions",
        [
          "sourceApplication": open.sourceApplication.map { .string($0) } ?? .nil,
          "annotation": open.annotation, "openInPlace": .bool(open.openInPlace),
        ])
      objects.urlContext = context
      self = objects
    case .shortcut(let shortcut):
      let item = Self.declaredShortcutItems(on: device).first {
        $0.instanceVariables["type"]?.stringValue == shortcut.type
      }!
      self.init(request: request, object: item)
    case .userActivity(let activity):
      let object = runtime.makeValue(
        "NSUserActivity",
        [
          "activityType": .string(activity.activityType),
          "webpageURL": activity.webpageURL.map { .object(runtime.makeURL($0)) } ?? .nil,
          "title": activity.title.map { .string($0) } ?? .nil, "userInfo": activity.userInfo,
        ])
      self.init(request: request, object: object)
    case .notificationResponse(let response):
      let notification = UNUserNotificationCenter.notification(
        payload: response.payload, on: device)
      let object = runtime.makeValue(
        "UNNotificationResponse",
        [
          "notification": .object(notification),
          "actionIdentifier": .string(response.actionIdentifier),
        ])
      self.init(request: request, object: object)
    }
  }

  /// The static quick actions of the Info.plist, then the dynamic ones the app set (which the
  /// system keeps across launches).
  static func declaredShortcutItems(on device: Device) -> [RuntimeObject] {
    let info = device.info
    var items: [RuntimeObject] = []
    if case .array(let entries) = info.values["UIApplicationShortcutItems"] {
      for case .dictionary(let entry) in entries {
        guard let type = entry["UIApplicationShortcutItemType"]?.string else { continue }
        let text = { [info] (key: String) -> RuntimeValue in
          entry[key]?.string.map { .string(info.expand($0)) } ?? .nil
        }
        var userInfo: [String: RuntimeValue] = [:]
        if case .dictionary(let fields) = entry["UIApplicationShortcutItemUserInfo"] {
          for (key, value) in fields { userInfo[key] = RuntimeValue(value) }
        }
        items.append(
          device.runtime.makeValue(
            "UIApplicationShortcutItem",
            [
              "type": .string(info.expand(type)),
              "localizedTitle": text("UIApplicationShortcutItemTitle"),
              "localizedSubtitle": text("UIApplicationShortcutItemSubtitle"),
              "userInfo": userInfo.isEmpty ? .nil : .dictionary(userInfo),
            ]))
      }
    }
    return items + device.dynamicShortcutItems
  }

  /// The request's calls to a delegate, in the machine's order: each goes to the first method
  /// of its list that `delegate` implements (`LifecycleMachine.RequestMethod`). `receiver` is
  /// the application, or the scene, that the methods name first.
  func deliver(
    _ calls: [[LifecycleMachine.RequestMethod]], to delegate: RuntimeObject?,
    appOrScene receiver: RuntimeObject, on device: Device
  ) throws {
    for call in calls {
      for method in call where try deliver(method, to: delegate, receiver, on: device) != nil {
        break
      }
    }
  }

  /// One request method with its arguments; nil when the delegate does not implement it.
  private func deliver(
    _ method: LifecycleMachine.RequestMethod, to delegate: RuntimeObject?,
    _ receiver: RuntimeObject, on device: Device
  ) throws -> RuntimeValue? {
    let objects = self
    let first = RuntimeValue.object(receiver)
    let object = RuntimeValue.object(objects.object)
    switch (method, objects.request) {
    case (.openURL, _):
      return try device.deliverIfImplemented(
        UIKitSelector.applicationOpenURLOptions, to: delegate,
        [first, object, .dictionary(objects.urlOptions)])
    case (.openURLFromSourceApplication, .openURL(let open)):
      return try device.deliverIfImplemented(
        UIKitSelector.applicationOpenURLSourceApplicationAnnotation, to: delegate,
        [first, object, open.sourceApplication.map { .string($0) } ?? .nil, open.annotation])
    case (.handleOpenURL, _):
      return try device.deliverIfImplemented(
        UIKitSelector.applicationHandleOpenURL, to: delegate, [first, object])
    case (.performShortcut, _):
      return try device.deliverIfImplemented(
        UIKitSelector.applicationPerformActionForShortcutItemCompletionHandler, to: delegate,
        [first, object, device.runtime.makeBlock { _ in }])
    case (.willContinueActivity, .userActivity(let activity)):
      return try device.deliverIfImplemented(
        UIKitSelector.applicationWillContinueUserActivityWithType, to: delegate,
        [first, .string(activity.activityType)])
    case (.continueActivity, _):
      return try device.deliverIfImplemented(
        UIKitSelector.applicationContinueUserActivityRestorationHandler, to: delegate,
        [first, object, Self.restorationHandler(for: objects.object, on: device)])
    case (.sceneOpenURLContexts, _):
      return try device.deliverIfImplemented(
        UIKitSelector.sceneOpenURLContexts, to: delegate,
        [first, .array(objects.urlContext.map { [.object($0)] } ?? [])])
    case (.scenePerformShortcut, _):
      return try device.deliverIfImplemented(
        UIKitSelector.windowScenePerformActionForShortcutItemCompletionHandler, to: delegate,
        [first, object, device.runtime.makeBlock { _ in }])
    case (.sceneWillContinueActivity, .userActivity(let activity)):
      return try device.deliverIfImplemented(
        UIKitSelector.sceneWillContinueUserActivityWithType, to: delegate,
        [first, .string(activity.activityType)])
    case (.sceneContinueActivity, _):
      return try device.deliverIfImplemented(
        UIKitSelector.sceneContinueUserActivity, to: delegate, [first, object])
    case (.notificationResponse, _):
      // §19.3 item 2: the notification center's delegate hears it.
      try device.notificationCenterOfProcess.deliver(objects.object)
      return .nil
    case (.openURLFromSourceApplication, _), (.willContinueActivity, _),
      (.sceneWillContinueActivity, _):
      preconditionFailure("the machine asked for \(method) for another kind of request")
    }
  }

  /// The restoration handler of `continueUserActivity`: each object the app passes gets
  /// `restoreUserActivityState:` with the activity (UIKit's documented behaviour).
  private static func restorationHandler(for activity: RuntimeObject, on device: Device)
    -> RuntimeValue
  {
    device.runtime.makeBlock { [unowned device] arguments in
      guard let objects = device.list(arguments.first ?? .nil) else { return }
      for case .object(let object) in objects {
        try device.deliverIfImplemented(
          UIKitSelector.restoreUserActivityState, to: object, [.object(activity)])
      }
    }
  }

  /// `UIScene.ConnectionOptions` for a scene connecting for a request (§6.2, §6.3, §6.4 cold):
  /// the URL contexts, the shortcut item, the user activities, or only a Handoff's type.
  func fill(_ options: UISceneConnectionOptions) {
    let objects = self
    switch objects.request {
    case .openURL(let open):
      options.urlContexts = objects.urlContext.map { [.object($0)] } ?? []
      options.sourceApplication = open.sourceApplication.map { .string($0) } ?? .nil
    case .shortcut:
      options.shortcutItem = .object(objects.object)
    case .userActivity(let activity) where activity.isHandoff:
      options.handoffUserActivityType = .string(activity.activityType)
    case .userActivity:
      options.userActivities = [.object(objects.object)]
    case .notificationResponse:
      options.notificationResponse = .object(objects.object)
    }
  }
}

extension UIScene {
  /// After a scene connected for a Handoff: the full activity arrives later, through
  /// `scene:continueUserActivity:` (§6.4, INFERRED), once the scene is active.
  func continueHandoff(with objects: SystemRequestObjects?) throws {
    guard let objects, case .userActivity(let activity) = objects.request, activity.isHandoff
    else { return }
    try device.deliverIfImplemented(
      UIKitSelector.sceneContinueUserActivity, to: delegate,
      [.object(self), .object(objects.object)])
  }
}

extension InfoPlist {
  /// The schemes of `CFBundleURLTypes`, lowercased.
  public var urlSchemes: Set<String> {
    guard case .array(let types) = values["CFBundleURLTypes"] else { return [] }
    var schemes: Set<String> = []
    for case .dictionary(let type) in types {
      guard case .array(let names) = type["CFBundleURLSchemes"] else { continue }
      for case .string(let name) in names { schemes.insert(expand(name).lowercased()) }
    }
    return schemes
  }
}
