/// `NSCoder` as state restoration hands it to the app: values by key, kept in the archive.
public final class NSCoder: RuntimeObject {
  public internal(set) var values: [String: RuntimeValue] = [:]
  public internal(set) var requiresSecureCoding = false
}

/// What legacy state preservation saved (reference §10.1): the app's own coder and, for each
/// view controller with a restoration identifier path, its coder.
struct RestorationArchive {
  struct Controller {
    var path: [String]
    var values: [String: RuntimeValue]
    /// `kViewControllerViewWasLoadedKey`: the view is loaded before decoding.
    var viewWasLoaded: Bool
    /// The controller's `restorationClass` when it was saved (§10.3 item 1).
    var restorationClass: RuntimeClass?
    /// The storyboard it came from (`UIStateRestorationViewControllerStoryboardKey`, §10.3 item 4).
    var storyboardName: String?
  }

  var application: [String: RuntimeValue]
  var controllers: [Controller]
}

extension NSCoder {
  static func define(in runtime: Runtime) throws {
    let coder = try runtime.defineClass(
      "NSCoder", superclass: nil, allocator: { NSCoder(isa: $0, identifier: $1) })
    coder.addProperty("requiresSecureCoding") {
      .bool(try $0.receiver(as: NSCoder.self).requiresSecureCoding)
    }
    // encodeObject:forKey:, encodeInteger:forKey:, ... and their decode… counterparts.
    for kind in ["Object", "Integer", "Bool", "Double", "Float"] {
      coder.addMethod("encode\(kind):forKey:") { message in
        try message.receiver(as: NSCoder.self).values[message.argument(1).stringValue] =
          message.argument(0)
        return .nil
      }
      coder.addMethod("decode\(kind)ForKey:") { message in
        let value = try message.receiver(as: NSCoder.self).values[message.argument(0).stringValue]
        switch (kind, value) {
        case (_, let value?): return value
        case ("Integer", nil): return .int(0)
        case ("Bool", nil): return .bool(false)
        case ("Double", nil), ("Float", nil): return .double(0)
        default: return .nil
        }
      }
    }
    // Swift's coder.encode(value, forKey:) and decodeObject(forKey:), for scripts.
    coder.addMethod("encode:forKey:") { message in
      try message.receiver(as: NSCoder.self).values[message.argument(1).stringValue] =
        message.argument(0)
      return .nil
    }
    coder.addMethod("containsValueForKey:") {
      .bool(try $0.receiver(as: NSCoder.self).values[$0.argument(0).stringValue] != nil)
    }
  }
}

extension Device {
  /// The app's choice of preservation selectors (§10.1 save step 1): the secure pair when it
  /// implements either of them ("If your delegate implements both methods, the system only
  /// calls this one"), else the deprecated pair. Preservation needs both of a pair: "Apps must
  /// implement both this method and application:shouldRestoreSecureApplicationState: for state
  /// preservation to occur."
  private func restorationSelectors(of delegate: RuntimeObject) -> (
    save: Selector, restore: Selector, secure: Bool
  )? {
    for (pair, isSecure) in Self.restorationPairs {
      let save = runtime.responds(delegate, to: pair.0)
      let restore = runtime.responds(delegate, to: pair.1)
      if save && restore { return (pair.0, pair.1, isSecure) }
      if save || restore {
        let (has, lacks) = save ? (pair.0, pair.1) : (pair.1, pair.0)
        warnOnce(
          .restorationHalfPair,
          "\(delegate.isa.name) implements \(has) but not \(lacks); UIKit preserves and restores no state unless the app implements both (see Documentation/UIKit/state-restoration.md#view-controller-restoration-without-scenes)"
        )
        return nil
      }
    }
    return nil
  }

  private static let restorationPairs = [
    (
      (
        Selector("application:shouldSaveSecureApplicationState:"),
        Selector("application:shouldRestoreSecureApplicationState:")
      ), true
    ),
    (
      (
        Selector("application:shouldSaveApplicationState:"),
        Selector("application:shouldRestoreApplicationState:")
      ), false
    ),
  ]

  private func makeCoder(secure: Bool, _ values: [String: RuntimeValue] = [:]) -> NSCoder {
    let coder = runtime.allocate(runtime.classNamed("NSCoder")!) as! NSCoder
    coder.requiresSecureCoding = secure
    coder.values = values
    return coder
  }

