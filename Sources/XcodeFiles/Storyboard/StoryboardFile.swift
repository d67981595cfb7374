/// Reads an Xcode `.storyboard` or `.xib`: its initial view controller, each controller's class
/// (`customClass` and `customModule`, else UIKit's class for the element), the relationship
/// segues that embed controllers (a navigation controller's root, a tab bar controller's tabs)
/// and storyboard references (`viewControllerPlaceholder`), which stay references until the
/// device instantiates them.
///
/// Every format Xcode has written since Xcode 4.5 (`<document … version="2.0">`, `"3.0"` from
/// Xcode 5) reads the same way: the 2012–2013 formats and today's differ in elements lifescript
/// does not read (`<classes>`, `<dependencies>`, `<layoutGuides>`, `<device>`, `<resources>`)
/// and in `customModule`, which older files omit (Documentation/Reference/storyboards.md#formats).
public enum StoryboardFile {
  /// The name UIKit finds a storyboard file by: `Base.lproj/Main.storyboard` is "Main" and
  /// `LaunchScreen.xib` is "LaunchScreen" (what `UILaunchStoryboardName` and storyboard
  /// references name).
  public static func storyboardName(ofPath path: String) -> String {
    var name = Substring(path)
    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
    for suffix in [".storyboard", ".xib"] where name.hasSuffix(suffix) {
      name = name.dropLast(suffix.count)
    }
    return String(name)
  }

  public static func read(_ bytes: [UInt8], file: String, name: String) throws(FormatError)
    -> Storyboard
  {
    let document = try XMLReader.parse(bytes, file: file)
    guard document.name == "document" else {
      let archive =
        document.name == "archive"
        ? " (Interface Builder's format before Xcode 4.5: open the file in a newer Xcode and save it)"
        : ""
      throw FormatError(
        file: file, line: document.line,
        message: "expected a storyboard <document>, found <\(document.name)>\(archive)")
    }
    if isNib(document, file: file) { return try readNib(document, file: file, name: name) }
    var reader = SceneReader(file: file)
    reader.collect(in: document, scene: nil)
    reader.indexSegues()
    try reader.refuseEmbedLoops()
    // One budget of controllers for the whole file, in document order (the first error is the
    // same on every run).
    var identified: [String: Storyboard.Scene] = [:]
    var identifierLines: [String: Int] = [:]
    var destinations: [String: Storyboard.Scene] = [:]
    for (id, element) in reader.controllers.sorted(by: {
      ($0.value.line, $0.key) < ($1.value.line, $1.key)
    }) {
      if let identifier = element.attributes["storyboardIdentifier"] {
        // Refused rather than one silently winning: ibtool refuses view controllers that share
        // an identifier (Documentation/Reference/storyboards.md#storyboard-ids).
        if let first = identifierLines[identifier] {
          let hasControl = identifier.unicodeScalars.contains {
            $0.value < 0x20 || $0.value == 0x7F
          }
          let shown = hasControl ? identifier.debugDescription : "'\(identifier)'"
          throw FormatError(
            file: file, line: element.line,
            message:
              "the Storyboard ID \(shown.clippedForMessage) is given again (first at line \(first)); instantiateViewController(withIdentifier:) needs it once per storyboard"
          )
        }
        identifierLines[identifier] = element.line
        identified[identifier] = try reader.scene(id, line: element.line)
      }
      // What the controller's segues instantiate when they run, read (and checked) now.
      for segue in try reader.segues(of: id) where segue.kind != .unwind {
        if destinations[segue.destination] == nil {
          destinations[segue.destination] = try reader.scene(
            segue.destination, line: segue.line ?? element.line)
        }
      }
    }
    var storyboard = Storyboard(
      name: name, initialViewController: nil,
      isLaunchScreen: document.attributes["launchScreen"] == "YES",
      customClass: try firstCustomClass(in: document, file: file),
      identifiedViewControllers: identified, segueDestinations: destinations)
    guard let initial = document.attributes["initialViewController"] else { return storyboard }
    guard reader.controllers[initial] != nil else {
      throw FormatError(
        file: file, line: document.line,
        message: "initialViewController '\(initial)' is not a view controller in this storyboard")
    }
    storyboard.initialViewController = try reader.scene(initial, line: document.line)
    return storyboard
  }

  /// A `.xib` rather than a storyboard: Interface Builder's type says so
  /// (`com.apple.InterfaceBuilder3.CocoaTouch.XIB`, where a storyboard's is
  /// `….CocoaTouch.Storyboard.XIB`); without a type, the file's extension.
  private static func isNib(_ document: XMLElement, file: String) -> Bool {
    guard let type = document.attributes["type"] else { return file.hasSuffix(".xib") }
    return type.hasSuffix(".XIB") && !type.hasSuffix(".Storyboard.XIB")
  }

  /// A `.xib`, which lifescript reads as a launch screen file (Xcode 6 and later accept one as
  /// `UILaunchStoryboardName`): top-level objects under `<objects>`, two placeholders (File's
  /// Owner, First Responder) and the view the system draws. A xib has no view controllers, so
  /// no initial one; one without a top-level view has nothing to draw and is refused.
  private static func readNib(_ document: XMLElement, file: String, name: String)
    throws(FormatError)
    -> Storyboard
  {
    guard let objects = document.first("objects") else {
      throw FormatError(
        file: file, line: document.line, message: "a .xib without <objects>: nothing to draw")
    }
    // `<view>`, or a view subclass's element (`<imageView>`, `<visualEffectView>`).
    guard objects.children.contains(where: { $0.name == "view" || $0.name.hasSuffix("View") })
    else {
      throw FormatError(
        file: file, line: objects.line,
        message:
          "a .xib launch screen needs a top-level view to draw, and this one has none (add a View in Interface Builder)"
      )
    }
    return Storyboard(
      name: name, initialViewController: nil,
      isLaunchScreen: document.attributes["launchScreen"] == "YES",
      customClass: try firstCustomClass(in: document, file: file), isNib: true)
  }

  /// The first element, in document order, with a `customClass`: a view controller's or a
  /// view's (a launch storyboard may have none, reference §8.1). Placeholders are not objects
  /// of the file: Xcode writes `customClass="UIResponder"` on every First Responder, and File's
  /// Owner's class is its owner's
  /// (Documentation/UIKit/launch-screen.md#launch-storyboards-cannot-use-custom-classes).
  private static func firstCustomClass(in element: XMLElement, file: String)
    throws(FormatError) -> Storyboard.CustomClass?
  {
    if element.name == "placeholder" { return nil }
    if let custom = element.attributes["customClass"], !custom.isEmpty {
      // A launch screen's error names it.
      let what =
        element.attributes["sceneMemberID"] == "viewController"
        ? "a view controller" : "the \(element.name)"
      try SceneReader.refuseControlCharacters(in: element, ["customClass"], what, file: file)
      return Storyboard.CustomClass(name: custom, file: file, line: element.line)
    }
    for child in element.children {
      if let found = try firstCustomClass(in: child, file: file) { return found }
    }
    return nil
  }
}

extension String {
  /// A name from the file as a message repeats it: at most 80 characters, as lifescript clips
  /// every name it repeats, so a huge one gives a readable message rather than a copy of itself.
  fileprivate var clippedForMessage: String {
    count <= 80 ? self : prefix(80) + "… (\(count) characters)"
  }
}
