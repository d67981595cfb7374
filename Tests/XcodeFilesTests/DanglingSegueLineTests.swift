import Foundation
import Testing

@testable import XcodeFiles

/// D30 reported a dangling segue (its `destination` names no scene) at line 0. These are the
/// shapes tried to reproduce it: each is refused at the line of the segue (or of what names the
/// missing scene), whatever the file's line breaks and wherever the segue sits
/// (Documentation/Reference/storyboards.md#segues).
@Suite struct DanglingSegueLineTests {
  private static let document = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="A">
    <scenes>
    """

  /// A storyboard whose scenes are `scenes`, one element per line from line 4.
  private static func storyboard(_ scenes: String, initial: String = "A") -> String {
    document.replacingOccurrences(of: "\"A\"", with: "\"\(initial)\"") + "\n" + scenes
      + "\n</scenes>\n</document>\n"
  }

  private static let button = storyboard(
    """
    <scene sceneID="s1"><objects>
    <viewController id="A" sceneMemberID="viewController">
    <view key="view" id="v1"><subviews>
    <button id="b1">
    <connections>
    <segue destination="Missing" kind="show" identifier="open" id="g1"/>
    </connections>
    </button>
    </subviews></view>
    </viewController>
    </objects></scene>
    """)

  private static let showMessage =
    "the show segue 'open' leads to 'Missing', which is no view controller in this storyboard"

  static let shapes: [(name: String, text: String, line: Int, message: String)] = [
    ("LF", button, 9, showMessage),
    ("CRLF", button.replacingOccurrences(of: "\n", with: "\r\n"), 9, showMessage),
    ("CR", button.replacingOccurrences(of: "\n", with: "\r"), 9, showMessage),
    ("one line", button.replacingOccurrences(of: "\n", with: ""), 1, showMessage),
    ("a BOM", "\u{FEFF}" + button, 9, showMessage),
    ("no final line break", String(button.dropLast()), 9, showMessage),
    (
      "70,000 blank lines first",
      button.replacingOccurrences(
        of: "<scenes>\n", with: "<scenes>\n" + String(repeating: "\n", count: 70_000)),
      70_009, showMessage
    ),
    (
      "nested in a stack view",
      storyboard(
        """
        <scene sceneID="s1"><objects>
        <viewController id="A" sceneMemberID="viewController">
        <view key="view" id="v1"><subviews>
        <stackView id="st"><subviews>
        <view id="v2"><subviews>
        <button id="b1">
        <connections>
        <segue destination="Missing" kind="show" identifier="open" id="g1"/>
        </connections>
        </button>
        </subviews></view>
        </subviews></stackView>
        </subviews></view>
        </viewController>
        </objects></scene>
        """), 11, showMessage
    ),
    (
      "on a table view cell",
      storyboard(
        """
        <scene sceneID="s1"><objects>
        <tableViewController id="A" sceneMemberID="viewController">
        <tableView key="view" id="tv"><prototypes>
        <tableViewCell id="cell" reuseIdentifier="Cell">
        <connections>
        <segue destination="Missing" kind="show" identifier="open" id="g1"/>
        </connections>
        </tableViewCell>
        </prototypes></tableView>
        </tableViewController>
        </objects></scene>
        """), 9, showMessage
    ),
    (
      "on a gesture recognizer",
      storyboard(
        """
        <scene sceneID="s1"><objects>
        <viewController id="A" sceneMemberID="viewController"/>
        <tapGestureRecognizer id="tap">
        <connections>
        <segue destination="Missing" kind="show" identifier="open" id="g1"/>
        </connections>
        </tapGestureRecognizer>
        </objects></scene>
        """), 8, showMessage
    ),
    (
      "an embed segue",
      storyboard(
        """
        <scene sceneID="s1"><objects>
        <viewController id="A" sceneMemberID="viewController">
        <view key="view" id="v1"><subviews>
        <containerView id="c1">
        <connections>
        <segue destination="Missing" kind="embed" id="g1"/>
        </connections>
        </containerView>
        </subviews></view>
        </viewController>
        </objects></scene>
        """), 9,
      "the embed segue with id 'g1' leads to 'Missing', which is no view controller in this storyboard"
    ),
    (
      "a relationship segue",
      storyboard(
        """
        <scene sceneID="s1"><objects>
        <navigationController id="A" sceneMemberID="viewController">
        <connections>
        <segue destination="Missing" kind="relationship" relationship="rootViewController" id="g1"/>
        </connections>
        </navigationController>
        </objects></scene>
        """), 7, "no view controller with id 'Missing' in this storyboard"
    ),
    (
      "an unwind segue",
      storyboard(
        """
        <scene sceneID="s1"><objects>
        <viewController id="A" sceneMemberID="viewController">
        <connections>
        <segue destination="Missing" kind="unwind" unwindAction="done:" id="g1"/>
        </connections>
        </viewController>
        </objects></scene>
        """), 7,
      "the unwind segue with id 'g1' leads to 'Missing', which is no Exit placeholder (<exit sceneMemberID=\"exit\">) in this storyboard"
    ),
    (
      "an empty destination",
      storyboard(
        """
        <scene sceneID="s1"><objects>
        <viewController id="A" sceneMemberID="viewController">
        <connections>
        <segue destination="" kind="show" identifier="open" id="g1"/>
        </connections>
        </viewController>
        </objects></scene>
        """), 7,
      "the show segue 'open' leads to '', which is no view controller in this storyboard"
    ),
    (
      "a dangling initial view controller",
      storyboard(
        """
        <scene sceneID="s1"><objects>
        <viewController id="A" sceneMemberID="viewController"/>
        </objects></scene>
        """, initial: "Missing"), 2,
      "initialViewController 'Missing' is not a view controller in this storyboard"
    ),
  ]

  @Test(arguments: shapes)
  func aDanglingSegueIsRefusedAtItsLine(
    shape: (name: String, text: String, line: Int, message: String)
  ) {
    do {
      _ = try StoryboardFile.read(Array(shape.text.utf8), file: "Main.storyboard", name: "Main")
      Issue.record("\(shape.name): read without an error")
    } catch {
      #expect(error.line == shape.line, "\(shape.name)")
      #expect(error.message == shape.message, "\(shape.name)")
    }
  }
}
