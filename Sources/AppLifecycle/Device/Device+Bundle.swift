import XcodeFiles

/// The app's bundle as UIKit looks in it: its storyboards (and launch screen `.xib`s) by name.
extension Device {
  /// The storyboard UIKit finds by `name` as a storyboard (`UIMainStoryboardFile`,
  /// `UISceneStoryboardFile`, references, `UIStoryboard(name:bundle:)`): a `.xib` of that name
  /// is a nib in the bundle, not a storyboard, so it is not one (INFERRED).
  func storyboard(named name: String) -> Storyboard? {
    guard let storyboard = storyboards[name], !storyboard.isNib else { return nil }
    return storyboard
  }

  /// Interface Builder's build error for a launch storyboard that sets a class of the app's own
  /// (`LaunchScreenConfiguration.checkStoryboards`).
  public func checkLaunchStoryboards() throws(LifecycleError) {
    try LaunchScreenConfiguration(checking: info).checkStoryboards(storyboards)
  }

  /// Adds a storyboard (or launch screen .xib) to the app's bundle, where UIKit finds it by name:
  /// `UIMainStoryboardFile`, `UISceneStoryboardFile`, the launch-screen keys, storyboard
  /// references and `UIStoryboard(name:bundle:)` all look it up in `storyboards`.
  ///
  /// Every source of storyboards goes through here: a scenario's `Storyboard` line and the
  /// files an Xcode project ships. A storyboard of the same name replaces the earlier one. A
  /// launch storyboard that sets a custom class is refused, as Xcode refuses to build it, and
  /// the app's storyboards stay as they were.
  public func addStoryboard(_ storyboard: Storyboard) throws(LifecycleError) {
    let previous = storyboards[storyboard.name]
    storyboards[storyboard.name] = storyboard
    do {
      try checkLaunchStoryboards()
    } catch {
      storyboards[storyboard.name] = previous
      throw error
    }
  }
}
