import Testing

@testable import XcodeFiles

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
    let error = #expect(throws: FormatError.self) {
      try read(nested(XMLReader.maximumDepth + 1))
    }
    #expect(error?.line == XMLReader.maximumDepth + 1)
    #expect(error?.message == "elements are nested more than 256 levels deep")
  }

  @Test func aRelationshipToAStoryboardReferenceIsKeptAsAReference() throws {
    let storyboard = try StoryboardFile.read(
      Array(
        """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="tab">
          <scenes>
            <scene sceneID="s1"><objects>
              <tabBarController id="tab" sceneMemberID="viewController">
                <connections>
                  <segue destination="ref" kind="relationship" relationship="viewControllers" id="r1"/>
                  <segue destination="other" kind="relationship" relationship="viewControllers" id="r2"/>
                </connections>
              </tabBarController>
            </objects></scene>
            <scene sceneID="s2"><objects>
              <viewControllerPlaceholder storyboardName="Settings" id="ref" sceneMemberID="viewController"/>
            </objects></scene>
            <scene sceneID="s3"><objects>
              <viewControllerPlaceholder storyboardName="Account" referencedIdentifier="Profile" id="other" sceneMemberID="viewController"/>
            </objects></scene>
          </scenes>
        </document>
        """.utf8), file: "Main.storyboard", name: "Main")
    let tabs = try #require(storyboard.initialViewController).children
    #expect(
      tabs.map(\.reference) == [
        Storyboard.Reference(storyboardName: "Settings", file: "Main.storyboard", line: 12),
        Storyboard.Reference(
          storyboardName: "Account", identifier: "Profile", file: "Main.storyboard", line: 15),
      ])
  }

  @Test func controllersWithAStoryboardIDAreFoundByIt() throws {
    let storyboard = try read(
      """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
        <scenes><scene sceneID="s"><objects>
          <navigationController storyboardIdentifier="Flow" id="n" sceneMemberID="viewController">
            <connections>
              <segue destination="v" kind="relationship" relationship="rootViewController" id="r"/>
            </connections>
          </navigationController>
          <viewController id="v" customClass="StepViewController" sceneMemberID="viewController"/>
        </objects></scene></scenes>
      </document>
      """)
    #expect(storyboard.initialViewController == nil)
    #expect(
      storyboard.identifiedViewControllers == [
        "Flow": Storyboard.Scene(
          className: "UINavigationController",
          children: [Storyboard.Scene(className: "StepViewController", id: "v")], id: "n")
      ])
  }

  @Test func aReferenceWithoutAStoryboardNameIsRefusedAtItsLine() throws {
    let error = #expect(throws: FormatError.self) {
      try read(
        """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="ref">
          <scenes><scene sceneID="s"><objects>
            <viewControllerPlaceholder id="ref" sceneMemberID="viewController"/>
          </objects></scene></scenes>
        </document>
        """)
    }
    #expect(error?.line == 3)
  }

  /// Xcode 5's format (2013): `systemVersion`, `<dependencies>` with `<development>`, layout
  /// guides, the relationship segue's attributes as Xcode wrote them then, no `customModule`.
  @Test func anXcode5StoryboardReadsAsToday() throws {
    let storyboard = try read(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="no"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="4514" systemVersion="13A603" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="nav-01">
          <dependencies>
              <deployment defaultVersion="1792" identifier="iOS"/>
              <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="3747"/>
          </dependencies>
          <scenes>
              <scene sceneID="scn-01">
                  <objects>
                      <navigationController definesPresentationContext="YES" id="nav-01" sceneMemberID="viewController">
                          <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar-01">
                              <autoresizingMask key="autoresizingMask"/>
                          </navigationBar>
                          <connections>
                              <segue destination="vc-01" kind="relationship" relationship="rootViewController" id="seg-01"/>
                          </connections>
                      </navigationController>
                      <placeholder placeholderIdentifier="IBFirstResponder" id="frs-01" sceneMemberID="firstResponder"/>
                  </objects>
              </scene>
              <scene sceneID="scn-02">
                  <objects>
                      <viewController id="vc-01" customClass="MasterViewController" sceneMemberID="viewController">
                          <layoutGuides>
                              <viewControllerLayoutGuide type="top" id="top-01"/>
                              <viewControllerLayoutGuide type="bottom" id="bot-01"/>
                          </layoutGuides>
                          <view key="view" contentMode="scaleToFill" id="vw-01"/>
                      </viewController>
                      <placeholder placeholderIdentifier="IBFirstResponder" id="frs-02" sceneMemberID="firstResponder"/>
                  </objects>
              </scene>
          </scenes>
          <simulatedMetricsContainer key="defaultSimulatedMetrics">
              <simulatedStatusBarMetrics key="statusBar"/>
              <simulatedOrientationMetrics key="orientation"/>
              <simulatedScreenMetrics key="destination" type="retina4"/>
          </simulatedMetricsContainer>
      </document>
      """, file: "Main.storyboard")
    #expect(
      storyboard.initialViewController
        == Storyboard.Scene(
          className: "UINavigationController",
          children: [Storyboard.Scene(className: "MasterViewController", id: "vc-01")],
          id: "nav-01"))
    #expect(storyboard.customClass?.name == "MasterViewController")
    #expect(!storyboard.isNib)
  }

  @Test func theArchiveFormatOfXcode4IsRefusedWithHowToUpgrade() throws {
    let error = #expect(throws: FormatError.self) {
      try read(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <archive type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="8.00"/>
        """)
    }
    #expect(
      error?.message
        == "expected a storyboard <document>, found <archive> (Interface Builder's format before Xcode 4.5: open the file in a newer Xcode and save it)"
    )
  }

  /// Xcode 6's launch screen .xib: File's Owner and First Responder placeholders, then the view.
  @Test func aLaunchScreenXibIsANibWithoutCustomClasses() throws {
    let nib = try StoryboardFile.read(
      Array(
        """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="6214" systemVersion="14A314h" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" launchScreen="YES" useTraitCollections="YES">
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="6207"/>
                <capability name="Constraints with non-1.0 multipliers" minToolsVersion="5.1"/>
            </dependencies>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="iN0-l3-epB">
                    <rect key="frame" x="0.0" y="0.0" width="480" height="480"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <color key="backgroundColor" white="1" alpha="1" colorSpace="custom" customColorSpace="calibratedWhite"/>
                </view>
            </objects>
        </document>
        """.utf8), file: "LaunchScreen.xib", name: "LaunchScreen")
    #expect(nib.isNib)
    #expect(nib.isLaunchScreen)
    #expect(nib.customClass == nil)
    #expect(nib.initialViewController == nil)
    #expect(nib.fileName == "LaunchScreen.xib")
  }

  @Test func aXibsViewWithACustomClassIsFound() throws {
    let nib = try read(
      """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
        <objects>
          <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="Owner"/>
          <view id="v" customClass="Spinner" customModule="Demo"/>
        </objects>
      </document>
      """, file: "LaunchScreen.xib")
    #expect(
      nib.customClass == Storyboard.CustomClass(name: "Spinner", file: "LaunchScreen.xib", line: 4))
  }

  /// Only relationship segues are followed at launch: a show segue's reference, even to a
  /// storyboard the app lacks, is kept as the segue's destination until the segue runs.
  @Test func aShowSeguesReferenceIsNotPartOfTheLaunch() throws {
    let storyboard = try read(
      """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="home">
        <scenes>
          <scene sceneID="s1"><objects>
            <viewController id="home" sceneMemberID="viewController">
              <connections><segue destination="help" kind="show" identifier="showHelp" id="g"/></connections>
            </viewController>
          </objects></scene>
          <scene sceneID="s2"><objects>
            <viewControllerPlaceholder storyboardName="Help" id="help" sceneMemberID="viewController"/>
          </objects></scene>
        </scenes>
      </document>
      """)
    let show = Storyboard.Segue(
      kind: .show, identifier: "showHelp", id: "g", destination: "help",
      file: "LaunchScreen.storyboard", line: 5)
    #expect(
      storyboard.initialViewController
        == Storyboard.Scene(className: "UIViewController", id: "home", segues: [show]))
    #expect(
      storyboard.segueDestinations["help"]?.reference
        == Storyboard.Reference(storyboardName: "Help", file: "LaunchScreen.storyboard", line: 9))
  }

  @Test(arguments: [
    ("Base.lproj/Main.storyboard", "Main"), ("LaunchScreen.xib", "LaunchScreen"),
    ("Main", "Main"), ("../Shared/Flow.v2.storyboard", "Flow.v2"),
  ])
  func aStoryboardIsNamedAfterItsFile(path: String, name: String) {
    #expect(StoryboardFile.storyboardName(ofPath: path) == name)
  }

  /// R15 of issue 29: the controller budget is one instantiation's, not the file's. A file of
  /// 10,001 identified controllers makes one controller per instantiation.
  @Test func tenThousandAndOneIdentifiedControllersAreRead() throws {
    let scenes = (0...Storyboard.maximumControllers).map { index in
      "<viewController storyboardIdentifier=\"id\(index)\" id=\"c\(index)\" sceneMemberID=\"viewController\"/>"
    }
    let text =
      "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n"
      + "<scenes><scene sceneID=\"s\"><objects>\n" + scenes.joined(separator: "\n")
      + "\n</objects></scene></scenes></document>"
    let storyboard = try read(text)
    #expect(storyboard.identifiedViewControllers.count == Storyboard.maximumControllers + 1)
    #expect(storyboard.identifiedViewControllers["id10000"]?.className == "UIViewController")
  }

  /// R15 of issue 29: 150 navigation controllers with Storyboard IDs, each with a root that has
  /// 70 tabs, make 72 controllers per instantiation (10,800 in all, which was refused).
  @Test func eachStoryboardIDHasABudgetOfItsOwn() throws {
    var scenes: [String] = []
    for index in 0..<150 {
      let tabs = (0..<70).map { tab in
        "<segue destination=\"t\(index)-\(tab)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"g\(index)-\(tab)\"/>"
      }
      scenes.append(
        "<navigationController storyboardIdentifier=\"nav\(index)\" id=\"n\(index)\" sceneMemberID=\"viewController\"><connections><segue destination=\"b\(index)\" kind=\"relationship\" relationship=\"rootViewController\" id=\"r\(index)\"/></connections></navigationController>"
      )
      scenes.append(
        "<tabBarController id=\"b\(index)\" sceneMemberID=\"viewController\"><connections>"
          + tabs.joined() + "</connections></tabBarController>")
      scenes += (0..<70).map { tab in
        "<viewController id=\"t\(index)-\(tab)\" sceneMemberID=\"viewController\"/>"
      }
    }
    let text =
      "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n"
      + "<scenes><scene sceneID=\"s\"><objects>\n" + scenes.joined(separator: "\n")
      + "\n</objects></scene></scenes></document>"
    let storyboard = try read(text)
    #expect(storyboard.identifiedViewControllers.count == 150)
    let navigation = try #require(storyboard.identifiedViewControllers["nav149"])
    #expect(navigation.className == "UINavigationController")
    #expect(navigation.children.first?.className == "UITabBarController")
    #expect(navigation.children.first?.children.count == 70)
  }

  /// Xcode 4.5 and 4.6 (2012) wrote `version="2.0"`, numeric ids and a `<classes>` section that
  /// describes the classes (`className`, not `customClass`); Xcode 5 kept it for storyboards
  /// that still targeted iOS 6 (`variant="6xAndEarlier"`).
  @Test func anXcode4StoryboardOfVersion2ReadsAsToday() throws {
    let storyboard = try read(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="no"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="2.0" toolsVersion="3084" systemVersion="12C60" targetRuntime="iOS.CocoaTouch" variant="6xAndEarlier" propertyAccessControl="none" useAutolayout="YES" initialViewController="3">
          <dependencies>
              <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="2083"/>
          </dependencies>
          <scenes>
              <scene sceneID="11">
                  <objects>
                      <placeholder placeholderIdentifier="IBFirstResponder" id="10" sceneMemberID="firstResponder"/>
                      <navigationController id="3" sceneMemberID="viewController">
                          <navigationBar key="navigationBar" contentMode="scaleToFill" id="4">
                              <rect key="frame" x="0.0" y="20" width="320" height="44"/>
                              <autoresizingMask key="autoresizingMask"/>
                          </navigationBar>
                          <connections>
                              <segue destination="12" kind="relationship" relationship="rootViewController" id="19"/>
                          </connections>
                      </navigationController>
                  </objects>
              </scene>
              <scene sceneID="18">
                  <objects>
                      <placeholder placeholderIdentifier="IBFirstResponder" id="17" sceneMemberID="firstResponder"/>
                      <tableViewController title="Master" id="12" customClass="MasterViewController" sceneMemberID="viewController"/>
                  </objects>
              </scene>
          </scenes>
          <classes>
              <class className="MasterViewController" superclassName="UITableViewController">
                  <source key="sourceIdentifier" type="project" relativePath="./Classes/MasterViewController.h"/>
              </class>
          </classes>
          <simulatedMetricsContainer key="defaultSimulatedMetrics">
              <simulatedStatusBarMetrics key="statusBar"/>
              <simulatedOrientationMetrics key="orientation"/>
              <simulatedScreenMetrics key="destination" type="retina4"/>
          </simulatedMetricsContainer>
      </document>
      """, file: "MainStoryboard.storyboard")
    #expect(
      storyboard.initialViewController
        == Storyboard.Scene(
          className: "UINavigationController",
          children: [Storyboard.Scene(className: "MasterViewController", id: "12")], id: "3"))
    #expect(storyboard.customClass?.line == 24)
  }
}
