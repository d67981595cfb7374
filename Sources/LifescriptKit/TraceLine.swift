import AppLifecycle

extension Lifescript {
  /// One line of a run's trace: what UIKit created, sent, posted, logged or showed, and when.
  ///
  /// ``text`` is the line as `lifescript run --trace` prints it and `expect.events` matches it
  /// (`AppDelegate.application:didFinishLaunchingWithOptions:`); ``kind`` is the same line as
  /// a value.
  public struct TraceLine: Equatable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Equatable, Sendable {
      /// UIKit (or the app) created an object: `new AppDelegate`.
      case created(className: String)
      /// UIKit sent a message to an object of class `receiver`:
      /// `AppDelegate.application:didFinishLaunchingWithOptions:` (Objective-C spelling).
      case message(receiver: String, selector: String)
      /// A notification was posted: `post UIApplicationDidBecomeActiveNotification`.
      case notification(name: String)
      /// UIKit printed to the console: `log UIScene lifecycle will soon be required. …`.
      case log(String)
      /// An uncaught Objective-C exception ended the app's process:
      /// `exception NSInternalInconsistencyException: …`.
      case exception(name: String, reason: String)
      /// The system killed the app's process: `terminated Namespace SPRINGBOARD, …`.
      case terminated(reason: String)
      /// The system showed or removed the launch screen: `screen launch: …`,
      /// `screen launch removed`.
      case screen
      /// A user or system event changed nothing, as on a real device:
      /// `device home (ignored: already in the background)`.
      case ignored(event: String, reason: String)
      /// The app was built from an Xcode project, with what was chosen:
      /// `project MyApp.xcodeproj: target MyApp, configuration Debug, …`.
      case project(summary: String)
      /// UIKit would have sent an optional message that the receiver's class does not
      /// implement, so it sent nothing: `skipped SceneDelegate.scene:openURLContexts: (not
      /// implemented)`. `lifescript run --trace` leaves these lines out; `--trace-all` shows
      /// them.
      case skipped(receiver: String, selector: String)
      /// What the scenario did as the user or the system: `device home`, `wait 30 s`.
      case action(String)
    }

    /// What happened, as a value.
    public var kind: Kind
    /// The trace line: `new AppDelegate`, `post UIApplicationDidFinishLaunchingNotification`.
    public var text: String
    /// When it happened: seconds of virtual time since the scenario started.
    public var time: Double

    /// A line of `kind`, written `text`, at `time` seconds.
    public init(kind: Kind, text: String, time: Double) {
      self.kind = kind
      self.text = text
      self.time = time
    }

    init(_ entry: TraceEntry) {
      let kind: Kind =
        switch entry.event {
        case .created(let className): .created(className: className)
        case .message(let receiver, let selector):
          .message(receiver: receiver, selector: selector.name)
        case .notification(let name): .notification(name: name)
        case .log(let text): .log(text)
        case .exception(let exception):
          .exception(name: exception.name.rawValue, reason: exception.reason)
        case .terminated(let reason): .terminated(reason: reason)
        case .launchScreenShown, .launchScreenRemoved: .screen
        case .ignored(let event, let reason): .ignored(event: event, reason: reason)
        case .project(let summary): .project(summary: summary)
        case .skipped(let receiver, let selector):
          .skipped(receiver: receiver, selector: selector.name)
        case .action(let text): .action(text)
        }
      self.init(kind: kind, text: entry.event.line(), time: entry.time.seconds)
    }

    /// The text.
    public var description: String { text }
  }
}
