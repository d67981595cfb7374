import AppLifecycle
import Testing

@testable import Scenarios

/// `StoryboardFile`: what lifescript reads from a `.storyboard` or `.xib` as Xcode writes it.
@Suite struct StoryboardFileTests {
  private func read(_ text: String, file: String = "LaunchScreen.storyboard") throws -> Storyboard {
    try StoryboardFile.read(Array(text.utf8), file: file, name: "LaunchScreen")
  }

  @Test func theFirstRespondersUIResponderClassIsNotACustomClassOfTheApp() throws {
    let storyboard = try read(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" launchScreen="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="01J-lp-oVM">
          <scenes>
              <scene sceneID="EHf-IW-A2E">
                  <objects>
                      <viewController id="01J-lp-oVM" sceneMemberID="viewController">
                          <view key="view" contentMode="scaleToFill" id="Ze5-6b-2t3"/>
                      </viewController>
                      <placeholder placeholderIdentifier="IBFirstResponder" id="iYj-Kq-Ea1" userLabel="First Responder" customClass="UIResponder" sceneMemberID="firstResponder"/>
                  </objects>
              </scene>
          </scenes>
      </document>
      """)
    #expect(storyboard.isLaunchScreen)
    #expect(storyboard.customClass == nil)
  }

  @Test func aViewsCustomClassAfterThePlaceholdersIsStillFound() throws {
    let storyboard = try read(
      """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" launchScreen="YES" initialViewController="vc">
        <scenes>
          <scene sceneID="s">
            <objects>
              <placeholder placeholderIdentifier="IBFirstResponder" id="fr" customClass="UIResponder" sceneMemberID="firstResponder"/>
              <viewController id="vc" sceneMemberID="viewController">
                <view key="view" id="v" customClass="SpinnerView" customModule="Demo"/>
              </viewController>
            </objects>
          </scene>
        </scenes>
      </document>
      """)
    #expect(
      storyboard.customClass
        == Storyboard.CustomClass(name: "SpinnerView", file: "LaunchScreen.storyboard", line: 7))
  }

  /// A document whose elements nest `depth` levels, the root included.
  private func nested(_ depth: Int) -> String {
    "<document>\n" + String(repeating: "<view>\n", count: depth - 1)
      + String(repeating: "</view>", count: depth - 1) + "</document>"
  }

  @Test func elementsNestedToTheLimitAreRead() throws {
    #expect(throws: Never.self) { try read(nested(XMLReader.maximumDepth)) }
  }

  @Test func oneLevelPastTheLimitIsRefusedAtItsLine() throws {
    let error = #expect(throws: FileFormatError.self) {
      try read(nested(XMLReader.maximumDepth + 1))
    }
    #expect(error?.line == XMLReader.maximumDepth + 1)
    #expect(error?.message == "elements are nested more than 256 levels deep")
  }
}
