import AppLifecycle

/// Reads an Xcode `.storyboard`: its initial view controller, each controller's class
/// (`customClass` and `customModule`, else UIKit's class for the element) and the relationship
/// segues that embed controllers (a navigation controller's root, a tab bar controller's tabs).
enum StoryboardFile {
  static func read(_ bytes: [UInt8], file: String, name: String) throws -> Storyboard {
    let document = try XMLReader.parse(bytes, file: file)
    guard document.name == "document" else {
      throw FileFormatError(
        file: file, line: document.line,
        message: "expected a storyboard <document>, found <\(document.name)>")
    }
    var controllers: [String: XMLElement] = [:]
    collectControllers(in: document, into: &controllers)
    var storyboard = Storyboard(
      name: name, initialViewController: nil,
      isLaunchScreen: document.attributes["launchScreen"] == "YES",
      customClass: firstCustomClass(in: document, file: file))
    guard let initial = document.attributes["initialViewController"] else { return storyboard }
    guard controllers[initial] != nil else {
      throw FileFormatError(
        file: file, line: document.line,
        message: "initialViewController '\(initial)' is not a view controller in this storyboard")
    }
    var visiting: Set<String> = []
    storyboard.initialViewController = try scene(initial, controllers, &visiting, file: file)
    return storyboard
  }

  /// The first element, in document order, with a `customClass`: a view controller's or a
  /// view's (a launch storyboard may have none, reference §8.1). Placeholders are not objects
  /// of the file: Xcode writes `customClass="UIResponder"` on every First Responder, and File's
  /// Owner's class is its owner's
  /// (Documentation/UIKit/launch-screen.md#launch-storyboards-cannot-use-custom-classes).
  private static func firstCustomClass(in element: XMLElement, file: String)
    -> Storyboard.CustomClass?
  {
    if element.name == "placeholder" { return nil }
    if let custom = element.attributes["customClass"] {
      return Storyboard.CustomClass(name: custom, file: file, line: element.line)
    }
    for child in element.children {
      if let found = firstCustomClass(in: child, file: file) { return found }
    }
    return nil
  }

  /// Elements that are a scene's view controller (`sceneMemberID="viewController"`), by id.
  private static func collectControllers(
    in element: XMLElement, into controllers: inout [String: XMLElement]
  ) {
    if element.attributes["sceneMemberID"] == "viewController", let id = element.attributes["id"] {
      controllers[id] = element
    }
    for child in element.children { collectControllers(in: child, into: &controllers) }
  }

  private static func scene(
    _ id: String, _ controllers: [String: XMLElement], _ visiting: inout Set<String>,
    file: String
  ) throws -> Storyboard.Scene {
    guard let element = controllers[id] else {
      throw FileFormatError(file: file, line: 0, message: "no view controller with id '\(id)'")
    }
    guard visiting.insert(id).inserted else {
      throw FileFormatError(
        file: file, line: element.line, message: "relationship segues loop back to '\(id)'")
    }
    defer { visiting.remove(id) }
    let segues = element.first("connections")?.children(named: "segue") ?? []
    let children = try segues.filter { $0.attributes["kind"] == "relationship" }.map { segue in
      guard let destination = segue.attributes["destination"] else {
        throw FileFormatError(
          file: file, line: segue.line, message: "a segue without a destination")
      }
      return try scene(destination, controllers, &visiting, file: file)
    }
    return Storyboard.Scene(className: className(of: element), children: children)
  }

  /// `customClass` (qualified by `customModule` unless the module is the app target's), else
  /// UIKit's class for the element: `navigationController` is UINavigationController.
  private static func className(of element: XMLElement) -> String {
    if let custom = element.attributes["customClass"] {
      if let module = element.attributes["customModule"],
        element.attributes["customModuleProvider"] != "target"
      {
        return module + "." + custom
      }
      return custom
    }
    return "UI" + element.name.prefix(1).uppercased() + element.name.dropFirst()
  }
}
