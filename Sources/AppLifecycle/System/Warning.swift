/// Something lifescript warns about: code that runs but does not do what its author likely
/// meant, or that a real device would treat differently (Documentation/Reference/warnings.md).
///
/// A warning has a stable `name`, shown in its text (`warning[scene-dead-method]: …`), by which
/// a user leaves it out (`--ignore-warning scene-dead-method`). Two warnings with the same name,
/// location and message are the same warning: a suite shows it once.
public struct Warning: Hashable, Sendable, CustomStringConvertible {
  /// Every warning lifescript gives, by the name users write.
  public enum Name: String, CaseIterable, Hashable, Sendable {
    /// An app without scenes implements an app-delegate method iOS 26 deprecates.
    case deprecatedAppDelegateMethod = "deprecated-app-delegate-method"
    /// An app with scenes implements an app-delegate method UIKit then never calls.
    case sceneDeadMethod = "scene-dead-method"
    /// On iOS 27 the Info.plist names no launch screen.
    case launchScreenMissing = "launch-screen-missing"
    /// The launch storyboard the Info.plist names is not among the app's storyboards.
    case launchStoryboardMissing = "launch-storyboard-missing"
    /// The launch-screen keys leave some launch with a black screen.
    case blackLaunchScreen = "black-launch-screen"
    /// `device.open_url` with a scheme the Info.plist does not declare.
    case undeclaredURLScheme = "undeclared-url-scheme"
    /// The app delegate implements one of a state-restoration pair but not the other.
    case restorationHalfPair = "restoration-half-pair"
    /// A delegate method UIKit reads a BOOL from returned something else.
    case nonBoolReturn = "non-bool-return"
    /// A method whose name nearly matches one UIKit calls, so it is never called.
    case misspelledMethod = "misspelled-method"
    /// The script called Lua's `warn`, or a finalizer (`__gc`) failed.
    case luaWarn = "lua-warn"
    /// An Info.plist class name names a build setting nothing sets, so UIKit looks for another
    /// class.
    case unresolvedClassName = "unresolved-class-name"
    /// An Info.plist dictionary has a key twice; the later value is read.
    case duplicateInfoKey = "duplicate-info-key"
    /// Something in an Xcode project that Xcode builds past: a missing xcconfig file, a line
    /// that is not a setting, a synchronized folder that does not exist.
    case projectFile = "project-file"
    /// A lifescript.lua another user could have written is passed over.
    case untrustedConfiguration = "untrusted-config"

    /// What the warning is about, in a line.
    public var summary: String {
      switch self {
      case .deprecatedAppDelegateMethod:
        "an app without scenes implements an app-delegate method deprecated in iOS 26"
      case .sceneDeadMethod:
        "an app with scenes implements an app-delegate method UIKit does not call with scenes"
      case .launchScreenMissing:
        "on iOS 27 and later the Info.plist names no launch screen"
      case .launchStoryboardMissing:
        "the Info.plist names a launch storyboard the app does not have"
      case .blackLaunchScreen:
        "the launch-screen keys leave a launch with a black screen"
      case .undeclaredURLScheme:
        "device.open_url opens a URL whose scheme the Info.plist does not declare"
      case .restorationHalfPair:
        "the app delegate implements one state-restoration method of a pair, not both"
      case .nonBoolReturn:
        "a delegate method UIKit reads a BOOL from returned something else"
      case .misspelledMethod:
        "a method name nearly matches one UIKit calls, so UIKit never calls it"
      case .luaWarn:
        "the script called Lua's warn, or a __gc finalizer failed"
      case .unresolvedClassName:
        "an Info.plist class name names a build setting nothing sets"
      case .duplicateInfoKey:
        "an Info.plist dictionary has a key twice; the later value is read"
      case .projectFile:
        "an Xcode project has something Xcode builds past, such as a missing xcconfig file"
      case .untrustedConfiguration:
        "a lifescript.lua another user could have written is passed over, not obeyed"
      }
    }
  }

  public var name: Name
  /// What is wrong, and what to do about it.
  public var message: String
  /// Where in a script it was found (`launch.lua:3`), when the warning is about a line.
  public var location: String?

  public init(_ name: Name, _ message: String, location: String? = nil) {
    self.name = name
    self.message = message
    self.location = location
  }

  /// `launch.lua:3: warning[misspelled-method]: …`: as lifescript prints it.
  public var description: String {
    (location.map { "\($0): " } ?? "") + "warning[\(name.rawValue)]: " + message
  }
}
