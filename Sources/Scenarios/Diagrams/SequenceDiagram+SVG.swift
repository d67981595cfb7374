extension SequenceDiagram {
  /// The diagram as a self-contained SVG document, laid out here: a header box and a dashed
  /// lifeline per participant, one row per step (labelled arrows, «create» arrows, notes, time
  /// dividers), and the header boxes again at the bottom.
  ///
  /// Columns are spaced so every arrow's label fits between its two lifelines. Text is
  /// monospace and measured in columns; class names are broken before a capital into lines of
  /// 16 columns and cut to 32, arrow labels longer than 30 columns are broken after a selector
  /// part into lines of 28 (narrower, down to 14 and names to 10, while the diagram is wider
  /// than GitHub's 880-pixel content column), and notes are wrapped at 64 columns to at most 4 lines, each cut
  /// with `…`, and kept from reaching left of the first participant, so a long log line cannot
  /// stretch the diagram. Text is XML-escaped; the file has no CSS, scripts, fonts or images.
  public var svg: String { SequenceDiagramSVG(self).document }
}

/// Where each part of a sequence diagram goes in SVG.
private struct SequenceDiagramSVG {
  static let fontSize = 11.0
  static let headerFontSize = 11.0
  static let column = fontSize * SVGCanvas.advance
  static let headerColumn = headerFontSize * SVGCanvas.advance
  static let margin = 20.0
  static let headerLineHeight = 15.0
  static let labelLineHeight = 14.0
  static let noteLineHeight = 15.0
  static let noteColumns = 64
  static let noteLines = 4
  static let labelColumns = 64
  static let nameColumns = 32

  static let ink = "#1d1d1f"
  static let lifelineColor = "#9aa5b5"

  let diagram: SequenceDiagram
  /// Each participant's name, in lines.
  private(set) var names: [[String]] = []
  private(set) var boxWidths: [Double] = []
  private(set) var headerHeight = 0.0
  /// The x of each participant's lifeline.
  private(set) var centers: [Double] = []
  /// Each step's text as drawn: the cut label, or a note's wrapped lines.
  private(set) var texts: [[String]] = []

  init(_ diagram: SequenceDiagram) {
    self.diagram = diagram
    // Labels wrap at 28 columns and names at 16, narrower while the diagram is wider than
    // GitHub's content column: many participants side by side make a taller diagram rather
    // than one that is scaled down or scrolled.
    for (nameWidth, labelWidth) in Self.widths {
      names = diagram.participants.map {
        DiagramText.nameLines(
          DiagramText.truncated(DiagramText.printable($0.name), to: Self.nameColumns),
          width: nameWidth)
      }
      boxWidths = names.map { lines in
        max(64, Double(lines.map(DiagramText.columns).max() ?? 0) * Self.headerColumn + 12)
      }
      headerHeight = 34 + Double((names.map(\.count).max() ?? 1) - 1) * Self.headerLineHeight
      texts = Self.texts(of: diagram, labelWidth: labelWidth)
      centers = spacedCenters()
      let (low, high) = horizontalExtent
      if high - low + 2 * Self.margin <= Self.widthBudget { break }
    }
  }

  /// The widths tried in turn, in columns: participants' names, arrows' labels.
  static let widths = [(16, 28), (16, 22), (16, 18), (16, 14), (10, 14)]
  /// GitHub's content column, in pixels: a wider diagram is shrunk or scrolled there.
  static let widthBudget = 880.0

  /// Each step's text with arrow labels wrapped at `labelWidth` columns.
  private static func texts(of diagram: SequenceDiagram, labelWidth: Int) -> [[String]] {
    diagram.steps.map { step in
      switch step {
      case .message(_, _, let label):
        // Narrower lines, more of them: about as much of the selector shows at every width.
        DiagramText.labelLines(
          label, width: labelWidth, longest: labelWidth + 2, maxLines: max(4, 112 / labelWidth)
        ).map {
          DiagramText.truncated($0, to: Self.labelColumns)
        }
      case .creation: ["«create»"]
      case .note(_, let text, _):
        DiagramText.wrapped(
          DiagramText.printable(text), width: Self.noteColumns, maxLines: Self.noteLines)
      case .time(let instant): ["t = \(instant)"]
      case .action(let text):
        [
          DiagramText.truncated(
            String(DiagramText.printable(text).map { $0 == "\n" ? " " : $0 }),
            to: Self.labelColumns)
        ]
      }
    }
  }

  private static func width(_ text: String) -> Double {
    Double(DiagramText.columns(text)) * column
  }

