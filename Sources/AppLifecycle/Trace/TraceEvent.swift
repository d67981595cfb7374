/// One observable step of a run: the unit of assertions, reporters, diagrams and golden files.
public enum TraceEvent: Equatable, Sendable {
  /// UIKit (or the app) created an object: `new AppDelegate`.
  case created(className: String)
  /// UIKit sent a message: `AppDelegate.application:didFinishLaunchingWithOptions:`.
  case message(receiverClass: String, selector: Selector)
  /// A notification was posted: `post UIApplicationDidFinishLaunchingNotification`.
  case notification(name: String)
  /// UIKit printed to the console: `log [Application] The app delegate must implement ...`.
  case log(String)
  /// An uncaught exception ended the simulated process.
  // Boxed, as the launch screen: an exception is rare and larger than a message line.
  indirect case exception(ObjCException)
  /// The system killed the process (the watchdog): `terminated Namespace SPRINGBOARD, ...`.
  case terminated(String)
  /// The system showed the launch screen of a cold launch, drawn now or from the install's
  /// cache (reference §8): `screen launch: LaunchScreen.storyboard`,
  /// `screen launch (cached snapshot): LaunchScreen.storyboard`.
  // Boxed: every trace entry is as large as the largest case, and a launch screen is large.
  indirect case launchScreenShown(LaunchScreen, cached: Bool)
  /// The app's first frame replaced the launch screen: `screen launch removed`.
  case launchScreenRemoved
  /// A user or system event that changed nothing, as on a real device, and why:
  /// `device home (ignored: already in the background)`.
  case ignored(event: String, reason: String)
  /// The app was built from an Xcode project (`Project`), and what lifescript chose:
  /// `project MyApp.xcodeproj: target MyApp, configuration Debug, module MyApp, ...`.
  case project(String)
  /// UIKit would have sent an optional message, but the receiver's class does not implement it
  /// (UIKit asks `respondsToSelector:` first, so nothing is called):
  /// `skipped SceneDelegate.scene:openURLContexts: (not implemented)`. Only `--trace-all` and
  /// failure reports show these lines
  /// (Documentation/Reference/scenario-language.md#what-uikit-skipped).
  case skipped(receiverClass: String, selector: Selector)
  /// What the scenario did as the user or the system, as it did it: `device home`,
  /// `device open_url demo://item/7`, `wait 30 s`
  /// (Documentation/Reference/scenario-language.md#user-actions-in-the-trace).
  case action(String)

  /// The trace line (Documentation/Reference/scenario-language.md#trace-and-expectations),
  /// with selectors in the given spelling.
  public func line(spelling: SelectorSpelling = .objectiveC) -> String {
    switch self {
    case .created(let className): "new \(className)"
    case .message(let receiverClass, let selector):
      "\(receiverClass).\(spelling.write(selector.name))"
    case .notification(let name): "post \(name)"
    case .log(let text): "log \(text)"
    case .exception(let exception): "exception \(exception)"
    case .terminated(let reason): "terminated \(reason)"
    case .launchScreenShown(let screen, let cached):
      cached ? "screen launch (cached snapshot): \(screen)" : "screen launch: \(screen)"
    case .launchScreenRemoved: "screen launch removed"
    case .ignored(let event, let reason): "device \(event) (ignored: \(reason))"
    case .project(let summary): "project \(summary)"
    case .skipped(let receiverClass, let selector):
      "skipped \(receiverClass).\(spelling.write(selector.name)) (not implemented)"
    case .action(let text): text
    }
  }

  /// The least detailed view of the trace that shows this line.
  public var detail: TraceDetail {
    switch self {
    case .action: .standard
    case .skipped: .all
    default: .checked
    }
  }

  /// The selector of a message line.
  public var selector: Selector? {
    if case .message(_, let selector) = self { return selector }
    return nil
  }
}

/// How much of a trace a view shows. Each level shows the lines of the levels before it.
public enum TraceDetail: Int, Comparable, Sendable {
  /// What expectations and golden traces compare: what UIKit created, sent, posted, logged and
  /// showed.
  case checked
  /// Also what the scenario did (`device home`, `wait 30 s`): `lifescript run --trace` and
  /// diagrams.
  case standard
  /// Also the optional messages UIKit skipped because the app does not implement them:
  /// `lifescript run --trace-all` and failure reports.
  case all

  public static func < (lhs: TraceDetail, rhs: TraceDetail) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A trace event and the virtual time it happened at.
public struct TraceEntry: Equatable, Sendable {
  public var event: TraceEvent
  public var time: VirtualInstant

  public init(_ event: consuming TraceEvent, at time: VirtualInstant) {
    self.event = event
    self.time = time
  }
}
