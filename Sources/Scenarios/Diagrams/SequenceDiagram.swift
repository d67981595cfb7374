import AppLifecycle

/// One run's trace as a sequence diagram: who took part, and the arrows and notes between them,
/// ready to be written as Mermaid (`mermaid`), PlantUML (`plantUML`) or a self-contained SVG
/// (`svg`).
///
/// The trace names only the class that received each message, so participants are classes, and
/// each class's role is read from the trace (`Role.init`). Participants come in this order when
/// present: `System` (SpringBoard and the OS), the application, app delegates, scenes, scene
/// delegates, windows, view controllers, then every other class in order of first appearance.
///
/// The trace does not record who sent a message either. The diagram draws UIKit as the sender,
/// by the receiver's role:
/// - the system sends the process-level events to the application: it launches the process
///   (creating the application object in `UIApplicationMain`) and delivers events (`sendEvent:`);
/// - the application sends the rest of its own messages to itself (an app that is its own
///   delegate), and sends app-delegate messages, and messages to scenes, windows, view
///   controllers and other classes;
/// - the scene (the most recently created `UIWindowScene`) sends scene-delegate messages.
/// Creations (`new X`) are «create» arrows from the same sender. Notifications, console logs
/// and exceptions are notes over the application; launch screens and the system's kills are
/// notes over `System`. What the scenario did (`device home`, `wait 30 s`) is a divider across
/// the diagram, and so, where virtual time has moved since the previous line, is `t = 5s`.
/// Optional messages UIKit skipped are not drawn: nothing was sent.
public struct SequenceDiagram: Sendable {
  /// What a participant is to UIKit, as the trace shows it.
  public enum Role: Int, Comparable, Sendable {
    case system, application, appDelegate, scene, sceneDelegate, window, viewController, other

    public static func < (lhs: Role, rhs: Role) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  public struct Participant: Equatable, Sendable {
    public var name: String
    public var role: Role
  }

  /// How a note is drawn: an event of the app, a failure, or the system's.
  public enum NoteKind: Sendable {
    case event, failure, system
  }

  /// One row of the diagram. Participants are indices into `participants`.
  public enum Step: Equatable, Sendable {
    case message(from: Int, to: Int, label: String)
    case creation(from: Int, to: Int)
    case note(over: Int, text: String, kind: NoteKind)
    /// Virtual time moved to this instant.
    case time(VirtualInstant)
    /// The scenario acted as the user or the system (`device home`, `wait 30 s`): a divider
    /// across every lifeline.
    case action(String)
  }

  public private(set) var participants: [Participant] = []
  public private(set) var steps: [Step] = []

  /// The diagram of `trace`, with selectors written in `spelling` (`--names`).
  public init(trace: Trace, spelling: SelectorSpelling = .objectiveC) {
    self.init(entries: Array(trace.entries), spelling: spelling)
  }

