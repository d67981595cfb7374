import AppLifecycle
import Testing
import XcodeFiles

/// UIKit's presentation styles by name: the ones a storyboard file may name (XcodeFiles reads
/// them) are the ones the model presents with.
@Suite struct ModalPresentationStyleTests {
  @Test func aStoryboardMayNameExactlyTheStylesUIKitPresentsWith() {
    #expect(
      Set(UIViewController.modalPresentationStyles.keys) == Storyboard.Segue.modalPresentationStyles
    )
  }
}
