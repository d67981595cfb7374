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

  public init() {}
}
