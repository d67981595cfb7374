/// `NotificationCenter.default`: observers by name, called synchronously, in the order they were
/// added, when a notification is posted (by UIKit or by the app).
public final class NotificationCenter {
  /// What `addObserver` returns; pass it to `removeObserver`.
  public struct Observation: Hashable, Sendable {
    fileprivate let id: Int
  }

  public typealias Handler = (
    _ name: String, _ object: RuntimeObject?, _ userInfo: [String: RuntimeValue]?
  ) throws -> Void

  // Unchecked for exclusivity: every access is in this file and none spans a call that could
  // reach another (delivery iterates a copy; removal filters, then writes), so the run-time
  // check, paid at every notification UIKit posts, could never fire.
  @exclusivity(unchecked) private var observers:
    [(id: Int, name: String?, process: Int?, handler: Handler)] = []
  private var nextID = 0

  public init() {}

  /// Observes `name`, or every notification when `name` is nil. An observer the app's process
  /// adds (`process`, from `Device.currentProcess`) ends with that process.
  @discardableResult
  public func addObserver(
    forName name: String?, process: Int? = nil, _ handler: @escaping Handler
  ) -> Observation {
    nextID += 1
    observers.append((nextID, name, process, handler))
    return Observation(id: nextID)
  }

  /// The process ended: its observers go with it.
  // A read and then a write, never one access to the list spanning a closure.
  func removeObservers(addedBy process: Int) {
    observers = observers.filter { $0.process != process }
  }

  public func removeObserver(_ observation: Observation) {
    observers = observers.filter { $0.id != observation.id }
  }

  /// Calls the observers of `name`; an observer's error stops the delivery and propagates.
  func deliver(_ name: String, object: RuntimeObject?, userInfo: [String: RuntimeValue]?) throws {
    // A snapshot: observers added or removed while delivering take effect next time.
    for observer in observers where observer.name == nil || observer.name == name {
      try observer.handler(name, object, userInfo)
    }
  }
}
