import AppLifecycle
import Testing

/// A native class with Swift state, standing in for UIKit's classes.
final class NativeResponder: RuntimeObject {
  var handled: [String] = []
}

/// A script method recorded by name, standing in for a Lua function.
final class RecordingMethod: ScriptMethod {
  let label: String
  var result: RuntimeValue

  init(_ label: String, result: RuntimeValue = .nil) {
    self.label = label
    self.result = result
  }

  func invoke(_ message: Message) throws -> RuntimeValue {
    (message.receiver as? NativeResponder)?.handled.append(label)
    return result
  }

  func invoke(onClass cls: RuntimeClass, _ selector: Selector, _ arguments: [RuntimeValue])
    throws -> RuntimeValue
  { result }
}

@Suite struct SelectorTests {
  @Test func selectorsWithTheSameNameAreTheSameValue() {
    let first = Selector("application:didFinishLaunchingWithOptions:")
    let again = Selector("application:didFinishLaunchingWithOptions:")
    #expect(first == again)
    #expect(first.id == again.id)
    #expect(first != Selector("applicationDidBecomeActive:"))
  }

  @Test(arguments: [
    ("viewDidLoad", 0), ("sceneDidBecomeActive:", 1),
    ("application:didFinishLaunchingWithOptions:", 2), ("scene:willConnectToSession:options:", 3),
  ])
  func theArgumentCountIsTheNumberOfColons(name: String, count: Int) {
    #expect(Selector(name).argumentCount == count)
  }

  @Test(arguments: [
    ("window", "setWindow:"), ("rootViewController", "setRootViewController:"),
    ("isIdleTimerDisabled", "setIdleTimerDisabled:"), ("isolated", "setIsolated:"),
    ("is", "setIs:"), ("x", "setX:"), ("URL", "setURL:"), ("_private", "set_private:"),
    ("éclair", "setÉclair:"), ("isÉtat", "setÉtat:"), ("isa", "setIsa:"),
  ])
  func propertySettersFollowCocoaNaming(property: String, setter: String) {
    #expect(RuntimeClass.setterName(of: property) == setter)
  }
}

@Suite struct RuntimeTests {
  let runtime = Runtime()
  let responder: RuntimeClass
  let viewDidLoad = Selector("viewDidLoad")

  init() throws {
    responder = try runtime.defineClass(
      "UIResponder", superclass: nil, allocator: { NativeResponder(isa: $0, identifier: $1) })
  }

  @Test func classesAreFoundByNameAndByAppModuleQualifiedName() throws {
    let delegate = try runtime.defineClass("AppDelegate", superclass: responder)
    runtime.moduleName = "Demo"
    #expect(runtime.classNamed("AppDelegate") === delegate)
    #expect(runtime.classNamed("Demo.AppDelegate") === delegate)
    #expect(runtime.classNamed("Other.AppDelegate") == nil)
    #expect(runtime.classNamed("Missing") == nil)
    #expect(delegate.superclass === responder)
    #expect(responder.superclass === runtime.rootClass)
  }