  /// Lifelines far enough apart for the header boxes, and for each arrow's label between its
  /// two lifelines (a message to itself: beside its loop, before the next lifeline).
  private func spacedCenters() -> [Double] {
    let count = names.count
    guard count > 0 else { return [] }
    var gaps: [Double] = []
    for left in 0..<(count - 1) {
      gaps.append(boxWidths[left] / 2 + boxWidths[left + 1] / 2 + 6)
    }
    var needs: [(left: Int, right: Int, width: Double)] = []
    for (step, text) in zip(diagram.steps, texts) {
      switch step {
      case .message(let from, let to, _) where from == to:
        if to + 1 < count { needs.append((to, to + 1, Self.widest(text) + 14)) }
      case .message(let from, let to, _), .creation(let from, let to):
        needs.append((min(from, to), max(from, to), Self.widest(text) + 20))
      default: break
      }
    }
    // Widening the gap just left of `right` moves only lifelines at `right` and beyond, so
    // taking the needs by their right end satisfies each without undoing an earlier one.
    for need in needs.sorted(by: { ($0.right, $0.left) < ($1.right, $1.left) }) {
      let span = gaps[need.left..<need.right].reduce(0, +)
      if span < need.width { gaps[need.right - 1] += need.width - span }
    }
    var centers = [0.0]
    for gap in gaps { centers.append(centers.last! + gap) }
    return centers
  }

  private static func widest(_ lines: [String]) -> Double {
    lines.map(width).max() ?? 0
  }

  private func noteWidth(_ lines: [String]) -> Double {
    Self.widest(lines) + 16
  }

  /// Where a note over `over` starts: centred on its lifeline, but not left of the first
  /// participant's box, where nothing else is drawn.
  private func noteX(over: Int, width: Double) -> Double {
    max(centers[over] - width / 2, centers[0] - boxWidths[0] / 2)
  }

  /// The leftmost and rightmost x anything is drawn at.
  private var horizontalExtent: (min: Double, max: Double) {
    var low = 0.0
    var high = 0.0
    for (center, width) in zip(centers, boxWidths) {
      low = min(low, center - width / 2)
      high = max(high, center + width / 2)
    }
    for (step, text) in zip(diagram.steps, texts) {
      switch step {
      case .note(let over, _, _):
        let x = noteX(over: over, width: noteWidth(text))
        low = min(low, x)
        high = max(high, x + noteWidth(text))
      case .message(let from, let to, _) where from == to:
        high = max(high, centers[to] + 8 + Self.widest(text), centers[to] + 40)
      default: break
      }
    }
    // Dividers' labels start at the left edge.
    for (step, text) in zip(diagram.steps, texts) {
      switch step {
      case .time, .action: high = max(high, low + Self.width(text[0]) + 16)
      default: break
      }
    }
    return (low, high)
  }

  var document: String {
    guard !names.isEmpty else {
      var canvas = SVGCanvas()
      canvas.text("The trace is empty.", x: Self.margin, y: Self.margin + 16)
      return canvas.document(
        minX: 0, minY: 0, width: 240, height: 56, title: "lifescript sequence diagram",
        fontSize: Self.fontSize)
    }
    let (low, high) = horizontalExtent
    var canvas = SVGCanvas()
    var y = Self.margin + headerHeight + 14
    var rows = SVGCanvas()
    for (step, text) in zip(diagram.steps, texts) {
      y += draw(step, text: text, at: y, from: low, to: high, on: &rows)
    }
    y += 10
    let top = Self.margin
    for center in centers {
      canvas.line(
        x1: center, y1: top + headerHeight, x2: center, y2: y, stroke: Self.lifelineColor,
        dashed: true)
    }
    drawHeaders(at: top, on: &canvas)
    canvas.append(rows)
    drawHeaders(at: y, on: &canvas)
    let minX = low - Self.margin
    return canvas.document(
      minX: minX, minY: 0, width: high + Self.margin - minX,
      height: y + headerHeight + Self.margin, title: "lifescript sequence diagram",
      fontSize: Self.fontSize)
  }

  private func drawHeaders(at y: Double, on canvas: inout SVGCanvas) {
    for (position, participant) in diagram.participants.enumerated() {
      let isSystem = participant.role == .system
      canvas.rect(
        x: centers[position] - boxWidths[position] / 2, y: y, width: boxWidths[position],
        height: headerHeight, fill: isSystem ? "#ececec" : "#e8eef8",
        stroke: isSystem ? "#7d7d7d" : "#5470a0", radius: 4)
      // The name's lines, centred in the box.
      let lines = names[position]
      let top = y + 22 + (headerHeight - 34 - Double(lines.count - 1) * Self.headerLineHeight) / 2
      for (number, line) in lines.enumerated() {
        canvas.text(
          line, x: centers[position], y: top + Double(number) * Self.headerLineHeight,
          anchor: .middle, size: Self.headerFontSize, bold: true)
      }
    }
  }

