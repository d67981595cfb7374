/// Build settings as Xcode resolves them for one target and configuration: assignments pushed
/// in order, from Xcode's defaults at the bottom to the target's own settings at the top
/// (Documentation/Reference/xcode-projects.md#build-settings).
///
/// A setting's value is its newest assignment whose conditions hold (`[sdk=iphoneos*]`,
/// `[config=Debug]`, `[arch=arm64]`); `$(inherited)` in it is the value of the next matching
/// assignment below, and so is a setting's reference to itself (`OTHER_LDFLAGS =
/// $(OTHER_LDFLAGS) -ObjC`). Values are evaluated only when asked for, so a setting nothing
/// needs never fails, whatever it says; settings that refer to each other in a cycle are an
/// error naming the cycle when one of them is needed.
public final class BuildSettings {
  /// One `NAME[condition=pattern] = value`.
  public struct Assignment: Sendable {
    public var name: String
    public var conditions: [Condition]
    public var value: String
    /// Where it is written, as messages name it: `Configuration/Base.xcconfig:12`,
    /// `MyApp.xcodeproj (target MyApp, Debug)`.
    public var origin: String

    public init(name: String, conditions: [Condition] = [], value: String, origin: String) {
      self.name = name
      self.conditions = conditions
      self.value = value
      self.origin = origin
    }

    /// `CODE_SIGN_IDENTITY[sdk=iphoneos*]` as its name and conditions; nil for a key that is
    /// not a setting's name (a `[` without its `]`, an empty name).
    public static func parseKey(_ key: String) -> (name: String, conditions: [Condition])? {
      guard let bracket = key.firstIndex(of: "[") else {
        return key.isEmpty ? nil : (key.trimmingSpaces, [])
      }
      let name = String(key[..<bracket]).trimmingSpaces
      guard !name.isEmpty else { return nil }
      var conditions: [Condition] = []
      var rest = key[bracket...]
      while let open = rest.firstIndex(of: "[") {
        guard let close = rest[open...].firstIndex(of: "]") else { return nil }
        let body = rest[rest.index(after: open)..<close]
        guard let equals = body.firstIndex(of: "=") else { return nil }
        conditions.append(
          Condition(
            parameter: String(body[..<equals]).trimmingSpaces,
            pattern: String(body[body.index(after: equals)...]).trimmingSpaces))
        rest = rest[rest.index(after: close)...]
      }
      return (name, conditions)
    }
  }

  /// `[sdk=iphoneos*]`: holds when the parameter's value matches the pattern (`*` any run of
  /// characters, `?` one); an unknown parameter never holds.
  public struct Condition: Equatable, Sendable {
    public var parameter: String
    public var pattern: String

    public init(parameter: String, pattern: String) {
      self.parameter = parameter
      self.pattern = pattern
    }

    func holds(in values: [String: String]) -> Bool {
      guard let value = values[parameter] else { return false }
      return Self.matches(Array(value.utf8)[...], Array(pattern.utf8)[...])
    }

