extension Device {
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
