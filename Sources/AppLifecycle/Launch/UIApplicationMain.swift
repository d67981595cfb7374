import XcodeFiles

extension UIApplication {
  /// §0 steps 4-6: the principal class (the argument, else Info.plist's NSPrincipalClass, else
  /// UIApplication) is instantiated, then the delegate class (the argument, else Info.plist's
  /// UIApplicationDelegateClass, else none). Unknown names are UIKit's assertions (§7.3).
  static func make(on device: Device) throws {
    guard let entryPoint = device.entryPoint else {
      // The machine launches only an app that UIApplicationMain named.
      preconditionFailure("a launch began before UIApplicationMain named the app")
    }
    let runtime = device.runtime
    let info = device.info
    let applicationClass = runtime.classNamed("UIApplication")!
    runtime.moduleName = info.moduleName
    var principal = applicationClass
    if let name = entryPoint.principalClassName ?? info.string("NSPrincipalClass") {
      guard let found = runtime.classNamed(name) else {
        throw ObjCException(
          .internalInconsistency,
          "Unable to instantiate the UIApplication subclass instance. No class named \(name) is loaded."
        )
      }
      principal = found
    }
    // §7.2 (INFERRED): UIKit sends a class method only UIApplication has.
    guard principal.isSubclass(of: applicationClass) else {
      throw ObjCException(
        .invalidArgument,
        "+[\(principal.name) _startStatusBarServerIfNecessary]: unrecognized selector sent to class \(principal.address)"
      )
    }
    // §0 step 5: UIApp is assigned before -init runs, so UIApplication.shared is set inside it.
    let application = runtime.allocate(principal) as! UIApplication
    device.application = application
    device.record(.created(className: principal.name))
    // §7.4: init must return that instance. A script's init returns nothing: the instance.
    let initialized = try runtime.send(Selector("init"), to: application)
    guard initialized.isNil || initialized.object === application else {
      throw ObjCException(
        .internalInconsistency, "Unable to instantiate the UIApplication singleton.")
    }

    // A subclass of UIApplication as the delegate class makes the application its own
    // delegate (§7.1).
    if let name = entryPoint.delegateClassName ?? info.string("UIApplicationDelegateClass") {
      guard let delegateClass = runtime.classNamed(name) else {
        throw ObjCException(
          .internalInconsistency,
          "Unable to instantiate the UIApplication delegate instance. No class named \(name) is loaded."
        )
      }
      if delegateClass.isSubclass(of: applicationClass) {
        application.delegate = application
      } else {
        application.delegate = try device.create(delegateClass)
      }
    }
  }

}
