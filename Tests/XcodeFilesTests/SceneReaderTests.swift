import Testing

@testable import XcodeFiles

/// `SceneReader`: the segues of a storyboard file as Interface Builder writes them, and the
/// files it refuses (Documentation/Reference/storyboards.md#segues).
@Suite struct SceneReaderTests {
  private func read(_ scenes: String) throws -> Storyboard {
    let text = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
        <scenes>
      \(scenes)
        </scenes>
      </document>
      """
    return try StoryboardFile.read(Array(text.utf8), file: "Main.storyboard", name: "Main")
  }

  private func failure(_ scenes: String) -> FormatError? {
    #expect(throws: FormatError.self) { try read(scenes) }
  }

  private static let destination = """
        <scene sceneID="s2"><objects>
          <viewController id="b" customClass="Detail" sceneMemberID="viewController"/>
        </objects></scene>
    """

  /// Xcode writes a control's segue in the control's `<connections>` (a button in the view, a
  /// bar button item in the navigation item, a gesture recognizer beside the controller in
  /// `<objects>`), and a segue app code performs in the controller's own.
  @Test func eachSegueKnowsTheControlThatTriggersIt() throws {
    let storyboard = try read(
      """
          <scene sceneID="s1"><objects>
            <viewController id="a" sceneMemberID="viewController">
              <view key="view" id="v"><subviews>
                <button id="btn"><connections><segue destination="b" kind="show" identifier="open" id="g1"/></connections></button>
              </subviews></view>
              <navigationItem key="navigationItem" id="n">
                <barButtonItem key="rightBarButtonItem" id="bar"><connections><segue destination="b" kind="presentation" modalPresentationStyle="pageSheet" modalTransitionStyle="crossDissolve" id="g2"/></connections></barButtonItem>
              </navigationItem>
              <connections><segue destination="b" kind="show" identifier="manual" animates="NO" id="g3"/></connections>
            </viewController>
            <tapGestureRecognizer id="tap"><connections><segue destination="b" kind="show" identifier="tapped" id="g4"/></connections></tapGestureRecognizer>
          </objects></scene>
      \(Self.destination)
      """)
    let segues = try #require(storyboard.initialViewController).segues
    #expect(segues.map(\.id) == ["g1", "g2", "g3", "g4"])
    #expect(
      segues.map(\.trigger) == [
        .init(element: "button", id: "btn"), .init(element: "barButtonItem", id: "bar"), nil,
        .init(element: "tapGestureRecognizer", id: "tap"),
      ])
    #expect(segues[1].modalPresentationStyle == "pageSheet")
    #expect(segues[1].modalTransitionStyle == "crossDissolve")
    #expect(segues[1].identifier == nil && segues[2].animates == false)
    #expect(storyboard.segueDestinations["b"]?.className == "Detail")
  }

  /// Xcode 5's kinds (`push`, `modal`) and an unwind segue to the scene's Exit.
  @Test func xcode5KindsAndUnwindSeguesAreRead() throws {
    let storyboard = try read(
      """
          <scene sceneID="s1"><objects>
            <tableViewController id="a" sceneMemberID="viewController">
              <tableView key="view" id="t"><prototypes>
                <tableViewCell id="cell"><connections><segue destination="b" kind="push" identifier="showDetail" id="g1"/></connections></tableViewCell>
              </prototypes></tableView>
              <connections>
                <segue destination="b" kind="modal" identifier="edit" modalTransitionStyle="flipHorizontal" id="g2"/>
                <segue destination="x" kind="unwind" identifier="done" unwindAction="done:" id="g3"/>
              </connections>
            </tableViewController>
            <exit id="x" userLabel="Exit" sceneMemberID="exit"/>
          </objects></scene>
      \(Self.destination)
      """)
    let segues = try #require(storyboard.initialViewController).segues
    #expect(segues.map(\.kind) == [.push, .modal, .unwind])
    #expect(segues[2].unwindAction == "done:" && segues[2].destination == "x")
  }

  @Test func aSegueToAMissingControllerIsRefusedAtItsLine() {
    let error = failure(
      """
          <scene sceneID="s1"><objects>
            <viewController id="a" sceneMemberID="viewController">
              <connections><segue destination="gone" kind="show" identifier="open" id="g1"/></connections>
            </viewController>
          </objects></scene>
      """)
    #expect(error?.line == 5)
    #expect(
      error?.message
        == "the show segue 'open' leads to 'gone', which is no view controller in this storyboard")
  }

  @Test func anUnknownKindIsRefused() {
    let error = failure(
      """
          <scene sceneID="s1"><objects>
            <viewController id="a" sceneMemberID="viewController">
              <connections><segue destination="b" kind="sideways" id="g1"/></connections>
            </viewController>
          </objects></scene>
      \(Self.destination)
      """)
    #expect(error?.line == 5)
    #expect(
      error?.message
        == "unknown segue kind \"sideways\"; Interface Builder writes relationship, show, showDetail, presentation, popoverPresentation, custom, embed, unwind, push, modal, popover, replace"
    )
  }

  @Test func anUnwindSegueNeedsAnExitAndAnAction() {
    let noExit = failure(
      """
          <scene sceneID="s1"><objects>
            <viewController id="a" sceneMemberID="viewController">
              <connections><segue destination="b" kind="unwind" unwindAction="done:" id="g1"/></connections>
            </viewController>
          </objects></scene>
      \(Self.destination)
      """)
    #expect(
      noExit?.message
        == "the unwind segue with id 'g1' leads to 'b', which is no Exit placeholder (<exit sceneMemberID=\"exit\">) in this storyboard"
    )
    let noAction = failure(
      """
          <scene sceneID="s1"><objects>
            <viewController id="a" sceneMemberID="viewController">
              <connections><segue destination="x" kind="unwind" identifier="done" id="g1"/></connections>
            </viewController>
            <exit id="x" sceneMemberID="exit"/>
          </objects></scene>
      """)
    #expect(
      noAction?.message
        == "the unwind segue 'done' has no unwindAction (the action method it calls)")
  }

  @Test func aPresentationStyleUIKitLacksIsRefused() {
    let error = failure(
      """
          <scene sceneID="s1"><objects>
            <viewController id="a" sceneMemberID="viewController">
              <connections><segue destination="b" kind="presentation" modalPresentationStyle="sideSheet" id="g1"/></connections>
            </viewController>
          </objects></scene>
      \(Self.destination)
      """)
    #expect(
      error?.message
        == "the segue with id 'g1' has modalPresentationStyle \"sideSheet\", which UIKit does not have"
    )
  }

  /// A embeds B, B embeds A: loading A's view would embed for ever.
  @Test func embedSeguesThatLoopAreRefusedAtTheSegueThatClosesTheLoop() {
    let error = failure(
      """
          <scene sceneID="s1"><objects>
            <viewController id="a" sceneMemberID="viewController">
              <view key="view" id="va"><subviews>
                <containerView id="ca"><connections><segue destination="b" kind="embed" id="g1"/></connections></containerView>
              </subviews></view>
            </viewController>
          </objects></scene>
          <scene sceneID="s2"><objects>
            <viewController id="b" sceneMemberID="viewController">
              <view key="view" id="vb"><subviews>
                <containerView id="cb"><connections><segue destination="a" kind="embed" id="g2"/></connections></containerView>
              </subviews></view>
            </viewController>
          </objects></scene>
      """)
    #expect(error?.line == 13)
    #expect(
      error?.message
        == "embed segues loop: a embeds b, b embeds a; loading the view of a would embed it again for ever"
    )
  }

  @Test func aSeguesIdentifierWithAControlCharacterIsRefused() {
    let error = failure(
      """
          <scene sceneID="s1"><objects>
            <viewController id="a" sceneMemberID="viewController">
              <connections><segue destination="b" kind="show" identifier="x&#10;y" id="g1"/></connections>
            </viewController>
          </objects></scene>
      \(Self.destination)
      """)
    #expect(error?.message == "a segue's identifier holds a control character: \"x\\ny\"")
  }

  /// An empty `customClass` (Interface Builder removes the attribute when the field is
  /// cleared) is no custom class: UIKit's class for the element, not a class named "" that the
  /// launch would log as unknown with an empty name.
  @Test func anEmptyCustomClassIsUIKitsClass() throws {
    let storyboard = try read(
      """
          <scene sceneID="s1"><objects>
            <navigationController id="a" customClass="" customModule="" sceneMemberID="viewController">
              <connections><segue destination="b" kind="relationship" relationship="rootViewController" id="r"/></connections>
            </navigationController>
          </objects></scene>
          <scene sceneID="s2"><objects>
            <viewController id="b" customClass="" sceneMemberID="viewController">
              <view key="view" id="v" customClass=""/>
            </viewController>
          </objects></scene>
      """)
    let initial = try #require(storyboard.initialViewController)
    #expect(initial.className == "UINavigationController")
    #expect(initial.children.map(\.className) == ["UIViewController"])
    #expect(storyboard.customClass == nil)
  }

  /// Two view controllers with one Storyboard ID: `instantiateViewController(withIdentifier:)`
  /// could make only one of them, so the file is refused at the second, naming the first.
  @Test func aStoryboardIDGivenTwiceIsRefusedAtTheSecond() throws {
    let error = failure(
      """
          <scene sceneID="s1"><objects>
            <viewController id="a" storyboardIdentifier="Detail" sceneMemberID="viewController"/>
          </objects></scene>
          <scene sceneID="s2"><objects>
            <viewController id="b" storyboardIdentifier="Detail" sceneMemberID="viewController"/>
          </objects></scene>
      """)
    #expect(error?.line == 7)
    #expect(
      error?.message
        == "the Storyboard ID 'Detail' is given again (first at line 4); instantiateViewController(withIdentifier:) needs it once per storyboard"
    )
  }

  /// A (malformed) scene of two controllers: each has its own segues and those beside both in
  /// `<objects>`, in document order, and none of the other's.
  @Test func aSceneOfTwoControllersGivesEachItsOwnSeguesAndTheSharedOnes() throws {
    let storyboard = try read(
      """
          <scene sceneID="s1"><objects>
            <tapGestureRecognizer id="t1"><connections><segue destination="b" kind="show" identifier="first" id="g1"/></connections></tapGestureRecognizer>
            <viewController id="a" storyboardIdentifier="A" sceneMemberID="viewController">
              <connections><segue destination="b" kind="show" identifier="a1" id="g2"/></connections>
            </viewController>
            <viewController id="c" storyboardIdentifier="C" sceneMemberID="viewController">
              <connections><segue destination="b" kind="show" identifier="c1" id="g3"/></connections>
            </viewController>
            <tapGestureRecognizer id="t2"><connections><segue destination="b" kind="show" identifier="last" id="g4"/></connections></tapGestureRecognizer>
          </objects></scene>
      \(Self.destination)
      """)
    let a = try #require(storyboard.identifiedViewControllers["A"])
    let c = try #require(storyboard.identifiedViewControllers["C"])
    #expect(a.segues.map(\.identifier) == ["first", "a1", "last"])
    #expect(c.segues.map(\.identifier) == ["first", "c1", "last"])
  }
}
