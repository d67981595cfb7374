/// A build setting's value as Xcode reads it: text with `$(NAME)` references
/// (Documentation/Reference/xcode-projects.md#build-settings).
///
/// `$(NAME)` and `${NAME}` name a setting, `$NAME` too (a run of letters, digits and `_`); the
/// name may itself hold references (`$(A_$(B))`); `$$` is a `$`. Operators follow the name:
/// `$(PRODUCT_NAME:rfc1034identifier)`, `$(NAME:lower)`, `$(NAME:default=fallback)`, several
/// in a row. What Xcode would report as malformed (a `$(` without its `)`, an unknown
/// operator) stays as it is written, so an odd value never stops a project from loading.
public struct BuildSettingExpression: Sendable {
  indirect enum Part: Sendable {
    case literal(String)
    case reference(name: [Part], operators: [Operator])
  }

  enum Operator: Sendable {
    /// `:lower`: transforms the value.
    case retrieval(String)
    /// `:default=value`: replaces all or part of it.
    case replacement(String, [Part])
  }

  let parts: [Part]

  /// The parts of `text`.
  public init(_ text: String) {
    var parser = Parser(Array(text.utf8))
    parts = parser.parts(until: [])
  }

  /// Whether the text has no references: its value is itself.
  public var isLiteral: Bool {
    parts.allSatisfy {
      if case .literal = $0 { return true }
      return false
    }
  }

  /// The value, with each name looked up by `lookup` (nil for an unknown name: empty, as in
  /// Xcode); nil when it, or a name built on the way, would pass `maximumBytes`.
  public func evaluate(
    maximumBytes: Int = .max, _ lookup: (String) throws(ProjectError) -> String?
  ) throws(ProjectError) -> String? {
    try Self.evaluate(parts, maximumBytes, lookup)
  }

  private static func evaluate(
    _ parts: [Part], _ maximumBytes: Int, _ lookup: (String) throws(ProjectError) -> String?
  ) throws(ProjectError) -> String? {
    var result = ""
    for part in parts {
      switch part {
      case .literal(let text):
        result += text
      case .reference(let nameParts, let operators):
        guard let name = try evaluate(nameParts, maximumBytes, lookup) else { return nil }
        var value = name.isEmpty ? "" : (try lookup(name) ?? "")
        for op in operators {
          switch op {
          case .retrieval(let operatorName):
            value = Self.retrieve(operatorName, from: value)
          case .replacement(let operatorName, let replacementParts):
            guard let replacement = try evaluate(replacementParts, maximumBytes, lookup) else {
              return nil
            }
            value = Self.replace(operatorName, in: value, with: replacement)
          }
          // `:quote` and the identifiers can make a value longer.
          if value.utf8.count > maximumBytes { return nil }
        }
        result += value
      }
      if result.utf8.count > maximumBytes { return nil }
    }
    return result
  }

  /// Xcode's retrieval operators; an unknown one leaves the value as it is.
  static func retrieve(_ name: String, from value: String) -> String {
    switch name {
    case "upper": return value.uppercased()
    case "lower": return value.lowercased()
    case "identifier": return IdentifierText.cIdentifier(value)
    case "rfc1034identifier": return IdentifierText.rfc1034(value)
    case "c99extidentifier": return IdentifierText.c99Extended(value)
    case "quote": return IdentifierText.quoted(value)
    case "dir":
      guard let slash = value.lastIndex(of: "/") else { return "./" }
      return String(value[...slash])
    case "file": return PathText.name(of: value)
    case "base": return PathText.base(of: value)
    case "suffix": return PathText.suffix(of: value)
    case "standardizepath": return PathText.normalized(value)
    case "not": return value != "YES" ? "YES" : "NO"
    case "truncatedversion": return value.split(separator: ".").prefix(3).joined(separator: ".")
    default: return value
    }
  }

