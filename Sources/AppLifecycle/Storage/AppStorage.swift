import XcodeFiles

/// What the device keeps for the app outside its process: the app's user defaults and the files
/// of its container, which go when the app is deleted, and its keychain items, which stay
/// (Documentation/UIKit/storage.md#what-survives-what).
///
/// The device owns it, not the process: an ending process (a kill, a termination in the
/// background, the watchdog, an uncaught exception) leaves it as the app's last write left it,
/// and the next launch reads exactly that.
public struct AppStorage: Sendable {
  /// `UserDefaults.standard`'s values: the app's own domain, by key.
  public internal(set) var defaults: [String: PlistValue] = [:]
  /// The files of the app's container, by container-relative path (`Documents/draft.txt`).
  /// Folders are implicit: a folder exists while a file under it does.
  public internal(set) var files: [String: String] = [:]
  /// The app's keychain items (generic passwords), by key.
  public internal(set) var keychain: [String: String] = [:]

  public init() {}

  /// What deleting the app removes: its container, with the defaults stored there
  /// (Documentation/UIKit/storage.md#deleting-the-app).
  mutating func eraseContainer() {
    defaults = [:]
    files = [:]
  }
}

extension AppStorage {
  /// Bytes the engine holds for these stores, as `EngineMemoryEstimate` counts them: what a
  /// scenario that stores without bound makes grow.
  var estimatedBytes: Int {
    defaults.reduce(0) { $0 + Self.bytes(ofDefault: $1.key, $1.value) }
      + files.reduce(0) { $0 + Self.bytes(ofEntry: $1.key, $1.value) }
      + keychain.reduce(0) { $0 + Self.bytes(ofEntry: $1.key, $1.value) }
  }

  static func bytes(ofDefault key: String, _ value: PlistValue) -> Int {
    EngineMemoryEstimate.text(key) + EngineMemoryEstimate.propertyList(value)
  }

  static func bytes(ofEntry key: String, _ value: String) -> Int {
    EngineMemoryEstimate.text(key) + EngineMemoryEstimate.text(value)
  }
}
