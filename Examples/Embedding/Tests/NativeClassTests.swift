import Foundation
import LifescriptKit
import Testing

/// What the Swift side saw, in order.
final class Log {
  var lines: [String] = []
}

/// `Lifescript.NativeClass`: Swift classes next to UIKit's, called by UIKit and by Lua.
@Suite struct NativeClassTests {
  let log = Log()

  var appDelegate: Lifescript.NativeClass {
    Lifescript.NativeClass(
      "AppDelegate", superclass: "UIResponder", protocols: ["UIApplicationDelegate"],
      methods: [
        "application:didFinishLaunchingWithOptions:": { [log] receiver, arguments in
          log.lines.append(
            "\(receiver.className) launched by \(arguments[0].object?.className ?? "?")")
          return true
        },
        "applicationDidEnterBackground:": { [log] _, _ in
          log.lines.append("entered the background")
          return .nil
        },
      ])
  }

  var analytics: Lifescript.NativeClass {
    Lifescript.NativeClass(
      "Analytics", properties: ["sent"],
      methods: [
        "init": { receiver, _ in
          try receiver.setValue(0, forKey: "sent")
          return .object(receiver)
        },
        "track:": { [log] receiver, arguments in
          log.lines.append("\(receiver.className) tracked \(arguments[0])")
          let sent = try receiver.value(forKey: "sent").int ?? 0
          try receiver.setValue(.int(sent + 1), forKey: "sent")
          return .nil
        },
      ])
  }

