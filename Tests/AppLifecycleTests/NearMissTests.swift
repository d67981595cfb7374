import AppLifecycle
import Testing

@Suite struct NearMissTests {
  static let delegate = UIKitProtocols.selectors(of: "UIApplicationDelegate")
  static let scene = UIKitProtocols.selectors(of: "UIWindowSceneDelegate")

  @Test(arguments: [
    ("applicationDidBecomeActiv", "applicationDidBecomeActive:"),
    ("applicationdidbecomeactive", "applicationDidBecomeActive:"),
    ("application_didFinishLaunchingWithOption", "application:didFinishLaunchingWithOptions:"),
    ("applicationWillTerminat", "applicationWillTerminate:"),
  ])
  func misspellingsOfDelegateMethodsAreRecognised(name: String, meant: String) {
    #expect(NearMiss.suggestion(for: name, among: Self.delegate) == meant)
  }

  @Test(
    arguments: [
      ("scene_willConnectTo_options", "scene:willConnectToSession:options:"),
      ("scene_openURLContexts", nil),
      ("stateRestorationActivity_for", "stateRestorationActivityForScene:"),
      (
        "windowScene_performActionFor_completionHandler",
        "windowScene:performActionForShortcutItem:completionHandler:"
      ),
    ] as [(String, String?)])
  func swiftStyleNamesPointAtTheSelector(name: String, meant: String?) {
    #expect(NearMiss.suggestion(for: name, among: Self.scene) == meant)
  }

  @Test(arguments: ["applicationDidBecomeActive", "refreshFeed", "setup", "loadData", "window"])
  func correctOrUnrelatedNamesGetNoSuggestion(name: String) {
    #expect(NearMiss.suggestion(for: name, among: Self.delegate) == nil)
  }

  @Test func theSceneDelegateProtocolIncludesWhatItInherits() {
    #expect(Self.scene.contains("sceneDidBecomeActive:"))
    #expect(Self.scene.contains("windowScene:performActionForShortcutItem:completionHandler:"))
  }
}
