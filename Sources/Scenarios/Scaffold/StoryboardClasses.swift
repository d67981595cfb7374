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

  /// Adds the view controllers in `element` and below, each class once (at its first scene;
  /// initial when any of its scenes is).
  private mutating func collect(in element: XMLElement, initial: String?) {
    if element.attributes["sceneMemberID"] == "viewController",
      let custom = element.attributes["customClass"], !custom.isEmpty
    {
      let className = Self.qualified(custom, element)
      let isInitial = initial != nil && element.attributes["id"] == initial
      if let index = controllers.firstIndex(where: { $0.className == className }) {
        controllers[index].isInitial = controllers[index].isInitial || isInitial
      } else {
        controllers.append(
          Controller(
            className: className, element: element.name, line: element.line,
            isInitial: isInitial))
      }
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
