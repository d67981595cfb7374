/// An Objective-C exception raised by the modelled UIKit or Foundation
/// (`NSInternalInconsistencyException`, `NSInvalidArgumentException`, ...).
///
/// Uncaught, it ends the simulated process; its `reason` is reproduced verbatim from the
/// reference (§7, Documentation/UIKit/application-main.md).
public struct ObjCException: Error, Equatable, Sendable, CustomStringConvertible {
  public struct Name: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let internalInconsistency = Name(rawValue: "NSInternalInconsistencyException")
    public static let invalidArgument = Name(rawValue: "NSInvalidArgumentException")
    public static let generic = Name(rawValue: "NSGenericException")
  }

  public var name: Name
  public var reason: String
  /// What in the app's files raised it, for the failure report (UIKit's reason does not say):
  /// `the storyboard reference at Main.storyboard:14`. Not part of the trace line.
  public var origin: String?

  public init(_ name: Name, _ reason: String, origin: String? = nil) {
    self.name = name
    self.reason = reason
    self.origin = origin
  }

  /// As a trace line shows it: `NSInternalInconsistencyException: There can only be one ...`.
  public var description: String { "\(name.rawValue): \(reason)" }
}
