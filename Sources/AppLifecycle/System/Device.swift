/// The device an app runs on: the message runtime with UIKit's classes, the main run loop on
/// virtual time, the trace, and the app's process while it runs.
///
/// It plays the system and the user (launch, home, interruptions, kill, waiting), and records
/// every step UIKit takes as a trace event.
public final class Device {
  public let runtime = Runtime()
  public let loop = ManualRunLoop()
  public let trace = Trace()
  public let notificationCenter = NotificationCenter()
  /// Choices where the reference is CONFLICTING (README lists them with their sources).
  public var options = LaunchOrderOptions()
  /// The iOS release the app runs on (`--ios`).
  public var profile = IOSProfile.current
  /// The app's Info.plist.
  public var info = InfoPlist() {
    didSet { parsedSceneManifest = nil }
  }
  /// The Info.plist's scene manifest, read once per Info (every state change asks for it).
  private var parsedSceneManifest: SceneManifest??

  var sceneManifest: SceneManifest? {
    if let parsed = parsedSceneManifest { return parsed }
    let manifest = SceneManifest(info)
    parsedSceneManifest = .some(manifest)
    return manifest
  }
  /// The app's storyboards by name.
  public var storyboards: [String: Storyboard] = [:]
  /// The scenes' activation states, whose aggregate is the app's state when it uses scenes.
  public internal(set) var sceneAggregate = SceneAggregate()
  /// The connected scenes of the running process, by their aggregate index.
  public internal(set) var scenes: [Int: UIScene] = [:]
  var nextSceneID = 1
  /// Sessions of scenes discarded while the app was not running: UIKit reports them to
  /// `application:didDiscardSceneSessions:` at the next launch (reference §5.2).
  var discardedSessionIdentifiers: [String] = []
  /// Sessions of a process the system ended in the background: they reconnect at the next
  /// launch, with their state restoration activity (§3.3, §10.2).
  var survivingSessions: [UISceneSession] = []
  /// The URL whose opening cold-launches the app; nil for a launch from the home screen. Set
  /// before `launch()`; the launch screen follows its scheme (reference §8.1), and the launch
  /// clears it when it is over.
  public internal(set) var coldLaunchURL: AppURL?
  /// The launch-screen snapshots this install has cached, by the URL scheme of the launch (nil:
  /// from the home screen): later cold launches show them, whatever the Info.plist says now,
  /// until the cache is cleared or the app reinstalled (reference §8.2).
  public internal(set) var launchScreenCache: [String?: LaunchScreen] = [:]
  /// The names of UIKit's own classes, as opposed to the app's.
  public private(set) var uikitClassNames: Set<String> = []
  /// While a scene connects: `makeKeyAndVisible` shows its window at once (reference §3.2).
  var connectingScene: UIScene?
  /// View controllers that appeared during a scene's connection and get `viewDidAppear:` once it
  /// is active (§3.1 step 16).
  var awaitingDidAppear: [UIViewController] = []
  /// The request a cold launch (or a scene's connection) carries, while it runs (reference §6).
  var pendingLaunchRequest: SystemRequestObjects?
  /// Whether will/didFinishLaunching let the launch request's delegate method be called: "If
  /// either method returns false, the system doesn't call" it (reference §6.1).
  var launchRequestAccepted = true
  /// Quick actions the app set with `UIApplication.shortcutItems`: the system keeps them across
  /// launches, until the app is deleted.
  var dynamicShortcutItems: [RuntimeObject] = []
  /// What legacy state preservation saved; it outlives the process (reference §10.1).
  var restorationArchive: RestorationArchive?
  /// `UIScreen.main`.
  public private(set) lazy var mainScreen = runtime.allocate(runtime.classNamed("UIScreen")!)
  /// Calls a block the app gave UIKit (a completion or error handler), with arguments. The
  /// embedding layer sets it: blocks are its values (Lua functions), opaque to the model.
  public var callBlock: (RuntimeValue, [RuntimeValue]) throws -> Void = { _, _ in }
  /// The items of a list the app passed as an embedding-layer value (a Lua sequence), or nil
  /// when it is not one. `.array` values are lists already.
  public var hostList: (RuntimeValue) -> [RuntimeValue]? = { _ in nil }

