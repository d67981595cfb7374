/// A storyboard as the launch needs it: a name and the scene it starts with.
public struct Storyboard: Equatable, Sendable {
  /// A view controller in a storyboard: its class (`customClass`, else UIKit's own) and the
  /// controllers its relationship segues embed (a navigation controller's root, a tab bar
  /// controller's tabs).
  public struct Scene: Equatable, Sendable {
    public var className: String
    public var children: [Scene]

    public init(className: String, children: [Scene] = []) {
      self.className = className
      self.children = children
    }
  }

  public var name: String
  /// The entry point; nil when none is set ("perhaps the designated entry point is not set?").
  public var initialViewController: Scene?

  public init(name: String, initialViewController: Scene?) {
    self.name = name
    self.initialViewController = initialViewController
  }
}

/// `UIStoryboard`, as app code uses it.
public final class UIStoryboard: RuntimeObject {
  var name = ""
}
