import AppLifecycle

/// The kinds of trace line
/// (Documentation/Reference/scenario-language.md#trace-and-expectations).
enum TraceLineKind: Hashable {
  case message, created, notification, log, exception, terminated, screen, device, project
  /// What UIKit skipped (`skipped …`) and what the scenario did (`device home`, `wait 30 s`):
  /// compared only when an expectation names such a line.
  case skipped, action
}

extension TraceEvent {
  var kind: TraceLineKind {
    switch self {
    case .message: .message
    case .created: .created
    case .notification: .notification
    case .log: .log
    case .exception: .exception
    case .terminated: .terminated
    case .launchScreenShown, .launchScreenRemoved: .screen
    case .ignored: .device
    case .project: .project
    case .skipped: .skipped
    case .action: .action
    }
  }
}

/// One line of an expectation: a whole trace line, or only a selector in Objective-C, Lua or
/// Swift spelling, which matches that selector sent to any receiver.
struct ExpectedLine: Equatable {
  let text: String
  /// Worked out once: `matches` runs for every line of the trace an expectation looks at.
  let kind: TraceLineKind
  /// Selectors contain neither spaces nor dots; a message line has `Receiver.` in front.
  let isSelectorOnly: Bool
  /// Whether the text could be a Swift spelling, all of which end with `)`.
  private let mayBeSwift: Bool

  init(_ text: String) {
    self.text = text
    kind = Self.kind(of: text)
    isSelectorOnly = !text.contains(" ") && !text.contains(".")
    mayBeSwift = text.last == ")"
  }

  private static func kind(of text: String) -> TraceLineKind {
    // `device home (ignored: …)` is the device's answer; `device home` is the scenario acting.
    if text.hasPrefix("device ") { return text.contains(" (ignored: ") ? .device : .action }
    for (prefix, kind) in Self.prefixes where text.hasPrefix(prefix) { return kind }
    return .message
  }

  private static let prefixes: [(String, TraceLineKind)] = [
    ("new ", .created), ("post ", .notification), ("log ", .log), ("exception ", .exception),
    ("terminated ", .terminated), ("screen ", .screen), ("project ", .project),
    ("skipped ", .skipped), ("wait ", .action), ("busy ", .action),
  ]

  private static let everySpelling: [SelectorSpelling] = [.objectiveC, .lua, .swift]
  private static let spellingsButSwift: [SelectorSpelling] = [.objectiveC, .lua]

  func matches(_ event: TraceEvent) -> Bool {
    // The Swift spelling (the costliest to write) only for text that can be one.
    let spellings = mayBeSwift ? Self.everySpelling : Self.spellingsButSwift
    if isSelectorOnly {
      guard let selector = event.selector else { return false }
      return spellings.contains { $0.write(selector.name) == text }
    }
    guard event.kind == kind else { return false }
    if event.kind == .message { return spellings.contains { event.line(spelling: $0) == text } }
    return event.line() == text
  }
}
