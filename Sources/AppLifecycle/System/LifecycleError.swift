/// A misuse of the model by a script that UIKit would have rejected at compile time (a window
/// given something that is not a scene); raised in Lua as an error at the caller's line.
public struct LifecycleError: Error, Equatable, CustomStringConvertible, Sendable {
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}

extension String {
  /// A name a scenario passed, as an error message repeats it: at most 80 characters, so a
  /// huge argument gives a readable message rather than a copy of itself.
  public var clippedForMessage: String {
    count <= 80 ? self : prefix(80) + "… (\(count) characters)"
  }
}
