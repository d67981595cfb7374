/// Named choices for the orderings the reference marks CONFLICTING, with its recommended
/// defaults.
public struct LaunchOrderOptions: Equatable, Sendable {
  /// Where `applicationDidBecomeActive:` falls relative to the root view controller's appearance
  /// at a legacy launch (reference §1.2).
  public enum LegacyActivation: String, CaseIterable, Sendable {
    /// `viewDidLoad`, `viewWillAppear:`, `applicationDidBecomeActive:`, `viewDidAppear:`: the
    /// kruil log and most sources; the reference's default.
    case betweenWillAndDidAppear = "between-will-and-did-appear"
    /// `applicationDidBecomeActive:` before the view loads (prashuk's iOS 14 log).
    case beforeViewLoads = "before-view-loads"
    /// `applicationDidBecomeActive:` after `viewDidAppear:` (progressconcepts, older iOS).
    case afterDidAppear = "after-did-appear"
  }

  public var legacyActivation = LegacyActivation.betweenWillAndDidAppear

  /// Whether the main storyboard's initial view controller is made before the window (reference
  /// §1.1, "Object creation order").
  public enum StoryboardWindowOrder: String, CaseIterable, Sendable {
    /// Neuburg and the decompiled scene code; the reference's recommendation.
    case viewControllerFirst = "view-controller-first"
    /// Apple's archived App Programming Guide.
    case windowFirst = "window-first"
  }

  public var storyboardWindowOrder = StoryboardWindowOrder.viewControllerFirst

  public init() {}
}
