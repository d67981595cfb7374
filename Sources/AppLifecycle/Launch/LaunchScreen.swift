/// What the system shows while an app launches, before the app's `main` runs (reference §8).
///
/// A value: what the Info.plist's launch-screen keys choose for one launch. `description` is how
/// the trace writes it (`screen launch: LaunchScreen.storyboard`).
public enum LaunchScreen: Equatable, Sendable, CustomStringConvertible {
  /// A launch storyboard: `UILaunchStoryboardName`, or the definition of `UILaunchStoryboards`
  /// with this identifier; `nib` when the name is a `.xib` (Xcode 6's launch screen file).
  case storyboard(String, identifier: String? = nil, nib: Bool = false)
  /// A launch screen drawn from Info.plist keys: `UILaunchScreen`, or the definition of
  /// `UILaunchScreens` with this identifier.
  case plist(Appearance, identifier: String? = nil)
  /// Nothing to draw (a storyboard the app does not have, no default for a launch from the home
  /// screen): a black screen, and why (INFERRED: the reference does not say what iOS shows).
  case black(because: String)
  /// No launch-screen key at all: the app runs letterboxed, at a legacy compatibility size
  /// (§8.1, INFERRED).
  case none

  /// `UILaunchScreen`'s keys, as Apple's page lists them (§8.1).
  public struct Appearance: Equatable, Sendable {
    /// `UIColorName`, an asset-catalog colour; nil is `.systemBackground` (an empty dictionary
    /// is a plain `.systemBackground` screen).
    public var colorName: String?
    /// `UIImageName`, an asset-catalog image, centred.
    public var imageName: String?
    /// `UIImageRespectsSafeAreaInsets`.
    public var imageRespectsSafeAreaInsets: Bool?
    /// `UINavigationBar`, `UITabBar`, `UIToolbar`: a placeholder bar when present.
    public var navigationBar: Bar?
    public var tabBar: Bar?
    public var toolbar: Bar?

    /// A placeholder bar; `UIImageName` replaces it with an image (Apple's UITabBar and
    /// UIToolbar pages; for UINavigationBar INFERRED, §8.1).
    public struct Bar: Equatable, Sendable {
      public var imageName: String?

      public init(imageName: String? = nil) { self.imageName = imageName }
    }

    public init(
      colorName: String? = nil, imageName: String? = nil,
      imageRespectsSafeAreaInsets: Bool? = nil, navigationBar: Bar? = nil, tabBar: Bar? = nil,
      toolbar: Bar? = nil
    ) {
      self.colorName = colorName
      self.imageName = imageName
      self.imageRespectsSafeAreaInsets = imageRespectsSafeAreaInsets
      self.navigationBar = navigationBar
      self.tabBar = tabBar
      self.toolbar = toolbar
    }

    /// `{UIColorName=LaunchBackground, UIImageName=Logo, UINavigationBar}`, keys in Apple's
    /// order, only those set.
    public var description: String {
      var parts: [String] = []
      if let colorName { parts.append("UIColorName=\(colorName)") }
      if let imageName { parts.append("UIImageName=\(imageName)") }
      if let imageRespectsSafeAreaInsets {
        parts.append("UIImageRespectsSafeAreaInsets=\(imageRespectsSafeAreaInsets)")
      }
      for (key, bar) in [
        ("UINavigationBar", navigationBar), ("UITabBar", tabBar), ("UIToolbar", toolbar),
      ] {
        guard let bar else { continue }
        parts.append(bar.imageName.map { "\(key)(UIImageName=\($0))" } ?? key)
      }
      return "{" + parts.joined(separator: ", ") + "}"
    }
  }

  /// The trace's words for it: `LaunchScreen.storyboard`, `LaunchScreen.xib`, `Promo.storyboard (UILaunchStoryboards
  /// promo)`, `UILaunchScreen {UIColorName=Red}`, `UILaunchScreens promo {}`,
  /// `black (no storyboard named LaunchScreen)`, `none (letterboxed, legacy compatibility size)`.
  public var description: String {
    switch self {
    case .storyboard(let name, nil, let nib): "\(name).\(nib ? "xib" : "storyboard")"
    case .storyboard(let name, let identifier?, let nib):
      "\(name).\(nib ? "xib" : "storyboard") (UILaunchStoryboards \(identifier))"
    case .plist(let appearance, nil): "UILaunchScreen \(appearance.description)"
    case .plist(let appearance, let identifier?):
      "UILaunchScreens \(identifier) \(appearance.description)"
    case .black(let reason): "black (\(reason))"
    case .none: "none (letterboxed, legacy compatibility size)"
    }
  }

  /// The storyboard this screen draws, if it is one.
  public var storyboardName: String? {
    if case .storyboard(let name, _, _) = self { return name }
    return nil
  }
}
