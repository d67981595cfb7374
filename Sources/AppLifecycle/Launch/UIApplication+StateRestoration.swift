import XcodeFiles

/// Legacy state preservation and restoration (§10.1, §10.3): the app delegate's should-save and
/// should-restore, the coders, and the view controllers with restoration identifiers.
extension UIApplication {
  private static let restorationPairs = [
    (
      (
        UIKitSelector.applicationShouldSaveSecureApplicationState,
        UIKitSelector.applicationShouldRestoreSecureApplicationState
      ), true
    ),
    (
      (
        UIKitSelector.applicationShouldSaveApplicationState,
        UIKitSelector.applicationShouldRestoreApplicationState
      ), false
    ),
  ]

  /// The app's choice of preservation selectors (§10.1 save step 1): the secure pair when it
  /// implements either of them ("If your delegate implements both methods, the system only
  /// calls this one"), else the deprecated pair. Preservation needs both of a pair: "Apps must
  /// implement both this method and application:shouldRestoreSecureApplicationState: for state
  /// preservation to occur."
  private static func restorationSelectors(of delegate: RuntimeObject, on device: Device) -> (
    save: Selector, restore: Selector, secure: Bool
  )? {
    for (pair, isSecure) in Self.restorationPairs {
      let save = device.runtime.responds(delegate, to: pair.0)
      let restore = device.runtime.responds(delegate, to: pair.1)
      if save && restore { return (pair.0, pair.1, isSecure) }
      if save || restore {
        let (has, lacks) = save ? (pair.0, pair.1) : (pair.1, pair.0)
        device.warnOnce(
          .restorationHalfPair,
          "\(delegate.isa.name) implements \(has) but not \(lacks); UIKit preserves and restores no state unless the app implements both (see Documentation/UIKit/state-restoration.md#view-controller-restoration-without-scenes)"
        )
        return nil
      }
    }
    return nil
  }

  private static func makeCoder(
    secure: Bool, _ values: [String: RuntimeValue] = [:], on device: Device
  ) -> NSCoder {
    let runtime = device.runtime
    let coder = runtime.allocate(runtime.classNamed("NSCoder")!) as! NSCoder
    coder.requiresSecureCoding = secure
    coder.values = values
    return coder
  }

  /// §10.1 save, when a legacy app has entered the background (timing INFERRED: after
  /// `applicationDidEnterBackground:` and its notification, before suspension): should-save,
  /// willEncode, then each view controller with a restoration identifier path, from the roots
  /// down (order INFERRED).
  func preserveState() throws {
    let device = self.device
    guard let delegate = delegate,
      let selectors = Self.restorationSelectors(of: delegate, on: device)
    else { return }
    let appCoder = Self.makeCoder(secure: selectors.secure, restorationInfo(), on: device)
    let app = RuntimeValue.object(self)
    guard
      try device.deliver(selectors.save, to: delegate, [app, .object(appCoder)]).boolValue
    else { return }
    try device.deliverIfImplemented(
      UIKitSelector.applicationWillEncodeRestorableStateWithCoder, to: delegate,
      [app, .object(appCoder)])
    var controllers: [RestorationArchive.Controller] = []
    for (path, controller) in restorableControllers() {
      let coder = Self.makeCoder(secure: selectors.secure, on: device)
      try device.deliver(
        UIKitSelector.encodeRestorableStateWithCoder, to: controller, [.object(coder)])
      var restorationClass: RuntimeClass?
      if case .class(let cls)? = controller.instanceVariables["restorationClass"] {
        restorationClass = cls
      }
      controllers.append(
        .init(
          path: path, values: coder.values, viewWasLoaded: controller.view != nil,
          restorationClass: restorationClass, storyboardName: controller.storyboard?.name))
    }
    device.install.restorationArchive = RestorationArchive(
      application: appCoder.values, controllers: controllers)
  }

  /// What UIKit puts in the app's coder (`UIApplicationStateRestorationBundleVersionKey`, …).
  private func restorationInfo() -> [String: RuntimeValue] {
    let device = self.device
    return [
      "UIApplicationStateRestorationBundleVersionKey": .string(
        device.info.string("CFBundleVersion") ?? "1"),
      "UIApplicationStateRestorationSystemVersionKey": .string(device.profile.description),
      "UIApplicationStateRestorationTimestampKey": .double(device.loop.now.seconds),
      "UIApplicationStateRestorationUserInterfaceIdiomKey": .int(0),
    ]
  }

