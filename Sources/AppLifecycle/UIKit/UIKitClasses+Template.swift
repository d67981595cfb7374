/// UIKit's classes as every device starts with them, defined once per process.
///
/// Defining them (some 60 classes, 700 methods) was a quarter of what a scenario cost in a
/// suite's worker, and freeing them again another tenth. A device's runtime now makes its own
/// class objects from these templates, sharing their method tables until a scenario changes one
/// (a script's method added to `UIViewController` copies that table, for that scenario only).
/// UIKit's methods take the device from the message they answer (`Message.device`), never from
/// where they were defined, so one definition serves every device, on any thread.
final class UIKitClasses: Sendable {
  static let shared = UIKitClasses()

  let templates: [RuntimeClass.Template]
  let names: Set<String>

  private init() {
    do {
      let runtime = Runtime()
      try Self.define(in: runtime)
      templates = runtime.templates()
      names = Set(runtime.allClasses.map(\.name))
    } catch {
      preconditionFailure("UIKit's classes could not be defined: \(error)")
    }
  }
}
