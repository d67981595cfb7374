/// UIKit's selectors, interned once: the one list that the life-cycle machine, the delegate
/// protocols' tables (`UIKitProtocols`), the explorer's checks and the device's messages draw
/// from. A selector written out anywhere else is one UIKit does not define (an app's own), or
/// NSObject's.
public enum UIKitSelector {
  // MARK: UIApplicationDelegate

  public static let applicationWillFinishLaunchingWithOptions = Selector(
    "application:willFinishLaunchingWithOptions:")
  public static let applicationDidFinishLaunchingWithOptions = Selector(
    "application:didFinishLaunchingWithOptions:")
  public static let applicationDidBecomeActive = Selector("applicationDidBecomeActive:")
  public static let applicationWillResignActive = Selector("applicationWillResignActive:")
  public static let applicationDidEnterBackground = Selector("applicationDidEnterBackground:")
  public static let applicationWillEnterForeground = Selector("applicationWillEnterForeground:")
  public static let applicationWillTerminate = Selector("applicationWillTerminate:")
  public static let applicationDidReceiveMemoryWarning = Selector(
    "applicationDidReceiveMemoryWarning:")
  public static let applicationSignificantTimeChange = Selector("applicationSignificantTimeChange:")
  public static let applicationOpenURLOptions = Selector("application:openURL:options:")
  public static let applicationPerformActionForShortcutItemCompletionHandler = Selector(
    "application:performActionForShortcutItem:completionHandler:")
  public static let applicationContinueUserActivityRestorationHandler = Selector(
    "application:continueUserActivity:restorationHandler:")
  public static let applicationWillContinueUserActivityWithType = Selector(
    "application:willContinueUserActivityWithType:")
  public static let applicationConfigurationForConnectingSceneSessionOptions = Selector(
    "application:configurationForConnectingSceneSession:options:")
  public static let applicationDidDiscardSceneSessions = Selector(
    "application:didDiscardSceneSessions:")
  public static let applicationShouldSaveSecureApplicationState = Selector(
    "application:shouldSaveSecureApplicationState:")
  public static let applicationShouldRestoreSecureApplicationState = Selector(
    "application:shouldRestoreSecureApplicationState:")
  public static let applicationShouldSaveApplicationState = Selector(
    "application:shouldSaveApplicationState:")
  public static let applicationShouldRestoreApplicationState = Selector(
    "application:shouldRestoreApplicationState:")
  public static let applicationWillEncodeRestorableStateWithCoder = Selector(
    "application:willEncodeRestorableStateWithCoder:")
  public static let applicationDidDecodeRestorableStateWithCoder = Selector(
    "application:didDecodeRestorableStateWithCoder:")
  public static let applicationHandleEventsForBackgroundURLSessionCompletionHandler = Selector(
    "application:handleEventsForBackgroundURLSession:completionHandler:")
  public static let applicationSupportedInterfaceOrientationsForWindow = Selector(
    "application:supportedInterfaceOrientationsForWindow:")
  public static let applicationDidRegisterForRemoteNotificationsWithDeviceToken = Selector(
    "application:didRegisterForRemoteNotificationsWithDeviceToken:")
  public static let applicationDidFailToRegisterForRemoteNotificationsWithError = Selector(
    "application:didFailToRegisterForRemoteNotificationsWithError:")
  public static let applicationDidReceiveRemoteNotificationFetchCompletionHandler = Selector(
    "application:didReceiveRemoteNotification:fetchCompletionHandler:")
  public static let applicationProtectedDataWillBecomeUnavailable = Selector(
    "applicationProtectedDataWillBecomeUnavailable:")
  public static let applicationProtectedDataDidBecomeAvailable = Selector(
    "applicationProtectedDataDidBecomeAvailable:")
  public static let window = Selector("window")
  public static let setWindow = Selector("setWindow:")

  // MARK: UISceneDelegate

  public static let sceneWillConnectToSessionOptions = Selector(
    "scene:willConnectToSession:options:")
  public static let sceneDidDisconnect = Selector("sceneDidDisconnect:")
  public static let sceneDidBecomeActive = Selector("sceneDidBecomeActive:")
  public static let sceneWillResignActive = Selector("sceneWillResignActive:")
  public static let sceneWillEnterForeground = Selector("sceneWillEnterForeground:")
  public static let sceneDidEnterBackground = Selector("sceneDidEnterBackground:")
  public static let sceneOpenURLContexts = Selector("scene:openURLContexts:")
  public static let sceneContinueUserActivity = Selector("scene:continueUserActivity:")
  public static let sceneWillContinueUserActivityWithType = Selector(
    "scene:willContinueUserActivityWithType:")
  public static let sceneDidFailToContinueUserActivityWithTypeError = Selector(
    "scene:didFailToContinueUserActivityWithType:error:")
  public static let sceneDidUpdateUserActivity = Selector("scene:didUpdateUserActivity:")
  public static let stateRestorationActivityForScene = Selector("stateRestorationActivityForScene:")
  public static let sceneRestoreInteractionStateWithUserActivity = Selector(
    "scene:restoreInteractionStateWithUserActivity:")

  // MARK: UIWindowSceneDelegate

  public static let windowScenePerformActionForShortcutItemCompletionHandler = Selector(
    "windowScene:performActionForShortcutItem:completionHandler:")
  public static let windowSceneDidUpdateCoordinateSpaceInterfaceOrientationTraitCollection =
    Selector("windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:")

  // MARK: UNUserNotificationCenterDelegate