  /// Xcode's replacement operators (`:default=` applies to an empty value, the others to a
  /// path); an unknown one leaves the value as it is.
  static func replace(_ name: String, in value: String, with replacement: String) -> String {
    if name == "default" { return value.isEmpty ? replacement : value }
    guard !value.isEmpty else { return value }
    switch name {
    case "dir": return PathText.join(replacement, PathText.name(of: value))
    case "file": return PathText.join(PathText.folder(of: value), replacement)
    case "base":
      let suffix = PathText.suffix(of: value)
      return PathText.join(PathText.folder(of: value), replacement) + suffix
    case "suffix":
      let bare = replacement.hasPrefix(".") ? replacement : "." + replacement
      let base = PathText.base(of: value)
      let folder = PathText.folder(of: value)
      return (value.contains("/") ? PathText.join(folder, base) : base) + bare
    default: return value
    }
  }

  // MARK: Reading

  private struct Parser {
    let bytes: [UInt8]
    var position = 0
    var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parts up to the end or one of `stops` (which stays unread).
    mutating func parts(until stops: [UInt8]) -> [Part] {
      var parts: [Part] = []
      var literal: [UInt8] = []
      func flush() {
        if !literal.isEmpty {
          parts.append(.literal(String(decoding: literal, as: UTF8.self)))
          literal.removeAll()
        }
      }
      while position < bytes.count {
        let byte = bytes[position]
        if stops.contains(byte) { break }
        guard byte == UInt8(ascii: "$") else {
          literal.append(byte)
          position += 1
          continue
        }
        let start = position
        if let reference = reference() {
          flush()
          parts.append(reference)
        } else {
          // Not a reference after all: the text stays as written (`$$` is one `$`).
          let text = bytes[start..<position]
          literal.append(contentsOf: text.starts(with: [36, 36]) ? [36] : Array(text))
        }
      }
      flush()
      return parts
    }

    /// A reference at `$`; nil (having read what it stands for as text) when there is none.
    private mutating func reference() -> Part? {
      position += 1  // $
      guard position < bytes.count else { return nil }
      let opener = bytes[position]
      if opener == UInt8(ascii: "$") {
        position += 1
        return nil
      }
      if Self.isNameStart(opener) {
        let nameStart = position
        while position < bytes.count, Self.isNameCharacter(bytes[position]) { position += 1 }
        return .reference(
          name: [.literal(String(decoding: bytes[nameStart..<position], as: UTF8.self))],
          operators: [])
      }
      let closer: UInt8
      switch opener {
      case UInt8(ascii: "("): closer = UInt8(ascii: ")")
      case UInt8(ascii: "{"): closer = UInt8(ascii: "}")
      default: return nil
      }
      depth += 1
      defer { depth -= 1 }
      // A hostile value could nest without end: past this depth the text is only text.
      guard depth <= 64 else {
        position = bytes.count
        return nil
      }
      position += 1
      let name = parts(until: [UInt8(ascii: ":"), closer])
      var operators: [Operator] = []
      while position < bytes.count, bytes[position] == UInt8(ascii: ":") {
        position += 1
        let nameStart = position
        while position < bytes.count, Self.isNameCharacter(bytes[position]) { position += 1 }
        let operatorName = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        if position < bytes.count, bytes[position] == UInt8(ascii: "=") {
          position += 1
          operators.append(.replacement(operatorName, parts(until: [UInt8(ascii: ":"), closer])))
        } else if position < bytes.count, bytes[position] != closer,
          bytes[position] != UInt8(ascii: ":")
        {
          // Not an operator name: skip to the next operator or the end, as Xcode does.
          while position < bytes.count, bytes[position] != closer,
            bytes[position] != UInt8(ascii: ":")
          {
            position += 1
          }
        } else {
          operators.append(.retrieval(operatorName))
        }
      }
      guard position < bytes.count, bytes[position] == closer else {
        // `$(` without its `)`: the rest is text.
        position = bytes.count
        return nil
      }
      position += 1
      return .reference(name: name, operators: operators)
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
      (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
      isNameStart(byte) || (byte >= 48 && byte <= 57)
    }
  }
}
