/// The view controllers of a storyboard file and their segues, read into `Storyboard.Scene`
/// values: relationship segues become children, every other segue a `Storyboard.Segue` that
/// names its destination by id (Documentation/Reference/storyboards.md#segues).
struct SceneReader {
  let file: String
  /// Elements that are a scene's view controller (`sceneMemberID="viewController"`), by id.
  private(set) var controllers: [String: XMLElement] = [:]
  /// The `<scene>` each controller is in: its controls' segues (and a gesture recognizer's,
  /// which sits beside the controller in `<objects>`) are in it.
  private var sceneElements: [String: XMLElement] = [:]
  /// The Exit placeholders (`<exit sceneMemberID="exit">`) unwind segues lead to.
  private var exits: Set<String> = []
  /// The controllers on the way to the one being read: a loop is an error.
  private var visiting: Set<String> = []
  /// Each controller's scene once made, with how many controllers instantiating it makes and
  /// how deep they nest. A controller's scene is the same wherever it is, so it is made once
  /// and shared by every Storyboard ID, segue and relationship that leads to it: a hostile
  /// file's fan-out of relationships costs what the file holds, not what it would expand to.
  private var made: [String: MadeScene] = [:]
  /// How many scenes were made rather than found in `made`: at most the file's controllers.
  private(set) var scenesMade = 0

  private struct MadeScene {
    var scene: Storyboard.Scene
    /// The controllers one instantiation makes: this one and what its relationships embed.
    var controllers: Int
    /// How deep they nest, this one included.
    var depth: Int
  }

  /// Every segue of a scene, found in one walk (`indexSegues`): those inside a controller's
  /// element by that controller, the others (a gesture recognizer's beside it in `<objects>`)
  /// by scene, each with its place in document order. Walking the scene again for each of its
  /// controllers was quadratic in a hostile scene of thousands of them.
  private var ownSegues: [ObjectIdentifier: [IndexedSegue]] = [:]
  private var sharedSegues: [ObjectIdentifier: [IndexedSegue]] = [:]

  /// A `<segue>`, the element whose `<connections>` hold it, and its place in the document.
  private struct IndexedSegue {
    var position: Int
    var segue: XMLElement
    var owner: XMLElement
  }

  init(file: String) { self.file = file }

  mutating func collect(in element: XMLElement, scene: XMLElement?) {
    let scene = element.name == "scene" ? element : scene
    if let id = element.attributes["id"] {
      switch element.attributes["sceneMemberID"] {
      case "viewController":
        controllers[id] = element
        sceneElements[id] = scene
      case "exit": exits.insert(id)
      default: break
      }
    }
    for child in element.children { collect(in: child, scene: scene) }
  }

  /// The controller `id` and, through relationship segues, what it embeds. The bounds are
  /// those of one instantiation (`Storyboard.maximumDepth` levels, `maximumControllers`
  /// controllers), as the device makes a scene's controllers each time it instantiates it.
  mutating func scene(_ id: String, line: Int) throws(FormatError) -> Storyboard.Scene {
    try made(id, line: line).scene
  }

