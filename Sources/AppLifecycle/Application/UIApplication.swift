/// `UIApplication`: the singleton application object of a running process.
public final class UIApplication: UIResponder {
  /// The app delegate: another object, or the application itself (reference §7.1).
  public internal(set) var delegate: RuntimeObject? {
    get { delegateObject }
    set { delegateObject = newValue }
  }
  // Private storage: every application-delegate callback reads the delegate, and a public
  // stored property keeps a run-time exclusivity check on each read.
  private var delegateObject: RuntimeObject?
  /// The windows the app still references (UIKit's list keeps none alive).
  public var windows: [UIWindow] { windowList.windows }
  var windowList = WindowList()
  public var keyWindow: UIWindow? { windows.last(where: \.isKeyWindow) }
  /// A window the app made key and visible during launch; UIKit shows it once
  /// `application:didFinishLaunchingWithOptions:` has returned (reference §2 step 5), if the app
  /// still references it then.
  weak var windowToShowAfterLaunch: UIWindow?
  /// The app itself called `makeKeyAndVisible` during the launch: its window appears even at a
  /// background launch (Documentation/UIKit/background-launches.md, §19.1).
  var launchWindowShownByApp = false
  /// The launch window a background launch kept hidden, shown at the first foreground (§19.5).
  weak var deferredLaunchWindow: UIWindow?
  var isIdleTimerDisabled = false
  /// A background task begun and not yet ended.
  public struct BackgroundTask {
    public var name: String
    var expirationHandler: RuntimeValue
  }

  /// Background tasks begun and not yet ended, by identifier (reference §9.2).
  public internal(set) var backgroundTasks: [Int: BackgroundTask] = [:]
  var nextBackgroundTask = 1
  /// When the app entered the background with tasks running, and the pending expiry.
  var backgroundSince: VirtualInstant?
  var backgroundExpiry: ManualRunLoop.Task?
}

