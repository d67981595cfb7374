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
    guard let initial = document.attributes["initialViewController"] else {
      return Storyboard(name: name, initialViewController: nil)
    }
    guard controllers[initial] != nil else {
      throw FileFormatError(
        file: file, line: document.line,
        message: "initialViewController '\(initial)' is not a view controller in this storyboard")
    }
    var visiting: Set<String> = []
    return Storyboard(
      name: name,
      initialViewController: try scene(initial, controllers, &visiting, file: file))
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
