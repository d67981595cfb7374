import XcodeFiles

/// What a scene does while it connects and when it goes to the background: its storyboard
/// window (§3.1 steps 8 and 11), the restoration of its interaction state (§10.2), and saving
/// its state restoration activity.
extension UIScene {
  /// §3.1 step 8: the initial view controller first, then the delegate's window (created and
  /// assigned when nil), then the root view controller; with §7.5's and §7.6's messages. The
  /// window appears later (`showStoryboardWindow`).
  func loadStoryboardWindow() throws {
    let device = self.device
    guard let configuration = session?.configuration?.configuration,
      let name = configuration.storyboardName
    else { return }
    guard let storyboard = device.storyboard(named: name) else {
      device.log(
        "[SceneConfiguration] Info.plist configuration \"\(configuration.displayName)\" for \(configuration.sessionRole) contained UIMainStoryboardFile key, but could not find storyboard with name \(name)."
      )
      return
    }
    guard
      let controller = try StoryboardDecoder.instantiateInitialViewController(
        of: storyboard, category: "WindowScene", on: device)
    else { return }
    guard let delegate else {
      device.log(
        "[WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file."
      )
      return
    }
    var window: UIWindow?
    if device.runtime.responds(delegate, to: UIKitSelector.window) {
      window = try device.deliver(UIKitSelector.window, to: delegate).object as? UIWindow
      window?.windowScene = self
    }
    if window == nil {
      guard device.runtime.responds(delegate, to: UIKitSelector.setWindow) else {
        device.log(
          "[WindowScene] The scene delegate must implement the window property if it wants to use a main storyboard file."
        )
        return
      }
      let created =
        try device.create(device.runtime.classNamed("UIWindow")!, [.object(self)]) as! UIWindow
      try device.deliver(UIKitSelector.setWindow, to: delegate, [.object(created)])
      window = created
    }
    guard let window else { return }
    try device.deliver(UIKitSelector.setRootViewController, to: window, [.object(controller)])
    storyboardWindow = window
  }

  /// §3.1 step 11: the deferred initial window update shows the storyboard window: the root
  /// view loads, and will appear (INFERRED).
  func showStoryboardWindow() throws {
    guard let window = storyboardWindow, let root = window.rootViewController else { return }
    window.isKeyWindow = true
    window.isHidden = false
    try root.beginAppearance(appearing: true, animated: false)
    device.process.awaitingDidAppear.append(root)
  }

  /// §3.1 step 13, §10.2 restore step 2: the session's state restoration activity, if it has
  /// one, "after scene connection, but before activation".
  func restoreInteractionState() throws {
    guard let session, !session.stateRestorationActivity.isNil else { return }
    try device.deliverIfImplemented(
      UIKitSelector.sceneRestoreInteractionStateWithUserActivity, to: delegate,
      [.object(self), session.stateRestorationActivity])
  }

  /// §10.2 save: when a scene has gone to the background (timing INFERRED), its delegate's
  /// activity becomes the session's; before it is archived the activity's delegate and the
  /// responders that manage it bring it up to date (§10.3 item 6), then
  /// `scene:didUpdateUserActivity:` follows.
  func saveStateRestorationActivity() throws {
    let device = self.device
    guard let session,
      let activity = try device.deliverIfImplemented(
        UIKitSelector.stateRestorationActivityForScene, to: delegate, [.object(self)])
    else { return }
    session.stateRestorationActivity = activity
    guard !activity.isNil else { return }
    // A script may hand back a plain table: it has no delegate and no responder manages it.
    if let object = activity.object {
      try device.deliverIfImplemented(
        UIKitSelector.userActivityWillSave, to: object.instanceVariables["delegate"]?.object,
        [activity])
      for responder in responders
      where responder.instanceVariables["userActivity"]?.object === object {
        try responder.deliverIfOverridden(UIKitSelector.updateUserActivityState, [activity])
      }
    }
    try device.deliverIfImplemented(
      UIKitSelector.sceneDidUpdateUserActivity, to: delegate, [.object(self), activity])
  }

  /// The responders of a scene in the order lifescript visits them (INFERRED): the view
  /// controllers of its windows from each root down, presented ones after their presenters,
  /// then the scene, its delegate, the application and the app delegate.
  private var responders: [RuntimeObject] {
    let application = device.application
    return UIApplication.viewControllers(in: windows, loadedOnly: false) + [self]
      + [delegate, application, application?.delegate].compactMap { $0 }
  }
}
