import AppLifecycle
import Testing

@testable import Scenarios

/// ExpectedLine works out its kind once and writes the Swift spelling only for text ending in
/// `)`: it must match exactly what comparing every spelling of every line matched.
@Suite struct ExpectedLineMatchTests {
  static let selectors = [
    "sceneDidBecomeActive:", "scene:willConnectToSession:options:", "viewDidLoad",
    "application:openURL:options:", "application:didFinishLaunchingWithOptions:", "init", "a::",
  ]

  static var events: [TraceEvent] {
    var events: [TraceEvent] = [
      .created(className: "SceneDelegate"),
      .notification(name: "UIApplicationDidBecomeActiveNotification"),
      .log("hello (world)"), .action("device home"), .launchScreenRemoved,
    ]
    for name in selectors {
      events.append(.message(receiverClass: "SceneDelegate", selector: Selector(name)))
      events.append(.message(receiverClass: "A.B", selector: Selector(name)))
      events.append(.skipped(receiverClass: "AppDelegate", selector: Selector(name)))
    }
    return events
  }

  /// What matching was before: every spelling, always.
  func everySpelling(_ text: String, _ event: TraceEvent) -> Bool {
    let line = ExpectedLine(text)
    let spellings: [SelectorSpelling] = [.objectiveC, .lua, .swift]
    if line.isSelectorOnly {
      guard let selector = event.selector else { return false }
      return spellings.contains { $0.write(selector.name) == text }
    }
    guard event.kind == line.kind else { return false }
    if event.kind == .message { return spellings.contains { event.line(spelling: $0) == text } }
    return event.line() == text
  }

  @Test func matchesAsEverySpellingDid() {
    var texts: [String] = ["log hello (world)", "device home", "screen launch removed", "x)"]
    for event in Self.events {
      for spelling in [SelectorSpelling.objectiveC, .lua, .swift] {
        texts.append(event.line(spelling: spelling))
        if let selector = event.selector { texts.append(spelling.write(selector.name)) }
      }
    }
    var disagreements: [String] = []
    var matched = 0
    for text in texts {
      for event in Self.events {
        let expected = everySpelling(text, event)
        if expected { matched += 1 }
        if ExpectedLine(text).matches(event) != expected {
          disagreements.append("\(text) for \(event.line())")
        }
      }
    }
    #expect(disagreements == [])
    #expect(matched > 50)
  }

  @Test(arguments: [
    ("scene(_:willConnectTo:options:)", true),
    ("SceneDelegate.scene(_:willConnectTo:options:)", true),
    ("scene_willConnectToSession_options", true),
    ("SceneDelegate.scene:willConnectToSession:options:", true),
    ("scene(_:willConnectTo:options:", false),
  ])
  func aSwiftSpellingStillMatches(text: String, matches: Bool) {
    let event = TraceEvent.message(
      receiverClass: "SceneDelegate", selector: Selector("scene:willConnectToSession:options:"))
    #expect(ExpectedLine(text).matches(event) == matches)
  }
}
