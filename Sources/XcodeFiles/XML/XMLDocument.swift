import CExpat

/// An XML element read with expat: its name, attributes, children, text and the line it starts
/// on (for error messages).
final class XMLElement {
  let name: String
  let attributes: [String: String]
  let line: Int
  var children: [XMLElement] = []
  var text = ""

  init(name: String, attributes: [String: String], line: Int) {
    self.name = name
    self.attributes = attributes
    self.line = line
  }

  func children(named name: String) -> [XMLElement] { children.filter { $0.name == name } }
  func first(_ name: String) -> XMLElement? { children.first { $0.name == name } }
}

/// Parses a whole XML document into elements. expat does the parsing; this only builds the
/// tree.
enum XMLReader {
  /// How deep elements may nest. Real storyboards nest a few dozen levels; a file nested far
  /// deeper is refused before the tree (and the recursive walks over it) could exhaust the stack.
  static let maximumDepth = 256

  static func parse(_ bytes: [UInt8], file: String) throws(FormatError) -> XMLElement {
    let builder = TreeBuilder()
    guard let parser = XML_ParserCreate(nil) else {
      throw FormatError(file: file, line: 0, message: "out of memory")
    }
    defer { XML_ParserFree(parser) }
    let context = Unmanaged.passUnretained(builder).toOpaque()
    XML_SetUserData(parser, context)
    builder.parser = parser
    XML_SetElementHandler(parser, startElement, endElement)
    XML_SetCharacterDataHandler(parser, characters)
    let status = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        XML_Parse(parser, $0.baseAddress, Int32(clamping: $0.count), 1)
      }
    }
    if let line = builder.tooDeep {
      throw FormatError(
        file: file, line: line,
        message: "elements are nested more than \(maximumDepth) levels deep")
    }
    guard status == XML_STATUS_OK else {
      let message = String(cString: XML_ErrorString(XML_GetErrorCode(parser)))
      throw FormatError(
        file: file, line: Int(XML_GetCurrentLineNumber(parser)), message: message)
    }
    guard let root = builder.root else {
      throw FormatError(file: file, line: 1, message: "no XML element")
    }
    return root
  }
}

private final class TreeBuilder {
  var parser: XML_Parser?
  var stack: [XMLElement] = []
  var root: XMLElement?
  /// The line of the element that nested too deep; parsing stopped there.
  var tooDeep: Int?

  var line: Int { parser.map { Int(XML_GetCurrentLineNumber($0)) } ?? 0 }
}

private func builder(_ context: UnsafeMutableRawPointer?) -> TreeBuilder {
  Unmanaged<TreeBuilder>.fromOpaque(context!).takeUnretainedValue()
}

private let startElement: XML_StartElementHandler = { context, name, attributes in
  let builder = builder(context)
  guard builder.stack.count < XMLReader.maximumDepth else {
    builder.tooDeep = builder.line
    XML_StopParser(builder.parser, XML_FALSE)
    return
  }
  var pairs: [String: String] = [:]
  var index = 0
  while let key = attributes?[index], let value = attributes?[index + 1] {
    pairs[String(cString: key)] = String(cString: value)
    index += 2
  }
  let element = XMLElement(name: String(cString: name!), attributes: pairs, line: builder.line)
  builder.stack.last?.children.append(element)
  if builder.root == nil { builder.root = element }
  builder.stack.append(element)
}

private let endElement: XML_EndElementHandler = { context, _ in
  _ = builder(context).stack.popLast()
}

private let characters: XML_CharacterDataHandler = { context, text, length in
  guard let text, let element = builder(context).stack.last else { return }
  element.text += String(
    decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self)
}