    private static func matches(_ text: ArraySlice<UInt8>, _ pattern: ArraySlice<UInt8>) -> Bool {
      // Iterative glob matching with one backtrack point: linear in practice, never recursive.
      var t = text.startIndex
      var p = pattern.startIndex
      var star: Int?
      var starText = t
      while t < text.endIndex {
        if p < pattern.endIndex, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
          t += 1
          p += 1
        } else if p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") {
          star = p
          starText = t
          p += 1
        } else if let starIndex = star {
          p = starIndex + 1
          starText += 1
          t = starText
        } else {
          return false
        }
      }
      while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
      return p == pattern.endIndex
    }
  }

  /// The longest value one setting, or one expanded text, may have. A project's values are
  /// names, paths and flags; a few lines that each double the one below (`A1 = $(A0)$(A0)`, …)
  /// would otherwise ask for more memory than the machine has.
  public static let maximumValueBytes = 1 << 20
  /// What all the values evaluated for one target and configuration may add up to: each
  /// setting is evaluated once, so this bounds the work as well as the memory.
  public static let maximumExpansionBytes = 64 << 20

  /// The values conditions are matched against: `sdk`, `arch`, `config`, `variant`.
  public let conditionValues: [String: String]
  /// Called with the bytes each value evaluated here holds, to count them against a memory cap
  /// (a scenario's `--max-memory`); throws to stop.
  public var charge: (Int) throws(ProjectError) -> Void = { _ in }
  private var assignments: [String: [Assignment]] = [:]
  /// Every assignment, oldest first, as pushed.
  private(set) var allAssignments: [Assignment] = []
  private var expressions: [String: [BuildSettingExpression?]] = [:]
  /// The value of each assignment once evaluated (with what it inherits), by name and
  /// position: every assignment is evaluated at most once, so `$(inherited)$(inherited)` on
  /// forty lines is forty evaluations, not 2^40.
  private var evaluated: [String: [String?]] = [:]
  /// Bytes of every value evaluated so far, against `maximumExpansionBytes`.
  private var expandedBytes = 0
  /// Evaluations of assignments so far (for tests: the work done).
  private(set) var evaluations = 0
  /// The assignments being evaluated, innermost last: a reference to one of them is a cycle
  /// (or, for the innermost, a reference to the setting's own inherited value).
  private var evaluating: [(name: String, index: Int)] = []

  public init(conditionValues: [String: String]) {
    self.conditionValues = conditionValues
  }

  /// Adds an assignment above all the others.
  public func push(_ assignment: Assignment) {
    allAssignments.append(assignment)
    assignments[assignment.name, default: []].append(assignment)
    expressions[assignment.name, default: []].append(nil)
    // A value evaluated before this push may have referred to the setting: evaluate again.
    evaluated = [:]
  }

  /// Whether any assignment sets `name`, whatever its conditions (Xcode's generated Info.plist
  /// takes a key's setting when it is assigned, even to an empty value).
  public func isAssigned(_ name: String) -> Bool { assignments[name] != nil }

  /// The names of every setting assigned, sorted.
  public var names: [String] { assignments.keys.sorted() }

  /// The value of `name`; empty for a setting nobody assigned, as in Xcode.
  public func value(_ name: String) throws(ProjectError) -> String {
    try value(name, below: assignments[name]?.count ?? 0)
  }

  /// Where the value of `name` comes from: its newest matching assignment's origin.
  public func origin(of name: String) -> String? {
    assignments[name]?.last { $0.conditions.allSatisfy { $0.holds(in: conditionValues) } }?.origin
  }

  /// `text` with its references expanded against these settings.
  public func expand(_ text: String) throws(ProjectError) -> String {
    let expression = BuildSettingExpression(text)
    if expression.isLiteral { return text }
    guard
      let value = try expression.evaluate(
        maximumBytes: Self.maximumValueBytes,
        { name throws(ProjectError) in try self.value(name) })
    else {
      throw ProjectError(
        "\(Self.quoted(text)) expands to more than \(Self.maximumValueBytes >> 20) MiB; lifescript stops (this limit is fixed: no app's value is that long)"
      )
    }
    try account(value)
    return value
  }

  /// The value of the newest matching assignment of `name` below position `limit`.
  private func value(_ name: String, below limit: Int) throws(ProjectError) -> String {
    guard let list = assignments[name] else { return "" }
    var index = min(limit, list.count) - 1
    while index >= 0, !list[index].conditions.allSatisfy({ $0.holds(in: conditionValues) }) {
      index -= 1
    }
    guard index >= 0 else { return "" }
    if evaluating.contains(where: { $0.name == name && $0.index == index }) {
      throw cycleError(closingAt: name, index)
    }
    if let known = evaluated[name]?[index] { return known }
    let expression: BuildSettingExpression
    if let parsed = expressions[name]![index] {
      expression = parsed
    } else {
      expression = BuildSettingExpression(list[index].value)
      expressions[name]![index] = expression
    }
    if expression.isLiteral { return list[index].value }
    guard evaluating.count < 256 else {
      throw ProjectError("the build setting \(name) refers to settings more than 256 deep")
    }
    evaluations += 1
    evaluating.append((name, index))
    defer { evaluating.removeLast() }
    let result = try expression.evaluate(maximumBytes: Self.maximumValueBytes) {
      reference throws(ProjectError) in
      if reference == "inherited" || reference == name {
        return try self.value(name, below: index)
      }
      if self.evaluating.contains(where: { $0.name == reference }) {
        throw self.cycleError(closingAt: reference, nil)
      }
      return try self.value(reference)
    }
    guard let result else {
      throw ProjectError(
        "the build setting \(name) (\(list[index].origin)) expands to more than \(Self.maximumValueBytes >> 20) MiB; lifescript stops (this limit is fixed: no app's value is that long)"
      )
    }
    try account(result, evaluating: name, list[index].origin)
    if evaluated[name] == nil { evaluated[name] = Array(repeating: nil, count: list.count) }
    evaluated[name]![index] = result
    return result
  }

  /// Counts a value evaluated against the expansion limit and the memory cap.
  private func account(
    _ value: String, evaluating name: String? = nil, _ origin: String? = nil
  ) throws(ProjectError) {
    let bytes = value.utf8.count
    expandedBytes += bytes
    if expandedBytes > Self.maximumExpansionBytes {
      let setting = name.map { "the build setting \($0) (\(origin ?? ""))" } ?? "a value"
      throw ProjectError(
        "the build settings expand to more than \(Self.maximumExpansionBytes >> 20) MiB in all, at \(setting); lifescript stops (this limit is fixed: no app's settings are that large)"
      )
    }
    try charge(bytes)
  }

  /// A text as a message quotes it: its first 60 characters, line breaks and other control
  /// characters escaped (a message is one line).
  private static func quoted(_ text: String) -> String {
    String(reflecting: String(text.prefix(60))) + (text.count > 60 ? "…" : "")
  }

  /// `A = $(B) (origin) → B = $(A) (origin) → A`.
  private func cycleError(closingAt name: String, _ index: Int?) -> ProjectError {
    let start = evaluating.firstIndex { $0.name == name } ?? 0
    let chain = evaluating[start...].map { step in
      let assignment = assignments[step.name]![step.index]
      return "\(step.name) = \(assignment.value) (\(assignment.origin))"
    }
    return ProjectError(
      "the build settings \(chain.joined(separator: " → ")) → \(name) refer to each other in a cycle; Xcode would leave them empty, lifescript stops: break the cycle"
    )
  }
}

extension String {
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
