import AppLifecycle
import Foundation
import Scenarios
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct SequenceDiagramTests {
  /// Trace events written like trace lines: `new X`, `X.selector`, `post N`, `log T`,
  /// `screen …`, `terminated …`, `skipped X.selector`, `wait N` (moves time on), and
  /// `act TEXT` for what the scenario did (`act device home`).
  static func trace(_ lines: [String]) -> Trace {
    let trace = Trace()
    var time = VirtualInstant.zero
    for line in lines {
      let event: TraceEvent
      if line.hasPrefix("wait ") {
        time = time.advanced(by: Double(line.dropFirst(5))!)
        continue
      } else if line.hasPrefix("act ") {
        event = .action(String(line.dropFirst(4)))
      } else if line.hasPrefix("skipped ") {
        let rest = line.dropFirst(8)
        let dot = rest.firstIndex(of: ".")!
        event = .skipped(
          receiverClass: String(rest[..<dot]),
          selector: Selector(String(rest[rest.index(after: dot)...])))
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

  @Test func participantsComeInRoleOrderWithSystemFirstAndUIKitsClassesAsOne() {
    let diagram = SequenceDiagram(trace: Self.sceneLaunch)
    #expect(
      diagram.participants.map(\.name) == [
        "System", "UIKit", "AppDelegate", "SceneDelegate", "ViewController",
      ])
    #expect(
      diagram.participants.map(\.role) == [
        .system, .application, .appDelegate, .sceneDelegate, .viewController,
      ])
  }

  @Test func uikitsClassesAreTheirFrameworksPrefixThenACapital() {
    for name in ["UIApplication", "UIWindowScene", "NSURL", "BGAppRefreshTask", "UNNotification"] {
      #expect(
        SequenceDiagram(trace: Self.trace(["new \(name)"])).participants.map(\.name).contains(
          "UIKit"), "\(name)")
    }
    for name in ["UIcon", "UI", "Application", "MyUIView", "NSupport", "uiView"] {
      let diagram = SequenceDiagram(trace: Self.trace(["new UIApplication", "new \(name)"]))
      #expect(diagram.participants.map(\.name).contains(name), "\(name)")
    }
  }

  @Test func aMessageToOneOfUIKitsClassesIsAnArrowToItselfNamingTheClass() {
    let diagram = SequenceDiagram(
      trace: Self.trace(["new UIApplication", "new UIWindow", "UIWindow.makeKeyAndVisible"]))
    #expect(
      diagram.steps == [
        .creation(from: 0, to: 1),
        .note(over: 1, text: "new UIWindow", kind: .event),
        .message(from: 1, to: 1, label: "UIWindow.makeKeyAndVisible"),
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

  @Test func uikitSendsTheDelegatesTheirMessagesAndMakingItsOwnObjectsIsANote() {
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
        "System -> UIKit create",
        "UIKit -> AppDelegate create",
        "UIKit -> AppDelegate application:didFinishLaunchingWithOptions:",
        "UIKit -> SceneDelegate create",
        "UIKit -> SceneDelegate scene:willConnectToSession:options:",
        "UIKit -> ViewController create",
        "UIKit -> ViewController viewDidLoad",
        "UIKit -> SceneDelegate sceneDidBecomeActive:",
      ])
    #expect(
      diagram.steps.contains(.note(over: 1, text: "new UIWindowScene", kind: .event)))
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
        "UIKit->>AppDelegate: application(_:didFinishLaunchingWithOptions:)\n"))
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
          participant UIKit
          participant AppDelegate
          System-->>UIKit: «create»
          UIKit-->>AppDelegate: «create»
          UIKit->>AppDelegate: application:didFinishLaunchingWithOptions:
          Note over UIKit: post UIApplicationDidFinishLaunchingNotification
          Note over System,AppDelegate: t = 5s
          UIKit->>AppDelegate: applicationWillResignActive:

        """)
  }

  @Test func plantUMLIsASequenceDiagram() {
    #expect(
      SequenceDiagram(trace: Self.legacyLaunch).plantUML == """
        @startuml
        participant System
        participant UIKit
        participant AppDelegate
        System --> UIKit : «create»
        UIKit --> AppDelegate : «create»
        UIKit -> AppDelegate : application:didFinishLaunchingWithOptions:
        note over UIKit : post UIApplicationDidFinishLaunchingNotification
        == t <U+003D> 5s ==
        UIKit -> AppDelegate : applicationWillResignActive:
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
        "Note over UIKit: log #lt;script#gt;alert(#quot;x#quot;)#lt;/script#gt; ]]#gt; a#59;b #35; c #amp; 'd' --e-- **f** %date() $g \\n\n"
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
        "note over UIKit : log <U+003C>script<U+003E>alert(<U+0022>x<U+0022>)<U+003C>/script<U+003E> <U+005D><U+005D><U+003E> a;b <U+0023> c <U+0026> 'd' <U+002D>-e<U+002D>- <U+002A>*f<U+002A>* <U+0025>date() <U+0024>g <U+005C>n\n"
      ))
    #expect(plantUML.contains("participant \"end\" as P2\n"))
    #expect(plantUML.contains("participant \"Odd-Name: x\" as P3\n"))
  }

  static var actedLaunch: Trace {
    trace([
      "new UIApplication", "new AppDelegate",
      "AppDelegate.application:didFinishLaunchingWithOptions:",
      "skipped AppDelegate.applicationDidBecomeActive:", "act device home",
      "AppDelegate.applicationDidEnterBackground:", "act wait 30 s",
    ])
  }

  @Test func whatTheScenarioDidIsADividerAndWhatUIKitSkippedIsNotDrawn() {
    let diagram = SequenceDiagram(trace: Self.actedLaunch)
    #expect(
      Array(diagram.steps.dropFirst(3)) == [
        .action("device home"),
        .message(from: 1, to: 2, label: "applicationDidEnterBackground:"),
        .action("wait 30 s"),
      ])
    #expect(
      diagram.mermaid.hasSuffix(
        """
          Note over System,AppDelegate: device home
          UIKit->>AppDelegate: applicationDidEnterBackground:
          Note over System,AppDelegate: wait 30 s

        """))
    #expect(
      diagram.plantUML.hasSuffix(
        """
        == device home ==
        UIKit -> AppDelegate : applicationDidEnterBackground:
        == wait 30 s ==
        @enduml

        """))
    #expect(!diagram.mermaid.contains("applicationDidBecomeActive"))
  }

  /// What a script can put in an action (a URL, a quick action's type) and in a class name.
  static let hostileActions = [
    "device open_url demo://x-->y;z#w\"q'<b>&amp;]]>%d $v **b** --s-- == x ==",
    "device shortcut line\nbreak\r\u{1B}[31m",
    "device shortcut wrap: " + String(repeating: "huge ", count: 4000),
    "device shortcut end", "device shortcut Note over A: x",
  ]

  @Test func hostileActionsStayOneDividerInEveryFormat() throws {
    let trace = Self.trace(
      ["new UIApplication", "new AppDelegate"] + Self.hostileActions.map { "act " + $0 })
    let diagram = SequenceDiagram(trace: trace)
    let mermaid = diagram.mermaid.split(separator: "\n", omittingEmptySubsequences: false)
    let mermaidActions = mermaid.filter { $0.hasPrefix("  Note over System,AppDelegate: ") }
    #expect(mermaidActions.count == Self.hostileActions.count)
    // The header, three participants, two creations, one line per action, the final newline.
    #expect(mermaid.count == 1 + 3 + 2 + Self.hostileActions.count + 1)
    for line in mermaidActions {
      let text = line.dropFirst("  Note over System,AppDelegate: ".count)
        .replacingOccurrences(of: "<br>", with: " ")
      #expect(!text.contains(";") || text.contains("#59;"), "\(line)")
      #expect(!text.contains("\"") && !text.contains(">") && !text.contains("<b"), "\(line)")
      #expect(!text.lowercased().hasPrefix("wrap:"), "\(line)")
    }
    #expect(mermaidActions[0].contains("#gt;y#59;z#35;w#quot;q'#lt;b#gt;#amp;amp#59;"))
    #expect(mermaidActions[2].contains("wrap"))
    #expect(mermaidActions[2].count < 120 * 100)
    let plantUML = diagram.plantUML.split(separator: "\n")
    let dividers = plantUML.filter { $0.hasPrefix("== ") && $0.hasSuffix(" ==") }
    #expect(dividers.count == Self.hostileActions.count)
    #expect(plantUML.count == 1 + 3 + 2 + Self.hostileActions.count + 1)
    for divider in dividers {
      let inside = divider.dropFirst(3).dropLast(3)
      #expect(!inside.contains("=="), "\(divider)")
      #expect(!inside.contains("--") && !inside.contains("**") && !inside.contains("\""))
      #expect(inside.count <= 80 * 8, "\(divider)")
    }
    let svg = try SVGDocument(diagram.svg)
    #expect(svg.texts.contains { $0.hasPrefix("device open_url demo://x-->y;z#w\"q'<b>&amp;]]>") })
    #expect(svg.texts.contains { $0.hasPrefix("device shortcut line") && $0.contains("\u{FFFD}") })
    #expect(svg.width < 700)
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
    #expect(lifelines.count == 5)
    let arrows = svg.lines.filter { $0.y1 == $0.y2 && $0.x1 != $0.x2 }
    #expect(arrows.count == 8)
    for arrow in arrows {
      #expect(lifelines.contains(arrow.x1))
      // The line stops a pixel short so the arrowhead's tip is on the lifeline.
      #expect(lifelines.contains { abs($0 - arrow.x2) <= 1 })
    }
    for label in svg.centeredLabels {
      // A label of several lines is above its arrow, 14 points a line.
      let arrow = try #require(arrows.first { $0.y1 > label.y && $0.y1 - label.y < 10 + 3 * 14 })
      #expect(
        Double(label.text.count) * 12 * 0.61 < abs(arrow.x2 - arrow.x1), "\(label.text)")
    }
  }

  /// Ten participants, most sent a long selector by UIKit: at the usual 28 columns the labels
  /// would make the diagram about 1,300 pixels wide; they wrap narrower until it fits GitHub's
  /// content column, and every selector part still shows. (Past about ten participants the
  /// header boxes alone are wider than the column.)
  @Test func manyParticipantsWrapTheirLabelsNarrowerToFit() throws {
    let classes = (1...6).map { "Screen\($0)ViewController" }
    var lines = ["new UIApplication", "new AppDelegate", "new SceneDelegate"]
    lines += ["AppDelegate.application:didFinishLaunchingWithOptions:"]
    for name in classes {
      lines += [
        "new \(name)", "\(name).viewWillTransitionToSize:withTransitionCoordinator:",
        "\(name).traitCollectionDidChange:",
      ]
    }
    let diagram = SequenceDiagram(trace: SequenceDiagramTests.trace(lines))
    #expect(diagram.participants.count == 10)
    let svg = try SVGDocument(diagram.svg)
    #expect(svg.width <= 880, "\(svg.width) pixels wide")
    let shown = svg.texts.joined()
    #expect(shown.contains("viewWillTransition"))
    #expect(shown.contains("withTransition"))
    #expect(!shown.contains("…"), "nothing is cut")
  }

  /// Eight participants, as a scene app with a tab bar and four screens has: the diagram fits
  /// GitHub's content column (about 880 pixels), its names wrapped and its long selectors
  /// broken after a part.
  @Test func eightParticipantsFitGitHubsContentColumn() throws {
    let classes = [
      "AppDelegate", "SceneDelegate", "RootTabBarController", "HomeViewController",
      "SettingsViewController", "ProfileViewController",
    ]
    var lines = ["new UIApplication", "new AppDelegate"]
    lines += [
      "AppDelegate.application:didFinishLaunchingWithOptions:",
      "AppDelegate.application:configurationForConnectingSceneSession:options:",
      "AppDelegate.application:didRegisterForRemoteNotificationsWithDeviceToken:",
      "new UIWindowScene", "new SceneDelegate",
      "SceneDelegate.scene:willConnectToSession:options:",
      "new UINavigationController", "UINavigationController.initWithCoder:",
      "UIWindow.setRootViewController:", "terminated Namespace SPRINGBOARD, Code 0x8badf00d",
      "log " + String(repeating: "a long console line ", count: 10),
    ]
    for name in classes.dropFirst(2) {
      lines += [
        "new \(name)", "\(name).viewWillTransitionToSize:withTransitionCoordinator:",
        "\(name).viewDidAppear:",
      ]
    }
    lines += ["act device open_url demo://item/7", "act wait 30 s"]
    let diagram = SequenceDiagram(trace: SequenceDiagramTests.trace(lines))
    #expect(diagram.participants.count == 8)
    let svg = try SVGDocument(diagram.svg)
    #expect(
      svg.width <= 880, "\(svg.width) pixels wide \(svg.rects.prefix(9).map { ($0.x, $0.width) })")
    // Mermaid lays itself out: its participants' lines and its labels' lines stay short.
    let mermaid = diagram.mermaid.split(separator: "\n")
    for line in mermaid where line.hasPrefix("  participant ") {
      let declared = line.dropFirst("  participant ".count)
      let shown = (declared.components(separatedBy: " as ").last ?? "").components(
        separatedBy: "<br>")
      #expect(shown.allSatisfy { $0.count <= 16 }, "\(line)")
    }
    for line in mermaid where line.contains("->>") {
      let label = line.split(separator: ": ", maxSplits: 1).last!
      #expect(label.components(separatedBy: "<br>").allSatisfy { $0.count <= 48 }, "\(line)")
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
