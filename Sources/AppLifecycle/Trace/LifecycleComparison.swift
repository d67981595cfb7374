/// The same app run with the app-delegate life cycle and with scenes, compared: which callbacks
/// move to the scene delegate (TN3187's table, reference §11), which stop, which start, and which
/// stay.
public struct LifecycleComparison: Sendable {
  /// TN3187's mapping from app-delegate methods to their scene-delegate replacements (§3.5, §11).
  public static let moves: [(appDelegate: String, sceneDelegate: String)] = [
    ("applicationDidBecomeActive:", "sceneDidBecomeActive:"),
    ("applicationWillResignActive:", "sceneWillResignActive:"),
    ("applicationDidEnterBackground:", "sceneDidEnterBackground:"),
    ("applicationWillEnterForeground:", "sceneWillEnterForeground:"),
    ("application:openURL:options:", "scene:openURLContexts:"),
    (
      "application:performActionForShortcutItem:completionHandler:",
      "windowScene:performActionForShortcutItem:completionHandler:"
    ),
    ("application:continueUserActivity:restorationHandler:", "scene:continueUserActivity:"),
  ]

  public struct Row: Equatable, Sendable {
    public var before: String?
    public var after: String?
  }

  public var moved: [Row] = []
  public var stopped: [String] = []
  public var started: [String] = []
  public var unchanged: [String] = []

  /// Compares the message lines of two runs, each line with how often it was sent.
  public init(appDelegate: Trace, scenes: Trace) {
    let before = Self.counts(appDelegate)
    let after = Self.counts(scenes)
    let bySelector = { (counts: [(line: String, selector: String, count: Int)], selector: String) in
      counts.first { $0.selector == selector }
    }
    var accounted: Set<String> = []
    for (old, new) in Self.moves {
      guard let from = bySelector(before, old) else { continue }
      let to = bySelector(after, new)
      moved.append(
        Row(
          before: "\(from.line) (\(from.count))", after: to.map { "\($0.line) (\($0.count))" }))
      accounted.insert(from.line)
      if let to { accounted.insert(to.line) }
    }
    for entry in before where !accounted.contains(entry.line) {
      if let same = after.first(where: { $0.line == entry.line }) {
        unchanged.append(
          same.count == entry.count
            ? "\(entry.line) (\(entry.count))" : "\(entry.line) (\(entry.count) → \(same.count))")
      } else {
        stopped.append("\(entry.line) (\(entry.count))")
      }
      accounted.insert(entry.line)
    }
    for entry in after where !accounted.contains(entry.line) {
      started.append("\(entry.line) (\(entry.count))")
    }
  }

  /// Each distinct message line, in order of first appearance, with its count.
  private static func counts(_ trace: Trace) -> [(line: String, selector: String, count: Int)] {
    var order: [(line: String, selector: String, count: Int)] = []
    var index: [String: Int] = [:]
    for entry in trace.entries {
      guard let selector = entry.event.selector else { continue }
      let line = entry.event.line()
      if let position = index[line] {
        order[position].count += 1
      } else {
        index[line] = order.count
        order.append((line, selector.name, 1))
      }
    }
    return order
  }

  /// The comparison as text: moves side by side, then what stops, starts and stays.
  public var text: String {
    var lines: [String] = []
    func section(_ title: String, _ items: [String]) {
      lines.append(title)
      lines += items.isEmpty ? ["  (none)"] : items.map { "  " + $0 }
    }
    section(
      "moves to the scene delegate (TN3187):",
      moved.map {
        "\($0.before ?? "") → \($0.after ?? "not called: implement it in the scene delegate")"
      })
    section("stops (not called with scenes):", stopped)
    section("starts (scene life cycle only):", started)
    section("unchanged:", unchanged)
    return lines.joined(separator: "\n")
  }
}
