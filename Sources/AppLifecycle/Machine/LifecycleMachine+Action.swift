extension LifecycleMachine {
  /// One step UIKit takes, in order. `Device` performs them: the machine decides what happens
  /// and when; the device owns the objects it happens to.
  public enum Action: Equatable, Sendable {
    // MARK: Messages, notifications, the console

    /// Sends an app-delegate method, if the delegate implements it.
    case callApplicationDelegate(Selector, ApplicationArguments)
    /// `application:willFinishLaunchingWithOptions:` or `…didFinish…` with the launch options:
    /// what it returns decides whether the launch request is delivered (§6.1 step 3), so the
    /// device reports it with `launchDelegateReturned(_:)`.
    case callLaunchDelegate(Selector)
    /// Sends a scene-delegate method, if the scene's delegate implements it.
    case callSceneDelegate(Int, Selector, SceneArguments)
    /// Posts a notification.
    case post(String, NotificationObject)
    /// UIKit prints a line to the console.
    indirect case log(String)
    /// UIKit raises an Objective-C exception, which ends the process.
    indirect case raise(ObjCException)
    /// Nothing happens, as on a real device; the trace says why.
    indirect case ignored(Event, because: String)

    // MARK: The launch (§0–§3, §8, §9.1)

    /// The launch screen goes up before the process runs the app's code (§8.1), for the URL
    /// scheme a cold launch opens, if any.
    indirect case showLaunchScreen(urlScheme: String?)
    /// The launch watchdog starts watching the launch (§9.1)…
    case armLaunchWatchdog
    /// …until the app has reached its first state.
    case disarmLaunchWatchdog
    /// §0 steps 4–6: the principal class's instance, then the app delegate.
    case createApplication
    /// What the iOS release says about this app (warnings: launch screen, deprecated methods).
    case checkAppAgainstRelease
    /// §3.5: app-delegate methods UIKit no longer calls with scenes are worth a warning.
    case warnAboutMethodsScenesReplace
    /// §1.1 step 3: the main storyboard is found (a missing one is UIKit's exception); one
    /// without an entry point is a console line and shows nothing. The device replies
    /// `mainStoryboardOpened(hasEntryPoint:)`.
    case openMainStoryboard
    /// §1.1 step 3: the main storyboard's initial view controller is instantiated.
    case instantiateMainStoryboardController
    /// §1.1 step 4: the app delegate's window, created and assigned when it is nil; a delegate
    /// without a `window` property is a console line. The device replies
    /// `delegateWindowPrepared(_:)`.
    case prepareDelegateWindow
    /// §1.1 step 5: the initial view controller becomes the window's root; UIKit shows the
    /// window after `didFinishLaunching` (§1.1 step 10).
    case setMainStoryboardRoot
    /// §10.1 launch steps 3–7.
    case restoreApplicationState
    /// §2 end: every window needs a root view controller when the launch ends.
    case checkLaunchWindows
    /// The window made key and visible during the launch appears (§1.1 step 10, §2 step 5).
    case showLaunchWindow(AppearancePhase)
    /// UIKit's console line for a delegate method of a background mode the Info.plist does not
    /// declare (§19.2).
    case checkBackgroundModes
    /// The app's first frame replaces the launch screen (§8.1).
    case removeLaunchScreen

    // MARK: Scenes (§3, §5.2, §10.2)

    /// `application:didDiscardSceneSessions:` with sessions discarded while the app was not
    /// running (§3.1 step 5).
    indirect case reportDiscardedSessions([Int])
    /// The scene's session: a new one (with its configuration: the app delegate's
    /// `application:configurationForConnectingSceneSession:options:` or the manifest's, §3.3),
    /// or one that existed; the connection options carry the request, if any (§6.2).
    indirect case prepareSession(scene: Int, session: Int, isNew: Bool, request: Request?)
    /// §3.1 step 7: the scene object, then its delegate.
    case createScene(Int)
    /// §3.1 step 8: the storyboard's initial view controller in the delegate's window.
    case loadStoryboardWindow(Int)
    /// While `scene:willConnectToSession:options:` runs, a window made key and visible is shown
    /// at once (§3.2).
    case beginConnection(Int)
    case endConnection(Int)
    /// §3.1 step 11: the storyboard window becomes visible; its root view loads and will appear.
    case showStoryboardWindow(Int)
    /// §10.2: `scene:restoreInteractionStateWithUserActivity:` with the session's activity.
    case restoreInteractionState(Int)
    /// `viewDidAppear:` for the view controllers that appeared while a scene connected.
    case deliverAwaitedDidAppear
    /// A Handoff's activity, after the scene connected for its type (§6.4).
    case continueHandoff(Int)
    /// §10.2 save: the scene's state restoration activity becomes its session's.
    case saveStateRestorationActivity(Int)
    /// The scene disconnected: the device lets go of it.
    case forgetScene(Int)
    /// `application:didDiscardSceneSessions:` with the session of a window the user closed
    /// (§5.2).
    case reportDiscardedSession(Int)
    /// `requestSceneSessionActivation` fails: its error handler hears why.
    case failSceneActivationRequest

    // MARK: Requests (§6)

    /// The system makes the request's objects (the URL, quick action or activity) the app will
    /// be handed.
    case makeRequestObjects
    /// The request's calls to the app delegate (`applicationDelegateCalls(for:)`): each call
    /// goes to the first method of its list that the delegate implements.
    indirect case deliverRequestToApplicationDelegate([[RequestMethod]])
    /// The request's calls to a scene's delegate (`sceneDelegateCalls(for:)`).
    indirect case deliverRequestToScene(Int, [[RequestMethod]])
    /// `UIApplication.open`'s completion handler hears whether the URL opened.
    case completeOpenURL(opened: Bool)
    /// The app opened a URL of its own: the system delivers it back to the app.
    case deliverOpenedURLToThisApp

    // MARK: Background launches and deliveries (§19)

    /// `application:didReceiveRemoteNotification:fetchCompletionHandler:` with the payload and a
    /// completion handler (§19.2 item 3); the device reports the delivery and its completion.
    case deliverRemoteNotification
    /// `userNotificationCenter:willPresentNotification:withCompletionHandler:` to the
    /// notification center's delegate: the app in front decides how to show a notification
    /// (§19.3 item 3).
    case presentNotification
    /// A background launch (§19.1): the window UIKit would show at the end of the launch stays
    /// hidden, unless the app made it key and visible itself.
    case deferLaunchWindow
    /// The first foreground after a background launch (§19.5): the hidden window is the one
    /// `showLaunchWindow` shows.
    case prepareDeferredLaunchWindow
    /// The app did not call a background notification's completion handler in time: the system
    /// ends it (§19.2 item 6).
    case endProcessForUnfinishedRemoteNotification
    /// The end of `application:didFinishLaunchingWithOptions:`: `BGTaskScheduler` takes no more
    /// launch handlers (§19.4 items 1 and 2).
    case endLaunchHandlerRegistration
    /// The launch handler the app registered for the identifier gets its `BGTask`; none
    /// registered is an exception (§19.4 items 4 and 5). The device reports the task started.
    indirect case launchScheduledTask(String)
    /// A scheduled task's time is up: its expiration handler, or without one the system marks
    /// it complete and unsuccessful (§19.4 item 6).
    indirect case expireScheduledTask(String)
    /// The app did not complete a scheduled task before its time expired: the system ends it
    /// (§19.4 item 7).
    indirect case endProcessForUnfinishedScheduledTask(String)

    // MARK: Background execution (§9.2), memory (§9.3), events

    case startBackgroundClock
    case stopBackgroundClock
    case callExpirationHandlers
    /// The background time ran out with a task still running: the system ends the app.
    case endProcessForUnfinishedBackgroundTask
    /// `didReceiveMemoryWarning` to every view controller whose view is loaded (§9.3).
    case warnViewControllersAboutMemory
    /// A touch or a shake through `UIApplication.sendEvent:`.
    case sendEvent(UIEvent.Kind)
    /// The interface turns to the device's orientation if the app supports it (the top
    /// full-screen view controller and the app are asked); when it does not, the trace says why,
    /// as the outcome of the event (nil: no line).
    indirect case followDeviceOrientation(reportingTo: Event?)

    // MARK: What outlives the process (§5, §8.2, §10.1)

    /// §10.1 save, when an app without scenes has entered the background.
    case preserveApplicationState
    /// A force quit deletes preserved state.
    case discardPreservedState
    /// The process is gone; its objects go with it.
    case endProcess
    /// What the install kept: launch-screen snapshots, sessions, preserved state, quick actions.
    case eraseInstallData

    // MARK: Sequencing

    /// A scene (without scenes: the app) changes its activation state, if the change still
    /// applies when it is performed: `transition(_:scene:)` says how.
    case transition(Transition, scene: Int)

    /// Ask the machine what comes next, now that the actions before this one have run (what
    /// the app did in its callbacks can change it).
    case resume(Continuation)
    /// Another user or system event, in full, before the rest (a quick action is chosen on
    /// the Home Screen, so the user leaves the app first).
    indirect case event(Event)
  }

  /// The arguments of an app-delegate method.
  public enum ApplicationArguments: Equatable, Sendable {
    /// `(application)`.
    case application
    /// `(application, nil)`: scene apps get no launch options (§3.1 steps 2–4).
    case noLaunchOptions
  }

  /// The arguments of a scene-delegate method.
  public enum SceneArguments: Equatable, Sendable {
    /// `(scene)`.
    case scene
    /// `(scene, session, connectionOptions)`.
    case connection
  }

  /// The object (and user info) of a notification.
  public enum NotificationObject: Equatable, Sendable {
    case application
    /// The application, with the launch options as user info (§6.1 step 1).
    case applicationWithLaunchOptions
    case scene(Int)
  }

  /// Where a view controller is in appearing.
  public enum AppearancePhase: Equatable, Sendable {
    /// The window becomes key and visible; its root view loads and will appear.
    case willAppear
    case didAppear
  }

  /// Points where the machine decides the rest only once what came before has run.
  public enum Continuation: Equatable, Sendable {
    /// An app without scenes posted `UIApplicationDidFinishLaunchingNotification`: the request,
    /// the window and the first activation follow (§1.1, §1.2, §2, §6.1).
    case finishLaunching
    /// §1.1 step 11: the app's first `applicationDidBecomeActive:`.
    case becomeActiveAfterLaunch
    /// The launch sequence is over.
    case endLaunch
    /// The app entered the background: suspended now, or kept running by its tasks (§4.1
    /// step 4, §9.2).
    case enteredBackground
    /// The expiration handlers ran: every task ended, or the system ends the app (§9.2).
    case expirationHandlersRan
    /// The user went home to choose a quick action; now it is delivered (§6.3).
    case deliverRequest(Request)
    /// The app was sent home before the system ends it in the background.
    case systemTermination
    /// `sceneDidDisconnect:`; the scene is no longer connected. Unless the process ends right
    /// after, UIApplication's notification follows when the app's state changes.
    case disconnect(scene: Int, processEnds: Bool)
    /// A scene connects for a new session (nil) or an existing one, carrying the request, if
    /// any.
    case connectScene(session: Int?, request: Request?)
    /// A scene the system reclaims is in the background: its state is saved, it disconnects, and
    /// its session waits to reconnect.
    case reclaim(scene: Int)
    /// A scheduled task's expiration handler ran: not completed by then, it ends the app.
    case scheduledTaskExpired(String)
    /// The scene object of a connection exists: it counts among the app's scenes from now on.
    case sceneCreated(scene: Int, session: Int)
    /// `scene:willConnectToSession:options:` has returned: the scene is attached, in the
    /// background.
    case sceneConnected(scene: Int)
    /// An app without scenes is about to hear `applicationWillTerminate:`: its user interface
    /// has left the screen, without a callback.
    case leaveScreenForTermination(scene: Int)
    /// The main storyboard was found: with an entry point, its view controller and the
    /// delegate's window are made in the order the CONFLICTING sources say (§1.1, option
    /// storyboard-window-order).
    case mainStoryboardOpened
    /// The delegate's window exists (or the delegate has none): the root view controller
    /// follows.
    case delegateWindowPrepared
  }
}