  private mutating func made(_ id: String, line: Int) throws(FormatError) -> MadeScene {
    guard let element = controllers[id] else {
      throw FormatError(
        file: file, line: line, message: "no view controller with id '\(id)' in this storyboard")
    }
    if element.name == "viewControllerPlaceholder" {
      // Followed when instantiated, and bounded then (StoryboardDecoder).
      return MadeScene(
        scene: Storyboard.Scene(reference: try reference(element)), controllers: 0, depth: 0)
    }
    // Made already, unless it would nest too deep here: then it is walked again, to the
    // controller that is too deep.
    if let known = made[id], visiting.count + known.depth <= Storyboard.maximumDepth {
      return known
    }
    // Its class is in the trace (`new MyViewController`) and in messages.
    try Self.refuseControlCharacters(
      in: element, ["customClass", "customModule"], "a view controller", file: file)
    guard visiting.insert(id).inserted else {
      throw FormatError(
        file: file, line: element.line, message: "relationship segues loop back to '\(id)'")
    }
    defer { visiting.remove(id) }
    if visiting.count > Storyboard.maximumDepth {
      throw FormatError(
        file: file, line: element.line,
        message:
          "relationship segues embed view controllers more than \(Storyboard.maximumDepth) levels deep; lifescript stops (this limit is fixed)"
      )
    }
    let relationships = element.first("connections")?.children(named: "segue").filter {
      $0.attributes["kind"] == "relationship"
    }
    var children: [Storyboard.Scene] = []
    var count = 1
    var depth = 1
    for segue in relationships ?? [] {
      let child = try made(try destination(of: segue), line: segue.line)
      children.append(child.scene)
      count += child.controllers
      depth = max(depth, child.depth + 1)
      // Each child is within the bound, so the sum cannot overflow before it is checked.
      if count > Storyboard.maximumControllers {
        throw FormatError(
          file: file, line: element.line,
          message:
            "relationship segues make more than \(Storyboard.maximumControllers) view controllers in one instantiation; lifescript stops (this limit is fixed)"
        )
      }
    }
    var scene = Storyboard.Scene(
      className: Self.className(of: element), children: children, id: id,
      segues: try segues(of: id))
    scene.restorationIdentifier = Self.restorationIdentifier(of: element)
    let result = MadeScene(scene: scene, controllers: count, depth: depth)
    made[id] = result
    scenesMade += 1
    return result
  }

  /// Interface Builder's Restoration ID: its own attribute, or the Storyboard ID when the "Use
  /// Storyboard ID" box is checked (`useStoryboardIdentifierAsRestorationIdentifier`).
  static func restorationIdentifier(of element: XMLElement) -> String? {
    if let identifier = element.attributes["restorationIdentifier"] { return identifier }
    guard element.attributes["useStoryboardIdentifierAsRestorationIdentifier"] == "YES" else {
      return nil
    }
    return element.attributes["storyboardIdentifier"]
  }

  /// The segues of controller `id` other than relationships, in document order: its own (in
  /// its `<connections>`) and those of the controls in its scene, each with its trigger.
  func segues(of id: String) throws(FormatError) -> [Storyboard.Segue] {
    guard let controller = controllers[id] else { return [] }
    var segues: [Storyboard.Segue] = []
    for (segue, owner) in seguesElements(of: controller) {
      if let read = try self.segue(segue, trigger: owner === controller ? nil : owner) {
        segues.append(read)
      }
    }
    return segues
  }

  /// Finds every scene's segues in one walk of each scene, after `collect`.
  mutating func indexSegues() {
    var position = 0
    var own: [ObjectIdentifier: [IndexedSegue]] = [:]
    var shared: [ObjectIdentifier: [IndexedSegue]] = [:]
    // `controller` is the view controller whose element holds `element`, nil outside them; a
    // controller's element inside another's (a malformed file's) is no one's.
    func visit(_ element: XMLElement, scene: ObjectIdentifier, controller: XMLElement?) {
      for child in element.children {
        if child.name == "connections" {
          for segue in child.children(named: "segue") {
            let found = IndexedSegue(position: position, segue: segue, owner: element)
            position += 1
            if let controller {
              own[ObjectIdentifier(controller), default: []].append(found)
            } else {
              shared[scene, default: []].append(found)
            }
          }
        } else if child.attributes["sceneMemberID"] != "viewController" {
          visit(child, scene: scene, controller: controller)
        } else if controller == nil {
          visit(child, scene: scene, controller: child)
        }
      }
    }
    var walked: Set<ObjectIdentifier> = []
    for case let scene? in sceneElements.values
    where walked.insert(ObjectIdentifier(scene)).inserted {
      visit(scene, scene: ObjectIdentifier(scene), controller: nil)
    }
    ownSegues = own
    sharedSegues = shared
  }

