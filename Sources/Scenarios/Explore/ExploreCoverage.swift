import AppLifecycle

/// What a search reached: the messages the app's objects received, the life-cycle states and
/// the transitions between them (with the event that made each), and the methods the script's
/// classes define that nothing ever called
/// (Documentation/Reference/explore.md#the-coverage-report).
public struct ExploreCoverage: Sendable, Equatable {
  /// `AppDelegate.applicationDidEnterBackground:`, as the trace writes messages.
  public private(set) var messages: Set<String> = []
  /// `running, background; scene 1 background`.
  public private(set) var states: Set<String> = []
  /// `running, active —home→ running, background`.
  public private(set) var transitions: Set<String> = []
  /// Every method the script's classes define themselves, `Class.selector`.
  public private(set) var handlers: Set<String> = []

  public init() {}

  /// A coverage as a worker process sends it (Documentation/Reference/explore.md#on-every-core).
  public init(
    messages: Set<String>, states: Set<String>, transitions: Set<String>, handlers: Set<String>
  ) {
    self.messages = messages
    self.states = states
    self.transitions = transitions
    self.handlers = handlers
  }

  /// What this coverage has that `other` has not.
  public func subtracting(_ other: ExploreCoverage) -> ExploreCoverage {
    ExploreCoverage(
      messages: messages.subtracting(other.messages), states: states.subtracting(other.states),
      transitions: transitions.subtracting(other.transitions),
      handlers: handlers.subtracting(other.handlers))
  }

  /// The handlers no message reached, sorted.
  public var handlersNeverCalled: [String] { handlers.subtracting(messages).sorted() }

  public mutating func merge(_ other: ExploreCoverage) {
    messages.formUnion(other.messages)
    states.formUnion(other.states)
    transitions.formUnion(other.transitions)
    handlers.formUnion(other.handlers)
  }

  mutating func observeState(of device: Device) {
    states.insert(Self.describeState(of: device))
  }

  mutating func observeTransition(from before: String, via event: String, on device: Device) {
    let after = Self.describeState(of: device)
    states.insert(after)
    transitions.insert("\(before) —\(event)→ \(after)")
  }

  mutating func observeMessages(in trace: Trace, from start: Int) {
    let entries = trace.entries
    guard start < entries.count else { return }
    for entry in entries[start...] {
      if case .message(let receiverClass, let selector) = entry.event {
        messages.insert("\(receiverClass).\(selector.name)")
      }
    }
  }

  /// The methods the script's classes define (not UIKit's, not ones they only inherit).
  mutating func observeHandlers(of scenario: Scenario) {
    for runtimeClass in scenario.runtime.allClasses {
      for selector in runtimeClass.selectors {
        guard let (implementation, owner) = runtimeClass.lookUp(selector), owner === runtimeClass,
          case .script = implementation
        else { continue }
        handlers.insert("\(runtimeClass.name).\(selector.name)")
      }
    }
  }

  /// The app's life-cycle state as the coverage report names it.
  static func describeState(of device: Device) -> String {
    let machine = device.machine
    switch machine.phase {
    case .notRunning: return "not running"
    case .launching: return "launching"
    case .running, .suspended:
      let phase = machine.phase == .suspended ? "suspended" : "running"
      var text = "\(phase), \(machine.applicationState.rawValue)"
      if machine.configuration.usesScenes {
        text +=
          machine.scenes.isEmpty
          ? "; no scene"
          : "; " + machine.scenes.map { "scene \($0.id) \($0.state)" }.joined(separator: ", ")
      }
      return text
    }
  }
}
