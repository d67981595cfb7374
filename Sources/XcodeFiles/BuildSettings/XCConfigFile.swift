/// A build configuration file (`.xcconfig`) as Xcode reads it
/// (Documentation/Reference/xcode-projects.md#xcconfig-files): one `NAME = value` per line,
/// `NAME[sdk=iphoneos*][config=Debug] = value` for conditions, `//` comments (also after a
/// value: a URL needs `/$()/`), an optional `;` at the end, a `\` at the end to continue on the
/// next line, and `#include "Other.xcconfig"` or `#include? "Optional.xcconfig"` of a file
/// beside it.
///
/// Nothing in an xcconfig stops a project from loading: a missing `#include`, one that may not
/// be read (outside the project root) and a line that is not a setting are warnings; a missing
/// `#include?` is nothing, as in Xcode.
struct XCConfigFile {
  /// Xcode nests includes without a limit but stops at a cycle; so does lifescript, and at 32.
  static let maximumNesting = 32
  /// Files read through includes in one load, a file included again counting again: files that
  /// each include the next twice would otherwise be read 2^N times.
  static let maximumIncludes = 1_000
  /// Settings read in one load, a file included again counting again: one file of 20,000
  /// settings included a thousand times is under the include limit but would be 20 million
  /// assignments. Real projects have hundreds.
  static let maximumAssignments = 100_000
  /// Bytes read in one load, the files included again counting again.
  static let maximumBytes = 64 << 20

  let files: ProjectFiles
  let settings: BuildSettings
  /// What could not be read or understood, as warnings.
  var warnings: [FileWarning] = []
  private var including: [String] = []
  /// Includes read so far in this load, and whether the total limit was reported.
  private var includesRead = 0
  private var includesStopped = false
  /// Assignments and bytes read so far in this load.
  private var assignmentsRead = 0
  private var bytesRead = 0

  init(files: ProjectFiles, settings: BuildSettings) {
    self.files = files
    self.settings = settings
  }

  /// Reads the file at `path` (its `#include`s in their place), pushing its assignments onto
  /// the settings. Returns false when there is no file. Throws a `ProjectError` when the load
  /// passes its limits of work (`maximumAssignments`, `maximumBytes`) or the charge refuses.
  mutating func load(_ path: String) throws -> Bool {
    guard let bytes = try files.read(path) else { return false }
    bytesRead += bytes.count
    if bytesRead > Self.maximumBytes {
      throw ProjectError(
        "the xcconfig files read from \(files.display(including.first ?? path)) through its includes are more than \(Self.maximumBytes >> 20) MiB in all (a file included again counts again), at \(files.display(path)); lifescript stops (this limit is fixed)"
      )
    }
    try files.charge(bytes.count)
    including.append(PathText.normalized(path))
    defer { including.removeLast() }
    try read(bytes, path: path)
    return true
  }

  private mutating func read(_ bytes: [UInt8], path: String) throws {
    let shown = files.display(path)
    let lines = Self.lines(bytes)
    var index = 0
    while index < lines.count {
      let number = index + 1
      var line = Self.withoutComment(lines[index])
      // `\` at the end joins the next line, with a space: appended in place, so a thousand
      // continued lines cost a thousand lines' work.
      while line.last == UInt8(ascii: "\\"), index + 1 < lines.count {
        line.removeLast()
        while let last = line.last, Self.isSpace(last) { line.removeLast() }
        index += 1
        let next = Self.trimmed(Self.withoutComment(lines[index]))
        if !line.isEmpty || !next.isEmpty {
          if !line.isEmpty { line.append(UInt8(ascii: " ")) }
          line += next
        }
      }
      index += 1
      let text = Self.trimmed(line)
      if text.isEmpty { continue }
      if text.first == UInt8(ascii: "#") {
        try directive(text, at: "\(shown):\(number)", in: path)
        continue
      }
      guard let equals = Self.assignmentSign(in: text),
        let key = BuildSettings.Assignment.parseKey(
          String(decoding: text[..<equals], as: UTF8.self)),
        Self.isSettingName(key.name)
      else {
        warnings.append(
          FileWarning(
            .projectFile,
            "not a setting (NAME = value) nor an #include; the line is left out, as Xcode does",
            location: "\(shown):\(number)")
        )
        continue
      }
      var value = Self.trimmed(Array(text[(equals + 1)...]))
      if value.last == UInt8(ascii: ";") { value = Self.trimmed(Array(value.dropLast())) }
      assignmentsRead += 1
      if assignmentsRead > Self.maximumAssignments {
        throw ProjectError(
          file: shown, line: number,
          "the xcconfig files read from \(files.display(including.first ?? path)) through its includes make more than \(Self.maximumAssignments) settings (a file included again counts again); lifescript stops (this limit is fixed)"
        )
      }
      try files.charge(text.count)
      settings.push(
        BuildSettings.Assignment(
          name: key.name, conditions: key.conditions,
          value: String(decoding: value, as: UTF8.self), origin: "\(shown):\(number)"))
    }
  }