  /// Every `<segue>` in the controller's scene with the element whose `<connections>` hold it,
  /// in document order; other controllers' elements (a malformed file's) are left out.
  private func seguesElements(of controller: XMLElement) -> [(XMLElement, XMLElement)] {
    guard let scene = controller.attributes["id"].flatMap({ sceneElements[$0] }) else {
      return controller.children.filter { $0.name == "connections" }.flatMap { connections in
        connections.children(named: "segue").map { ($0, controller) }
      }
    }
    let own = ownSegues[ObjectIdentifier(controller)] ?? []
    let shared = sharedSegues[ObjectIdentifier(scene)] ?? []
    var found: [(XMLElement, XMLElement)] = []
    found.reserveCapacity(own.count + shared.count)
    var (i, j) = (0, 0)
    while i < own.count || j < shared.count {
      if j == shared.count || (i < own.count && own[i].position < shared[j].position) {
        found.append((own[i].segue, own[i].owner))
        i += 1
      } else {
        found.append((shared[j].segue, shared[j].owner))
        j += 1
      }
    }
    return found
  }

  private func destination(of segue: XMLElement) throws(FormatError) -> String {
    guard let destination = segue.attributes["destination"] else {
      throw FormatError(file: file, line: segue.line, message: "a segue without a destination")
    }
    return destination
  }

  /// One `<segue>`, checked: a kind Interface Builder writes, a destination that is a view
  /// controller of this file (an Exit placeholder for an unwind segue), a presentation style
  /// UIKit has. Nil for a relationship segue.
  private func segue(_ element: XMLElement, trigger: XMLElement?) throws(FormatError)
    -> Storyboard.Segue?
  {
    let attributes = element.attributes
    guard let kindName = attributes["kind"] else {
      throw FormatError(file: file, line: element.line, message: "a segue without a kind")
    }
    if kindName == "relationship" { return nil }
    guard let kind = Storyboard.Segue.Kind(rawValue: kindName) else {
      let known = Storyboard.Segue.Kind.allCases.map(\.rawValue).joined(separator: ", ")
      throw FormatError(
        file: file, line: element.line,
        message:
          "unknown segue kind \(kindName.debugDescription); Interface Builder writes relationship, \(known)"
      )
    }
    try refuseControlCharacters(in: element, "a segue")
    let destination = try destination(of: element)
    let id = attributes["id"] ?? ""
    let name = attributes["identifier"].map { "'\($0)'" } ?? "with id '\(id)'"
    if kind == .unwind {
      guard exits.contains(destination) else {
        throw FormatError(
          file: file, line: element.line,
          message:
            "the unwind segue \(name) leads to '\(destination)', which is no Exit placeholder (<exit sceneMemberID=\"exit\">) in this storyboard"
        )
      }
      guard attributes["unwindAction"]?.isEmpty == false else {
        throw FormatError(
          file: file, line: element.line,
          message: "the unwind segue \(name) has no unwindAction (the action method it calls)")
      }
    } else if controllers[destination] == nil {
      throw FormatError(
        file: file, line: element.line,
        message:
          "the \(kindName) segue \(name) leads to '\(destination)', which is no view controller in this storyboard"
      )
    }
    if let style = attributes["modalPresentationStyle"],
      !Storyboard.Segue.modalPresentationStyles.contains(style)
    {
      throw FormatError(
        file: file, line: element.line,
        message:
          "the segue \(name) has modalPresentationStyle \(style.debugDescription), which UIKit does not have"
      )
    }
    if kind == .custom, attributes["customClass"]?.isEmpty ?? true {
      throw FormatError(
        file: file, line: element.line,
        message: "the custom segue \(name) has no customClass (its UIStoryboardSegue subclass)")
    }
    return Storyboard.Segue(
      kind: kind, identifier: attributes["identifier"], id: id, destination: destination,
      trigger: trigger.map {
        Storyboard.Trigger(element: $0.name, id: $0.attributes["id"] ?? "")
      },
      modalPresentationStyle: attributes["modalPresentationStyle"],
      modalTransitionStyle: attributes["modalTransitionStyle"],
      unwindAction: attributes["unwindAction"],
      customClass: attributes["customClass"].map { _ in Self.className(of: element) },
      animates: attributes["animates"] != "NO", file: file, line: element.line)
  }