  /// §10.1 save, when a legacy app has entered the background (timing INFERRED: after
  /// `applicationDidEnterBackground:` and its notification, before suspension): should-save,
  /// willEncode, then each view controller with a restoration identifier path, from the roots
  /// down (order INFERRED).
  func preserveApplicationState(_ application: UIApplication) throws {
    guard let delegate = application.delegate,
      let selectors = restorationSelectors(of: delegate)
    else { return }
    let appCoder = makeCoder(secure: selectors.secure, restorationInfo())
    let app = RuntimeValue.object(application)
    guard
      try deliver(selectors.save, to: delegate, [app, .object(appCoder)]).boolValue
    else { return }
    try deliverIfImplemented(
      Selector("application:willEncodeRestorableStateWithCoder:"), to: delegate,
      [app, .object(appCoder)])
    var controllers: [RestorationArchive.Controller] = []
    for (path, controller) in restorableControllers(in: application) {
      let coder = makeCoder(secure: selectors.secure)
      try deliver(Selector("encodeRestorableStateWithCoder:"), to: controller, [.object(coder)])
      var restorationClass: RuntimeClass?
      if case .class(let cls)? = controller.instanceVariables["restorationClass"] {
        restorationClass = cls
      }
      controllers.append(
        .init(
          path: path, values: coder.values, viewWasLoaded: controller.view != nil,
          restorationClass: restorationClass, storyboardName: controller.storyboard?.name))
    }
    install.restorationArchive = RestorationArchive(
      application: appCoder.values, controllers: controllers)
  }

  /// What UIKit puts in the app's coder (`UIApplicationStateRestorationBundleVersionKey`, …).
  private func restorationInfo() -> [String: RuntimeValue] {
    [
      "UIApplicationStateRestorationBundleVersionKey": .string(
        info.string("CFBundleVersion") ?? "1"),
      "UIApplicationStateRestorationSystemVersionKey": .string(profile.description),
      "UIApplicationStateRestorationTimestampKey": .double(loop.now.seconds),
      "UIApplicationStateRestorationUserInterfaceIdiomKey": .int(0),
    ]
  }

  /// View controllers in the windows whose restoration identifier path is complete: a
  /// controller without an identifier is not preserved, nor are its children (UIKit's rule).
  private func restorableControllers(in application: UIApplication) -> [(
    [String], UIViewController
  )] {
    var found: [([String], UIViewController)] = []
    func visit(_ controller: UIViewController, _ parentPath: [String]) {
      guard case .string(let identifier) = restorationIdentifier(of: controller) else { return }
      let path = parentPath + [identifier]
      found.append((path, controller))
      for child in controller.children { visit(child, path) }
    }
    host.releaseUnreferencedObjects()
    for window in application.windows {
      if let root = window.rootViewController { visit(root, []) }
    }
    return found
  }

  private func restorationIdentifier(of controller: UIViewController) -> RuntimeValue {
    (try? runtime.send(Selector("restorationIdentifier"), to: controller)) ?? .nil
  }

  /// §10.3 item 4: a controller saved from a storyboard comes back from that storyboard, by its
  /// restoration identifier as Storyboard ID; none of that ID is not restored, without an
  /// exception (INFERRED).
  private func instantiateForRestoration(_ saved: RestorationArchive.Controller) throws
    -> UIViewController?
  {
    guard let name = saved.storyboardName, let identifier = saved.path.last,
      let scene = storyboard(named: name)?.identifiedViewControllers[identifier]
    else { return nil }
    return try instantiate(scene, of: StoryboardSource(name: name))
  }

  /// §10.1 launch steps 3 to 7, between will- and didFinishLaunching: should-restore (only if
  /// an archive exists; NO deletes it), the view controllers for each saved path (§10.3: the
  /// restoration class's, else the app delegate's, else the existing one of that path), their
  /// decoding, didDecode, and `applicationFinishedRestoringState`.
  func restoreApplicationState(_ application: UIApplication) throws {
    guard let archive = install.restorationArchive, let delegate = application.delegate,
      let selectors = restorationSelectors(of: delegate)
    else { return }
    let appCoder = makeCoder(secure: selectors.secure, archive.application)
    let app = RuntimeValue.object(application)
    guard
      try deliver(selectors.restore, to: delegate, [app, .object(appCoder)]).boolValue
    else {
      install.restorationArchive = nil
      return
    }
    let existing = Dictionary(
      restorableControllers(in: application).map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
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
        .object(makeCoder(secure: selectors.secure, saved.values)),
      ]
      let controller: UIViewController?
      if let restorationClass = saved.restorationClass {
        // §10.3 item 1: the class answers alone; its nil means "not restored" (INFERRED).
        let selector = Selector("viewControllerWithRestorationIdentifierPath:coder:")
        guard
          let answer = try deliverIfImplemented(selector, toClass: restorationClass, arguments)
        else {
          // UIKit sends the message whatever the class: the runtime's exception (INFERRED).
          throw ObjCException(
            .invalidArgument,
            "+[\(restorationClass.name) \(selector)]: unrecognized selector sent to class \(restorationClass.address)"
          )
        }
        controller = answer.object as? UIViewController
      } else {
        let answer = try deliverIfImplemented(
          Selector("application:viewControllerWithRestorationIdentifierPath:coder:"),
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
      try deliver(
        Selector("decodeRestorableStateWithCoder:"), to: controller,
        [.object(makeCoder(secure: selectors.secure, saved.values))])
    }
    // Step 6.
    try deliverIfImplemented(
      Selector("application:didDecodeRestorableStateWithCoder:"), to: delegate,
      [app, .object(appCoder)])
    // Step 7 (INFERRED).
    for (controller, _) in restored {
      try deliverIfImplemented(Selector("applicationFinishedRestoringState"), to: controller)
    }
  }
}
