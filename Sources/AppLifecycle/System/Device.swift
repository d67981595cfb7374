import XcodeFiles

/// The device an app runs on: the message runtime with UIKit's classes, the main run loop on
/// virtual time, the trace, and the app's process while it runs.
///
/// It plays the user and the system (`Device+Events.swift`): each of their events goes to the
/// life-cycle machine (`LifecycleMachine`), which decides what UIKit does and in which order;
/// the device performs those actions on the objects it owns (`Device+Perform.swift`) and
/// records every step as a trace event. UIKit's rules live in the machine, not here.
public final class Device {
  public let runtime: Runtime
  public let loop = ManualRunLoop()
  public let trace = Trace()
  public let notificationCenter = NotificationCenter()
  /// The life cycle of the app on this device: its process, scenes and what outlives them.
  public internal(set) var machine: LifecycleMachine {
    get { lifecycleMachine }
    _modify { yield &lifecycleMachine }
    set { lifecycleMachine = newValue }
  }
  // Private storage behind the public properties the hot path reads at every callback
  // (`machine`, `application`): with every access in this file, the optimizer sees that none
  // overlaps another and drops the run-time exclusivity checks a public stored property keeps.
  // The machine is also unchecked: `_modify` yields it to its own mutating methods, and it is a
  // value with no closures, which cannot reach the device while they run.
  @exclusivity(unchecked) private var lifecycleMachine = LifecycleMachine()
  /// Choices where the sources disagree (Documentation/UIKit lists them with their sources).
  public var options = LaunchOrderOptions()
  /// The iOS release the app runs on (`--ios`).
  public var profile = IOSProfile.current
  /// The app's Info.plist.
  public var info = InfoPlist() {
    didSet {
      parsedSceneManifest = nil
      updateDeclarations()
    }
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
  /// The connected scenes of the running process, by their number.
  public internal(set) var scenes: [Int: UIScene] = [:]
  /// The scene sessions that exist: of connected scenes, and those waiting to reconnect at the
  /// next launch (§10.2), by number.
  var sessions: [Int: UISceneSession] = [:]
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
  /// The appearance callbacks UIKit is sending now, so that one the app calls itself is told
  /// apart (Documentation/UIKit/containment.md#appearance-misuse-messages).
  var appearanceDeliveries: [(controller: ObjectIdentifier, selector: Selector)] = []
  /// The window shown at the end of a launch without scenes, between its `viewWillAppear:` and
  /// `viewDidAppear:`.
  weak var appearingLaunchWindow: UIWindow?
  /// The request being handled (reference §6), and the objects made for it: its URL, quick
  /// action or activity.
  var pendingRequest: SystemRequest?
  var requestObjects: SystemRequestObjects?
  /// The remote notification arriving (`device.push`), while the machine handles it.
  var pendingNotification: RemoteNotification?
  /// The 30 s deadlines of background notifications whose completion handler was not called
  /// yet, by delivery number (Device+Notifications.swift).
  var remoteNotificationDeadlines: [Int: ManualRunLoop.Task] = [:]
  var nextRemoteNotificationDelivery = 0
  /// `UNUserNotificationCenter.current()` of the running process (UserNotifications.swift).
  var userNotificationCenter: RuntimeObject?
  var nextNotificationIdentifier = 0
  /// `BGTaskScheduler.shared` of the running process (BackgroundTasks.swift).
  var taskScheduler: BGTaskScheduler?
  /// `application:didFinishLaunchingWithOptions:` returned: the process takes no more launch
  /// handlers (Documentation/UIKit/background-launches.md#background-tasks).
  var launchHandlerRegistrationEnded = false
  /// The task requests the app submitted, by identifier; they outlive the process.
  var taskRequests: [String: ScheduledTaskRequest] = [:]
  /// The scheduled tasks the process is running, by identifier.
  var runningTasks: [String: BGTask] = [:]
  /// A scene between its session and its creation: the session and connection options.
  var connecting: (scene: Int, session: UISceneSession, options: UISceneConnectionOptions)?
  /// The error handler of the app's `requestSceneSessionActivation` call in progress.
  var sceneActivationErrorHandler: RuntimeValue?
  /// The user activity of that call, for the connection options of the scene it connects; the
  /// first connection takes it.
  var sceneActivationUserActivity: RuntimeValue?
  /// The URL the app's `UIApplication.open` is opening, with its completion handler.
  var openingURL: (url: AppURL, completion: RuntimeValue)?
  /// Quick actions the app set with `UIApplication.shortcutItems`: the system keeps them across
  /// launches, until the app is deleted.
  var dynamicShortcutItems: [RuntimeObject] = [] {
    didSet { updateDeclarations() }
  }
  /// The token APNs gave the app once it registered for remote notifications; it outlives the
  /// process and goes with the install (background-launches.md#registering-for-remote-notifications).
  var deviceToken: String?
  /// The app registered for remote notifications in this install: APNs can deliver to it.
  public var hasDeviceToken: Bool { deviceToken != nil }
  /// What the device keeps for the app outside its process: user defaults, the container's
  /// files and keychain items (Device+Storage.swift). Processes come and go; it stays.
  public internal(set) var storage = AppStorage()
  /// `UserDefaults.standard`, once a script asked for it (NSUserDefaults.swift).
  var userDefaultsObject: RuntimeObject?
  /// How many times the app was deleted and installed again: each install has its own token.
  var installsSinceStart = 0
  /// What legacy state preservation saved; it outlives the process (reference §10.1).
  var restorationArchive: RestorationArchive?
  /// The scene made by the latest connection, for `device.open_scene()` to return.
  var latestScene: UIScene?
  /// How the user holds the device (`device.rotate`); it outlives the app's processes.
  public internal(set) var deviceOrientation = DeviceOrientation.portrait
  /// The interface orientation of the running process, fixed when first asked; nil between
  /// processes (Documentation/UIKit/layout.md#rotation-and-size-changes).
  var processInterfaceOrientation: InterfaceOrientation?
  /// The device turned while the app was in the background: the interface follows when the app
  /// returns to the foreground.
  /// Unchecked for exclusivity, as `processDepth` is.
  @exclusivity(unchecked) var rotatedInBackground = false
  /// Light or dark mode, the screen's `userInterfaceStyle`.
  var userInterfaceStyle = Traits.Style.light
  /// `UIScreen.main`.
  public private(set) lazy var mainScreen = runtime.allocate(runtime.classNamed("UIScreen")!)
  /// `UIDevice.current`.
  public private(set) lazy var currentDevice = runtime.allocate(runtime.classNamed("UIDevice")!)
  /// `Bundle.main`: the app's bundle, made when a script first asks for it, untraced.
  public private(set) lazy var mainBundle = runtime.allocate(runtime.classNamed("NSBundle")!)
  /// Calls a block the app gave UIKit (a completion or error handler), with arguments. The
  /// embedding layer sets it: blocks are its values (Lua functions), opaque to the model. By
  /// default it calls the blocks UIKit made (`NativeBlock`).
  public var callBlock: (RuntimeValue, [RuntimeValue]) throws -> Void = { block, arguments in
    if case .object(let native as NativeBlock) = block { try native.call(arguments) }
  }
  /// Whether a value is a block the app passed (a function of the embedding layer, or a block
  /// UIKit made), for handlers that UIKit calls later.
  public var isBlock: (RuntimeValue) -> Bool = { value in
    if case .object(_ as NativeBlock) = value { return true }
    return false
  }
  /// The items of a list the app passed as an embedding-layer value (a Lua sequence), or nil
  /// when it is not one. `.array` values are lists already.
  public var hostList: (RuntimeValue) -> [RuntimeValue]? = { _ in nil }

  /// The named fields of a table the app passed as an embedding-layer value (a Lua table with
  /// string keys), or nil when it is not one. `.dictionary` values are tables already.
  public var hostFields: (RuntimeValue) -> [String: RuntimeValue]? = { _ in nil }

  /// An identity of a table the app passed as an embedding-layer value, the same for every
  /// reference to one table while it lives; nil for any other value. A walk over nested tables
  /// tells by it a table that contains itself.
  public var hostIdentity: (RuntimeValue) -> Int? = { _ in nil }

  /// What an embedding-layer value is, for a message: `function`, `table`, `thread`.
  public var hostTypeName: (RuntimeValue) -> String = { _ in "value" }

  /// A table argument: a dictionary, or named fields of the embedding layer.
  func fields(_ value: RuntimeValue) -> [String: RuntimeValue]? {
    if case .dictionary(let fields) = value { return fields }
    return hostFields(value)
  }

  /// A list argument: an array, or a list of the embedding layer.
  func list(_ value: RuntimeValue) -> [RuntimeValue]? {
    if case .array(let items) = value { return items }
    return hostList(value)
  }

  /// Receives lifescript's warnings about the app: dead or deprecated delegate methods,
  /// misspellings, non-BOOL returns.
  public var warningHandler: (Warning) -> Void = { _ in }
  /// Lets objects the app no longer references go, as ARC would have released them by now: the
  /// embedding layer runs its garbage collector (a script's objects live in Lua). Called before
  /// UIKit looks at the app's windows, so what it sees does not depend on when Lua last
  /// collected (Documentation/UIKit/windows-and-view-controllers.md#window-lifetime).
  public var releaseUnreferencedObjects: () -> Void = {}
  /// The application object of the running process; nil before the first launch and after the
  /// process ended.
  public internal(set) var application: UIApplication? {
    get { runningApplicationObject }
    set {
      runningApplicationObject = newValue
      applicationArgument = newValue.map { [.object($0)] } ?? []
    }
  }
  private var runningApplicationObject: UIApplication?
  /// `[application]`, the argument of every application-delegate state method, made once per
  /// process rather than once per callback.
  private(set) var applicationArgument: [RuntimeValue] = []
  /// How the app was started, so that a later launch runs it again with fresh UIKit objects.
  public internal(set) var entryPoint: EntryPoint?
  /// How many device events are running inside each other (see `asProcess`).
  ///
  /// It and `causedEvents` are read and written at every event, and are unchecked for
  /// exclusivity: plain values, never passed `inout`, so no access to them spans a call.
  @exclusivity(unchecked) var processDepth = 0
  /// Events callbacks caused at one virtual instant (see `deliverAfterCallbacks`).
  @exclusivity(unchecked) var causedEvents: (instant: VirtualInstant, count: Int) = (.zero, 0)

  public struct EntryPoint: Equatable, Sendable {
    public var principalClassName: String?
    public var delegateClassName: String?

    public init(principalClassName: String?, delegateClassName: String?) {
      self.principalClassName = principalClassName
      self.delegateClassName = delegateClassName
    }
  }

  public init() throws {
    runtime = Runtime(classes: UIKitClasses.shared.templates)
    uikitClassNames = UIKitClasses.shared.names
    runtime.device = self
    runtime.processOfNewObjects = { [unowned self] in currentProcess }
  }

  /// A device that defines UIKit's classes itself: the one `UIKitClasses` makes, once per
  /// process, to take them from.
  init(definingUIKit: Void) throws {
    runtime = Runtime()
    runtime.device = self
    try registerUIKit()
    uikitClassNames = Set(runtime.allClasses.map(\.name))
  }

  // A runtime can outlive its device (an embedder keeps an object): UIKit's methods then find
  // no device rather than a freed one.
  deinit { runtime.device = nil }

  public var now: VirtualInstant { loop.now }

  /// Whether the app's process exists (launching, foreground, background or suspended).
  public var isAppRunning: Bool { machine.isRunning }

  // MARK: Tracing what UIKit does

  @inline(__always)
  func record(_ event: consuming TraceEvent) { trace.record(event, at: loop.now) }

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
    noteCallback(selector, to: receiver)
    return try runtime.send(selector, to: receiver, arguments)
  }