extension UIApplication {
  static func define(in runtime: Runtime, superclass: RuntimeClass) throws {
    let application = try runtime.defineClass(
      "UIApplication", superclass: superclass,
      allocator: { UIApplication(isa: $0, identifier: $1) })
    application.addProperty(
      "delegate",
      get: { try $0.receiver(as: UIApplication.self).delegate.map { .object($0) } ?? .nil },
      set: { try $0.receiver(as: UIApplication.self).delegate = $0.argument(0).object })
    // -[UIApplication init] (§7.4): UIApplicationMain stores its instance in UIApp before
    // sending init, so any other one, made before the launch, during it or after, is a second.
    application.addMethod("init") { message in
      let device = message.device
      guard message.receiver === device.application else {
        throw ObjCException(
          .internalInconsistency, "There can only be one UIApplication instance.")
      }
      return .object(message.receiver)
    }
    // What the life-cycle machine says, for the running process's application; one whose
    // process ended says inactive.
    application.addProperty("applicationState") { message in
      let device = message.device
      return .string(
        (message.receiver === device.application
          ? device.machine.applicationState : UIApplicationState.inactive).rawValue)
    }
    application.addProperty("windows") { message in
      let device = message.device
      device.host.releaseUnreferencedObjects()
      return .array(try message.receiver(as: UIApplication.self).windows.map { .object($0) })
    }
    application.addProperty("connectedScenes") { message in
      let device = message.device
      return .array(
        device.scenes.keys.sorted().compactMap { device.scenes[$0] }.map { .object($0) })
    }
    application.addProperty("keyWindow") { message in
      let device = message.device
      device.host.releaseUnreferencedObjects()
      return try message.receiver(as: UIApplication.self).keyWindow.map { .object($0) } ?? .nil
    }
    application.addProperty(
      "isIdleTimerDisabled",
      get: { .bool(try $0.receiver(as: UIApplication.self).isIdleTimerDisabled) },
      set: {
        try $0.receiver(as: UIApplication.self).isIdleTimerDisabled = $0.argument(0).boolValue
      })
    // The responder chain ends at the app delegate when it is a UIResponder; an application that
    // is its own delegate does not point at itself (reference §7.1, caveat 2).
    application.addProperty("nextResponder") { message in
      let device = message.device
      let application = try message.receiver(as: UIApplication.self)
      guard let delegate = application.delegate, delegate !== application,
        delegate.isKind(of: device.runtime.classNamed("UIResponder")!)
      else { return .nil }
      return .object(delegate)
    }
    // Background tasks (§9.2): an identifier per begun task; ending one twice or an unknown
    // one does nothing, as in UIKit. Ending the last one in the background lets the app suspend.
    let begin: (Message) throws -> RuntimeValue = { message in
      let device = message.device
      let application = try message.receiver(as: UIApplication.self)
      let identifier = application.nextBackgroundTask
      application.nextBackgroundTask += 1
      let named = message.selector.name.hasPrefix("beginBackgroundTaskWithName")
      application.backgroundTasks[identifier] = UIApplication.BackgroundTask(
        name: named ? message.argument(0).stringValue : "(unnamed)",
        expirationHandler: named ? message.argument(1) : message.argument(0))
      if application === device.application { device.machine.backgroundTaskBegan() }
      return .int(identifier)
    }
    application.addMethod(
      UIKitSelector.beginBackgroundTaskWithNameExpirationHandler, .native(begin))
    application.addMethod(UIKitSelector.beginBackgroundTaskWithExpirationHandler, .native(begin))
    application.addMethod("endBackgroundTask:") { message in
      let device = message.device
      let application = try message.receiver(as: UIApplication.self)
      if case .int(let identifier) = message.argument(0),
        application.backgroundTasks.removeValue(forKey: identifier) != nil,
        application === device.application
      {
        try device.perform(device.machine.backgroundTaskEnded())
      }
      return .nil
    }
    // DBL_MAX in the foreground (§9.2); what is left of the allowance in the background.
    application.addProperty("backgroundTimeRemaining") { message in
      let device = message.device
      let application = try message.receiver(as: UIApplication.self)
      guard application === device.application else { return .double(0) }
      switch device.machine.phase {
      case .running where device.machine.applicationState == .background:
        guard let since = application.backgroundSince else { return .double(0) }
        return .double(
          max(0, device.profile.backgroundTaskAllowance - (device.loop.now.seconds - since.seconds))
        )
      case .suspended, .notRunning:
        return .double(0)
      case .launching, .running:
        return .double(.greatestFiniteMagnitude)
      }
    }
    // requestSceneSessionActivation:userActivity:options:errorHandler: (also callable from a
    // script as requestSceneSessionActivation(session, ...)). Without support for multiple
    // scenes the error handler gets UISceneErrorCodeMultipleScenesNotSupported. A scene that
    // connects for the request finds its user activity in its connection options
    // (Documentation/UIKit/scenes.md#scene-sessions-after-the-launch, point 2).
    let requestActivation: (Message) throws -> RuntimeValue = { message in
      let device = message.device
      let session = message.argument(0).object as? UISceneSession
      // A session the app was told was discarded has no configuration: a new one connects.
      let number = session.flatMap { $0.configuration == nil ? nil : $0.number }
      let connected = session?.scene.flatMap { device.scenes[$0.sceneID] === $0 ? $0.sceneID : nil }
      let previous = (
        device.delivery.sceneActivationErrorHandler, device.delivery.sceneActivationUserActivity
      )
      device.delivery.sceneActivationErrorHandler = message.argument(3)
      device.delivery.sceneActivationUserActivity = message.argument(1)
      defer {
        (device.delivery.sceneActivationErrorHandler, device.delivery.sceneActivationUserActivity) =
          previous
      }
      try device.perform(device.machine.requestSceneActivation(session: number, scene: connected))
      return .nil
    }
    application.addMethod(
      UIKitSelector.requestSceneSessionActivationUserActivityOptionsErrorHandler,
      .native(requestActivation))
    application.addMethod(Selector("requestSceneSessionActivation:"), .native(requestActivation))
    // Dynamic quick actions: the system keeps them across launches (reference §6.3).
    application.addProperty(
      "shortcutItems",
      get: { message in
        let device = message.device
        return .array(device.dynamicShortcutItems.map { .object($0) })
      },
      set: { message in
        let device = message.device
        guard let items = device.list(message.argument(0)) else {
          device.dynamicShortcutItems = []
          return
        }
        device.dynamicShortcutItems = try items.map { item in
          guard let object = item.object,
            object.isKind(of: device.runtime.classNamed("UIApplicationShortcutItem")!),
            case .string = object.instanceVariables["type"] ?? .nil
          else {
            throw LifecycleError(
              "shortcutItems: UIApplicationShortcutItem objects with a type expected, like UIApplicationShortcutItem.new{ type = \"com.example.new\", localizedTitle = \"New\" }"
            )
          }
          return object
        }
      })
    try UIApplication.defineOpeningURLs(in: runtime, application)
    UIApplication.defineRemoteNotificationRegistration(in: runtime, application)
    // Events reach the key window; subclasses override this to observe or swallow them.
    application.addMethod("sendEvent:") { message in
      let device = message.device
      guard let window = try message.receiver(as: UIApplication.self).keyWindow else {
        return .nil
      }
      try device.deliver(UIKitSelector.sendEvent, to: window, message.arguments)
      return .nil
    }
  }
}
