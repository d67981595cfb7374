/// The app's classes a storyboard names, for `lifescript init`: every view controller scene
/// with a `customClass`, in document order, and whether the storyboard is a launch screen.
///
/// Unlike `StoryboardFile`, which follows what a launch instantiates (the entry point and its
/// relationship segues), this reads every scene: the suite declares each class the app's
/// storyboards can make.
public struct StoryboardClasses {
  public struct Controller: Equatable {
    /// `customClass`, qualified by `customModule` unless the module is the app target's
    /// (`customModuleProvider="target"`), as `StoryboardFile` names it.
    public var className: String
    /// The Interface Builder element: `viewController`, `tableViewController`, ...
    public var element: String
    public var line: Int
    public var isInitial: Bool
  }

  public private(set) var isLaunchScreen: Bool
  public private(set) var controllers: [Controller] = []

  public init(_ bytes: [UInt8], file: String) throws(FormatError) {
    let document = try XMLReader.parse(bytes, file: file)
    guard document.name == "document" else {
      throw FormatError(
        file: file, line: document.line,
        message: "expected a storyboard <document>, found <\(document.name)>")
    }
    isLaunchScreen = document.attributes["launchScreen"] == "YES"
    try collect(in: document, initial: document.attributes["initialViewController"], file: file)
  }

  /// Adds the view controllers in `element` and below, each class once (at its first scene;
  /// initial when any of its scenes is).
  private mutating func collect(in element: XMLElement, initial: String?, file: String)
    throws(FormatError)
  {
    if element.attributes["sceneMemberID"] == "viewController",
      let custom = element.attributes["customClass"], !custom.isEmpty
    {
      // As StoryboardFile refuses it: the class is in init's report and the suite's trace.
      try SceneReader.refuseControlCharacters(
        in: element, ["customClass", "customModule"], "a view controller", file: file)
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
    for child in element.children { try collect(in: child, initial: initial, file: file) }
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
