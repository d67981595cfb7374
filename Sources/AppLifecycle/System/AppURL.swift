/// A URL as the system hands it to an app: parsed enough to route it by scheme and to answer
/// `NSURL`'s `scheme`, `host`, `path`, `query` and `fragment` (RFC 3986's generic syntax).
///
/// What `URL(string:)` refuses is refused here too: no scheme, a malformed scheme, spaces or
/// control characters.
public struct AppURL: Equatable, Hashable, Sendable, CustomStringConvertible {
  public let absoluteString: String
  /// Lowercased, as URL schemes compare.
  public let scheme: String
  public let host: String?
  public let path: String
  public let query: String?
  public let fragment: String?

  /// Why a string is not a URL.
  public struct Invalid: Error, Equatable, CustomStringConvertible, Sendable {
    public var text: String
    public var reason: String
    /// The text is quoted as Lua writes a string: a control character as a decimal escape
    /// (`\0`, `\10`), so a message never carries a raw NUL or line break from its input.
    public var description: String { "\"\(Self.escaped(text))\" is not a URL: \(reason)" }

    static func escaped(_ text: String) -> String {
      var escaped = ""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        case _ where scalar.value < 0x20 || scalar.value == 0x7f: escaped += "\\\(scalar.value)"
        default: escaped.unicodeScalars.append(scalar)
        }
      }
      return escaped
    }
  }

  public init(_ text: String) throws(Invalid) {
    if let bad = text.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value == 0x7f }) {
      let what = bad == " " ? "a space" : "a control character"
      throw Invalid(text: text, reason: "it contains \(what); percent-encode it")
    }
    guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
      throw Invalid(text: text, reason: "it has no scheme (like demo://item/7)")
    }
    let scheme = text[..<colon]
    guard scheme.first!.isASCII, scheme.first!.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else {
      throw Invalid(
        text: text,
        reason: "\"\(scheme)\" is not a scheme (a letter, then letters, digits, +, - or .)")
    }
    var rest = text[text.index(after: colon)...]
    var fragment: String?
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    var query: String?
    if let mark = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: mark)...])
      rest = rest[..<mark]
    }
    var host: String?
    if rest.hasPrefix("//") {
      let authority = rest.dropFirst(2).prefix { $0 != "/" }
      rest = rest.dropFirst(2 + authority.count)
      var name = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
      if let port = name.lastIndex(of: ":"), !name.hasPrefix("[") { name = name[..<port] }
      host = name.isEmpty ? nil : String(name)
    }
    self.absoluteString = text
    self.scheme = scheme.lowercased()
    self.host = host
    self.path = String(rest)
    self.query = query
    self.fragment = fragment
  }

  public var description: String { absoluteString }

  /// `text` as a URL for `context` (a device action, a method), or an error that says which and
  /// why: the one message every entry point of a URL gives.
  public static func parse(_ text: String, for context: String) throws(LifecycleError) -> AppURL {
    do {
      return try AppURL(text)
    } catch {
      throw LifecycleError("\(context): \(error)")
    }
  }
}
