import AppLifecycle
import LuaBridge
import Scenarios
import Testing

/// What the device records as breaches of UIKit's contract that do not end the process, for
/// `lifescript explore` (Documentation/Reference/explore.md#what-counts-as-broken): UI work in
/// the background, unbalanced appearance transitions. Traces do not show them.
@Suite struct ContractBreachTests {
  static let app = """
    local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
    AppDelegate.properties = { "window" }
    function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
      self.window = UIWindow.new()
      self.window.rootViewController = UIViewController.new()
      self.window:makeKeyAndVisible()
      return true
    end
    local function present(app)
      local root = app.window.rootViewController
      if root.presentedViewController then
        root:dismissViewControllerAnimated_completion(false, nil)
      else
        root:presentViewController_animated_completion(UIViewController.new(), false, nil)
      end
    end

    """

  static func breaches(_ source: String) throws -> [String] {
    let scenario = try Scenario(folder: nil, output: { _ in }, warning: { _ in })
    scenario.device.checksContract = true
    try scenario.lua.run(app + source, chunkName: "=app")
    return scenario.device.contractBreaches
  }

  /// Without the explorer the device records nothing: the callbacks pay nothing for it.
  @Test func aRunOutsideTheExplorerRecordsNoBreach() throws {
    let scenario = try Scenario(folder: nil, output: { _ in }, warning: { _ in })
    try scenario.lua.run(
      Self.app + """
        main(AppDelegate)
        local child = UIViewController.new()
        child:endAppearanceTransition()
        """, chunkName: "=app")
    #expect(scenario.device.contractBreaches == [])
  }

  @Test func uiWorkFromATimerDuringTheBackgroundAllowanceIsABreach() throws {
    let breaches = try Self.breaches(
      """
      function AppDelegate:applicationDidEnterBackground(application)
        local task
        task = application:beginBackgroundTaskWithName_expirationHandler("t", function()
          application:endBackgroundTask(task)
        end)
        DispatchQueue.main:asyncAfter(5, function() present(self) end)
      end
      main(AppDelegate)
      device.home()
      wait(10)
      """)
    #expect(
      breaches == [
        "UI work in the background: the app sent presentViewController:animated:completion: to <UIViewController: 0x600000c00100> while it was in the background, where its windows are not on the screen"
      ])
  }

  @Test func uiWorkWhileTheInterfaceComesOrGoesIsNot() throws {
    // In applicationDidEnterBackground: (before the snapshot), applicationWillEnterForeground:
    // and their notifications, and by the scenario itself between events.
    let breaches = try Self.breaches(
      """
      function AppDelegate:applicationDidEnterBackground(application) present(self) end
      function AppDelegate:applicationWillEnterForeground(application) present(self) end
      function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
        NotificationCenter.default:addObserver("UIApplicationDidEnterBackgroundNotification",
          function() present(self) end)
        NotificationCenter.default:addObserver("UIApplicationWillEnterForegroundNotification",
          function() present(self) end)
        self.window = UIWindow.new()
        self.window.rootViewController = UIViewController.new()
        self.window:makeKeyAndVisible()
        return true
      end
      main(AppDelegate)
      device.home()
      present(UIApplication.shared.delegate)
      device.activate()
      """)
    #expect(breaches == [])
  }

  @Test func everyKindOfUIWorkInTheBackgroundIsNamed() throws {
    let breaches = try Self.breaches(
      """
      function AppDelegate:applicationDidEnterBackground(application)
        local task
        task = application:beginBackgroundTaskWithName_expirationHandler("t", function()
          application:endBackgroundTask(task)
        end)
        DispatchQueue.main:asyncAfter(1, function()
          local navigation = UINavigationController.new()
          self.window.rootViewController = navigation
          navigation:pushViewController_animated(UIViewController.new(), false)
          navigation:pushViewController_animated(UIViewController.new(), false)
          navigation:popViewControllerAnimated(false)
          navigation:popToRootViewControllerAnimated(false)
          self.window:makeKeyAndVisible()
        end)
      end
      main(AppDelegate)
      device.home()
      wait(2)
      """)
    #expect(
      breaches.map { $0.split(separator: " ")[8] } == [
        "setRootViewController:", "pushViewController:animated:", "pushViewController:animated:",
        "popViewControllerAnimated:", "popToRootViewControllerAnimated:", "makeKeyAndVisible",
      ])
  }

  @Test func anUnbalancedAppearanceTransitionIsABreachWithUIKitsLine() throws {
    let breaches = try Self.breaches(
      """
      main(AppDelegate)
      local child = UIViewController.new()
      child:beginAppearanceTransition_animated(true, false)
      child:beginAppearanceTransition_animated(false, false)
      child:endAppearanceTransition()
      child:endAppearanceTransition()
      """)
    #expect(
      breaches == [
        "Unbalanced calls to begin/end appearance transitions for <UIViewController: 0x600000c00180>.",
        "Unbalanced calls to begin/end appearance transitions for <UIViewController: 0x600000c00180>.",
      ])
  }

  /// The model itself keeps every will/did pair: a scene app taken through every kind of
  /// event breaks none.
  @Test func theModelsOwnCallbacksAreBalanced() throws {
    let scenario = try Scenario(folder: nil, output: { _ in }, warning: { _ in })
    scenario.device.checksContract = true
    try scenario.lua.run(
      """
      Info { UIApplicationSceneManifest = { UIApplicationSupportsMultipleScenes = true,
        UISceneConfigurations = { UIWindowSceneSessionRoleApplication = {
          { UISceneConfigurationName = "Default", UISceneDelegateClassName = "SceneDelegate" } } } } }
      local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
      function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
        return true
      end
      SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
      SceneDelegate.properties = { "window" }
      function SceneDelegate:scene_willConnectToSession_options(scene, session, options)
        self.window = UIWindow.new { windowScene = scene }
        self.window.rootViewController = UINavigationController.new()
        self.window:makeKeyAndVisible()
      end
      function SceneDelegate:sceneDidBecomeActive(scene) end
      function SceneDelegate:sceneWillResignActive(scene) end
      main(AppDelegate)
      device.interrupt() device.end_interruption()
      device.home() device.activate()
      local second = device.open_scene()
      device.rotate("landscapeLeft")
      device.close_scene(second)
      device.reclaim_scene(explore.scene(1))
      device.activate()
      device.terminate_in_background()
      device.activate()
      device.home() device.kill() device.activate()
      """, chunkName: "=app")
    #expect(scenario.device.contractBreaches == [])
  }
}
