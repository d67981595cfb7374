/// A method with an `NSError **` out-parameter failed (`submitTaskRequest:error:`): it returns NO
/// and fills the out-parameter with the error. The embedding layer hands a script both, as
/// Swift's `throws` hands the caller the error
/// (Documentation/Reference/scenario-language.md#background-tasks).
public struct ErrorOutParameter: Error, Equatable, Sendable {
  public var domain: String
  public var code: Int
  /// The code's constant: `BGTaskSchedulerErrorCodeNotPermitted`.
  public var name: String

  public init(domain: String, code: Int, name: String) {
    self.domain = domain
    self.code = code
    self.name = name
  }

  /// The `NSError` as a dictionary: `domain`, `code`, `name` and `description`, as `NSError`
  /// prints one without a localized description (`Error Domain=… Code=3 "(null)"`).
  public var error: RuntimeValue {
    .dictionary([
      "domain": .string(domain), "code": .int(code), "name": .string(name),
      "description": .string("Error Domain=\(domain) Code=\(code) \"(null)\""),
    ])
  }
}
