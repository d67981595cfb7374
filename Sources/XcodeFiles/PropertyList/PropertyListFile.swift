/// Reads an XML property list (an Xcode project's Info.plist).
public enum PropertyListFile {
  /// The top-level dictionary, and the line of each of its keys (for errors about a key's value).
  public struct Contents {
    public var values: [String: PlistValue]
    public var keyLines: [String: Int]
    /// Keys a dictionary has twice: the later value is the one read, as in Xcode.
    public var duplicateKeys: [DuplicateKey] = []
  }

  /// A key a dictionary of the file has again.
  public struct DuplicateKey: Equatable {
    public var key: String
    public var firstLine: Int
    public var line: Int
  }

  /// What lifescript says about a key given twice, at the later one.
  public static func warning(_ duplicate: DuplicateKey, file: String) -> FileWarning {
    FileWarning(
      .duplicateInfoKey,
      "the key \(duplicate.key) appears again (first at line \(duplicate.firstLine)); the later value is used, as Xcode reads the file",
      location: "\(file):\(duplicate.line)")
  }

  public static func read(_ bytes: [UInt8], file: String) throws(FormatError) -> Contents {
    if bytes.starts(with: Array("bplist".utf8)) {
      throw FormatError(
        file: file, line: 1,
        message:
          "binary property lists are not read; convert it with plutil -convert xml1 \(file)")
    }
    let root = try XMLReader.parse(bytes, file: file)
    guard root.name == "plist" else {
      throw FormatError(
        file: file, line: root.line, message: "expected <plist>, found <\(root.name)>")
    }
    guard let top = root.children.first, root.children.count == 1 else {
      throw FormatError(file: file, line: root.line, message: "<plist> must hold one value")
    }
    var duplicates: [DuplicateKey] = []
    guard case .dictionary(let values) = try value(top, file: file, duplicates: &duplicates)
    else {
      throw FormatError(file: file, line: top.line, message: "an Info.plist is a <dict>")
    }
    var keyLines: [String: Int] = [:]
    for key in top.children(named: "key") { keyLines[key.text] = key.line }
    return Contents(values: values, keyLines: keyLines, duplicateKeys: duplicates)
  }

  private static func value(
    _ element: XMLElement, file: String, duplicates: inout [DuplicateKey]
  ) throws(FormatError) -> PlistValue {
    let text = element.text.trimmingWhitespace
    switch element.name {
    case "string", "date", "data":
      return .string(element.name == "string" ? element.text : text)
    case "integer":
      guard let number = Int(text) else {
        throw FormatError(
          file: file, line: element.line, message: "'\(text)' is not an integer")
      }
      return .integer(number)
    case "real":
      guard let number = Double(text) else {
        throw FormatError(file: file, line: element.line, message: "'\(text)' is not a number")
      }
      return .real(number)
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "array":
      return .array(
        try element.children.map { (child) throws(FormatError) in
          try value(child, file: file, duplicates: &duplicates)
        })
    case "dict":
      var values: [String: PlistValue] = [:]
      var lines: [String: Int] = [:]
      var index = 0
      let children = element.children
      while index < children.count {
        let key = children[index]
        guard key.name == "key" else {
          throw FormatError(
            file: file, line: key.line, message: "expected <key> in <dict>, found <\(key.name)>")
        }
        guard index + 1 < children.count else {
          throw FormatError(
            file: file, line: key.line, message: "<key>\(key.text)</key> has no value")
        }
        if let first = lines[key.text] {
          duplicates.append(DuplicateKey(key: key.text, firstLine: first, line: key.line))
        }
        if lines[key.text] == nil { lines[key.text] = key.line }
        values[key.text] = try value(children[index + 1], file: file, duplicates: &duplicates)
        index += 2
      }
      return .dictionary(values)
    default:
      throw FormatError(
        file: file, line: element.line, message: "<\(element.name)> is not a property list value")
    }
  }
}

extension String {
  var trimmingWhitespace: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
    return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
