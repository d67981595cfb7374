import UIKit

class NotesViewController: UIViewController {

  private(set) var shownNoteID: String?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Notes"
  }

  func show(noteID: String) {
    shownNoteID = noteID
  }

  /// Covers the notes while the app is not active (the app switcher takes a snapshot).
  func hideContent() {
    view.isHidden = true
  }

  func showContent() {
    view.isHidden = false
  }
}
