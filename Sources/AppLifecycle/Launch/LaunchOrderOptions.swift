/// Named choices for the orderings the reference marks CONFLICTING, with its recommended
/// defaults.
public struct LaunchOrderOptions: Hashable, Sendable {
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

  /// Where a scene's storyboard view controller loads and appears relative to the scene's
  /// foreground and activation callbacks (reference §3.4).
  public enum SceneAppearance: String, CaseIterable, Sendable {
    /// viewDidLoad and viewWillAppear during connection, before sceneWillEnterForeground;
    /// viewDidAppear after sceneDidBecomeActive: the iOS 26.4 stack and the decompile.
    case duringConnection = "during-connection"
    /// Between sceneWillEnterForeground and sceneDidBecomeActive (manisrini's log).
    case beforeActivation = "before-activation"
    /// After sceneDidBecomeActive (prashuk's iOS 14 log).
    case afterActivation = "after-activation"
  }

  public var sceneAppearance = SceneAppearance.duringConnection

  /// Where a navigation controller's top child loads and starts appearing relative to the
  /// navigation controller's own appearance (Documentation/UIKit/containment.md, §15.1 point 3).
  public enum NavigationChildAppearance: String, CaseIterable, Sendable {
    /// In the navigation controller's layout pass, after its `viewWillAppear:` returned: the
    /// deferred transition of iOS 7 to iOS 13-era crash stacks.
    case layoutPass = "layout-pass"
    /// Inside the navigation controller's `viewWillAppear:`: iPhone OS 3/4-era stacks.
    case nested
  }

  public var navigationChildAppearance = NavigationChildAppearance.layoutPass

  /// The options by their command-line names, with their choices, defaults and the page of the
  /// UIKit reference where the sources disagree.
  public static let catalogue:
    [(name: String, choices: [String], defaultChoice: String, reference: String)] = [
      (
        "legacy-activation", LegacyActivation.allCases.map(\.rawValue),
        LegacyActivation.betweenWillAndDidAppear.rawValue,
        "Documentation/UIKit/legacy-launch.md#view-appearance-and-activation"
      ),
      (
        "storyboard-window-order", StoryboardWindowOrder.allCases.map(\.rawValue),
        StoryboardWindowOrder.viewControllerFirst.rawValue,
        "Documentation/UIKit/legacy-launch.md#object-creation-order"
      ),
      (
        "scene-appearance", SceneAppearance.allCases.map(\.rawValue),
        SceneAppearance.duringConnection.rawValue,
        "Documentation/UIKit/scenes.md#view-appearance-during-a-scene-launch"
      ),
      (
        "navigation-child-appearance", NavigationChildAppearance.allCases.map(\.rawValue),
        NavigationChildAppearance.layoutPass.rawValue,
        "Documentation/UIKit/containment.md#appearance-forwarding-in-general"
      ),
    ]

  /// Sets an option by name (`legacy-activation`) to one of its choices; false if either is
  /// unknown.
  public mutating func set(_ name: String, to choice: String) -> Bool {
    switch name {
    case "legacy-activation":
      guard let value = LegacyActivation(rawValue: choice) else { return false }
      legacyActivation = value
    case "storyboard-window-order":
      guard let value = StoryboardWindowOrder(rawValue: choice) else { return false }
      storyboardWindowOrder = value
    case "scene-appearance":
      guard let value = SceneAppearance(rawValue: choice) else { return false }
      sceneAppearance = value
    case "navigation-child-appearance":
      guard let value = NavigationChildAppearance(rawValue: choice) else { return false }
      navigationChildAppearance = value
    default:
      return false
    }
    return true
  }

  public init() {}
}