  /// `#include "Other.xcconfig"`, `#include? "Optional.xcconfig"`.
  private mutating func directive(_ text: [UInt8], at place: String, in path: String) throws {
    let line = String(decoding: text.dropFirst(), as: UTF8.self).trimmingSpaces
    let optional = line.hasPrefix("include?")
    guard line.hasPrefix("include") else {
      warnings.append(
        FileWarning(
          .projectFile,
          "only #include and #include? are directives of an xcconfig file; the line is left out",
          location: place)
      )
      return
    }
    let argument = String(line.dropFirst(optional ? "include?".count : "include".count))
      .trimmingSpaces
    guard argument.count >= 2, argument.first == "\"", argument.last == "\"" else {
      warnings.append(
        FileWarning(
          .projectFile, "#include needs a file name in double quotes; the line is left out",
          location: place))
      return
    }
    let name = String(argument.dropFirst().dropLast())
    if name.hasPrefix("<") {
      // `<DEVELOPER_DIR>/...`: a file of Xcode itself, not of the repository.
      if !optional {
        warnings.append(
          FileWarning(
            .projectFile,
            "\(name) is a file of Xcode's, not of the project; its settings are left out",
            location: place)
        )
      }
      return
    }
    var target = PathText.normalized(PathText.join(PathText.folder(of: path), name))
    guard including.count < Self.maximumNesting else {
      warnings.append(
        FileWarning(
          .projectFile, "includes nest more than \(Self.maximumNesting) deep; \(name) is left out",
          location: place)
      )
      return
    }
    guard includesRead < Self.maximumIncludes else {
      if !includesStopped, let root = including.first {
        includesStopped = true
        warnings.append(
          FileWarning(
            .projectFile,
            "the includes of \(files.display(root)) read more than \(Self.maximumIncludes) files in all (a file included again counts again); \(name) and the includes after it are left out",
            location: place)
        )
      }
      return
    }
    includesRead += 1
    do {
      if PathText.suffix(of: name).isEmpty, try files.read(target) == nil {
        target += ".xcconfig"  // Xcode adds the extension when the file has none
      }
      if including.contains(PathText.normalized(target)) {
        warnings.append(
          FileWarning(
            .projectFile,
            "\(files.display(target)) includes itself, through \(including.map(files.display).joined(separator: " → ")); the include is left out, as Xcode does",
            location: place)
        )
        return
      }
      if try !load(target), !optional {
        warnings.append(
          FileWarning(
            .projectFile,
            "the included file \(files.display(target)) does not exist; its settings are left out",
            location: place)
        )
      }
    } catch let error as ProjectError {
      // A limit of work, or the memory cap: the load stops.
      throw error
    } catch {
      warnings.append(
        FileWarning(.projectFile, "the included file is not read: \(error)", location: place))
    }
  }

  // MARK: Text

  /// The lines of the file: `\n`, `\r\n`, `\r` and U+2028/U+2029 end a line.
  private static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      var end: Int?
      if byte == 0x0A {
        end = index + 1
      } else if byte == 0x0D {
        end = index + 1 < bytes.count && bytes[index + 1] == 0x0A ? index + 2 : index + 1
      } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
      {
        end = index + 3
      }
      if let end {
        lines.append(Array(bytes[start..<index]))
        start = end
        index = end
      } else {
        index += 1
      }
    }
    if start < bytes.count { lines.append(Array(bytes[start...])) }
    return lines
  }

  /// The `=` of `NAME[sdk=iphoneos*] = value`: the first one outside the conditions' brackets.
  private static func assignmentSign(in text: [UInt8]) -> Int? {
    var inBrackets = false
    for (index, byte) in text.enumerated() {
      switch byte {
      case UInt8(ascii: "["): inBrackets = true
      case UInt8(ascii: "]"): inBrackets = false
      case UInt8(ascii: "=") where !inBrackets: return index
      default: continue
      }
    }
    return nil
  }

  /// The line up to a `//`, wherever it is.
  private static func withoutComment(_ line: [UInt8]) -> [UInt8] {
    var index = 0
    while index + 1 < line.count {
      if line[index] == UInt8(ascii: "/"), line[index + 1] == UInt8(ascii: "/") {
        return Array(line[..<index])
      }
      index += 1
    }
    return line
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
  }

  private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
    guard let first = bytes.firstIndex(where: { !isSpace($0) }),
      let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return [] }
    return Array(bytes[first...last])
  }

  /// `A-Z a-z _` then also digits, as Xcode's names.
  static func isSettingName(_ name: String) -> Bool {
    guard let first = name.utf8.first,
      first == UInt8(ascii: "_") || (first | 0x20 >= 97 && first | 0x20 <= 122)
    else { return false }
    return name.utf8.allSatisfy {
      $0 == UInt8(ascii: "_") || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122) || ($0 >= 48 && $0 <= 57)
    }
  }
}
