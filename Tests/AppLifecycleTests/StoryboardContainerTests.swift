import Testing
import XcodeFiles

@testable import AppLifecycle

/// Instantiating a storyboard container does work linear in its children: each child's
/// `parent` is set once, not again on every later append.
@Suite struct StoryboardContainerTests {
  @Test func aTabBarControllersChildrenAreEachParentedOnce() throws {
    let app = try TestApp()
    let tabs = 2_000
    let scene = Storyboard.Scene(
      className: "UITabBarController",
      children: Array(repeating: Storyboard.Scene(className: "ViewController"), count: tabs))
    let container = try StoryboardDecoder.instantiate(
      scene, of: StoryboardSource(name: "Main"), on: app.device)
    #expect(container.children.count == tabs)
    #expect(container.children.allSatisfy { $0.parent === container })
    // Quadratic re-parenting set the first child's parent `tabs` times.
    #expect(container.children.map(\.parentAssignments).max() == 1)
    #expect(container.children.reduce(0) { $0 + $1.parentAssignments } == tabs)
  }

  @Test func addingAChildSetsOnlyItsParent() throws {
    let app = try TestApp()
    let container = try StoryboardDecoder.instantiate(
      Storyboard.Scene(
        className: "UINavigationController",
        children: [Storyboard.Scene(className: "ViewController")]),
      of: StoryboardSource(name: "Main"), on: app.device)
    let root = try #require(container.children.first)
    let pushed = try #require(app.device.runtime.allocate(app.controller) as? UIViewController)
    container.children.append(pushed)
    #expect(pushed.parent === container)
    #expect(root.parentAssignments == 1)
    #expect(pushed.parentAssignments == 1)
  }
}