  public init(entries: [TraceEntry], spelling: SelectorSpelling = .objectiveC) {
    // What UIKit skipped was never sent: no arrow to draw.
    let entries = entries.filter { $0.event.detail <= .standard }
    let roles = Self.roles(of: entries)
    // UIKit's own classes are one participant; the app's classes each their own.
    let group = { (name: String) in Self.isUIKitClass(name) ? Self.uikit : name }
    // Participants in role order, first appearance within a role; System is keyed apart from
    // the classes, so a script class named System stays a participant of its own.
    var index: [String: Int] = [:]
    var systemIndex: Int?
    let present = Self.classesInOrder(entries)
    let needsSystem = entries.contains { Self.involvesSystem($0.event, roles: roles) }
    var ordered: [Participant] = []
    var seen = Set<String>()
    for name in present where seen.insert(group(name)).inserted {
      let role = group(name) == Self.uikit ? Role.application : roles[name] ?? .other
      ordered.append(Participant(name: group(name), role: role))
    }
    if needsSystem { ordered.append(Participant(name: "System", role: .system)) }
    // A sender the trace never names (notes before any application exists) is added as UIKit's.
    let firstApplication = group(present.first { roles[$0] == .application } ?? "UIApplication")
    if !seen.contains(firstApplication) {
      ordered.append(Participant(name: firstApplication, role: .application))
    }
    ordered = ordered.enumerated().sorted {
      ($0.element.role, $0.offset) < ($1.element.role, $1.offset)
    }.map(\.element)
    for (position, participant) in ordered.enumerated() {
      if participant.role == .system {
        systemIndex = position
      } else {
        index[participant.name] = position
      }
    }
    participants = ordered

    var application = firstApplication
    var scene: String?
    var time = VirtualInstant.zero
    var used = Set<Int>()
    func sender(of receiver: String) -> Int {
      switch roles[receiver] ?? .other {
      case .sceneDelegate: index[scene ?? application]!
      default: index[application]!
      }
    }
    let uikitIndex = { index[Self.uikit] ?? index[application]! }
    for entry in entries {
      if entry.time != time {
        time = entry.time
        steps.append(.time(time))
      }
      switch entry.event {
      case .created(let className):
        let role = roles[className] ?? .other
        if role == .application { application = group(className) }
        if role == .scene { scene = group(className) }
        if group(className) == Self.uikit, role != .application {
          // UIKit making one of its own objects: a note, not an arrow to itself.
          steps.append(.note(over: uikitIndex(), text: entry.event.line(), kind: .event))
        } else {
          let from = role == .application ? systemIndex! : sender(of: className)
          steps.append(.creation(from: from, to: index[group(className)]!))
        }
      case .message(let receiver, let selector):
        let to = index[group(receiver)]!
        let from =
          roles[receiver] == .application
          ? (selector.name == "sendEvent:" ? systemIndex! : to)
          : group(receiver) == Self.uikit ? to : sender(of: receiver)
        // Within UIKit, the label says which of its classes received the message.
        let label = spelling.write(selector.name)
        steps.append(
          .message(
            from: from, to: to,
            label: group(receiver) == Self.uikit ? "\(receiver).\(label)" : label))
      case .notification, .log:
        steps.append(.note(over: index[application]!, text: entry.event.line(), kind: .event))
      case .exception:
        steps.append(.note(over: index[application]!, text: entry.event.line(), kind: .failure))
      case .terminated, .launchScreenShown, .launchScreenRemoved, .ignored, .project:
        steps.append(.note(over: systemIndex!, text: entry.event.line(), kind: .system))
      case .action(let text):
        steps.append(.action(text))
      case .skipped:
        continue
      }
      switch steps.last! {
      case .message(let from, let to, _), .creation(let from, let to):
        used.formUnion([from, to])
      case .note(let over, _, _): used.insert(over)
      case .time, .action: break
      }
    }
    // The fallback application is only a participant if something was drawn on it.
    if !seen.contains(firstApplication), let unused = index[firstApplication],
      !used.contains(unused)
    {
      remove(participant: unused)
    }
  }

  private mutating func remove(participant removed: Int) {
    participants.remove(at: removed)
    let shift = { (position: Int) in position > removed ? position - 1 : position }
    steps = steps.map { step in
      switch step {
      case .message(let from, let to, let label):
        .message(from: shift(from), to: shift(to), label: label)
      case .creation(let from, let to): .creation(from: shift(from), to: shift(to))
      case .note(let over, let text, let kind): .note(over: shift(over), text: text, kind: kind)
      case .time, .action: step
      }
    }
  }

  /// The participant that stands for UIKit's own classes.
  public static let uikit = "UIKit"

  /// Whether `name` is one of the framework's classes (`UIApplication`, `UIWindowScene`,
  /// `NSURL`, `BGAppRefreshTask`, `UNNotificationResponse`): a framework prefix, then a capital.
  /// The app's classes, subclasses of UIKit's included, have names of their own.
  static func isUIKitClass(_ name: String) -> Bool {
    let scalars = Array(name.unicodeScalars.prefix(3))
    guard scalars.count == 3, ("A"..."Z").contains(scalars[2]) else { return false }
    return ["UI", "NS", "BG", "UN"].contains(String(String.UnicodeScalarView(scalars[..<2])))
  }

  private static func involvesSystem(_ event: TraceEvent, roles: [String: Role]) -> Bool {
    switch event {
    case .terminated, .launchScreenShown, .launchScreenRemoved, .ignored, .project: true
    case .created(let className): roles[className] == .application
    case .message(let receiver, let selector):
      roles[receiver] == .application && selector.name == "sendEvent:"
    default: false
    }
  }

