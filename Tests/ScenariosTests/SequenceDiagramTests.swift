import AppLifecycle
import Foundation
import Scenarios
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct SequenceDiagramTests {
  /// Trace events written like trace lines: `new X`, `X.selector`, `post N`, `log T`,
  /// `screen …`, `terminated …`, `wait N` (moves time on).
  static func trace(_ lines: [String]) -> Trace {
    let trace = Trace()
    var time = VirtualInstant.zero
    for line in lines {
      let event: TraceEvent
      if line.hasPrefix("wait ") {
        time = time.advanced(by: Double(line.dropFirst(5))!)
        continue
      } else if line.hasPrefix("new ") {
        event = .created(className: String(line.dropFirst(4)))
      } else if line.hasPrefix("post ") {
        event = .notification(name: String(line.dropFirst(5)))
      } else if line.hasPrefix("log ") {
        event = .log(String(line.dropFirst(4)))
      } else if line.hasPrefix("terminated ") {
        event = .terminated(String(line.dropFirst(11)))
      } else if line == "screen launch removed" {
        event = .launchScreenRemoved
      } else if line.hasPrefix("exception ") {
        event = .exception(ObjCException(.internalInconsistency, String(line.dropFirst(10))))
      } else {
        let dot = line.firstIndex(of: ".")!
        event = .message(
          receiverClass: String(line[..<dot]),
          selector: Selector(String(line[line.index(after: dot)...])))
      }
      trace.record(event, at: time)
    }
    return trace
  }

  /// seed 003's launch with scenes, shortened.
  static var sceneLaunch: Trace {
    trace([
      "new UIApplication",
      "new AppDelegate",
      "AppDelegate.application:didFinishLaunchingWithOptions:",
      "post UIApplicationDidFinishLaunchingNotification",
      "new UISceneConfiguration",
      "new UIWindowScene",
      "new SceneDelegate",
      "SceneDelegate.scene:willConnectToSession:options:",
      "new UIWindow",
      "new ViewController",
      "ViewController.viewDidLoad",
      "SceneDelegate.sceneDidBecomeActive:",
      "screen launch removed",
    ])
  }

  @Test func participantsComeInRoleOrderWithSystemFirst() {
    let diagram = SequenceDiagram(trace: Self.sceneLaunch)
    #expect(
      diagram.participants.map(\.name) == [
        "System", "UIApplication", "AppDelegate", "UIWindowScene", "SceneDelegate", "UIWindow",
        "ViewController", "UISceneConfiguration",
      ])
    #expect(
      diagram.participants.map(\.role) == [
        .system, .application, .appDelegate, .scene, .sceneDelegate, .window, .viewController,
        .other,
      ])
  }

  @Test func anAppThatIsItsOwnDelegateIsTheApplication() {
    let diagram = SequenceDiagram(
      trace: Self.trace([
        "new Application",
        "Application.application:didFinishLaunchingWithOptions:",
        "Application.sendEvent:",
        "post UIApplicationDidBecomeActiveNotification",
      ]))
    #expect(diagram.participants.map(\.name) == ["System", "Application"])
    #expect(
      diagram.steps == [
        .creation(from: 0, to: 1),
        .message(from: 1, to: 1, label: "application:didFinishLaunchingWithOptions:"),
        .message(from: 0, to: 1, label: "sendEvent:"),
        .note(over: 1, text: "post UIApplicationDidBecomeActiveNotification", kind: .event),
      ])
  }

  @Test func aUIApplicationSubclassIsTheClassCreatedJustBeforeTheDelegate() {
    let diagram = SequenceDiagram(
      trace: Self.trace([
        "new MyApplication", "new AppDelegate",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
      ]))
    #expect(diagram.participants.map(\.name) == ["System", "MyApplication", "AppDelegate"])
    #expect(
      diagram.steps.last
        == .message(
          from: 1, to: 2, label: "application:didFinishLaunchingWithOptions:"))
  }

  @Test func aViewControllerFinishingRestorationIsNoAppDelegate() {
    let diagram = SequenceDiagram(
      trace: Self.trace([
        "new UIApplication", "new AppDelegate", "new ListViewController",
        "ListViewController.applicationFinishedRestoringState",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
      ]))
    #expect(
      diagram.participants.map(\.role) == [
        .system, .application, .appDelegate, .viewController,
      ])
  }

  @Test func theSceneSendsSceneDelegateMessagesAndTheApplicationTheRest() {
    let diagram = SequenceDiagram(trace: Self.sceneLaunch)
    let arrows = diagram.steps.compactMap { step -> String? in
      let name = { diagram.participants[$0].name }
      switch step {
      case .message(let from, let to, let label): return "\(name(from)) -> \(name(to)) \(label)"
      case .creation(let from, let to): return "\(name(from)) -> \(name(to)) create"
      default: return nil
      }
    }
    #expect(
      arrows == [
        "System -> UIApplication create",
        "UIApplication -> AppDelegate create",
        "UIApplication -> AppDelegate application:didFinishLaunchingWithOptions:",
        "UIApplication -> UISceneConfiguration create",
        "UIApplication -> UIWindowScene create",
        "UIWindowScene -> SceneDelegate create",
        "UIWindowScene -> SceneDelegate scene:willConnectToSession:options:",
        "UIApplication -> UIWindow create",
        "UIApplication -> ViewController create",
        "UIApplication -> ViewController viewDidLoad",
        "UIWindowScene -> SceneDelegate sceneDidBecomeActive:",
      ])
  }

  @Test func eventsAreNotesOverTheApplicationAndTheSystemsOverSystem() {
    let diagram = SequenceDiagram(
      trace: Self.trace([
        "new UIApplication", "log hello", "exception boom", "terminated by the watchdog",
        "screen launch removed",
      ]))
    #expect(
      diagram.steps.dropFirst() == [
        .note(over: 1, text: "log hello", kind: .event),
        .note(over: 1, text: "exception NSInternalInconsistencyException: boom", kind: .failure),
        .note(over: 0, text: "terminated by the watchdog", kind: .system),
        .note(over: 0, text: "screen launch removed", kind: .system),
      ])
  }

  @Test func aDividerMarksEachMoveOfVirtualTime() {
    let diagram = SequenceDiagram(
      trace: Self.trace([
        "new UIApplication", "post A", "wait 1.5", "post B", "post C", "wait 30", "post D",
      ]))
    let times = diagram.steps.compactMap { step -> String? in
      if case .time(let instant) = step { return "\(instant)" }
      return nil
    }
    #expect(times == ["1.5s", "31.5s"])
  }

  @Test func selectorsAreWrittenInTheChosenSpelling() {
    let diagram = SequenceDiagram(trace: Self.sceneLaunch, spelling: .swift)
    #expect(
      diagram.mermaid.contains(
        "UIApplication->>AppDelegate: application(_:didFinishLaunchingWithOptions:)\n"))
  }

  static var legacyLaunch: Trace {
    trace([
      "new UIApplication", "new AppDelegate",
      "AppDelegate.application:didFinishLaunchingWithOptions:",
      "post UIApplicationDidFinishLaunchingNotification", "wait 5",
      "AppDelegate.applicationWillResignActive:",
    ])
  }

  @Test func mermaidIsASequenceDiagram() {
    #expect(
      SequenceDiagram(trace: Self.legacyLaunch).mermaid == """
        sequenceDiagram
          participant System
          participant UIApplication
          participant AppDelegate
          System-->>UIApplication: «create»
          UIApplication-->>AppDelegate: «create»
          UIApplication->>AppDelegate: application:didFinishLaunchingWithOptions:
          Note over UIApplication: post UIApplicationDidFinishLaunchingNotification
          Note over System,AppDelegate: t = 5s
          UIApplication->>AppDelegate: applicationWillResignActive:

        """)
  }

  @Test func plantUMLIsASequenceDiagram() {
    #expect(
      SequenceDiagram(trace: Self.legacyLaunch).plantUML == """
        @startuml
        participant System
        participant UIApplication
        participant AppDelegate
        System --> UIApplication : «create»
        UIApplication --> AppDelegate : «create»
        UIApplication -> AppDelegate : application:didFinishLaunchingWithOptions:
        note over UIApplication : post UIApplicationDidFinishLaunchingNotification
        == t <U+003D> 5s ==
        UIApplication -> AppDelegate : applicationWillResignActive:
        @enduml

        """)
  }

  static let hostile = "<script>alert(\"x\")</script> ]]> a;b # c & 'd' --e-- **f** %date() $g \\n"
  static var hostileTrace: Trace {
    trace([
      "new UIApplication", "log " + hostile, "new end", "new Odd-Name: x",
      "log " + String(repeating: "a very long console line ", count: 40),
    ])
  }

  @Test func mermaidWritesHostileTextAsEntityCodes() {
    let mermaid = SequenceDiagram(trace: Self.hostileTrace).mermaid
    #expect(
      mermaid.contains(
        "Note over UIApplication: log #lt;script#gt;alert(#quot;x#quot;)#lt;/script#gt; ]]#gt; a#59;b #35; c #amp; 'd' --e-- **f** %date() $g \\n\n"
      ))
    // Mermaid's words and names that are not identifiers get an alias.
    #expect(mermaid.contains("  participant p2 as end\n"))
    #expect(mermaid.contains("  participant p3 as Odd#45;Name#58; x\n"))
    for line in mermaid.split(separator: "\n") {
      let text = line.split(separator: ":", maxSplits: 1).dropFirst().first ?? ""
      #expect(!text.contains(";") || text.contains("#"), "\(line)")
      #expect(!text.contains("<") || text.contains("<br>"), "\(line)")
      #expect(!text.contains("\""), "\(line)")
    }
  }

  @Test func mermaidAndPlantUMLWrapLongNotes() {
    let diagram = SequenceDiagram(trace: Self.hostileTrace)
    let mermaidNote = diagram.mermaid.split(separator: "\n").last!
    #expect(mermaidNote.components(separatedBy: "<br>").count == 14)
    #expect(mermaidNote.components(separatedBy: "<br>").allSatisfy { $0.count <= 110 })
    let plantNote = diagram.plantUML.split(separator: "\n").dropLast().last!
    #expect(plantNote.components(separatedBy: "\\n").count == 14)
  }

  @Test func plantUMLWritesMarkupAsCodePoints() {
    let plantUML = SequenceDiagram(trace: Self.hostileTrace).plantUML
    #expect(
      plantUML.contains(
        "note over UIApplication : log <U+003C>script<U+003E>alert(<U+0022>x<U+0022>)<U+003C>/script<U+003E> <U+005D><U+005D><U+003E> a;b <U+0023> c <U+0026> 'd' <U+002D>-e<U+002D>- <U+002A>*f<U+002A>* <U+0025>date() <U+0024>g <U+005C>n\n"
      ))
    #expect(plantUML.contains("participant \"end\" as P2\n"))
    #expect(plantUML.contains("participant \"Odd-Name: x\" as P3\n"))
  }

  @Test func anEmptyTraceIsAnEmptyDiagram() throws {
    let diagram = SequenceDiagram(trace: Trace())
    #expect(diagram.participants.isEmpty)
    #expect(diagram.mermaid == "sequenceDiagram\n")
    #expect(diagram.plantUML == "@startuml\n@enduml\n")
    let svg = try SVGDocument(diagram.svg)
    #expect(svg.texts == ["lifescript sequence diagram", "The trace is empty."])
  }
}