  @Test func aClassNameCanBeDefinedOnlyOnce() throws {
    #expect(
      throws: ObjCException(.internalInconsistency, "A class named UIResponder is already defined.")
    ) {
      try runtime.defineClass("UIResponder", superclass: nil)
    }
  }

  @Test func scriptSubclassesOfNativeClassesAreInstancesOfTheNativeType() throws {
    let controller = try runtime.defineClass("ViewController", superclass: responder)
    let object = runtime.allocate(controller)
    #expect(object is NativeResponder)
    #expect(object.isa === controller)
    #expect(object.isKind(of: responder))
    #expect(!runtime.allocate(responder).isKind(of: controller))
  }

  @Test func objectsGetDeterministicIdentifiersAndAddresses() throws {
    let first = runtime.allocate(responder)
    let second = runtime.allocate(responder)
    #expect(second.identifier == first.identifier + 1)
    #expect(first.address == "0x600000c00040")
  }

  @Test func methodsAreInheritedAndOverridden() throws {
    let base = try runtime.defineClass("BaseController", superclass: responder)
    let derived = try runtime.defineClass("DerivedController", superclass: base)
    base.addMethod(viewDidLoad, .script(RecordingMethod("base")))
    let object = runtime.allocate(derived) as! NativeResponder
    try runtime.send(viewDidLoad, to: object)
    derived.addMethod(viewDidLoad, .script(RecordingMethod("derived")))
    try runtime.send(viewDidLoad, to: object)
    #expect(object.handled == ["base", "derived"])
  }

  @Test func superCallsRunTheImplementationAboveTheRunningOne() throws {
    let base = try runtime.defineClass("Base", superclass: responder)
    let middle = try runtime.defineClass("Middle", superclass: base)
    let leaf = try runtime.defineClass("Leaf", superclass: middle)
    var order: [String] = []
    base.addMethod("viewDidLoad") { _ in
      order.append("Base")
      return .nil
    }
    middle.addMethod("viewDidLoad") { message in
      order.append("Middle")
      return try message.sendSuper()
    }
    leaf.addMethod("viewDidLoad") { message in
      order.append("Leaf")
      return try message.sendSuper()
    }
    try runtime.send(viewDidLoad, to: runtime.allocate(leaf))
    #expect(order == ["Leaf", "Middle", "Base"])
  }

  @Test func respondsToSelectorSeesInheritedMethodsAndIsFalseOtherwise() throws {
    let delegate = try runtime.defineClass("AppDelegate", superclass: responder)
    let active = Selector("applicationDidBecomeActive:")
    let object = runtime.allocate(delegate)
    #expect(!runtime.responds(object, to: active))
    responder.addMethod(active, .script(RecordingMethod("responder")))
    #expect(runtime.responds(object, to: active), "a method added later is seen through the cache")
    #expect(!runtime.responds(nil, to: active))
  }

  @Test func optionalMethodsAreSentOnlyWhenImplemented() throws {
    let delegate = try runtime.defineClass("AppDelegate", superclass: responder)
    let object = runtime.allocate(delegate) as! NativeResponder
    let terminate = Selector("applicationWillTerminate:")
    #expect(try runtime.sendIfImplemented(terminate, to: object) == nil)
    delegate.addMethod(terminate, .script(RecordingMethod("terminate", result: .bool(true))))
    #expect(try runtime.sendIfImplemented(terminate, to: object)?.boolValue == true)
    #expect(object.handled == ["terminate"])
  }

  @Test func anUnrecognizedSelectorRaisesObjectiveCsException() throws {
    let delegate = try runtime.defineClass("AppDelegate", superclass: responder)
    let object = runtime.allocate(delegate)
    #expect(
      throws: ObjCException(
        .invalidArgument,
        "-[AppDelegate launch:]: unrecognized selector sent to instance \(object.address)")
    ) {
      try runtime.send(Selector("launch:"), to: object)
    }
  }

  @Test func messagingNilReturnsNil() throws {
    #expect(try runtime.send(viewDidLoad, to: nil).isNil)
  }

  @Test func declaredPropertiesAnswerTheirGetterAndSetter() throws {
    let delegate = try runtime.defineClass("AppDelegate", superclass: responder)
    delegate.declareProperty("window")
    let object = runtime.allocate(delegate)
    #expect(runtime.responds(object, to: Selector("window")))
    #expect(runtime.responds(object, to: Selector("setWindow:")))
    let window = runtime.allocate(responder)
    try runtime.send(Selector("setWindow:"), to: object, [.object(window)])
    #expect(try runtime.send(Selector("window"), to: object).object === window)
    #expect(!runtime.responds(runtime.allocate(responder), to: Selector("window")))
  }

  @Test func protocolConformanceIsInherited() throws {
    let application = try runtime.defineClass("UIApplication", superclass: responder)
    let subclass = try runtime.defineClass(
      "Application", superclass: application, protocols: ["UIApplicationDelegate"])
    let child = try runtime.defineClass("ChildApplication", superclass: subclass)
    #expect(child.conforms(to: "UIApplicationDelegate"))
    #expect(child.conforms(to: "NSObject"))
    #expect(!application.conforms(to: "UIApplicationDelegate"))
    #expect(child.isSubclass(of: application))
    #expect(!application.isSubclass(of: child))
  }
}