  /// A list argument: an array, or a list of the embedding layer.
  func list(_ value: RuntimeValue) -> [RuntimeValue]? {
    if case .array(let items) = value { return items }
    return hostList(value)
  }

  /// Receives lifescript's warnings about the app: dead or deprecated delegate methods,
  /// misspellings, non-BOOL returns.
  public var warningHandler: (String) -> Void = { _ in }
  /// The application object of the running process; nil before the first launch and after the
  /// process ended.
  public internal(set) var application: UIApplication? {
    didSet { applicationArgument = application.map { [.object($0)] } ?? [] }
  }
  /// `[application]`, the argument of every application-delegate state method, made once per
  /// process rather than once per callback.
  private var applicationArgument: [RuntimeValue] = []
  /// How the app was started, so that a later launch runs it again with fresh UIKit objects.
  public internal(set) var entryPoint: EntryPoint?
  /// How many process actions are running inside each other (see `asProcess`).
  private var processDepth = 0

  public struct EntryPoint: Equatable, Sendable {
    public var principalClassName: String?
    public var delegateClassName: String?

    public init(principalClassName: String?, delegateClassName: String?) {
      self.principalClassName = principalClassName
      self.delegateClassName = delegateClassName
    }
  }

  public init() throws {
    try registerUIKit()
    uikitClassNames = Set(runtime.allClasses.map(\.name))
  }

  public var now: VirtualInstant { loop.now }

  /// Whether the app's process exists (launching, foreground, background or suspended).
  public var isAppRunning: Bool { application?.stateMachine.isRunning == true }

  // MARK: Tracing what UIKit does

  func record(_ event: TraceEvent) { trace.record(event, at: loop.now) }

  /// UIKit or the app creates an object: `new ClassName` is traced, then `init` runs with the
  /// arguments (`prepare` sees the object first).
  public func create(
    _ cls: RuntimeClass, _ arguments: [RuntimeValue] = [],
    prepare: (RuntimeObject) -> Void = { _ in }
  ) throws -> RuntimeObject {
    let object = runtime.allocate(cls)
    record(.created(className: cls.name))
    prepare(object)
    try runtime.send(Selector("init"), to: object, arguments)
    return object
  }

  /// UIKit sends a message to an object; it is traced.
  @discardableResult
  func deliver(_ selector: Selector, to receiver: RuntimeObject, _ arguments: [RuntimeValue] = [])
    throws -> RuntimeValue
  {
    record(.message(receiverClass: receiver.isa.name, selector: selector))
    return try runtime.send(selector, to: receiver, arguments)
  }

  /// UIKit sends an optional delegate method only if the receiver implements it (one method
  /// lookup: this is the hot path of every lifecycle callback).
  @discardableResult
  func deliverIfImplemented(
    _ selector: Selector, to receiver: RuntimeObject?, _ arguments: [RuntimeValue] = []
  ) throws -> RuntimeValue? {
    guard let receiver, let (implementation, owner) = receiver.isa.lookUp(selector) else {
      return nil
    }
    record(.message(receiverClass: receiver.isa.name, selector: selector))
    return try implementation.invoke(
      Message(receiver: receiver, selector: selector, arguments: arguments, implementor: owner))
  }

  /// Posts a notification: traced, then delivered to its observers. UIKit's notifications have
  /// the application as their object (reference §1.3).
  public func post(
    _ notification: String, object: RuntimeObject? = nil, userInfo: [String: RuntimeValue]? = nil
  ) throws {
    record(.notification(name: notification))
    try notificationCenter.deliver(
      notification, object: object ?? application, userInfo: userInfo)
  }

  func log(_ message: String) { record(.log(message)) }

