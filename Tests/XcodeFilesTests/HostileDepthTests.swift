import Testing

@testable import XcodeFiles

/// Input files nested or chained far past any real one are refused with an error at their
/// line, never a stack overflow or an exponential expansion. Each input is generated here.
@Suite struct HostileDepthTests {
  private static let storyboardHead = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="c0">
    <scenes>

    """

  /// One line per scene: scene `index` is on line `index + 4`.
  private static func storyboard(_ count: Int, _ scene: (Int) -> String) -> [UInt8] {
    let scenes = (0..<count).map(scene).joined(separator: "\n")
    let last =
      "<scene sceneID=\"s\(count)\"><objects><viewController id=\"c\(count)\" sceneMemberID=\"viewController\"/></objects></scene>"
    return Array((storyboardHead + scenes + "\n" + last + "\n</scenes>\n</document>\n").utf8)
  }

  /// D3: an Info.plist of 50,000 nested arrays.
  @Test func anInfoPlistNested50000DeepIsRefusedAtItsLine() {
    let depth = 50_000
    let text =
      "<plist version=\"1.0\">\n<dict><key>A</key>\n" + String(repeating: "<array>\n", count: depth)
      + String(repeating: "</array>", count: depth) + "\n</dict>\n</plist>\n"
    let error = #expect(throws: FormatError.self) {
      try PropertyListFile.read(Array(text.utf8), file: "Info.plist")
    }
    // <plist> and <dict> are levels 1 and 2; the array of level 257 is on line 257.
    #expect(error?.description == "Info.plist:257: elements are nested more than 256 levels deep")
  }

  /// D4: a storyboard whose elements nest 100,000 deep.
  @Test func aStoryboardNested100000DeepIsRefusedAtItsLine() {
    let depth = 100_000
    let text =
      "<document>\n" + String(repeating: "<view>\n", count: depth)
      + String(repeating: "</view>", count: depth) + "\n</document>\n"
    let error = #expect(throws: FormatError.self) {
      try StoryboardFile.read(Array(text.utf8), file: "Main.storyboard", name: "Main")
    }
    #expect(
      error?.description == "Main.storyboard:257: elements are nested more than 256 levels deep")
  }

  /// D5: 30,000 navigation controllers, each the root of the one before.
  @Test func aChainOf30000NavigationControllersIsRefusedAtItsLine() {
    let bytes = Self.storyboard(30_000) { index in
      "<scene sceneID=\"s\(index)\"><objects><navigationController id=\"c\(index)\" sceneMemberID=\"viewController\"><connections><segue destination=\"c\(index + 1)\" kind=\"relationship\" relationship=\"rootViewController\" id=\"g\(index)\"/></connections></navigationController></objects></scene>"
    }
    let error = #expect(throws: FormatError.self) {
      try StoryboardFile.read(bytes, file: "Main.storyboard", name: "Main")
    }
    // The 257th controller (c256) is the one too deep.
    #expect(
      error?.description
        == "Main.storyboard:260: relationship segues embed view controllers more than 256 levels deep; lifescript stops (this limit is fixed)"
    )
  }

  /// D10: 40 tab bar controllers, each with two tabs that are the next: 2^40 scenes if
  /// expanded, refused once 10,000 are made.
  @Test func fortyControllersThatEachEmbedTheNextTwiceAreRefused() {
    let bytes = Self.storyboard(40) { index in
      "<scene sceneID=\"s\(index)\"><objects><tabBarController id=\"c\(index)\" sceneMemberID=\"viewController\"><connections><segue destination=\"c\(index + 1)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"a\(index)\"/><segue destination=\"c\(index + 1)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"b\(index)\"/></connections></tabBarController></objects></scene>"
    }
    let error = #expect(throws: FormatError.self) {
      try StoryboardFile.read(bytes, file: "Main.storyboard", name: "Main")
    }
    #expect(
      error?.message
        == "relationship segues make more than 10000 view controllers in one instantiation; lifescript stops (this limit is fixed)"
    )
  }

  /// R15 of issue 29: 10,000 tab bar controllers with Storyboard IDs all embed one controller
  /// whose relationships fan out to 8,191 controllers: each instantiation makes 8,192, under
  /// the budget, but expanded one by one they are 82 million. Each controller's scene is made
  /// once and shared.
  @Test func manyStoryboardIDsOverOneFanOutMakeEachSceneOnce() throws {
    let fanOut = 12
    var lines = (0..<fanOut).map { index in
      "<tabBarController id=\"f\(index)\" sceneMemberID=\"viewController\"><connections><segue destination=\"f\(index + 1)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"a\(index)\"/><segue destination=\"f\(index + 1)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"b\(index)\"/></connections></tabBarController>"
    }
    lines.append("<viewController id=\"f\(fanOut)\" sceneMemberID=\"viewController\"/>")
    let identified = 10_000
    lines += (0..<identified).map { index in
      "<tabBarController storyboardIdentifier=\"id\(index)\" id=\"c\(index)\" sceneMemberID=\"viewController\"><connections><segue destination=\"f0\" kind=\"relationship\" relationship=\"viewControllers\" id=\"g\(index)\"/></connections></tabBarController>"
    }
    let text =
      "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n"
      + "<scenes><scene sceneID=\"s\"><objects>\n" + lines.joined(separator: "\n")
      + "\n</objects></scene></scenes></document>"
    let bytes = Array(text.utf8)
    let storyboard = try StoryboardFile.read(bytes, file: "Main.storyboard", name: "Main")
    #expect(storyboard.identifiedViewControllers.count == identified)
    var depth = 0
    var scene = storyboard.identifiedViewControllers["id9999"]?.children.first
    while let next = scene {
      depth += 1
      #expect(next.children.count == (depth <= fanOut ? 2 : 0))
      scene = next.children.first
    }
    #expect(depth == fanOut + 1)

    // The work: one scene made per controller of the file, however often it is embedded.
    var reader = SceneReader(file: "Main.storyboard")
    reader.collect(in: try XMLReader.parse(bytes, file: "Main.storyboard"), scene: nil)
    reader.indexSegues()
    for index in 0..<identified { _ = try reader.scene("c\(index)", line: 1) }
    #expect(reader.scenesMade == identified + fanOut + 1)
  }

  /// A scene made once is shared only where it fits: one embedded deeper than 256 levels
  /// through another path is still refused at the controller that is too deep.
  @Test func aSharedSceneEmbeddedTooDeepIsRefusedAtItsLine() {
    // c0 → c1 → … → c299; c200's Storyboard ID makes it first, 100 deep, before the initial
    // c0 reaches it 200 deep.
    let bytes = Self.storyboard(299) { index in
      let id = (index + 200) % 299
      let identifier = id == 200 ? " storyboardIdentifier=\"deep\"" : ""
      return
        "<scene sceneID=\"s\(id)\"><objects><navigationController\(identifier) id=\"c\(id)\" sceneMemberID=\"viewController\"><connections><segue destination=\"c\(id + 1)\" kind=\"relationship\" relationship=\"rootViewController\" id=\"g\(id)\"/></connections></navigationController></objects></scene>"
    }
    let error = #expect(throws: FormatError.self) {
      try StoryboardFile.read(bytes, file: "Main.storyboard", name: "Main")
    }
    // c256, the 257th from c0, is on line 4 + (256 - 200) = 60.
    #expect(
      error?.description
        == "Main.storyboard:60: relationship segues embed view controllers more than 256 levels deep; lifescript stops (this limit is fixed)"
    )
  }
}