  @Test func uikitCallsANativeAppDelegateAndTheScenarioUsesANativeClass() throws {
    let result = try Lifescript.run(
      file: Files.example.path, options: .init(ios: "18.3"), classes: [appDelegate, analytics])
    #expect(result.status == .passed, "\(result.report ?? "")")
    #expect(
      log.lines == [
        "AppDelegate launched by UIApplication",
        "ScreenAnalytics tracked \"launch\"",
        "ScreenAnalytics tracked \"screen home\"",
        "entered the background",
      ])
    #expect(result.output == "events sent: 2\n")
    #expect(
      result.trace.map(\.text).filter { $0.hasPrefix("new ") || $0.hasPrefix("AppDelegate.") } == [
        "new UIApplication", "new AppDelegate",
        "AppDelegate.application:didFinishLaunchingWithOptions:", "new ScreenAnalytics",
        "AppDelegate.applicationDidEnterBackground:",
      ])
  }

  @Test func aLuaSubclassOverridesANativeMethodAndCallsIt() throws {
    let source = """
      local Quiet = class("Quiet", Analytics, { "NSObject" })
      function Quiet:track(event)
        if event ~= "noise" then Analytics.track(self, event) end
      end
      local quiet = Quiet.new()
      quiet:track("noise")
      quiet:track("launch")
      assert(quiet.sent == 1, "sent " .. tostring(quiet.sent))
      assert(quiet:isKindOfClass(Analytics))
      """
    let result = try Lifescript.run(
      source: source, name: "quiet.lua", classes: [analytics])
    #expect(result.status == .passed, "\(result.report ?? "")")
    #expect(log.lines == ["Quiet tracked \"launch\""])
  }

  @Test func valuesCrossBetweenLuaAndSwift() throws {
    let echo = Lifescript.NativeClass(
      "Echo",
      methods: [
        "describe:": { _, arguments in .string(arguments.map(\.description).joined(separator: " "))
        },
        "record": { _, _ in ["name": "launch", "tags": ["cold", 1, 2.5, true]] },
        "same:": { _, arguments in arguments[0] },
      ])
    let source = """
      local echo = Echo.new()
      print(echo:describe({ 1, 2, 3 }))
      print(echo:describe({ b = "x", a = { true } }))
      print(echo:describe({}))
      print(echo:describe())
      local record = echo:record()
      print(record.name, record.tags[1], record.tags[2], record.tags[3], record.tags[4])
      local f = function() return 7 end
      assert(echo:same(f) == f, "a Lua function comes back as itself")
      assert(echo:same(echo) == echo)
      assert(echo:same(UIViewController) == UIViewController)
      """
    let result = try Lifescript.run(
      source: source, name: "echo.lua", classes: [echo])
    #expect(result.status == .passed, "\(result.report ?? "")")
    #expect(
      result.output == """
        [1, 2, 3]
        ["a": [true], "b": "x"]
        []
        nil
        launch\tcold\t1\t2.5\ttrue

        """)
  }

  @Test func aNativeMethodThatThrowsFailsTheScenarioAtTheLuaCall() throws {
    struct Offline: Error, CustomStringConvertible {
      var description: String { "the analytics server is offline" }
    }
    let failing = Lifescript.NativeClass(
      "Analytics", methods: ["track:": { _, _ in throw Offline() }])
    let source = """
      local Tracked = class("Tracked", Analytics)
      local tracked = Tracked.new()
      tracked:track("launch")
      """
    let result = try Lifescript.run(
      source: source, name: "track.lua", classes: [failing])
    #expect(result.status == .error)
    let failure = try #require(result.failures.first)
    #expect(failure.kind == .error)
    #expect(failure.file == "track.lua")
    #expect(failure.line == 3)
    // The native class whose method threw, though the receiver is a Tracked.
    #expect(failure.message == "-[Analytics track:] threw the analytics server is offline")
  }

  @Test func aNativeMethodUIKitCallsThatThrowsFailsAtTheLineThatLaunched() throws {
    let failing = Lifescript.NativeClass(
      "AppDelegate", superclass: "UIResponder",
      methods: [
        "application:didFinishLaunchingWithOptions:": { _, _ in
          throw CocoaError(.fileNoSuchFile)
        }
      ])
    let result = try Lifescript.run(
      source: "-- launch\nmain(AppDelegate)\n", name: "main.lua",
      options: .init(ios: "18.3"), classes: [failing])
    #expect(result.status == .error)
    let failure = try #require(result.failures.first)
    #expect(failure.file == "main.lua")
    #expect(failure.line == 2)
    #expect(
      failure.message.hasPrefix("-[AppDelegate application:didFinishLaunchingWithOptions:] threw "))
    #expect(result.trace.last?.text == "AppDelegate.application:didFinishLaunchingWithOptions:")
  }

  @Test func anUnrecognizedSelectorANativeMethodSendsEndsTheAppsProcess() throws {
    let confused = Lifescript.NativeClass(
      "AppDelegate", superclass: "UIResponder",
      methods: [
        "application:didFinishLaunchingWithOptions:": { _, arguments in
          try #require(arguments[0].object).send("setNonsense:", 1)
        }
      ])
    let result = try Lifescript.run(
      source: "main(AppDelegate)\nexpect.exception('unrecognized selector')\n", name: "main.lua",
      options: .init(ios: "18.3"), classes: [confused])
    #expect(result.status == .passed, "\(result.report ?? "")")
    #expect(
      result.trace.last?.kind
        == .exception(
          name: "NSInvalidArgumentException",
          reason:
            "-[UIApplication setNonsense:]: unrecognized selector sent to instance 0x600000c00040"))
  }

  @Test func anObjectKeptAfterTheRunRefusesMessages() throws {
    var kept: Lifescript.Object?
    let keeper = Lifescript.NativeClass(
      "Keeper",
      methods: [
        "keep": { receiver, _ in
          kept = receiver
          return .nil
        }
      ])
    let result = try Lifescript.run(
      source: "Keeper.new():keep()", name: "keep.lua", classes: [keeper])
    #expect(result.status == .passed)
    let object = try #require(kept)
    #expect(object.className == "Keeper")
    #expect(object.isKind(of: "NSObject"))
    #expect(!object.responds(to: "keep"))
    #expect(throws: Lifescript.Error.self) { try object.send("keep") }
  }

  /// An app's objects end with its process, as they do for scripts: a native method that
  /// kept the application from a killed launch cannot use it.
  @Test func anObjectOfAnEndedAppProcessRefusesMessages() throws {
    var application: Lifescript.Object?
    let delegate = Lifescript.NativeClass(
      "AppDelegate", superclass: "UIResponder", protocols: ["UIApplicationDelegate"],
      methods: [
        "application:didFinishLaunchingWithOptions:": { _, arguments in
          application = arguments[0].object
          return true
        }
      ])
    let prober = Lifescript.NativeClass(
      "Prober",
      methods: [
        "probe": { _, _ in
          let app = try #require(application)
          let responds = app.responds(to: "applicationState")
          do {
            try app.send("applicationState")
            return .string("\(responds) answered")
          } catch let error as Lifescript.Error {
            return .string("\(responds) \(error.kind): \(error.message)")
          }
        }
      ])
    let result = try Lifescript.run(
      source:
        "main(AppDelegate)\nprint(Prober.new():probe())\nwait(5)\ndevice.kill()\nprint(Prober.new():probe())\n",
      name: "kill.lua", options: .init(ios: "18.3"), classes: [delegate, prober])
    #expect(result.status == .passed, "\(result.report ?? "")")
    #expect(
      result.output
        == "true answered\nfalse invalidMessage: <UIApplication: 0x600000c00040> belonged to the app's process, which ended at t = 5s; its objects are gone\n"
    )
  }

  /// Fields a native method sets count against the memory cap as a script's do: 300 of one
  /// MiB end the run under a 16 MiB cap instead of keeping 300 MiB.
  @Test func fieldsANativeMethodSetsCountAgainstTheMemoryCap() throws {
    let hoarder = Lifescript.NativeClass(
      "Hoarder",
      methods: [
        "hoard": { receiver, _ in
          let blob = String(repeating: "x", count: 1 << 20)
          for index in 1...300 {
            try receiver.setValue(.string(blob + "\(index)"), forKey: "blob\(index)")
          }
          return .nil
        }
      ])
    let result = try Lifescript.run(
      source: "Hoarder.new():hoard()\nprint('never printed')\n", name: "hoard.lua",
      options: .init(maxMemory: 16 << 20), classes: [hoarder])
    #expect(result.status == .error)
    #expect(result.output == "")
    #expect(
      result.failures.first?.message
        == "memory limit exceeded (16 MiB); raise it with Options.maxMemory")
    #expect(result.failures.first?.line == 1)
  }

  @Test func aFinishedRunKeepsNothingOfItsNativeClasses() throws {
    final class Service {}
    weak var released: Service?
    try {
      let service = Service()
      released = service
      let native = Lifescript.NativeClass(
        "Service",
        methods: [
          "ping": { _, _ in
            _ = service
            return .nil
          }
        ])
      let result = try Lifescript.run(
        source: "Service.new():ping()", name: "ping.lua", classes: [native])
      #expect(result.status == .passed)
    }()
    #expect(released == nil, "the scenario's runtime still holds the native methods")
  }
}
