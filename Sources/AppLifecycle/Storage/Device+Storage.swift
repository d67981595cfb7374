import XcodeFiles

/// The device's storage for the app (`AppStorage`), as scenarios and UIKit's classes reach it:
/// what it stores counts against the scenario's memory cap (the runtime's `memory`).
extension Device {
  /// The app's persistent storage as a value a search can hash: two runs that stored the same
  /// data give equal contents, whatever order they wrote in
  /// (Documentation/UIKit/storage.md#what-the-model-can-hash).
  public var storageContents: StorageContents { StorageContents(storage) }

  /// `UserDefaults.standard`'s value for `key`.
  public func defaultValue(forKey key: String) -> PlistValue? { storage.defaults[key] }

  /// Stores a user default (nil removes it). It is in the device's storage once this returns: a
  /// later kill does not lose it (Documentation/UIKit/storage.md#user-defaults). The bytes count
  /// against the scenario's memory cap; past it, the value is not stored.
  public func setDefault(_ value: PlistValue?, forKey key: String) throws {
    try storage.setDefault(value, forKey: key, charging: runtime.memory)
  }

  /// The file at `path`, or nil when there is none.
  public func readFile(at path: ContainerPath) -> String? { storage.files[path.text] }

  /// Writes a file, making the folders it is in (`AppStorage.writeFile`).
  public func writeFile(_ data: String, at path: ContainerPath) throws {
    try storage.writeFile(data, at: path, charging: runtime.memory)
  }

  /// Removes the file at `path`, or the folder with everything in it; false when there is
  /// neither.
  @discardableResult
  public func removeItem(at path: ContainerPath) -> Bool {
    storage.removeItem(at: path, crediting: runtime.memory)
  }

  /// Whether a file or a folder is at `path`.
  public func itemExists(at path: ContainerPath) -> Bool { storage.itemExists(at: path) }

  /// The paths of the container's files, sorted.
  public var filePaths: [String] { storage.files.keys.sorted() }

  /// The app's keychain item `key`.
  public func keychainItem(forKey key: String) -> String? { storage.keychain[key] }

  /// Stores a keychain item (nil deletes it). Keychain items outlive the app's deletion
  /// (Documentation/UIKit/storage.md#the-keychain).
  public func setKeychainItem(_ value: String?, forKey key: String) throws {
    try storage.setKeychainItem(value, forKey: key, charging: runtime.memory)
  }
}