  /// Every class the trace names, in order of first appearance.
  private static func classesInOrder(_ entries: [TraceEntry]) -> [String] {
    var seen = Set<String>()
    var order: [String] = []
    for entry in entries {
      let name: String
      switch entry.event {
      case .created(let className): name = className
      case .message(let receiver, _): name = receiver
      default: continue
      }
      if seen.insert(name).inserted { order.append(name) }
    }
    return order
  }

  /// Each class's role, from what it received and how it was created.
  ///
  /// - An app delegate receives a UIApplicationDelegate method: a selector whose first part
  ///   starts with `application` and takes an argument (`applicationDidBecomeActive:`, not
  ///   UIViewController's `applicationFinishedRestoringState`).
  /// - The application is `UIApplication`, or the class created just before an app delegate
  ///   (`UIApplicationMain` creates the principal class, then the delegate), or, when neither
  ///   names one, the app delegate itself (a `UIApplication` subclass that is its own delegate).
  /// - A scene delegate receives a `scene…:`/`windowScene…:` method or
  ///   `stateRestorationActivityForScene:`; a scene is `UIWindowScene` (or another `…Scene`).
  /// - A window is a `…Window` class or receives `setRootViewController:`/`makeKeyAndVisible`.
  /// - A view controller is a `…Controller` class or receives a `view…` method (`viewDidLoad`).
  /// When a class fits several, the earlier role in this list wins.
  static func roles(of entries: [TraceEntry]) -> [String: Role] {
    var evidence: [String: Set<Role>] = [:]
    var creations: [Int] = []
    for (position, entry) in entries.enumerated() {
      switch entry.event {
      case .created(let className):
        evidence[className, default: []].formUnion(roles(ofName: className))
        creations.append(position)
      case .message(let receiver, let selector):
        evidence[receiver, default: []].formUnion(roles(ofName: receiver))
        if let role = role(receiving: selector.name) {
          evidence[receiver, default: []].insert(role)
        }
      default: continue
      }
    }
    let appDelegates = Set(evidence.filter { $0.value.contains(.appDelegate) }.keys)
    var applications = Set(evidence.filter { $0.value.contains(.application) }.keys)
    if applications.isEmpty {
      for position in creations {
        guard case .created(let name) = entries[position].event, appDelegates.contains(name)
        else { continue }
        if position > 0, case .created(let previous) = entries[position - 1].event,
          !appDelegates.contains(previous)
        {
          applications.insert(previous)
        }
      }
    }
    if applications.isEmpty, let ownDelegate = firstCreated(of: appDelegates, in: entries) {
      applications.insert(ownDelegate)
    }
    for name in applications { evidence[name, default: []].insert(.application) }
    return evidence.mapValues { $0.min() ?? .other }
  }

  private static func firstCreated(of names: Set<String>, in entries: [TraceEntry]) -> String? {
    for entry in entries {
      if case .created(let name) = entry.event, names.contains(name) { return name }
    }
    return nil
  }

  private static func roles(ofName name: String) -> Set<Role> {
    var roles = Set<Role>()
    if name == "UIApplication" { roles.insert(.application) }
    if name.hasSuffix("Scene") { roles.insert(.scene) }
    if name.hasSuffix("Window") { roles.insert(.window) }
    if name.hasSuffix("Controller") { roles.insert(.viewController) }
    return roles
  }

  private static func role(receiving selector: String) -> Role? {
    let firstPart = selector.prefix { $0 != ":" }
    let takesArgument = firstPart.count < selector.count
    if firstPart.hasPrefix("application"), takesArgument { return .appDelegate }
    if firstPart.hasPrefix("scene") || firstPart.hasPrefix("windowScene"), takesArgument {
      return .sceneDelegate
    }
    if selector == "stateRestorationActivityForScene:" { return .sceneDelegate }
    if selector == "setRootViewController:" || selector == "makeKeyAndVisible" { return .window }
    if firstPart.hasPrefix("view"), firstPart.dropFirst(4).first?.isUppercase == true {
      return .viewController
    }
    return nil
  }
}
