import Foundation

/// The note being written, kept on disk so that it survives the app being suspended and killed.
final class Drafts {
  static let shared = Drafts()

  private let file = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    .appendingPathComponent("draft.txt")
  var text = ""

  func load() {
    text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
  }

  func save() {
    try? text.write(to: file, atomically: true, encoding: .utf8)
  }
}
