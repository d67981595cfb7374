/// The app's classes a storyboard names, for `lifescript init`: every view controller scene
/// with a `customClass`, in document order, and whether the storyboard is a launch screen.
///
/// Unlike `StoryboardFile`, which follows what a launch instantiates (the entry point and its
/// relationship segues), this reads every scene: the suite declares each class the app's
/// storyboards can make.
struct StoryboardClasses {
  struct Controller: Equatable {
    /// `customClass`, qualified by `customModule` unless the module is the app target's
    /// (`customModuleProvider="target"`), as `StoryboardFile` names it.
    var className: String
    /// The Interface Builder element: `viewController`, `tableViewController`, ...
    var element: String
    var line: Int
    var isInitial: Bool
  }

  var isLaunchScreen: Bool
  var controllers: [Controller] = []

  init(_ bytes: [UInt8], file: String) throws {
    let document = try XMLReader.parse(bytes, file: file)
    guard document.name == "document" else {
      throw FileFormatError(
        file: file, line: document.line,
        message: "expected a storyboard <document>, found <\(document.name)>")
    }
    isLaunchScreen = document.attributes["launchScreen"] == "YES"
    collect(in: document, initial: document.attributes["initialViewController"])
  }

  private mutating func collect(in element: XMLElement, initial: String?) {
    if element.attributes["sceneMemberID"] == "viewController",
      let custom = element.attributes["customClass"], !custom.isEmpty,
      !controllers.contains(where: { $0.className == Self.qualified(custom, element) })
    {
      controllers.append(
        Controller(
          className: Self.qualified(custom, element), element: element.name, line: element.line,
          isInitial: initial != nil && element.attributes["id"] == initial))
    }
    for child in element.children { collect(in: child, initial: initial) }
  }

  private static func qualified(_ custom: String, _ element: XMLElement) -> String {
    if let module = element.attributes["customModule"], !module.isEmpty,
      element.attributes["customModuleProvider"] != "target"
    {
      return module + "." + custom
    }
    return custom
  }
}
