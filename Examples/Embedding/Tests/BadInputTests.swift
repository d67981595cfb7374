import LifescriptKit
import Testing

/// What `Lifescript.run` throws: the run cannot start.
@Suite struct BadInputTests {
  func error(_ body: () throws -> Lifescript.Result) -> Lifescript.Error? {
    do {
      _ = try body()
      return nil
    } catch let error as Lifescript.Error {
      return error
    } catch {
      Issue.record("threw \(error)")
      return nil
    }
  }

  @Test func aMissingFileThrows() {
    #expect(
      error { try Lifescript.run(file: "no/such/scenario.lua") }
        == Lifescript.Error(
          .unreadableFile, "cannot open no/such/scenario.lua: No such file or directory"))
  }

  @Test func aFolderThrows() {
    #expect(
      error { try Lifescript.run(file: Files.scenarios.path) }
        == Lifescript.Error(
          .unreadableFile,
          "cannot read \(Files.scenarios.path): it is a directory, not a Lua file"))
  }

  /// Options out of range. Options are `Sendable`, so the test takes them as its arguments.
  @Test(arguments: [
    (
      Lifescript.Options(ios: "11"),
      "ios: \"11\" is not an iOS release from 12 to 30, like \"18.3\""
    ),
    (
      Lifescript.Options(orderings: ["legacy-activation": "sometimes"]),
      "orderings: unknown ordering legacy-activation=sometimes; choose from legacy-activation=between-will-and-did-appear|before-view-loads|after-did-appear, storyboard-window-order=view-controller-first|window-first, scene-appearance=during-connection|before-activation|after-activation, navigation-child-appearance=layout-pass|nested"
    ),
    (Lifescript.Options(maxMemory: 0), "maxMemory: 0 bytes; give a positive size or nil"),
    (Lifescript.Options(maxInstructions: -1), "maxInstructions: -1; give a positive count or nil"),
  ])
  func anOptionOutOfRangeThrows(options: Lifescript.Options, message: String) {
    #expect(
      error { try Lifescript.run(source: "", name: "empty.lua", options: options) }
        == Lifescript.Error(.invalidOption, message))
  }

  enum BadClass: CaseIterable, Sendable {
    case superclass, uikitName, name, selector, luaLibrary, lifescriptGlobal, urlAlias

    var native: Lifescript.NativeClass {
      switch self {
      case .superclass: .init("Analytics", superclass: "NSObjekt")
      case .uikitName: .init("UIViewController")
      case .name: .init("My Analytics")
      case .selector: .init("Analytics", methods: ["track event:": { _, _ in .nil }])
      case .luaLibrary: .init("string")
      case .lifescriptGlobal: .init("device")
      case .urlAlias: .init("URL")
      }
    }

    var message: String {
      switch self {
      case .superclass:
        "native class Analytics: no class named NSObjekt to be its superclass (NSObject, a UIKit class, or a native class listed before it)"
      case .uikitName:
        "native class UIViewController: UIKit already has a class named UIViewController; give yours another name"
      case .name:
        "native class \"My Analytics\": a class name is letters, digits and _, not starting with a digit"
      case .selector: "native class Analytics: \"track event:\" is not an Objective-C selector"
      case .luaLibrary, .lifescriptGlobal, .urlAlias:
        "native class \(native.name): scenarios already have a global named \(native.name) (Lua's or lifescript's); give the class another name"
      }
    }
  }

  @Test(arguments: BadClass.allCases)
  func aNativeClassThatCannotBeDefinedThrows(bad: BadClass) {
    #expect(
      error {
        try Lifescript.run(source: "", name: "empty.lua", classes: [bad.native])
      } == Lifescript.Error(.invalidClass, bad.message))
  }

  @Test func aNativeClassDefinedTwiceThrows() {
    let analytics = Lifescript.NativeClass("Analytics")
    #expect(
      error {
        try Lifescript.run(
          source: "", name: "empty.lua", classes: [analytics, analytics])
      }
        == Lifescript.Error(
          .invalidClass, "native class Analytics is defined twice in the classes given to the run"))
  }

  @Test func aNativeSuperclassMustComeFirst() throws {
    let base = Lifescript.NativeClass("Base")
    let derived = Lifescript.NativeClass("Derived", superclass: "Base")
    #expect(
      error {
        try Lifescript.run(source: "", name: "e.lua", classes: [derived, base])
      }?.kind == .invalidClass)
    let result = try Lifescript.run(
      source: "assert(Derived.new():isKindOfClass(Base))", name: "e.lua",
      classes: [base, derived])
    #expect(result.status == .passed)
  }

  @Test func aScriptThatDefinesANativeClassNameFailsAsAScriptError() throws {
    let result = try Lifescript.run(
      source: "class('Analytics')", name: "twice.lua",
      classes: [Lifescript.NativeClass("Analytics")])
    #expect(result.status == .error)
    #expect(result.failures.first?.message == "class 'Analytics' is already defined")
    #expect(result.failures.first?.line == 1)
  }
}