  /// UIKit sends an optional delegate method only if the receiver implements it (one method
  /// lookup: this is the hot path of every lifecycle callback).
  @discardableResult @inline(__always)
  func deliverIfImplemented(
    _ selector: Selector, to receiver: RuntimeObject?, _ arguments: [RuntimeValue] = []
  ) throws -> RuntimeValue? {
    guard let receiver else { return nil }
    guard let (implementation, owner) = receiver.isa.lookUp(selector) else {
      // Only --trace-all and failure reports show it: why an expected callback never came.
      record(.skipped(receiverClass: receiver.isa.name, selector: selector))
      return nil
    }
    record(.message(receiverClass: receiver.isa.name, selector: selector))
    noteCallback(selector, to: receiver)
    return try implementation.invoke(
      Message(receiver: receiver, selector: selector, arguments: arguments, implementor: owner))
  }

  /// UIKit sends a class method that the app's class implements (a restoration class's
  /// `viewControllerWithRestorationIdentifierPath:coder:`); traced. UIKit's own classes have
  /// none that lifescript sends, so only a script's implementation answers.
  @discardableResult
  func deliverIfImplemented(
    _ selector: Selector, toClass cls: RuntimeClass, _ arguments: [RuntimeValue] = []
  ) throws -> RuntimeValue? {
    guard case (.script(let method), _)? = cls.lookUp(selector) else {
      record(.skipped(receiverClass: cls.name, selector: selector))
      return nil
    }
    record(.message(receiverClass: cls.name, selector: selector))
    return try method.invoke(onClass: cls, selector, arguments)
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
  private var warningsGiven: Set<Warning> = []

  /// Gives the warning `name` with `message`.
  func warn(_ name: Warning.Name, _ message: String) {
    warningHandler(Warning(name, message))
  }

  /// Gives the warning unless this run gave it already.
  func warnOnce(_ name: Warning.Name, _ message: String) {
    warnOnce(Warning(name, message))
  }

  /// Gives `warning` unless this run gave it already.
  func warnOnce(_ warning: Warning) {
    if warningsGiven.insert(warning).inserted { warningHandler(warning) }
  }

  // MARK: The process

  /// The process is gone: its UIKit objects are dropped; the next launch makes new ones.
  /// Sessions waiting to reconnect at the next launch are kept (§10.2).
  func endProcess() {
    processEnds[processGeneration] = loop.now
    processGeneration += 1
    notificationCenter.removeObservers(addedBy: processGeneration - 1)
    stopBackgroundClock()
    cancelRemoteNotificationDeadlines()
    endScheduledTasks()
    userNotificationCenter = nil
    launchDeadline = nil
    machine.processEnded()
    application = nil
    scenes = [:]
    let surviving = Set(machine.survivingSessions)
    sessions = sessions.filter { surviving.contains($0.key) }
    var kept = Set<ObjectIdentifier>()
    for session in sessions.values { keepForNextProcess(.object(session), &kept) }
    awaitingDidAppear = []
    processInterfaceOrientation = nil
    rotatedInBackground = false
    appearingLaunchWindow = nil
    connectingScene = nil
    heldWork = []
    callbackPairs = CallbackPairs()
  }

  /// Counts the processes that ended: work a process left behind carries the count of its time.
  private var processGeneration = 0
  /// When each process that ended ended.
  private var processEnds: [Int: VirtualInstant] = [:]

  /// What the system keeps for the next process (a session that reconnects, its configuration
  /// and restoration activity, what they hold) is the system's now, not the ended process's.
  private func keepForNextProcess(_ value: RuntimeValue, _ kept: inout Set<ObjectIdentifier>) {
    switch value {
    case .object(let object):
      guard kept.insert(ObjectIdentifier(object)).inserted else { return }
      object.process = nil
      for field in object.instanceVariables.values { keepForNextProcess(field, &kept) }
      if let session = object as? UISceneSession {
        if let configuration = session.configuration {
          keepForNextProcess(.object(configuration), &kept)
        }
        keepForNextProcess(session.stateRestorationActivity, &kept)
      }
    case .array(let values):
      for each in values { keepForNextProcess(each, &kept) }
    case .dictionary(let values):
      for each in values.values { keepForNextProcess(each, &kept) }
    default: return
    }
  }

  /// When the process that made `object` ended; nil while it runs, and for the scenario's own
  /// objects. A dead process's objects are gone: the scenario may not use them
  /// (Documentation/Reference/scenario-language.md#the-apps-objects-die-with-its-process).
  public func endOfProcess(of object: RuntimeObject) -> VirtualInstant? {
    object.process.flatMap { processEnds[$0] }
  }

  /// The app's process while app code runs (inside a UIKit callback, or work the app scheduled);
  /// nil for the scenario's own code between events. Work, timers and observers the app
  /// registers belong to it and end with it: nothing a process leaves behind fires in the next
  /// one (Documentation/UIKit/termination.md#what-ends-with-the-process).
  public var currentProcess: Int? {
    processDepth > 0 && machine.isRunning ? processGeneration : nil
  }

  /// Whether the process `currentProcess` named is still running.
  public func isRunning(_ process: Int) -> Bool {
    process == processGeneration && machine.isRunning
  }

  /// Runs work scheduled by `process` (nil: by the scenario) as part of it: an exception it
  /// raises ends the app as one inside a callback does. Returns false, without running it, when
  /// that process has ended.
  @discardableResult
  public func run(partOf process: Int?, _ work: () throws -> Void) throws -> Bool {
    guard let process else {
      try work()
      return true
    }
    guard isRunning(process) else { return false }
    try asProcess(work)
    return true
  }

  /// Why each process that did not end the way a user or the system ends a healthy app ended,
  /// in order: an uncaught exception, a watchdog kill, a background task left running when its
  /// time ran out. `lifescript explore` reports each as a broken contract
  /// (Documentation/Reference/explore.md#what-counts-as-broken).
  public internal(set) var abnormalEndings: [String] = []

  /// Where the app broke UIKit's contract without its process ending, in order: UI work while
  /// the app is in the background, unbalanced appearance transitions, the opening callback of a
  /// will/did pair delivered twice to one object. Traces are unchanged; `lifescript explore`
  /// reports each (Documentation/Reference/explore.md#what-counts-as-broken).
  public internal(set) var contractBreaches: [String] = []
  /// Whether the device follows the contract and records its breaches: `lifescript explore` and
  /// a counterexample it wrote turn it on; off, the lifecycle callbacks pay nothing for it.
  @exclusivity(unchecked) public var checksContract = false
  /// How many callbacks that take the app's interface on or off the screen are running
  /// (connecting a scene, entering the foreground, entering the background): UI work in them is
  /// expected (Device+Contract.swift).
  var interfaceTransitions = 0
  /// The will/did pairs each object is inside of.
  var callbackPairs = CallbackPairs()
  /// Work of the app's process that fell due while the process was suspended: it runs when the
  /// process runs again (a suspended app runs no code), a repeating timer once however many
  /// times it was due (`key`).
  @exclusivity(unchecked) var heldWork: [(key: AnyHashable?, work: () throws -> Void)] = []

  /// An uncaught Objective-C exception or a kill: traced, and the process ends.
  func crash(_ ending: any ProcessEnding) {
    abnormalEndings.append(ending.description)
    record(ending.traceEvent)
    endProcess()
  }

  /// Runs `body`; an exception or kill it raises ends the process instead of propagating. Only
  /// the outermost event catches: one raised inside a callback unwinds the whole event, as a
  /// crash ends a process mid-call. Script errors propagate; one that stops a launch leaves
  /// the process as far as it got.
  func asProcess(_ body: () throws -> Void) throws {
    processDepth += 1
    defer { processDepth -= 1 }
    do {
      try body()
    } catch let ending as any ProcessEnding where processDepth == 1 {
      crash(ending)
    } catch {
      if processDepth == 1, machine.isLaunching {
        launchDeadline = nil
        machine.launchFailed(applicationExists: application != nil)
      }
      throw error
    }
  }

  // MARK: Configuration

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

  /// What the next launch runs with: the Info.plist, release and options of now.
  var launchConfiguration: LifecycleMachine.Configuration {
    LifecycleMachine.Configuration(
      usesScenes: usesScenes,
      supportsMultipleScenes: sceneManifest?.supportsMultipleScenes == true,
      hasMainStoryboard: info.string("UIMainStoryboardFile") != nil,
      hasMainNibFile: info.string("NSMainNibFile") != nil, profile: profile, options: options)
  }

  /// The schemes, quick actions and activity types the machine offers the user.
  func updateDeclarations() {
    // The types only: making the items' objects here would change the objects' numbers.
    var quickActions: [String] = []
    if case .array(let entries) = info.values["UIApplicationShortcutItems"] {
      for case .dictionary(let entry) in entries {
        if let type = entry["UIApplicationShortcutItemType"]?.string {
          quickActions.append(info.expand(type))
        }
      }
    }
    quickActions += dynamicShortcutItems.compactMap { $0.instanceVariables["type"]?.stringValue }
    machine.declarations = LifecycleMachine.Declarations(
      urlSchemes: declaredURLSchemes.sorted(), quickActions: quickActions,
      activityTypes: info.strings("NSUserActivityTypes"),
      backgroundModes: info.strings("UIBackgroundModes").sorted())
  }

  // MARK: Launch watchdog

  /// Seconds of launch work the watchdog allows (reference §9.1: about 20 s, not published).
  public var launchWatchdogAllowance = 20.0
  /// When the launch in progress must be done by; set while the machine's watchdog watches.
  var launchDeadline: VirtualInstant?
  /// Launches so far: the process number in a watchdog report, and what tells the scenario's
  /// configuration lines of one launch from the next.
  public internal(set) var launchCount = 0

  /// Slow work on the main thread: virtual time moves on but nothing else runs. During launch,
  /// passing the watchdog's allowance kills the app there and then (0x8badf00d, §9.1).
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