@Suite struct SequenceDiagramSVGTests {
  @Test func theSVGIsWellFormedXMLWithHostileTextAsText() throws {
    let svg = try SVGDocument(SequenceDiagram(trace: SequenceDiagramTests.hostileTrace).svg)
    #expect(svg.root == "svg")
    #expect(!svg.elements.contains("script"))
    #expect(svg.texts.contains { $0.hasPrefix("log <script>alert(\"x\")</script> ]]> a;b") })
    #expect(svg.texts.contains("end"))
  }

  @Test func controlCharactersBecomeReplacementCharacters() throws {
    let trace = SequenceDiagramTests.trace(["new UIApplication", "log bell\u{7} and nul\u{0}"])
    let svg = try SVGDocument(SequenceDiagram(trace: trace).svg)
    #expect(svg.texts.contains("log bell\u{FFFD} and nul\u{FFFD}"))
  }

  @Test func aLongLogLineIsWrappedToFourLinesEndingInAnEllipsis() throws {
    let svg = try SVGDocument(SequenceDiagram(trace: SequenceDiagramTests.hostileTrace).svg)
    let note = svg.texts.filter { $0.contains("very long") || $0.hasPrefix("line") }
    #expect(note.count == 4)
    #expect(note.allSatisfy { $0.count <= 64 })
    #expect(note.last!.hasSuffix("…"))
    #expect(svg.width < 700)
  }

