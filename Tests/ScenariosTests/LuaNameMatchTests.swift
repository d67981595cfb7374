import AppLifecycle
import Testing

@testable import Scenarios

/// RuntimeBindings.isLuaName compares a Lua method name with a selector without building the
/// selector's Lua name: it must agree with SelectorSpelling.luaName on every pair.
@Suite struct LuaNameMatchTests {
  static let spellings = [
    "", ":", "_", "::", "__", "_:", ":_", "a", "a:", "a_", "a::", "a:_", "a_:", "a__", "ab",
    "a:b", "a:b:", "a_b", "a_b:", "a_b_", "init", "viewDidLoad", "sceneDidBecomeActive:",
    "application:didFinishLaunchingWithOptions:", "application_didFinishLaunchingWithOptions",
    "é:", "é_", "é", "\u{0}:", "\u{0}_", "a\u{0}", String(repeating: "x:", count: 300),
    String(repeating: "x_", count: 300), String(repeating: "x_", count: 299) + "x",
  ]

  @Test func agreesWithTheSpelledLuaNameOnEveryPair() {
    var disagreements: [String] = []
    for selector in Self.spellings {
      for name in Self.spellings {
        let expected = SelectorSpelling.luaName(of: selector) == name
        if RuntimeBindings.isLuaName(name, of: selector) != expected {
          disagreements.append("\(name.debugDescription) for \(selector.debugDescription)")
        }
      }
    }
    #expect(disagreements == [])
  }

  @Test(arguments: [
    ("viewDidLoad", "viewDidLoad", true),
    ("sceneDidBecomeActive", "sceneDidBecomeActive:", true),
    ("scene_willConnectToSession_options", "scene:willConnectToSession:options:", true),
    ("scene_willConnectToSession_options_", "scene:willConnectToSession:options:", false),
    ("scene_willConnectToSession", "scene:willConnectToSession:options:", false),
    ("sceneDidBecomeActive_", "sceneDidBecomeActive:", false),
    ("a_", "a__", true),
    ("a", "a_", true),
    ("a", "a:", true),
    ("a_", "a:", false),
  ])
  func matchesAsTheLuaNameReads(name: String, selector: String, matches: Bool) {
    #expect(RuntimeBindings.isLuaName(name, of: selector) == matches)
    #expect((SelectorSpelling.luaName(of: selector) == name) == matches)
  }

  /// selectorName(forLuaName:) writes what splitting at underscores (empty pieces left out)
  /// and joining with colons wrote.
  @Test func aSelectorIsWrittenFromALuaNameAsSplitAndJoinWrote() {
    let names =
      Self.spellings + [
        "_a", "a_", "__a__b__", "a_b_c", "___", "é_́x", "_\u{301}a", "a_\u{301}b",
        "scene_willConnectToSession_options",
      ]
    for name in names {
      let expected = name.split(separator: "_").joined(separator: ":") + ":"
      #expect(
        RuntimeBindings.selectorName(forLuaName: name) == expected, "\(name.debugDescription)")
    }
  }
}
