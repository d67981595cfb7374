/// UIKit's contract with the app beyond what ends its process: what a backgrounded or suspended
/// app may do, and the will/did pairs each object hears
/// (Documentation/UIKit/background-and-foreground.md#what-a-backgrounded-app-runs,
/// Documentation/Reference/explore.md#what-counts-as-broken).
extension Device {
  /// The callbacks (and their notifications) in which the app's interface comes on or goes off
  /// the screen: UI work in them is expected, though the app's state still reads background
  /// (a scene connecting, entering the foreground; entering the background, before the
  /// snapshot).
  static let interfaceTransitionSelectors: [Selector] = [
    Selector("applicationWillEnterForeground:"), Selector("applicationDidEnterBackground:"),
    Selector("sceneWillEnterForeground:"), Selector("sceneDidEnterBackground:"),
    Selector("scene:willConnectToSession:options:"),
  ]
  static let interfaceTransitionNotifications: Set<String> = [
    "UIApplicationWillEnterForegroundNotification", "UIApplicationDidEnterBackgroundNotification",
    "UISceneWillEnterForegroundNotification", "UISceneDidEnterBackgroundNotification",
    "UISceneWillConnectNotification",
  ]

  /// Runs `body`, a callback or notification of the machine's; inside an interface transition,
  /// UI work is not a breach.
  @inline(__always)
  func duringInterfaceTransition(_ transition: Bool, _ body: () throws -> Void) rethrows {
    guard transition else { return try body() }
    interfaceTransitions += 1
    defer { interfaceTransitions -= 1 }
    try body()
  }

  /// The app's code sends `selector` (presenting, dismissing, pushing, popping, a window's root
  /// or key window) to `receiver`: a breach when the app is in the background outside the
  /// callbacks of an interface transition. Its windows are not on the screen, so the work is
  /// not seen, and the system snapshot was taken already.
  func noteInterfaceWork(_ selector: String, on receiver: RuntimeObject) {
    guard checksContract, processDepth > 0, interfaceTransitions == 0, machine.phase == .running,
      machine.applicationState == .background
    else { return }
    contractBreaches.append(
      "UI work in the background: the app sent \(selector) to \(receiver.objectDescription) while it was in the background, where its windows are not on the screen"
    )
  }

  /// Notes a callback of a will/did pair delivered to `receiver` (a delegate, a view
  /// controller); the opening callback of a pair delivered again before one that closes it is
  /// a breach.
  func notePair(_ selector: Selector, to receiver: RuntimeObject?) {
    guard checksContract, let receiver,
      let unclosed = callbackPairs.deliver(selector, to: receiver.identifier)
    else { return }
    contractBreaches.append(
      "unbalanced callbacks: \(receiver.objectDescription) got \(selector.name) twice without \(unclosed) between them"
    )
  }

  /// UIKit delivers `selector` to `receiver`: a breach when the object belongs to a process that
  /// has ended, after its `applicationWillTerminate:` or without one (UIKit calls nothing of an
  /// app whose process is gone:
  /// Documentation/UIKit/termination.md#what-ends-with-the-process). UIKit keeps this itself, so
  /// the check guards the model, as it does for the pairs UIKit keeps.
  @inline(__always)
  func noteCallback(_ selector: Selector, to receiver: RuntimeObject) {
    guard checksContract, let process = receiver.process, !isRunning(process) else { return }
    contractBreaches.append(
      "a callback after termination: \(receiver.objectDescription) got \(selector.name) after its process ended"
    )
  }

  /// The console line of unbalanced appearance transitions is the app's container's bug.
  func noteUnbalancedAppearance(_ line: String) {
    guard checksContract else { return }
    contractBreaches.append(line)
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
  /// main run loop, after the callbacks of what woke it.
  func releaseHeldWork() {
    guard !heldWork.isEmpty, machine.phase == .running else { return }
    let held = heldWork
    heldWork = []
    for (_, work) in held { loop.enqueue(work) }
  }
}

/// The will/did pairs UIKit delivers, per object: `…DidBecomeActive` until `…WillResignActive`,
/// `…WillEnterForeground` until `…DidEnterBackground`, `viewWillAppear:` until `viewDidAppear:`
/// or `viewWillDisappear:`, `viewWillDisappear:` until `viewDidDisappear:` or `viewWillAppear:`.
/// Every lifecycle callback passes here: selectors compare by number, and each object's open
/// pairs are the bits of one byte.
struct CallbackPairs {
  /// Each pair's opening callback; a pair is its index here.
  private static let openers: [Selector] = [
    Selector("applicationDidBecomeActive:"), Selector("sceneDidBecomeActive:"),
    Selector("applicationWillEnterForeground:"), Selector("sceneWillEnterForeground:"),
    Selector("viewWillAppear:"), Selector("viewWillDisappear:"),
  ]
  /// The callbacks that close pairs, with the pairs each closes (bits by index in `openers`).
  private static let closers: [(selector: Selector, pairs: UInt8)] = [
    (Selector("applicationWillResignActive:"), 1 << 0),
    (Selector("sceneWillResignActive:"), 1 << 1),
    (Selector("applicationDidEnterBackground:"), 1 << 2),
    (Selector("sceneDidEnterBackground:"), 1 << 3),
    (Selector("viewDidAppear:"), 1 << 4), (Selector("viewWillDisappear:"), 1 << 4),
    (Selector("viewDidDisappear:"), 1 << 5), (Selector("viewWillAppear:"), 1 << 5),
  ]

  /// The pairs each object (by its runtime identifier) is inside of; objects inside none are
  /// not kept.
  private var open: [Int: UInt8] = [:]

  /// Notes `selector` delivered to the object `object`; returns the callbacks that should have
  /// come first (`"viewDidAppear: or viewWillDisappear:"`) when it opens a pair already open.
  mutating func deliver(_ selector: Selector, to object: Int) -> String? {
    var opens: UInt8 = 0
    for (index, opener) in Self.openers.enumerated() where opener == selector {
      opens = 1 << index
    }
    var closes: UInt8 = 0
    for closer in Self.closers where closer.selector == selector { closes |= closer.pairs }
    guard opens | closes != 0 else { return nil }
    let before = open[object] ?? 0
    let after = (before & ~closes) | opens
    open[object] = after == 0 ? nil : after
    guard before & opens != 0 else { return nil }
    return Self.closers.filter { $0.pairs & opens != 0 }.map(\.selector.name)
      .joined(separator: " or ")
  }

  /// How many pairs are open.
  var count: Int { open.values.reduce(0) { $0 + $1.nonzeroBitCount } }
}
