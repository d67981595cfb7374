import XcodeFiles

/// The device an app runs on: the message runtime with UIKit's classes, the main run loop on
/// virtual time, the trace, and the app's process while it runs.
///
/// It plays the user and the system (`Device+Events.swift`): each of their events goes to the
/// life-cycle machine (`LifecycleMachine`), which decides what UIKit does and in which order;
/// the device performs those actions on the objects it owns (`Device+Perform.swift`) and
/// records every step as a trace event. UIKit's rules live in the machine, and what one of
/// UIKit's classes does by itself lives with that class, not here.
///
/// Its state is a few named values, each with one lifetime: `process`, what exists while the
/// app's process runs (dropped whole when it ends); `install`, what the system keeps for the
/// installed app across processes (dropped whole by a reinstall); `storage`, the app's
/// container and keychain; `delivery`, what the event or call in progress hands the app; the
/// app as built (its Info.plist, storyboards, entry point, options and release); `host`, the
/// embedding layer; and the explorer's `ContractChecker`.
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

  // MARK: The app as built

  /// Choices where the sources disagree (Documentation/UIKit lists them with their sources).
  /// The machine reads them at each launch: a process keeps the choices it started with.
  public var options = LaunchOrderOptions() {
    didSet { if !machine.isRunning { machine.configure(launchConfiguration) } }
  }
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
  /// How the app was started, so that a later launch runs it again with fresh UIKit objects.
  public internal(set) var entryPoint: EntryPoint?
  /// Which life cycle the app runs with (`lifescript migrate-check` forces one).
  public var lifecycle = LifecycleChoice.asConfigured
  /// Seconds of launch work the watchdog allows (reference §9.1: about 20 s, not published).
  public var launchWatchdogAllowance = 20.0
  /// The app's `CFBundleIdentifier`.
  var bundleIdentifier: String { info.string("CFBundleIdentifier") ?? "com.example.app" }
  /// The names of UIKit's own classes, as opposed to the app's.
  public let uikitClassNames: Set<String>

  public struct EntryPoint: Equatable, Sendable {
    public var principalClassName: String?
    public var delegateClassName: String?

    public init(principalClassName: String?, delegateClassName: String?) {
      self.principalClassName = principalClassName
      self.delegateClassName = delegateClassName
    }
  }

  // MARK: What lives how long

  /// What exists while the app's process runs.
  var process = ProcessState()
  /// What the system keeps for the installed app across its processes.
  var install = InstallState()
  /// What the device keeps for the app outside its process: user defaults, the container's
  /// files and keychain items (Device+Storage.swift). Processes come and go; it stays.
  public internal(set) var storage = AppStorage()
  /// What the event or call in progress hands the app.
  var delivery = Delivery()
  /// The embedding layer: the app's blocks and tables, warnings, garbage collection.
  public var host: any DeviceHost = NativeHost()
  /// The explorer's checks (`checksContract`).
  var contract = ContractChecker()

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
  /// The connected scenes of the running process, by their number.
  public var scenes: [Int: UIScene] { process.scenes }
  /// The quick actions the app set with `UIApplication.shortcutItems`: the system keeps them
  /// across launches, until the app is deleted.
  var dynamicShortcutItems: [RuntimeObject] {
    get { install.dynamicShortcutItems }
    set {
      install.dynamicShortcutItems = newValue
      updateDeclarations()
    }
  }
  /// The app registered for remote notifications in this install: APNs can deliver to it.
  public var hasDeviceToken: Bool { install.deviceToken != nil }
  /// The launch-screen snapshots this install has cached (`InstallState.launchScreenCache`).
  public var launchScreenCache: [String?: LaunchScreen] { install.launchScreenCache }

  // MARK: The device itself

  /// How the user holds the device (`device.rotate`); it outlives the app's processes.
  public var deviceOrientation: DeviceOrientation { machine.deviceOrientation }
  /// Light or dark mode, the screen's `userInterfaceStyle`.
  var userInterfaceStyle = Traits.Style.light
  /// `UIScreen.main`.
  public private(set) lazy var mainScreen = runtime.allocate(runtime.classNamed("UIScreen")!)
  /// `UIDevice.current`.
  public private(set) lazy var currentDevice = runtime.allocate(runtime.classNamed("UIDevice")!)
  /// `Bundle.main`: the app's bundle, made when a script first asks for it, untraced.
  public private(set) lazy var mainBundle = runtime.allocate(runtime.classNamed("NSBundle")!)
  /// `UserDefaults.standard`, once a script asked for it (NSUserDefaults.swift).
  var userDefaultsObject: RuntimeObject?
  /// How many times the app was deleted and installed again: each install has its own token.
  var installsSinceStart = 0
  var nextRemoteNotificationDelivery = 0
  var nextNotificationIdentifier = 0
  /// Launches so far: the process number in a watchdog report, and what tells the scenario's
  /// configuration lines of one launch from the next.
  public internal(set) var launchCount = 0
  /// Why each process that did not end the way a user or the system ends a healthy app ended,
  /// in order: an uncaught exception, a watchdog kill, a background task left running when its
  /// time ran out. `lifescript explore` reports each as a broken contract
  /// (Documentation/Reference/explore.md#what-counts-as-broken).
  public internal(set) var abnormalEndings: [String] = []

  public init() throws {
    runtime = Runtime(classes: UIKitClasses.shared.templates)
    uikitClassNames = UIKitClasses.shared.names
    runtime.attach(to: self)
    runtime.processOfNewObjects = { [unowned self] in currentProcess }
  }

  // A runtime can outlive its device (an embedder keeps an object): UIKit's methods then find
  // no device rather than a freed one.
  deinit { runtime.attach(to: nil) }

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
    if checking { noteCallback(selector, to: receiver) }
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
    if checking { noteCallback(selector, to: receiver) }
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

  // MARK: Warnings and the host's values

  /// Warnings already given: one about the app's code is given once per run, not at every launch.
  private var warningsGiven: Set<Warning> = []

  /// Gives the warning `name` with `message`.
  func warn(_ name: Warning.Name, _ message: String) {
    host.warn(Warning(name, message))
  }

  /// Gives the warning unless this run gave it already.
  func warnOnce(_ name: Warning.Name, _ message: String) {
    warnOnce(Warning(name, message))
  }

  /// Gives `warning` unless this run gave it already.
  func warnOnce(_ warning: Warning) {
    if warningsGiven.insert(warning).inserted { host.warn(warning) }
  }

  /// A table argument: a dictionary, or named fields of the embedding layer.
  func fields(_ value: RuntimeValue) -> [String: RuntimeValue]? {
    if case .dictionary(let fields) = value { return fields }
    return host.fields(value)
  }

  /// A list argument: an array, or a list of the embedding layer.
  func list(_ value: RuntimeValue) -> [RuntimeValue]? {
    if case .array(let items) = value { return items }
    return host.list(value)
  }

  // MARK: The explorer's checks

  /// Whether the device follows the contract and records its breaches: `lifescript explore` and
  /// a counterexample it wrote turn it on; off, the lifecycle callbacks pay nothing for it.
  public var checksContract: Bool {
    get { checking }
    set { checking = newValue }
  }
  /// Unchecked for exclusivity: read at every callback, every access is in this file, and it is
  /// a plain value that no access holds across a call.
  @exclusivity(unchecked) private var checking = false

  /// Where the app broke UIKit's contract without its process ending, in order: UI work while
  /// the app is in the background, unbalanced appearance transitions, the opening callback of a
  /// will/did pair delivered twice to one object. Traces are unchanged; `lifescript explore`
  /// reports each (Documentation/Reference/explore.md#what-counts-as-broken).
  public var contractBreaches: [String] { contract.breaches }

  /// Runs `body`, a callback or notification of the machine's; inside an interface transition
  /// (`ContractChecker.interfaceTransitionSelectors`), UI work is not a breach.
  @inline(__always)
  func duringInterfaceTransition(_ transition: Bool, _ body: () throws -> Void) rethrows {
    guard transition else { return try body() }
    contract.beginInterfaceTransition()
    defer { contract.endInterfaceTransition() }
    try body()
  }

  /// The app's code sends `selector` (presenting, dismissing, pushing, popping, a window's root
  /// or key window) to `receiver`: a breach when the app is in the background.
  func noteInterfaceWork(_ selector: String, on receiver: RuntimeObject) {
    guard checking, processDepth > 0, machine.phase == .running,
      machine.applicationState == .background
    else { return }
    contract.noteInterfaceWorkInBackground(selector, on: receiver)
  }

  /// Notes a callback of a will/did pair delivered to `receiver` (a delegate, a view
  /// controller).
  func notePair(_ selector: Selector, to receiver: RuntimeObject?) {
    guard checking, let receiver else { return }
    contract.notePair(selector, to: receiver, in: &process.callbackPairs)
  }

  /// UIKit delivers `selector` to `receiver`: a breach when the object belongs to a process
  /// that has ended.
  private func noteCallback(_ selector: Selector, to receiver: RuntimeObject) {
    guard let process = receiver.process, !isRunning(process) else { return }
    contract.noteCallbackAfterTermination(selector, to: receiver)
  }

  /// The console line of unbalanced appearance transitions.
  func noteUnbalancedAppearance(_ line: String) {
    guard checking else { return }
    contract.noteUnbalancedAppearance(line)
  }

  // MARK: The process

  /// How many device events are running inside each other (see `asProcess`).
  ///
  /// It and `causedEvents` are read and written at every event, and are unchecked for
  /// exclusivity: plain values, private to this file, never passed `inout`, so no access to
  /// them spans a call.
  @exclusivity(unchecked) private var processDepth = 0
  /// Events callbacks caused at one virtual instant (see `deliverAfterCallbacks`).
  @exclusivity(unchecked) private var causedEvents: (instant: VirtualInstant, count: Int) = (
    .zero, 0
  )
  /// Counts the processes that ended: work a process left behind carries the count of its time.
  private var processGeneration = 0
  /// When each process that ended ended.
  private var processEnds: [Int: VirtualInstant] = [:]

  /// The process is gone: its UIKit objects and what it left with the system are dropped; the
  /// next launch makes new ones. Sessions waiting to reconnect at the next launch are kept
  /// (§10.2).
  func endProcess() {
    processEnds[processGeneration] = loop.now
    processGeneration += 1
    notificationCenter.removeObservers(addedBy: processGeneration - 1)
    // What the process scheduled on the main run loop goes with it.
    application?.stopBackgroundClock()
    for deadline in process.remoteNotificationDeadlines.values { loop.cancel(deadline) }
    for task in process.runningTasks.values {
      if let deadline = task.deadline { loop.cancel(deadline) }
    }
    machine.processEnded()
    application = nil
    process = ProcessState()
    heldWork = []
    let surviving = Set(machine.survivingSessions)
    install.sessions = install.sessions.filter { surviving.contains($0.key) }
    var kept = Set<ObjectIdentifier>()
    for session in install.sessions.values { keepForNextProcess(.object(session), &kept) }
  }

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

  /// Work the app scheduled for later on the main run loop (a timer, `asyncAfter` with a
  /// positive delay) falls due: as `run(partOf:)`, except that a suspended process runs no
  /// code, so the work waits until the process runs again; a repeating timer due several times
  /// meanwhile fires once then (its `key`). Work queued for the current turn (`async`) is not
  /// held: the turn in which the app is suspended runs to its end. Returns false, without
  /// running it, when the process has ended.
  @discardableResult
  public func runScheduled(
    partOf process: Int?, key: AnyHashable? = nil, _ work: @escaping () throws -> Void
  ) throws -> Bool {
    guard let process, machine.phase == .suspended else {
      return try run(partOf: process, work)
    }
    guard isRunning(process) else { return false }
    if let key, heldWork.contains(where: { $0.key == key }) { return true }
    heldWork.append(
      (key, { [unowned self] in try runScheduled(partOf: process, key: key, work) }))
    return true
  }

  /// The process runs again: the work held while it was suspended runs in the next turn of the
  /// main run loop, after the callbacks of what woke it. Asked at every step of every event.
  @inline(__always)
  func releaseHeldWork() {
    guard !heldWork.isEmpty, machine.phase == .running else { return }
    let held = heldWork
    heldWork = []
    for (_, work) in held { loop.enqueue(work) }
  }

  /// Work of the process that fell due while it was suspended: it runs when the process runs
  /// again (a suspended app runs no code), a repeating timer once however many times it was due
  /// (`key`). The process's, but kept here rather than in `process`: every step of every event
  /// asks whether there is any, so it is unchecked for exclusivity, private to this file, and no
  /// access to it spans a call (`releaseHeldWork` takes a copy). `endProcess` drops it.
  @exclusivity(unchecked) private var heldWork: [(key: AnyHashable?, work: () throws -> Void)] =
    []

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
        process.launchDeadline = nil
        machine.launchFailed(applicationExists: application != nil)
      }
      throw error
    }
  }

  // MARK: Delivering the user's and the system's events

  /// What an event carries besides the machine's event: the request's URL, quick action or
  /// activity, the notification's payload. Indirect: most events carry nothing, and a carried
  /// value is not copied along the delivery.
  indirect enum Carried {
    case nothing
    case request(SystemRequest)
    case notification(RemoteNotification)
  }

  /// One user or system event. The user and the system act between UIKit's callbacks: one that
  /// a callback causes (a scenario's `device.home()` inside `viewDidAppear:`) is delivered on
  /// the main run loop once the callbacks of the current event have run; otherwise it runs now,
  /// then the main run loop until it is idle.
  func deliver(_ event: LifecycleMachine.Event, carrying carried: Carried = .nothing) throws {
    guard
      try arrivesNow(
        event.function,
        { [unowned self] in try deliverNow(event, carrying: carried, turn: false) })
    else { return }
    causedEvents = (loop.now, 0)
    try deliverNow(event, carrying: carried, turn: true)
  }

  /// A user action that is not a life-cycle event (a tap on a control that triggers a segue),
  /// delivered as the events are: after the callbacks when one causes it, else now and then the
  /// main run loop until it is idle.
  func deliver(userAction function: String, _ action: @escaping () throws -> Void) throws {
    guard try arrivesNow(function, action) else { return }
    try action()
    try finishTurn()
  }

  /// Whether a user or system event arrives now: not inside the app's callbacks, where it is
  /// queued (`later`) to run on the main run loop once they have returned. Both arguments are
  /// made only then.
  @inline(__always)
  private func arrivesNow(
    _ function: @autoclosure () -> String, _ later: @autoclosure () -> () throws -> Void
  ) throws -> Bool {
    guard processDepth == 0 else {
      try deliverAfterCallbacks(function(), later())
      return false
    }
    return true
  }

  /// Whether app code is running: inside a UIKit callback, or work the app scheduled.
  var isRunningAppCode: Bool { processDepth > 0 }

  /// The event now, with what it carries at hand for the actions that hand it to the app
  /// (`delivery`); then (`turn`) the main run loop until it is idle.
  func deliverNow(_ event: LifecycleMachine.Event, carrying carried: Carried, turn: Bool) throws {
    switch carried {
    case .nothing:
      try runNow(event, turn: turn)
    case .request(let request):
      if machine.knowsApp { warnAboutUndeclaredScheme(request) }
      let previous = (delivery.request, delivery.requestObjects)
      delivery.request = request
      delivery.requestObjects = nil
      defer { (delivery.request, delivery.requestObjects) = previous }
      try runNow(event, turn: turn)
    case .notification(let notification):
      let previous = delivery.notification
      delivery.notification = notification
      defer { delivery.notification = previous }
      try runNow(event, turn: turn)
    }
  }

  /// The machine's actions for the event, as one step of the process, then (`turn`) the main
  /// run loop until it is idle.
  func runNow(_ event: LifecycleMachine.Event, turn: Bool = true) throws {
    if !machine.isRunning { machine.configure(launchConfiguration) }
    try asProcess { try perform(try machine.handle(event)) }
    if turn { try finishTurn() }
  }

  /// How many events callbacks caused in a row, without virtual time moving on or the scenario
  /// acting itself.
  public static let causedEventLimit = 1_000

  /// Queues an event a callback caused, to run on the main run loop, which is turning already:
  /// it runs there without a turn of its own. Callbacks that keep causing events at the same
  /// instant (an active app that goes home, whose background callback comes back) never let the
  /// loop go idle: after `causedEventLimit` of them in a row the scenario fails, rather than
  /// growing the trace until a limit stops it.
  private func deliverAfterCallbacks(_ function: String, _ work: @escaping () throws -> Void)
    throws
  {
    if causedEvents.instant != loop.now { causedEvents = (loop.now, 0) }
    causedEvents.count += 1
    guard causedEvents.count <= Self.causedEventLimit else {
      throw LifecycleError(
        "device.\(function): the app's callbacks keep causing user and system events: \(Self.causedEventLimit) in a row at \(loop.now) of virtual time, so the main run loop never goes idle; cause an event from a callback only when something changes"
      )
    }
    loop.enqueue(work)
  }

  /// The end of a device action: the main run loop runs until idle, and a launch that just
  /// finished draws its first frame.
  func finishTurn() throws {
    releaseHeldWork()
    try loop.runUntilIdle()
    if machine.awaitsFirstFrame { try perform(machine.mainRunLoopWentIdle()) }
  }
}