  /// Warnings already given: one about the app's code is given once per run, not at every launch.
  private var warningsGiven: Set<String> = []

  func warnOnce(_ warning: String) {
    if warningsGiven.insert(warning).inserted { warningHandler(warning) }
  }

  /// Performs the actions of an application state change for the running app.
  func perform(_ actions: [ApplicationStateMachine.Action]) throws {
    guard let application else { return }
    for action in actions {
      switch action {
      case .callDelegate(let selector):
        try deliverIfImplemented(selector, to: application.delegate, applicationArgument)
      case .post(let name):
        try post(name)
      case .exitProcess:
        endProcess()
      }
    }
  }

  /// The process is gone: its UIKit objects are dropped; the next launch makes new ones.
  func endProcess() {
    if let expiry = application?.backgroundExpiry { loop.cancel(expiry) }
    application?.stateMachine.processEnded()
    application = nil
    for (id, _) in scenes { sceneAggregate.remove(id) }
    scenes = [:]
    awaitingDidAppear = []
  }

  /// Which life cycle to run the app with: as its Info.plist says, or forced one way (for
  /// comparing them, `lifescript migrate-check`).
  public enum LifecycleChoice: Sendable {
    case asConfigured
    case appDelegate
    case scenes
  }

  public var lifecycle = LifecycleChoice.asConfigured

  /// Whether the app adopts the scene life cycle: its Info.plist has a scene manifest and the
  /// release has scenes (iOS 12 ignores the manifest), unless the life cycle is forced.
  public var usesScenes: Bool {
    switch lifecycle {
    case .asConfigured: profile.supportsScenes && sceneManifest != nil
    case .appDelegate: false
    case .scenes: true
    }
  }

  /// The scene delegate a forced scene life cycle gives an app that has none: it implements every
  /// scene-delegate method, doing nothing, so the trace shows where each callback now falls.
  public static let migrationSceneDelegate = "LifescriptSceneDelegate"

  /// An uncaught Objective-C exception or a kill: traced, and the process ends.
  func crash(_ ending: any ProcessEnding) {
    record(ending.traceEvent)
    endProcess()
  }

  /// Runs `body`; an exception or kill it raises ends the process instead of propagating. Only
  /// the outermost action catches: one raised inside a callback unwinds the whole action, as a
  /// crash ends a process mid-call. Script errors propagate.
  func asProcess(_ body: () throws -> Void) throws {
    processDepth += 1
    defer { processDepth -= 1 }
    do {
      try body()
    } catch let ending as any ProcessEnding where processDepth == 1 {
      crash(ending)
    }
  }

  // MARK: Launch watchdog

  /// Seconds of launch work the watchdog allows (reference §9.1: about 20 s, not published).
  public var launchWatchdogAllowance = 20.0
  /// When the launch in progress must be done by.
  var launchDeadline: VirtualInstant?
  /// Launches so far: the process number in a watchdog report.
  var launchCount = 0

  /// Slow work on the main thread: virtual time moves on but nothing else runs. During launch,
  /// passing the watchdog's allowance kills the app there and then (0x8badf00d).
  public func busy(_ seconds: Double) throws {
    let end = loop.now.advanced(by: max(0, seconds))
    if let deadline = launchDeadline, end > deadline {
      loop.clock.advance(to: deadline)
      throw WatchdogTermination(
        reason:
          "Namespace SPRINGBOARD, Code 0x8badf00d: scene-create watchdog transgression: application<\(info.string("CFBundleIdentifier") ?? "com.example.app")>:\(1000 + launchCount) exhausted real (wall clock) time allowance of \(Self.twoDecimals(launchWatchdogAllowance)) seconds"
      )
    }
    loop.clock.advance(to: end)
  }

  /// `19.97`, as the report writes the allowance.
  static func twoDecimals(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = String(hundredths % 100)
    return "\(hundredths / 100)." + (fraction.count == 1 ? "0" + fraction : fraction)
  }
}
