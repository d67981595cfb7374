/// A storyboard as the launch needs it: a name and the scene it starts with.
public struct Storyboard: Equatable, Sendable {
  /// A view controller in a storyboard: its class (`customClass`, else UIKit's own), the
  /// controllers its relationship segues embed (a navigation controller's root, a tab bar
  /// controller's tabs) and its other segues, which run later (`Segue`).
  public struct Scene: Equatable, Sendable {
    public var className: String
    public var children: [Scene]
    /// The controller's `id` in the file: what segues name as their destination. Nil for a
    /// storyboard a scenario declared.
    public var id: String?
    /// Its segues other than relationships, in document order: those it performs by
    /// identifier, those its controls trigger, its embed segues.
    public var segues: [Segue] = []
    /// Set when the scene is a storyboard reference (`viewControllerPlaceholder`): it stands for
    /// a controller of another storyboard, found when it is instantiated; `className` and
    /// `children` are unused.
    public var reference: Reference?
    /// The Restoration ID Interface Builder sets (`restorationIdentifier`, or the Storyboard ID
    /// with "Use Storyboard ID" checked), which the controller decodes with itself.
    public var restorationIdentifier: String?

    public init(
      className: String, children: [Scene] = [], id: String? = nil, segues: [Segue] = []
    ) {
      self.className = className
      self.children = children
      self.id = id
      self.segues = segues
    }

    /// A scene that refers to a controller of another storyboard.
    public init(reference: Reference) {
      self.className = ""
      self.children = []
      self.reference = reference
    }
  }

  /// A storyboard reference (Xcode 7+): the storyboard it names, the controller's Storyboard ID
  /// there (nil: that storyboard's initial view controller) and where the file sets it.
  public struct Reference: Equatable, Sendable {
    public var storyboardName: String
    public var identifier: String?
    /// `bundleIdentifier`: a storyboard of another bundle (a framework's), not the app's.
    public var bundleIdentifier: String?
    public var file: String?
    public var line: Int?

    public init(
      storyboardName: String, identifier: String? = nil, bundleIdentifier: String? = nil,
      file: String? = nil, line: Int? = nil
    ) {
      self.storyboardName = storyboardName
      self.identifier = identifier
      self.bundleIdentifier = bundleIdentifier
      self.file = file
      self.line = line
    }

    /// `Main.storyboard:14`, or nil for a storyboard a scenario declared.
    public var place: String? { Storyboard.place(file, line) }
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

  /// How deep relationship segues may embed controllers, and how many one instantiation may
  /// make, references followed: far beyond any real storyboard, so that a hostile file or a
  /// chain of references ends in an error, never in a stack overflow or an exponential tree.
  public static let maximumDepth = 256
  public static let maximumControllers = 10_000

  public var name: String
  /// The entry point; nil when none is set ("perhaps the designated entry point is not set?").
  public var initialViewController: Scene?
  /// Interface Builder's "Use as Launch Screen" (`launchScreen="YES"` in the file).
  public var isLaunchScreen: Bool
  /// The first custom class the storyboard sets, on a view controller or a view.
  public var customClass: CustomClass?
  /// The controllers that have a Storyboard ID (`storyboardIdentifier`), by that ID: what a
  /// reference with `referencedIdentifier` finds.
  public var identifiedViewControllers: [String: Scene]
  /// Read from a `.xib` (Interface Builder's older format, still accepted as a launch screen
  /// file): the trace names it `LaunchScreen.xib`.
  public var isNib: Bool
  /// The controllers segues lead to, by their `id`: what a segue instantiates when it runs.
  public var segueDestinations: [String: Scene]

  public init(
    name: String, initialViewController: Scene?, isLaunchScreen: Bool = false,
    customClass: CustomClass? = nil, identifiedViewControllers: [String: Scene] = [:],
    isNib: Bool = false, segueDestinations: [String: Scene] = [:]
  ) {
    self.name = name
    self.initialViewController = initialViewController
    self.isLaunchScreen = isLaunchScreen
    self.customClass = customClass
    self.identifiedViewControllers = identifiedViewControllers
    self.isNib = isNib
    self.segueDestinations = segueDestinations
  }

  /// Where something of a storyboard file is: `Main.storyboard:14`; nil without a file.
  static func place(_ file: String?, _ line: Int?) -> String? {
    file.map { file in file + (line.map { ":\($0)" } ?? "") }
  }

  /// `Main.storyboard`, `LaunchScreen.xib`.
  public var fileName: String { name + (isNib ? ".xib" : ".storyboard") }
}
