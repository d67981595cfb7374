/// What the next launch runs with, and the launch watchdog's allowance: read from the app as
/// built (its Info.plist, release and options) when the machine is configured.
extension Device {
  /// Which life cycle to run the app with: as its Info.plist says, or forced one way (for
  /// comparing them, `lifescript migrate-check`).
  public enum LifecycleChoice: Sendable {
    case asConfigured
    case appDelegate
    case scenes
  }

  /// Whether the app adopts the scene life cycle: its Info.plist has a scene manifest and the
  /// release has scenes (iOS 12 ignores the manifest), unless the life cycle is forced.
  public var usesScenes: Bool {
    switch lifecycle {
    case .asConfigured: profile.supportsScenes && sceneManifest != nil
    case .appDelegate: false
    case .scenes: true
    }
  }

  /// The scene delegate a forced scene life cycle gives an app that has none: it implements every
  /// scene-delegate method, doing nothing, so the trace shows where each callback now falls.
  public static let migrationSceneDelegate = "LifescriptSceneDelegate"

  /// What the next launch runs with: the Info.plist, release and options of now.
  var launchConfiguration: LifecycleMachine.Configuration {
    LifecycleMachine.Configuration(
      usesScenes: usesScenes,
      supportsMultipleScenes: sceneManifest?.supportsMultipleScenes == true,
      hasMainStoryboard: info.string("UIMainStoryboardFile") != nil,
      hasMainNibFile: info.string("NSMainNibFile") != nil, profile: profile, options: options)
  }

  /// The schemes, quick actions and activity types the machine offers the user.
  func updateDeclarations() {
    // The types only: making the items' objects here would change the objects' numbers.
    var quickActions: [String] = []
    if case .array(let entries) = info.values["UIApplicationShortcutItems"] {
      for case .dictionary(let entry) in entries {
        if let type = entry["UIApplicationShortcutItemType"]?.string {
          quickActions.append(info.expand(type))
        }
      }
    }
    quickActions += dynamicShortcutItems.compactMap { $0.instanceVariables["type"]?.stringValue }
    machine.declarations = LifecycleMachine.Declarations(
      urlSchemes: info.urlSchemes.sorted(), quickActions: quickActions,
      activityTypes: info.strings("NSUserActivityTypes"),
      backgroundModes: info.strings("UIBackgroundModes").sorted())
  }

  // MARK: Launch watchdog

  /// Slow work on the main thread: virtual time moves on but nothing else runs. During launch,
  /// passing the watchdog's allowance kills the app there and then (0x8badf00d, §9.1).
  public func busy(_ seconds: Double) throws {
    let end = loop.now.advanced(by: max(0, seconds))
    if let deadline = process.launchDeadline, end > deadline {
      loop.clock.advance(to: deadline)
      throw WatchdogTermination(
        reason:
          "Namespace SPRINGBOARD, Code 0x8badf00d: scene-create watchdog transgression: application<\(info.string("CFBundleIdentifier") ?? "com.example.app")>:\(1000 + launchCount) exhausted real (wall clock) time allowance of \(Self.twoDecimals(launchWatchdogAllowance)) seconds"
      )
    }
    loop.clock.advance(to: end)
  }

  /// `19.97`, as the report writes the allowance.
  static func twoDecimals(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = String(hundredths % 100)
    return "\(hundredths / 100)." + (fraction.count == 1 ? "0" + fraction : fraction)
  }
}