  /// Draws one step with its top at `y`; returns the height of its row.
  private func draw(
    _ step: SequenceDiagram.Step, text: [String], at y: Double, from low: Double,
    to high: Double, on canvas: inout SVGCanvas
  ) -> Double {
    switch step {
    case .message(let from, let to, _) where from == to:
      let x = centers[to]
      for (number, line) in text.enumerated() {
        canvas.text(line, x: x + 8, y: y + 14 + Double(number) * Self.labelLineHeight)
      }
      let y = y + Double(text.count - 1) * Self.labelLineHeight
      canvas.polyline(
        [(x, y + 21), (x + 30, y + 21), (x + 30, y + 33), (x, y + 33)], stroke: Self.ink)
      canvas.polygon([(x, y + 33), (x + 9, y + 28.5), (x + 9, y + 37.5)], fill: Self.ink)
      return 42 + Double(text.count - 1) * Self.labelLineHeight
    case .message(let from, let to, _):
      arrow(from: centers[from], to: centers[to], label: text, at: y, on: &canvas)
      return 30 + Double(text.count - 1) * Self.labelLineHeight
    case .creation(let from, let to):
      arrow(
        from: centers[from], to: centers[to], label: text, at: y, dashed: true, on: &canvas)
      return 30
    case .note(let over, _, let kind):
      let width = noteWidth(text)
      let height = Double(text.count) * Self.noteLineHeight + 10
      let (fill, stroke) =
        switch kind {
        case .event: ("#fff7d6", "#c9b458")
        case .failure: ("#fde2e1", "#c0392b")
        case .system: ("#eceff4", "#7d8799")
        }
      let x = noteX(over: over, width: width)
      canvas.rect(
        x: x, y: y + 4, width: width, height: height, fill: fill, stroke: stroke, radius: 2)
      for (number, line) in text.enumerated() {
        canvas.text(
          line, x: x + 8,
          y: y + 4 + 5 + Double(number) * Self.noteLineHeight + 11.5)
      }
      return height + 8
    case .time:
      canvas.line(x1: low, y1: y + 14, x2: high, y2: y + 14, stroke: "#8a8a8a", dashed: true)
      let width = Self.width(text[0]) + 16
      canvas.rect(
        x: low, y: y + 5, width: width, height: 18, fill: "#f4f4f4", stroke: "#8a8a8a",
        radius: 9)
      canvas.text(text[0], x: low + 8, y: y + 18, fill: "#444444")
      return 28
    case .action:
      canvas.line(x1: low, y1: y + 14, x2: high, y2: y + 14, stroke: "#2f6fb5", width: 1.5)
      let width = Self.width(text[0]) + 16
      canvas.rect(
        x: low, y: y + 4, width: width, height: 20, fill: "#dce9f8", stroke: "#2f6fb5",
        radius: 4)
      canvas.text(text[0], x: low + 8, y: y + 18, bold: true, fill: "#1d3f66")
      return 30
    }
  }

  /// A horizontal arrow between two lifelines, its label's lines centered above it on a white
  /// ground so lifelines it crosses do not run through the text.
  private func arrow(
    from start: Double, to end: Double, label: [String], at y: Double, dashed: Bool = false,
    on canvas: inout SVGCanvas
  ) {
    let middle = (start + end) / 2
    let width = Self.widest(label)
    canvas.rect(
      x: middle - width / 2 - 3, y: y + 3, width: width + 6,
      height: 15 + Double(label.count - 1) * Self.labelLineHeight, fill: "#ffffff",
      stroke: "none")
    for (number, line) in label.enumerated() {
      canvas.text(
        line, x: middle, y: y + 14 + Double(number) * Self.labelLineHeight, anchor: .middle,
        italic: dashed)
    }
    let lineY = y + 21 + Double(label.count - 1) * Self.labelLineHeight
    let direction: Double = end > start ? 1 : -1
    canvas.line(
      x1: start, y1: lineY, x2: end - direction, y2: lineY, stroke: Self.ink, dashed: dashed)
    let back = end - direction * 9
    if dashed {
      canvas.polyline([(back, lineY - 5), (end, lineY), (back, lineY + 5)], stroke: Self.ink)
    } else {
      canvas.polygon([(end, lineY), (back, lineY - 4.5), (back, lineY + 4.5)], fill: Self.ink)
    }
  }
}