  @Test func arrowsStartAndEndOnLifelinesAndTheirLabelsFitBetween() throws {
    let svg = try SVGDocument(SequenceDiagram(trace: SequenceDiagramTests.sceneLaunch).svg)
    let lifelines = Set(
      svg.lines.filter { $0.x1 == $0.x2 && $0.y2 - $0.y1 > 100 }.map(\.x1))
    #expect(lifelines.count == 8)
    let arrows = svg.lines.filter { $0.y1 == $0.y2 && $0.x1 != $0.x2 }
    #expect(arrows.count == 11)
    for arrow in arrows {
      #expect(lifelines.contains(arrow.x1))
      // The line stops a pixel short so the arrowhead's tip is on the lifeline.
      #expect(lifelines.contains { abs($0 - arrow.x2) <= 1 })
    }
    for label in svg.centeredLabels {
      let arrow = try #require(arrows.first { $0.y1 > label.y && $0.y1 - label.y < 10 })
      #expect(
        Double(label.text.count) * 12 * 0.61 < abs(arrow.x2 - arrow.x1), "\(label.text)")
    }
  }

  @Test func theViewBoxHoldsEverythingDrawn() throws {
    let svg = try SVGDocument(SequenceDiagram(trace: SequenceDiagramTests.hostileTrace).svg)
    for rect in svg.rects {
      #expect(rect.x >= svg.viewBox[0] && rect.x + rect.width <= svg.viewBox[0] + svg.viewBox[2])
      #expect(rect.y >= svg.viewBox[1] && rect.y + rect.height <= svg.viewBox[1] + svg.viewBox[3])
    }
  }
}

