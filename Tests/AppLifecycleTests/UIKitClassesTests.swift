import Testing

@testable import AppLifecycle

/// UIKit's classes are defined once per process and every device's runtime starts from them
/// (UIKitClasses): a device must get the same classes a runtime defines for itself, its changes
/// must stay its own, and the definitions need no device and hold none.
@Suite struct UIKitClassesTests {
  @Test func aDeviceGetsTheClassesARuntimeDefinesForItself() throws {
    let defined = Runtime()
    try UIKitClasses.define(in: defined)
    let started = try Device()
    let ownClasses = defined.allClasses
    let startedClasses = started.runtime.allClasses
    #expect(startedClasses.map(\.name) == ownClasses.map(\.name))
    #expect(started.uikitClassNames == Set(ownClasses.map(\.name)))
    for (mine, theirs) in zip(startedClasses, ownClasses) {
      #expect(mine.superclass?.name == theirs.superclass?.name, "\(mine.name)")
      #expect(mine.address == theirs.address, "\(mine.name)")
      #expect(mine.protocols == theirs.protocols, "\(mine.name)")
      #expect(mine.properties == theirs.properties, "\(mine.name)")
      #expect(
        Set(mine.selectors.map(\.name)) == Set(theirs.selectors.map(\.name)), "\(mine.name)")
      #expect(mine.runtime === started.runtime, "\(mine.name)")
    }
  }

  @Test func whatAScenarioAddsToAUIKitClassStaysOnItsDevice() throws {
    let first = try Device()
    let controller = try #require(first.runtime.classNamed("UIViewController"))
    controller.addMethod("lifescriptProbe") { _ in .bool(true) }
    controller.adopt("LifescriptProbing")
    controller.declareProperty("lifescriptProbeValue")
    let second = try Device()
    let other = try #require(second.runtime.classNamed("UIViewController"))
    #expect(controller.instancesRespond(to: Selector("lifescriptProbe")))
    #expect(!other.instancesRespond(to: Selector("lifescriptProbe")))
    #expect(!other.conforms(to: "LifescriptProbing"))
    #expect(!other.properties.contains("lifescriptProbeValue"))
    #expect(!other.instancesRespond(to: Selector("setLifescriptProbeValue:")))
  }

  /// A definition that held the runtime it was made on (or one of its classes) would keep it
  /// alive: the runtime UIKitClasses defines them on must go once its templates are taken.
  @Test func theDefinitionsHoldNoRuntime() throws {
    weak var runtime: Runtime?
    var classes: [Weak] = []
    var templates: [RuntimeClass.Template] = []
    do {
      let defining = Runtime()
      try UIKitClasses.define(in: defining)
      runtime = defining
      classes = defining.allClasses.map { Weak($0) }
      templates = defining.templates()
    }
    #expect(runtime == nil)
    #expect(classes.filter { $0.value != nil }.isEmpty)
    #expect(templates.count == classes.count)
  }

  final class Weak {
    weak var value: RuntimeClass?
    init(_ value: RuntimeClass) { self.value = value }
  }
}
