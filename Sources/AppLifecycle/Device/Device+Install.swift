extension Device {
  /// Forgets everything that belongs to the install rather than to a process (the machine's
  /// part went with its `reinstall`): what `InstallState` holds, and the app's container with
  /// its user defaults and files (§20.4; the keychain stays).
  func eraseInstallData() {
    storage.eraseContainer(crediting: runtime.memory)
    install = InstallState()
    installsSinceStart += 1
    // The quick actions the app set went with the install.
    updateDeclarations()
  }
}

extension Device {
  /// An app whose Info.plist asks for a later release than the device's cannot be installed
  /// there (`MinimumOSVersion`, which Xcode writes from `IPHONEOS_DEPLOYMENT_TARGET`): the
  /// launch stops with an error rather than run the app on a release it was not built for
  /// (Documentation/Reference/xcode-projects.md#the-deployment-target).
  func checkInstallable() throws(LifecycleError) {
    guard let minimum = info.string("MinimumOSVersion") else { return }
    let parts = minimum.split(separator: ".").map { Int($0) }
    guard let major = parts.first ?? nil else { return }
    let minor = parts.count > 1 ? (parts[1] ?? 0) : 0
    guard (major, minor) > (profile.major, profile.minor) else { return }
    throw LifecycleError(
      "the app cannot be installed on iOS \(profile): its Info.plist's MinimumOSVersion is \(minimum) (Xcode writes IPHONEOS_DEPLOYMENT_TARGET there); run it on iOS \(minimum) or later with device.ios(\"\(minimum)\") or --ios \(minimum)"
    )
  }
}

extension Device {
  /// The app's configuration now comes from an Xcode project: the trace says what was chosen
  /// (`project MyApp.xcodeproj: target MyApp, configuration Debug, …`).
  public func recordProject(_ summary: String) {
    record(.project(summary))
  }
}