  public static let userNotificationCenterWillPresentNotificationWithCompletionHandler = Selector(
    "userNotificationCenter:willPresentNotification:withCompletionHandler:")
  public static let userNotificationCenterDidReceiveNotificationResponseWithCompletionHandler =
    Selector("userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:")
  public static let userNotificationCenterOpenSettingsForNotification = Selector(
    "userNotificationCenter:openSettingsForNotification:")

  // MARK: NSUserActivityDelegate

  public static let userActivityWillSave = Selector("userActivityWillSave:")
  public static let userActivityWasContinued = Selector("userActivityWasContinued:")
  public static let userActivityDidReceiveInputStreamOutputStream = Selector(
    "userActivity:didReceiveInputStream:outputStream:")

  // MARK: UIViewControllerRestoration

  public static let viewControllerWithRestorationIdentifierPathCoder = Selector(
    "viewControllerWithRestorationIdentifierPath:coder:")

  // MARK: UIResponder, UIView and UIViewController: what UIKit sends a view controller or view, and what an app overrides

  public static let addSubview = Selector("addSubview:")
  public static let nextResponder = Selector("nextResponder")
  public static let restorationIdentifier = Selector("restorationIdentifier")
  public static let applicationFinishedRestoringState = Selector(
    "applicationFinishedRestoringState")
  public static let awakeFromNib = Selector("awakeFromNib")
  public static let decodeRestorableStateWithCoder = Selector("decodeRestorableStateWithCoder:")
  public static let didMoveToParentViewController = Selector("didMoveToParentViewController:")
  public static let didReceiveMemoryWarning = Selector("didReceiveMemoryWarning")
  public static let encodeRestorableStateWithCoder = Selector("encodeRestorableStateWithCoder:")
  public static let initWithCoder = Selector("initWithCoder:")
  public static let layoutMarginsDidChange = Selector("layoutMarginsDidChange")
  public static let loadView = Selector("loadView")
  public static let motionBeganWithEvent = Selector("motionBegan:withEvent:")
  public static let motionEndedWithEvent = Selector("motionEnded:withEvent:")
  public static let prepareForSegueSender = Selector("prepareForSegue:sender:")
  /// `UIStoryboardSegue.perform`, which a custom segue overrides.
  public static let perform = Selector("perform")
  public static let restoreUserActivityState = Selector("restoreUserActivityState:")
  public static let safeAreaInsetsDidChange = Selector("safeAreaInsetsDidChange")
  public static let sendEvent = Selector("sendEvent:")
  public static let setRootViewController = Selector("setRootViewController:")
  public static let shouldAutomaticallyForwardAppearanceMethods = Selector(
    "shouldAutomaticallyForwardAppearanceMethods")
  public static let shouldAutorotate = Selector("shouldAutorotate")
  public static let shouldPerformSegueWithIdentifierSender = Selector(
    "shouldPerformSegueWithIdentifier:sender:")
  public static let supportedInterfaceOrientations = Selector("supportedInterfaceOrientations")
  public static let touchesBeganWithEvent = Selector("touchesBegan:withEvent:")
  public static let touchesEndedWithEvent = Selector("touchesEnded:withEvent:")
  public static let traitCollectionDidChange = Selector("traitCollectionDidChange:")
  public static let unwindForSegueTowardsViewController = Selector(
    "unwindForSegue:towardsViewController:")
  public static let updateUserActivityState = Selector("updateUserActivityState:")
  public static let viewDidAppear = Selector("viewDidAppear:")
  public static let viewDidDisappear = Selector("viewDidDisappear:")
  public static let viewDidLayoutSubviews = Selector("viewDidLayoutSubviews")
  public static let viewDidLoad = Selector("viewDidLoad")
  public static let viewIsAppearing = Selector("viewIsAppearing:")
  public static let viewLayoutMarginsDidChange = Selector("viewLayoutMarginsDidChange")
  public static let viewSafeAreaInsetsDidChange = Selector("viewSafeAreaInsetsDidChange")
  public static let viewWillAppear = Selector("viewWillAppear:")
  public static let viewWillDisappear = Selector("viewWillDisappear:")
  public static let viewWillLayoutSubviews = Selector("viewWillLayoutSubviews")
  public static let viewWillTransitionToSizeWithTransitionCoordinator = Selector(
    "viewWillTransitionToSize:withTransitionCoordinator:")
  public static let willMoveToParentViewController = Selector("willMoveToParentViewController:")
  public static let willTransitionToTraitCollectionWithTransitionCoordinator = Selector(
    "willTransitionToTraitCollection:withTransitionCoordinator:")

  // MARK: UIKit's own classes: methods the model sends them, so an app's subclass can override them

  public static let applicationHandleOpenURL = Selector("application:handleOpenURL:")
  public static let applicationOpenURLSourceApplicationAnnotation = Selector(
    "application:openURL:sourceApplication:annotation:")
  public static let applicationViewControllerWithRestorationIdentifierPathCoder = Selector(
    "application:viewControllerWithRestorationIdentifierPath:coder:")
  public static let beginBackgroundTaskWithExpirationHandler = Selector(
    "beginBackgroundTaskWithExpirationHandler:")
  public static let beginBackgroundTaskWithNameExpirationHandler = Selector(
    "beginBackgroundTaskWithName:expirationHandler:")
  public static let initWithNameBundle = Selector("initWithName:bundle:")
  public static let openURLOptionsCompletionHandler = Selector("openURL:options:completionHandler:")
  public static let registerForTaskWithIdentifierUsingQueueLaunchHandler = Selector(
    "registerForTaskWithIdentifier:usingQueue:launchHandler:")
  public static let requestSceneSessionActivationUserActivityOptionsErrorHandler = Selector(
    "requestSceneSessionActivation:userActivity:options:errorHandler:")
  public static let submitTaskRequestError = Selector("submitTaskRequest:error:")
}