/// What the tests read back from an SVG document, parsed with Foundation's XMLParser.
final class SVGDocument: NSObject, XMLParserDelegate {
  struct Line { var x1, y1, x2, y2: Double }
  struct Rect { var x, y, width, height: Double }

  var root: String?
  var elements: Set<String> = []
  var texts: [String] = []
  var centeredLabels: [(text: String, y: Double)] = []
  var lines: [Line] = []
  var rects: [Rect] = []
  var viewBox: [Double] = []
  var width = 0.0
  private var text: String?
  private var attributes: [String: String] = [:]

  init(_ svg: String) throws {
    super.init()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    guard parser.parse() else {
      throw parser.parserError ?? CocoaError(.fileReadCorruptFile)
    }
  }

  func parser(
    _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    if root == nil {
      root = element
      viewBox = (attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
      width = Double(attributes["width"] ?? "") ?? 0
    }
    elements.insert(element)
    let number = { (name: String) in Double(attributes[name] ?? "") ?? 0 }
    switch element {
    case "line":
      lines.append(Line(x1: number("x1"), y1: number("y1"), x2: number("x2"), y2: number("y2")))
    case "rect":
      if attributes["width"]?.hasSuffix("%") == false {
        rects.append(
          Rect(x: number("x"), y: number("y"), width: number("width"), height: number("height")))
      }
    case "text", "title":
      text = ""
      self.attributes = attributes
    default: break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text? += string
  }

  func parser(
    _ parser: XMLParser, didEndElement element: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    guard let text, element == "text" || element == "title" else { return }
    texts.append(text)
    if attributes["text-anchor"] == "middle", attributes["font-weight"] == nil {
      centeredLabels.append((text, Double(attributes["y"] ?? "") ?? 0))
    }
    self.text = nil
  }
}
