import Testing

@testable import AppLifecycle

/// The per-class method cache (`MethodCache`): a lookup cached before a method table changed
/// must never answer after it, hit or miss, in the class or in any subclass.
@Suite struct MethodCacheTests {
  let runtime = Runtime()
  let responder: RuntimeClass
  let controller: RuntimeClass

  init() throws {
    responder = try runtime.defineClass(
      "UIResponder", superclass: nil, allocator: { NativeResponder(isa: $0, identifier: $1) })
    controller = try runtime.defineClass("ViewController", superclass: responder)
  }

  @Test func aCachedMissIsForgottenWhenAnAncestorGainsTheMethod() throws {
    let selector = Selector("cacheTestLateMethod")
    let object = runtime.allocate(controller)
    #expect(!runtime.responds(object, to: selector))
    #expect(!runtime.responds(object, to: selector))
    responder.addMethod(selector, .script(RecordingMethod("responder")))
    #expect(runtime.responds(object, to: selector))
    try runtime.send(selector, to: object)
    #expect((object as? NativeResponder)?.handled == ["responder"])
  }

  @Test func aCachedHitIsForgottenWhenTheSubclassOverridesIt() throws {
    let selector = Selector("cacheTestOverridden")
    responder.addMethod(selector, .script(RecordingMethod("responder")))
    let object = runtime.allocate(controller)
    try runtime.send(selector, to: object)
    controller.addMethod(selector, .script(RecordingMethod("controller")))
    try runtime.send(selector, to: object)
    #expect((object as? NativeResponder)?.handled == ["responder", "controller"])
    #expect(controller.lookUp(selector)?.1 === controller)
  }

  @Test func aReplacedImplementationRunsFromTheNextMessageOn() throws {
    let selector = Selector("cacheTestReplaced")
    controller.addMethod(selector, .script(RecordingMethod("first")))
    let object = runtime.allocate(controller)
    try runtime.send(selector, to: object)
    controller.addMethod(selector, .script(RecordingMethod("second")))
    try runtime.send(selector, to: object)
    #expect((object as? NativeResponder)?.handled == ["first", "second"])
  }

  @Test func manySelectorsStayApartAsTheCacheGrows() throws {
    // Many more than the first table holds, some implemented and some not, looked up twice: the
    // second round reads the cache, after it grew several times.
    let selectors = (0..<300).map { Selector("cacheTestSelector\($0)") }
    for (index, selector) in selectors.enumerated() where index % 3 == 0 {
      (index % 2 == 0 ? responder : controller).addMethod(
        selector, .script(RecordingMethod("\(index)")))
    }
    for _ in 0..<2 {
      for (index, selector) in selectors.enumerated() {
        let found = controller.lookUp(selector)
        #expect((found != nil) == (index % 3 == 0), "selector \(index)")
        if let (_, owner) = found {
          #expect(owner === (index % 2 == 0 ? responder : controller), "selector \(index)")
        }
      }
    }
  }

  @Test func classesDefinedLaterFindMethodsAddedLater() throws {
    let selector = Selector("cacheTestLaterClass")
    let object = runtime.allocate(controller)
    #expect(!runtime.responds(object, to: selector))
    let subclass = try runtime.defineClass("DetailController", superclass: controller)
    let detail = runtime.allocate(subclass)
    #expect(!runtime.responds(detail, to: selector))
    controller.addMethod(selector, .script(RecordingMethod("controller")))
    #expect(runtime.responds(detail, to: selector))
    #expect(runtime.responds(object, to: selector))
    #expect(!runtime.responds(runtime.allocate(responder), to: selector))
  }
}

@Suite struct SelectorSetTests {
  @Test func holdsExactlyItsSelectors() {
    let members = (0..<70).map { Selector("selectorSetMember\($0)") }
    let others = (0..<70).map { Selector("selectorSetOther\($0)") }
    let set = SelectorSet(members)
    for selector in members { #expect(set.contains(selector), "\(selector)") }
    for selector in others { #expect(!set.contains(selector), "\(selector)") }
  }

  @Test func anEmptySetHoldsNothing() {
    #expect(!SelectorSet([]).contains(Selector("viewDidLoad")))
  }

  @Test func aSelectorMadeAfterTheSetIsNotInIt() {
    let set = SelectorSet([Selector("selectorSetEarly")])
    #expect(!set.contains(Selector("selectorSetMadeAfterwards")))
  }

  @Test func uikitsBooleanDelegateMethodsAreKnown() {
    #expect(UIKitProtocols.booleanSelectors.contains(Selector("application:openURL:options:")))
    #expect(!UIKitProtocols.booleanSelectors.contains(Selector("applicationDidBecomeActive:")))
  }
}

/// The table behind method tables and caches (`SelectorMap`).
@Suite struct SelectorMapTests {
  struct NumberSlot: SelectorMapSlot {
    var id: Int32
    var number: Int

    static var empty: NumberSlot { NumberSlot(id: -1, number: 0) }
    static var initialCapacity: Int { 8 }
  }

  @Test func slotsStayApartAsTheTableGrowsAndAReplacementReturnsTheOldSlot() {
    let selectors = (0..<300).map { Selector("selectorMapSelector\($0)") }
    var map = SelectorMap<NumberSlot>()
    #expect(map.withSlot(for: selectors[0]) { $0.number } == nil)
    for (index, selector) in selectors.enumerated() where index % 2 == 0 {
      #expect(map.replace(NumberSlot(id: selector.id, number: index)) == nil)
    }
    #expect(map.count == 150)
    #expect(map.replace(NumberSlot(id: selectors[4].id, number: -1))?.number == 4)
    #expect(map.count == 150)
    for (index, selector) in selectors.enumerated() {
      let expected = index % 2 == 0 ? (index == 4 ? -1 : index) : nil
      #expect(map.withSlot(for: selector) { $0.number } == expected, "\(index)")
    }
    #expect(Set(map.selectors) == Set(selectors.enumerated().filter { $0.0 % 2 == 0 }.map(\.1)))
  }

  @Test func removingAllEmptiesEverySlotAndTheTableTakesNewOnes() {
    let selectors = (0..<40).map { Selector("selectorMapFlushed\($0)") }
    var map = SelectorMap<NumberSlot>()
    for (index, selector) in selectors.enumerated() {
      map.insert(NumberSlot(id: selector.id, number: index))
    }
    map.removeAll()
    #expect(map.isEmpty)
    for selector in selectors { #expect(map.withSlot(for: selector) { $0.number } == nil) }
    map.insert(NumberSlot(id: selectors[7].id, number: 7))
    #expect(map.withSlot(for: selectors[7]) { $0.number } == 7)
    #expect(map.selectors == [selectors[7]])
  }
}
