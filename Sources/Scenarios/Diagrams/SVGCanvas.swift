/// A few SVG elements written as text, with XML escaping and short numbers.
///
/// Only presentation attributes: no CSS, scripts, fonts or images, so the file shows the same
/// in any browser with nothing beside it.
struct SVGCanvas {
  /// The monospace fonts of common systems; every one is at most 0.61 em wide per character,
  /// which is what the layout measures with.
  static let fontFamily = "DejaVu Sans Mono, Menlo, Consolas, Liberation Mono, monospace"
  /// Width of one column of monospace text, as a fraction of the font size.
  static let advance = 0.61

  private(set) var body: [String] = []

  mutating func rect(
    x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String,
    radius: Double = 0, dashed: Bool = false
  ) {
    var element =
      "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
      + "height=\"\(Self.number(height))\" fill=\"\(fill)\" stroke=\"\(stroke)\""
    if radius > 0 { element += " rx=\"\(Self.number(radius))\"" }
    if dashed { element += " stroke-dasharray=\"4 3\"" }
    body.append(element + "/>")
  }

  mutating func line(
    x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1,
    dashed: Bool = false
  ) {
    var element =
      "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" "
      + "y2=\"\(Self.number(y2))\" stroke=\"\(stroke)\""
    if width != 1 { element += " stroke-width=\"\(Self.number(width))\"" }
    if dashed { element += " stroke-dasharray=\"5 4\"" }
    body.append(element + "/>")
  }

  /// A path through `points`, not closed.
  mutating func polyline(_ points: [(Double, Double)], stroke: String, dashed: Bool = false) {
    var element =
      "<polyline points=\"\(Self.points(points))\" fill=\"none\" stroke=\"\(stroke)\""
    if dashed { element += " stroke-dasharray=\"5 4\"" }
    body.append(element + "/>")
  }

  mutating func polygon(_ points: [(Double, Double)], fill: String) {
    body.append("<polygon points=\"\(Self.points(points))\" fill=\"\(fill)\"/>")
  }

  /// Adds what `other` drew, on top of what is here.
  mutating func append(_ other: SVGCanvas) {
    body += other.body
  }

  enum Anchor: String { case start, middle }

  mutating func text(
    _ text: String, x: Double, y: Double, anchor: Anchor = .start, size: Double? = nil,
    bold: Bool = false, italic: Bool = false, fill: String = "#1d1d1f"
  ) {
    var element = "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\""
    if anchor != .start { element += " text-anchor=\"\(anchor.rawValue)\"" }
    if let size { element += " font-size=\"\(Self.number(size))\"" }
    if bold { element += " font-weight=\"bold\"" }
    if italic { element += " font-style=\"italic\"" }
    if fill != "#1d1d1f" { element += " fill=\"\(fill)\"" }
    body.append(element + ">" + Self.escaped(text) + "</text>")
  }

  /// The document: `body` in a view box of the given bounds, on a white background.
  func document(
    minX: Double, minY: Double, width: Double, height: Double, title: String, fontSize: Double
  ) -> String {
    let box = [minX, minY, width, height].map(Self.number).joined(separator: " ")
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width.rounded(.up)))\" "
        + "height=\"\(Self.number(height.rounded(.up)))\" viewBox=\"\(box)\" "
        + "font-family=\"\(Self.fontFamily)\" font-size=\"\(Self.number(fontSize))\" "
        + "xml:space=\"preserve\">",
      "<title>\(Self.escaped(title))</title>",
      "<rect x=\"\(Self.number(minX))\" y=\"\(Self.number(minY))\" "
        + "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" fill=\"#ffffff\"/>",
    ]
    lines += body
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` safe in XML character data and attribute values.
  static func escaped(_ text: String) -> String {
    XMLEscaping.attributeValue(DiagramText.printable(text))
  }

  /// A coordinate with at most one decimal: `12`, `-3.5`.
  static func number(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    let whole = abs(tenths) / 10
    let fraction = abs(tenths) % 10
    return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
  }

  private static func points(_ points: [(Double, Double)]) -> String {
    points.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " ")
  }
}
