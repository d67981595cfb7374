-- Misspelled delegate methods: a warning with the right spelling; the run still passes.
local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
function AppDelegate:applicationDidBecomeActiv(application) end
function AppDelegate:application_didFinishLaunchingWithOptions(a, o) return true end
function AppDelegate:myOwnHelper() end
local SceneDelegate = class("SceneDelegate", UIResponder, { "UIWindowSceneDelegate" })
function SceneDelegate:scene_willConnectTo_options(scene, session, options) end
function SceneDelegate:sceneDidBecomeactive(scene) end
local VC = class("VC", UIViewController)
function VC:viewDidLoed() end
function VC:viewWillAppear(animated) end
