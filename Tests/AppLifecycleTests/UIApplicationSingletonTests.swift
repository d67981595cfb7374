import AppLifecycle
import Testing

/// `UIApplication` is a singleton: the one `UIApplicationMain` makes is the only instance
/// `-init` accepts (Documentation/UIKit/application-main.md#a-second-uiapplication, §7.4).
@Suite struct UIApplicationSingletonTests {
  static let onlyOne = ObjCException(
    .internalInconsistency, "There can only be one UIApplication instance.")

  /// A subclass of UIApplication, defined in the app.
  static func subclass(of app: TestApp) throws -> RuntimeClass {
    let runtime = app.device.runtime
    return try runtime.defineClass("MyApplication", superclass: runtime.classNamed("UIApplication"))
  }

  @Test func anotherApplicationAfterTheLaunchIsAnException() throws {
    let app = try TestApp()
    let subclass = try Self.subclass(of: app)
    _ = try app.launch(principal: "MyApplication")
    let runtime = app.device.runtime
    #expect(throws: Self.onlyOne) { try app.device.create(runtime.classNamed("UIApplication")!) }
    #expect(throws: Self.onlyOne) { try app.device.create(subclass) }
    #expect(app.device.application?.isa === subclass, "UIApplication.shared is the first one")
  }

  /// Before `UIApplicationMain` there is no `UIApp` for a new instance to be.
  @Test func anApplicationBeforeTheLaunchIsAnException() throws {
    let app = try TestApp()
    #expect(throws: Self.onlyOne) {
      try app.device.create(app.device.runtime.classNamed("UIApplication")!)
    }
  }

  /// Raised inside a callback, the exception is uncaught: it ends the process.
  @Test func anotherApplicationInsideACallbackEndsTheProcess() throws {
    let app = try TestApp()
    app.delegate.addMethod("applicationDidBecomeActive:") { [device = app.device] _ in
      _ = try device.create(device.runtime.classNamed("UIApplication")!)
      return .nil
    }
    let lines = try app.launch()
    #expect(
      Array(lines.suffix(3)) == [
        "AppDelegate.applicationDidBecomeActive:", "new UIApplication",
        "exception NSInternalInconsistencyException: There can only be one UIApplication instance.",
      ])
    #expect(!app.device.isAppRunning)
  }

  /// `UIApplicationInstantiateSingleton`: `init` must return the instance stored in `UIApp`.
  @Test func aSubclassWhoseInitReturnsAnotherObjectCannotBeTheSingleton() throws {
    let app = try TestApp()
    let subclass = try Self.subclass(of: app)
    subclass.addMethod("init") { [device = app.device] _ in
      .object(try device.create(device.runtime.classNamed("UIResponder")!))
    }
    let lines = try app.launch(principal: "MyApplication")
    #expect(
      lines == [
        "new MyApplication", "new UIResponder",
        "exception NSInternalInconsistencyException: Unable to instantiate the UIApplication singleton.",
      ])
    #expect(!app.device.isAppRunning)
  }

  /// A subclass's `init` that calls UIApplication's is the singleton, as is one that returns
  /// nothing (a script's `init` returns nothing: the instance it initialized).
  @Test(arguments: [true, false])
  func aSubclassWhoseInitReturnsItselfIsTheSingleton(callsSuper: Bool) throws {
    let app = try TestApp()
    let subclass = try Self.subclass(of: app)
    subclass.addMethod("init") { [device = app.device] message in
      guard callsSuper else { return .nil }
      return try device.runtime.sendSuper(
        Selector("init"), to: message.receiver, above: message.implementor, [])
    }
    app.implement(["applicationDidBecomeActive:"])
    #expect(
      try app.launch(principal: "MyApplication").last
        == "post UIApplicationDidBecomeActiveNotification")
    #expect(app.device.application?.isa === subclass)
  }
}