  /// View controllers in the windows whose restoration identifier path is complete: a
  /// controller without an identifier is not preserved, nor are its children (UIKit's rule).
  private func restorableControllers() -> [([String], UIViewController)] {
    var found: [([String], UIViewController)] = []
    func visit(_ controller: UIViewController, _ parentPath: [String]) {
      guard case .string(let identifier) = restorationIdentifier(of: controller) else { return }
      let path = parentPath + [identifier]
      found.append((path, controller))
      for child in controller.children { visit(child, path) }
    }
    device.host.releaseUnreferencedObjects()
    for window in windows {
      if let root = window.rootViewController { visit(root, []) }
    }
    return found
  }

  private func restorationIdentifier(of controller: UIViewController) -> RuntimeValue {
    (try? device.runtime.send(UIKitSelector.restorationIdentifier, to: controller)) ?? .nil
  }

  /// §10.3 item 4: a controller saved from a storyboard comes back from that storyboard, by its
  /// restoration identifier as Storyboard ID; none of that ID is not restored, without an
  /// exception (INFERRED).
  private func instantiateForRestoration(_ saved: RestorationArchive.Controller) throws
    -> UIViewController?
  {
    let device = self.device
    guard let name = saved.storyboardName, let identifier = saved.path.last,
      let scene = device.storyboard(named: name)?.identifiedViewControllers[identifier]
    else { return nil }
    return try StoryboardDecoder.instantiate(scene, of: StoryboardSource(name: name), on: device)
  }

  /// §10.1 launch steps 3 to 7, between will- and didFinishLaunching: should-restore (only if
  /// an archive exists; NO deletes it), the view controllers for each saved path (§10.3: the
  /// restoration class's, else the app delegate's, else the existing one of that path), their
  /// decoding, didDecode, and `applicationFinishedRestoringState`.
  func restoreState() throws {
    let device = self.device
    guard let archive = device.install.restorationArchive, let delegate = delegate,
      let selectors = Self.restorationSelectors(of: delegate, on: device)
    else { return }
    let appCoder = Self.makeCoder(secure: selectors.secure, archive.application, on: device)
    let app = RuntimeValue.object(self)
    guard
      try device.deliver(selectors.restore, to: delegate, [app, .object(appCoder)]).boolValue
    else {
      device.install.restorationArchive = nil
      return
    }
    let existing = Dictionary(
      restorableControllers().map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
    // Step 4: every object first, parents before their children (the archive's order).
    var restored: [(UIViewController, RestorationArchive.Controller)] = []
    var restoredPaths: Set<[String]> = []
    for saved in archive.controllers {
      // A controller whose parent was not restored is not either (§10.3 item 4, INFERRED).
      guard saved.path.count == 1 || restoredPaths.contains(Array(saved.path.dropLast())) else {
        continue
      }
      let arguments: [RuntimeValue] = [
        .array(saved.path.map { .string($0) }),
        .object(Self.makeCoder(secure: selectors.secure, saved.values, on: device)),
      ]
      let controller: UIViewController?
      if let restorationClass = saved.restorationClass {
        // §10.3 item 1: the class answers alone; its nil means "not restored" (INFERRED).
        let selector = UIKitSelector.viewControllerWithRestorationIdentifierPathCoder
        guard
          let answer = try device.deliverIfImplemented(
            selector, toClass: restorationClass, arguments)
        else {
          // UIKit sends the message whatever the class: the runtime's exception (INFERRED).
          throw ObjCException(
            .invalidArgument,
            "+[\(restorationClass.name) \(selector)]: unrecognized selector sent to class \(restorationClass.address)"
          )
        }
        controller = answer.object as? UIViewController
      } else {
        let answer = try device.deliverIfImplemented(
          UIKitSelector.applicationViewControllerWithRestorationIdentifierPathCoder,
          to: delegate, [app] + arguments)
        controller =
          try (answer?.object as? UIViewController) ?? existing[saved.path]
          ?? instantiateForRestoration(saved)
      }
      if let controller {
        restored.append((controller, saved))
        restoredPaths.insert(saved.path)
      }
    }
    // Step 5: decoding, the view loaded first if it was at save time.
    for (controller, saved) in restored {
      if saved.viewWasLoaded { try controller.loadViewIfNeeded() }
      try device.deliver(
        UIKitSelector.decodeRestorableStateWithCoder, to: controller,
        [.object(Self.makeCoder(secure: selectors.secure, saved.values, on: device))])
    }
    // Step 6.
    try device.deliverIfImplemented(
      UIKitSelector.applicationDidDecodeRestorableStateWithCoder, to: delegate,
      [app, .object(appCoder)])
    // Step 7 (INFERRED).
    for (controller, _) in restored {
      try device.deliverIfImplemented(
        UIKitSelector.applicationFinishedRestoringState, to: controller)
    }
  }
}