  /// Embed segues run when a container's view loads, so a controller that embeds itself (A
  /// embeds B, B embeds A, possibly through relationships) would load views for ever: refused,
  /// at the segue that closes the loop. Loops of relationships alone are `scene`'s to report.
  func refuseEmbedLoops() throws(FormatError) {
    var edges: [String: [(to: String, segue: XMLElement, embeds: Bool)]] = [:]
    for (id, controller) in controllers {
      edges[id] = seguesElements(of: controller).compactMap { segue, _ in
        let kind = segue.attributes["kind"]
        guard kind == "embed" || kind == "relationship",
          let destination = segue.attributes["destination"], controllers[destination] != nil
        else { return nil }
        return (destination, segue, kind == "embed")
      }
    }
    // An iterative depth-first search: a hostile file's chain is as long as it likes.
    var state: [String: Bool] = [:]  // false: on the path; true: done
    for start in controllers.keys.sorted() where state[start] == nil {
      var path: [(id: String, next: Int)] = [(start, 0)]
      state[start] = false
      while let (id, next) = path.last {
        let outgoing = edges[id] ?? []
        guard next < outgoing.count else {
          state[id] = true
          path.removeLast()
          continue
        }
        path[path.count - 1].next += 1
        let edge = outgoing[next]
        switch state[edge.to] {
        case nil:
          state[edge.to] = false
          path.append((edge.to, 0))
        case false?:
          let loop = path.drop { $0.id != edge.to }
          let kinds = loop.map { step in (edges[step.id] ?? [])[step.next - 1] }
          guard kinds.contains(where: \.embeds) else { continue }
          let steps = zip(loop, kinds).map { step, edge in
            "\(step.id) \(edge.embeds ? "embeds" : "has as a child") \(edge.to)"
          }
          throw FormatError(
            file: file, line: edge.segue.line,
            message:
              "embed segues loop: \(steps.joined(separator: ", ")); loading the view of \(edge.to) would embed it again for ever"
          )
        case true?:
          continue
        }
      }
    }
  }

  /// A storyboard reference: `storyboardName` (required), `referencedIdentifier` (absent: the
  /// other storyboard's initial view controller), `bundleIdentifier` (another bundle's).
  private func reference(_ element: XMLElement) throws(FormatError) -> Storyboard.Reference {
    guard let storyboardName = element.attributes["storyboardName"], !storyboardName.isEmpty
    else {
      throw FormatError(
        file: file, line: element.line,
        message: "a storyboard reference (viewControllerPlaceholder) without a storyboardName")
    }
    // Names are looked up among the app's storyboards, never opened as paths.
    try refuseControlCharacters(in: element, "a storyboard reference")
    return Storyboard.Reference(
      storyboardName: storyboardName, identifier: element.attributes["referencedIdentifier"],
      bundleIdentifier: element.attributes["bundleIdentifier"], file: file, line: element.line)
  }

  /// Names from the file appear in messages; a control character (`&#10;`) would only forge
  /// lines there.
  private func refuseControlCharacters(in element: XMLElement, _ what: String)
    throws(FormatError)
  {
    try Self.refuseControlCharacters(
      in: element, element.attributes.keys.sorted(), what, file: file)
  }

  /// The same for the attributes named, in their order.
  static func refuseControlCharacters(
    in element: XMLElement, _ attributes: [String], _ what: String, file: String
  ) throws(FormatError) {
    for attribute in attributes {
      guard let value = element.attributes[attribute],
        value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
      else { continue }
      throw FormatError(
        file: file, line: element.line,
        message: "\(what)'s \(attribute) holds a control character: \(value.debugDescription)")
    }
  }

  /// `customClass` (qualified by `customModule` unless the module is the app target's), else
  /// UIKit's class for the element: `navigationController` is UINavigationController. An empty
  /// `customClass` or `customModule` is none (Interface Builder removes a cleared one).
  static func className(of element: XMLElement) -> String {
    if let custom = element.attributes["customClass"], !custom.isEmpty {
      if let module = element.attributes["customModule"], !module.isEmpty,
        element.attributes["customModuleProvider"] != "target"
      {
        return module + "." + custom
      }
      return custom
    }
    return "UI" + element.name.prefix(1).uppercased() + element.name.dropFirst()
  }
}
