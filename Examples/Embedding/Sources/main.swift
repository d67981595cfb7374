// Runs a scenario bundled with this executable, with two classes written in Swift: an app
// delegate that UIKit launches, and an analytics service the scenario makes and subclasses.
//
//   swift run lifescript-embedding-example
import Foundation
import LifescriptKit

/// What the Swift side of the app saw, in order.
final class Events {
  var lines: [String] = []
}

func runExample() -> Int32 {
  let events = Events()
  let appDelegate = Lifescript.NativeClass(
    "AppDelegate", superclass: "UIResponder", protocols: ["UIApplicationDelegate"],
    methods: [
      "application:didFinishLaunchingWithOptions:": { _, _ in
        events.lines.append("launched")
        return true
      },
      "applicationDidEnterBackground:": { _, _ in
        events.lines.append("entered the background")
        return .nil
      },
    ])
  let analytics = Lifescript.NativeClass(
    "Analytics", properties: ["sent"],
    methods: [
      "init": { receiver, _ in
        try receiver.setValue(0, forKey: "sent")
        return .object(receiver)
      },
      "track:": { receiver, arguments in
        guard let event = arguments[0].string else {
          throw AnalyticsError.notAnEvent(arguments[0].description)
        }
        events.lines.append("\(receiver.className) tracked \(event)")
        let sent = try receiver.value(forKey: "sent").int ?? 0
        try receiver.setValue(.int(sent + 1), forKey: "sent")
        return .nil
      },
    ])

  guard let scenario = Bundle.module.path(forResource: "launch", ofType: "lua") else {
    print("launch.lua is not in the executable's resources")
    return 2
  }
  do {
    let result = try Lifescript.run(
      file: scenario, options: .init(ios: "18.3"), classes: [appDelegate, analytics])
    print("trace:")
    for line in result.trace { print("  \(line.time)s  \(line.text)") }
    print("the script printed:")
    print(result.output, terminator: "")
    print("Swift saw:")
    for line in events.lines { print("  \(line)") }
    print("status: \(result.status)")
    if let report = result.report { print(report) }
    return result.status == .passed ? 0 : 1
  } catch {
    print("could not run \(scenario): \(error)")
    return 2
  }
}

enum AnalyticsError: Error, CustomStringConvertible {
  case notAnEvent(String)

  var description: String {
    switch self {
    case .notAnEvent(let value): "an event name expected, got \(value)"
    }
  }
}

exit(runExample())
