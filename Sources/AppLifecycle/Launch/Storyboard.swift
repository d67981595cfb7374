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

  /// A class of the app's own that the storyboard sets (`customClass`), and where: a launch
  /// storyboard may not have one (reference §8.1).
  public struct CustomClass: Equatable, Sendable {
    public var name: String
    /// The storyboard file and line that set it; nil for a storyboard a scenario declared.
    public var file: String?
    public var line: Int?

    public init(name: String, file: String? = nil, line: Int? = nil) {
      self.name = name
      self.file = file
      self.line = line
    }
  }

  public var name: String
  /// The entry point; nil when none is set ("perhaps the designated entry point is not set?").
  public var initialViewController: Scene?
  /// Interface Builder's "Use as Launch Screen" (`launchScreen="YES"` in the file).
  public var isLaunchScreen: Bool
  /// The first custom class the storyboard sets, on a view controller or a view.
  public var customClass: CustomClass?

  public init(
    name: String, initialViewController: Scene?, isLaunchScreen: Bool = false,
    customClass: CustomClass? = nil
  ) {
    self.name = name
    self.initialViewController = initialViewController
    self.isLaunchScreen = isLaunchScreen
    self.customClass = customClass
  }
}

/// `UIStoryboard`, as app code uses it.
public final class UIStoryboard: RuntimeObject {
  var name = ""
}
