import AppLifecycle
import Testing
import XcodeFiles

@Suite struct SceneLaunchTests {
  /// A storyboard scene app (reference §3.1) whose scene delegate implements the foreground
  /// callbacks.
  static func sceneApp(appearance: LaunchOrderOptions.SceneAppearance) throws -> [String] {
    let device = try Device()
    device.options.sceneAppearance = appearance
    device.info = InfoPlist([
      "UIApplicationSceneManifest": .dictionary([
        "UISceneConfigurations": .dictionary([
          SceneManifest.applicationRole: .array([
            .dictionary([
              "UISceneDelegateClassName": .string("SceneDelegate"),
              "UISceneStoryboardFile": .string("Main"),
            ])
          ])
        ])
      ])
    ])
    device.storyboards["Main"] = Storyboard(
      name: "Main", initialViewController: Storyboard.Scene(className: "UIViewController"))
    let runtime = device.runtime
    let delegate = try runtime.defineClass(
      "SceneDelegate", superclass: runtime.classNamed("UIResponder"),
      protocols: ["UIWindowSceneDelegate"])
    delegate.declareProperty("window")
    for name in ["sceneWillEnterForeground:", "sceneDidBecomeActive:"] {
      delegate.addMethod(name) { _ in .nil }
    }
    try runtime.defineClass("AppDelegate", superclass: runtime.classNamed("UIResponder"))
    try device.applicationMain(principalClassName: nil, delegateClassName: "AppDelegate")
    return device.trace.lines().filter {
      $0.hasPrefix("UIViewController.view") || $0.hasPrefix("SceneDelegate.scene")
    }
  }

  @Test(arguments: [
    (
      LaunchOrderOptions.SceneAppearance.duringConnection,
      [
        "UIViewController.viewDidLoad", "UIViewController.viewWillAppear:",
        "SceneDelegate.sceneWillEnterForeground:", "SceneDelegate.sceneDidBecomeActive:",
        "UIViewController.viewDidAppear:",
      ]
    ),
    (
      .beforeActivation,
      [
        "SceneDelegate.sceneWillEnterForeground:", "UIViewController.viewDidLoad",
        "UIViewController.viewWillAppear:", "UIViewController.viewDidAppear:",
        "SceneDelegate.sceneDidBecomeActive:",
      ]
    ),
    (
      .afterActivation,
      [
        "SceneDelegate.sceneWillEnterForeground:", "SceneDelegate.sceneDidBecomeActive:",
        "UIViewController.viewDidLoad", "UIViewController.viewWillAppear:",
        "UIViewController.viewDidAppear:",
      ]
    ),
  ])
  func theConflictingAppearanceSlotIsAnOption(
    appearance: LaunchOrderOptions.SceneAppearance, expected: [String]
  ) throws {
    #expect(try Self.sceneApp(appearance: appearance) == expected)
  }
}
