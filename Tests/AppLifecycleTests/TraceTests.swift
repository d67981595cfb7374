import AppLifecycle
import Testing

@Suite struct SelectorSpellingTests {
  @Test(arguments: [
    ("application:didFinishLaunchingWithOptions:", "application_didFinishLaunchingWithOptions"),
    ("scene:willConnectToSession:options:", "scene_willConnectToSession_options"),
    ("sceneDidBecomeActive:", "sceneDidBecomeActive"),
    ("viewDidLoad", "viewDidLoad"),
  ])
  func luaNamesReplaceColonsAndDropTheLastOne(selector: String, lua: String) {
    #expect(SelectorSpelling.luaName(of: selector) == lua)
  }

  @Test(arguments: [
    ("application:didFinishLaunchingWithOptions:", "application(_:didFinishLaunchingWithOptions:)"),
    ("sceneDidBecomeActive:", "sceneDidBecomeActive(_:)"),
    ("viewDidLoad", "viewDidLoad()"),
    ("scene:willConnectToSession:options:", "scene(_:willConnectTo:options:)"),
    ("application:openURL:options:", "application(_:open:options:)"),
    ("stateRestorationActivityForScene:", "stateRestorationActivity(for:)"),
    ("initWithCoder:", "init(coder:)"),
  ])
  func swiftNamesAreUIKitsImportedNames(selector: String, swift: String) {
    #expect(SelectorSpelling.swiftName(of: selector) == swift)
    #expect(SelectorSpelling.objectiveCName(ofSwift: swift) == selector)
  }

  @Test func aSwiftNameThatCannotBeMappedBackIsNil() {
    #expect(SelectorSpelling.objectiveCName(ofSwift: "frobnicate(with:)") == nil)
    #expect(SelectorSpelling.objectiveCName(ofSwift: "notASwiftName") == nil)
  }
}

@Suite struct TraceTests {
  @Test func eachEventIsOneLineInTheScenarioLanguagesFormat() {
    let trace = Trace()
    let start = VirtualInstant.zero
    trace.record(.created(className: "AppDelegate"), at: start)
    trace.record(
      .message(
        receiverClass: "AppDelegate",
        selector: Selector("application:didFinishLaunchingWithOptions:")),
      at: start)
    trace.record(.notification(name: "UIApplicationDidFinishLaunchingNotification"), at: start)
    trace.record(
      .log(
        "[Application] The app delegate must implement the window property if it wants to use a main storyboard file."
      ), at: start)
    trace.record(
      .exception(
        ObjCException(.internalInconsistency, "There can only be one UIApplication instance.")),
      at: VirtualInstant(seconds: 1))
    #expect(
      trace.lines() == [
        "new AppDelegate",
        "AppDelegate.application:didFinishLaunchingWithOptions:",
        "post UIApplicationDidFinishLaunchingNotification",
        "log [Application] The app delegate must implement the window property if it wants to use a main storyboard file.",
        "exception NSInternalInconsistencyException: There can only be one UIApplication instance.",
      ])
    #expect(
      trace.lines(spelling: .swift)[1]
        == "AppDelegate.application(_:didFinishLaunchingWithOptions:)")
    #expect(trace.entries.last?.time == VirtualInstant(seconds: 1))
  }
}

@Suite struct TraceEntriesTests {
  /// A trace of `count` log lines, `line 0` … `line N-1`, one second apart.
  func trace(_ count: Int) -> Trace {
    let trace = Trace()
    for index in 0..<count {
      trace.record(.log("line \(index)"), at: VirtualInstant(seconds: Double(index)))
    }
    return trace
  }

  @Test func entriesAcrossChunksKeepTheirOrder() {
    let count = 2 * TraceEntries.chunkSize + 3
    let entries = trace(count).entries
    #expect(entries.count == count)
    for index in [0, TraceEntries.chunkSize - 1, TraceEntries.chunkSize, count - 1] {
      #expect(entries[index].event == .log("line \(index)"))
    }
    #expect(entries.map(\.time.seconds) == (0..<count).map(Double.init))
  }

  /// The first chunk starts small and is replaced by a bigger copy as it grows: a snapshot
  /// taken before keeps reading the old one.
  @Test func aSnapshotSurvivesTheFirstChunkGrowing() {
    let trace = trace(10)
    let before = trace.entries
    for index in 10..<300 {
      trace.record(.log("line \(index)"), at: VirtualInstant(seconds: Double(index)))
    }
    #expect(before.count == 10)
    #expect(before.map(\.event) == (0..<10).map { .log("line \($0)") })
    #expect(trace.entries.map(\.event) == (0..<300).map { .log("line \($0)") })
  }

  @Test func aSnapshotDoesNotSeeLaterEntries() {
    let trace = trace(TraceEntries.chunkSize - 1)
    let before = trace.entries
    trace.record(.log("after"), at: .zero)
    trace.record(.log("after"), at: .zero)
    #expect(before.count == TraceEntries.chunkSize - 1)
    #expect(before.last?.event == .log("line \(TraceEntries.chunkSize - 2)"))
    #expect(trace.entries.count == TraceEntries.chunkSize + 1)
    #expect(trace.entries.last?.event == .log("after"))
  }
}
