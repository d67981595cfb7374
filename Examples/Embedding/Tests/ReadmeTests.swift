import Foundation
import LifescriptKit
import Testing

/// The example of Documentation/Reference/embedding.md ("LifescriptKit: scenarios from a Swift
/// package"), as written there but for the scenario's path.
@Suite struct ReadmeTests {
  @Test func theAppDelegateHearsAboutTheBackground() throws {
    var calls: [String] = []
    let appDelegate = Lifescript.NativeClass(
      "AppDelegate", superclass: "UIResponder", protocols: ["UIApplicationDelegate"],
      methods: [
        "application:didFinishLaunchingWithOptions:": { _, _ in true },
        "applicationDidEnterBackground:": { _, _ in
          calls.append("background")
          return .nil
        },
      ])
    let result = try Lifescript.run(
      file: Files.scenarios.appendingPathComponent("home.lua").path,
      options: .init(ios: "18.3"), classes: [appDelegate])
    #expect(result.status == .passed, "\(result.report ?? "")")
    #expect(calls == ["background"])
    #expect(result.trace.last?.text == "post UIApplicationDidEnterBackgroundNotification")
  }
}
