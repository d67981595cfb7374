/// A path inside the app's container, relative to it: `Documents/draft.txt`,
/// `Library/Caches/feed.json` (Documentation/UIKit/storage.md#files-in-the-container).
///
/// Names are separated by single `/`; a name is 1 to 255 bytes and is neither `.` nor `..`, and
/// the whole path is at most 1,024 bytes (Darwin's `NAME_MAX` and `PATH_MAX`). Any other byte but
/// NUL may be in a name, as on the device's file system: a newline too.
public struct ContainerPath: Hashable, Sendable, CustomStringConvertible {
  public let text: String

  /// Darwin's `PATH_MAX`: the longest path, in bytes.
  public static let maximumLength = 1024
  /// Darwin's `NAME_MAX`: the longest name of a file or folder, in bytes.
  public static let maximumNameLength = 255

  /// Why a text is not a container path, as an error message says it after the function's name.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }

    public init(reason: String) { self.reason = reason }
  }

  public init(_ text: String) throws(Problem) {
    let example = "like \"Documents/draft.txt\""
    guard !text.isEmpty else {
      throw Problem(reason: "the path is empty; name a file in the app's container, \(example)")
    }
    let shown = Self.quoted(text)
    guard !text.utf8.contains(0) else {
      throw Problem(reason: "the path \(shown) contains a NUL byte, which no file name can")
    }
    guard text.utf8.count <= Self.maximumLength else {
      throw Problem(
        reason:
          "the path is \(text.utf8.count) bytes; a path in the container has at most \(Self.maximumLength)"
      )
    }
    guard !text.hasPrefix("/") else {
      throw Problem(
        reason:
          "the path \(shown) is absolute; paths are relative to the app's container, \(example)"
      )
    }
    for name in text.split(separator: "/", omittingEmptySubsequences: false) {
      if name == ".." {
        throw Problem(reason: "the path \(shown) leaves the app's container (\"..\")")
      }
      if name.isEmpty || name == "." {
        throw Problem(
          reason:
            "the path \(shown) has an empty name or \".\"; separate names with a single \"/\", \(example)"
        )
      }
      if name.utf8.count > Self.maximumNameLength {
        throw Problem(
          reason:
            "the name \(Self.quoted(String(name))) in the path is \(name.utf8.count) bytes; a file name has at most \(Self.maximumNameLength)"
        )
      }
    }
    self.text = text
  }

  public var description: String { text }

  /// The folders the path is in, outermost first: `Documents`, `Documents/drafts` for
  /// `Documents/drafts/a.txt`.
  var folders: [String] {
    var folders: [String] = []
    var index = text.startIndex
    while let slash = text[index...].firstIndex(of: "/") {
      folders.append(String(text[..<slash]))
      index = text.index(after: slash)
    }
    return folders
  }

  /// A text as a message quotes it: control characters escaped so that one stays on its line,
  /// and clipped when huge.
  public static func quoted(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      case "\r": escaped += "\\r"
      case "\0": escaped += "\\0"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "\"" + escaped.clippedForMessage + "\""
  }
}
