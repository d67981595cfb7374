import XcodeFiles

extension Device {
  /// The app's persistent storage as a value a search can hash: two runs that stored the same
  /// data give equal contents, whatever order they wrote in
  /// (Documentation/UIKit/storage.md#what-the-model-can-hash).
  public var storageContents: StorageContents { StorageContents(storage) }

  // MARK: User defaults

  /// `UserDefaults.standard`'s value for `key`.
  public func defaultValue(forKey key: String) -> PlistValue? { storage.defaults[key] }

  /// Stores a user default (nil removes it). It is in the device's storage once this returns: a
  /// later kill does not lose it (Documentation/UIKit/storage.md#user-defaults). The bytes count
  /// against the scenario's memory cap; past it, the value is not stored.
  public func setDefault(_ value: PlistValue?, forKey key: String) throws {
    let old = storage.defaults[key].map { AppStorage.bytes(ofDefault: key, $0) } ?? 0
    let new = value.map { AppStorage.bytes(ofDefault: key, $0) } ?? 0
    try chargeStorage(replacing: old, with: new)
    storage.defaults[key] = value
  }

  // MARK: Files

  /// The file at `path`, or nil when there is none.
  public func readFile(at path: ContainerPath) -> String? { storage.files[path.text] }

  /// Writes a file, making the folders it is in. A folder where a file should be, or a file
  /// where a folder should be, is an error, as the file system gives one.
  public func writeFile(_ data: String, at path: ContainerPath) throws {
    if let file = path.folders.first(where: { storage.files[$0] != nil }) {
      throw LifecycleError(
        "\(ContainerPath.quoted(path.text)) cannot be written: \(ContainerPath.quoted(file)) is a file, not a folder"
      )
    }
    if isFolder(path) {
      throw LifecycleError(
        "\(ContainerPath.quoted(path.text)) cannot be written: it is a folder")
    }
    let old = storage.files[path.text].map { AppStorage.bytes(ofEntry: path.text, $0) } ?? 0
    try chargeStorage(replacing: old, with: AppStorage.bytes(ofEntry: path.text, data))
    storage.files[path.text] = data
  }

  /// Removes the file at `path`, or the folder with everything in it; false when there is
  /// neither.
  @discardableResult
  public func removeItem(at path: ContainerPath) -> Bool {
    let folder = path.text + "/"
    let removed = storage.files.filter { $0.key == path.text || $0.key.hasPrefix(folder) }
    guard !removed.isEmpty else { return false }
    for (name, data) in removed {
      storage.files[name] = nil
      creditStorage(AppStorage.bytes(ofEntry: name, data))
    }
    return true
  }

  /// Whether a file or a folder is at `path`.
  public func itemExists(at path: ContainerPath) -> Bool {
    storage.files[path.text] != nil || isFolder(path)
  }

  /// The paths of the container's files, sorted.
  public var filePaths: [String] { storage.files.keys.sorted() }

  private func isFolder(_ path: ContainerPath) -> Bool {
    let folder = path.text + "/"
    return storage.files.keys.contains { $0.hasPrefix(folder) }
  }

  // MARK: Keychain

  /// The app's keychain item `key`.
  public func keychainItem(forKey key: String) -> String? { storage.keychain[key] }

  /// Stores a keychain item (nil deletes it). Keychain items outlive the app's deletion
  /// (Documentation/UIKit/storage.md#the-keychain).
  public func setKeychainItem(_ value: String?, forKey key: String) throws {
    let old = storage.keychain[key].map { AppStorage.bytes(ofEntry: key, $0) } ?? 0
    let new = value.map { AppStorage.bytes(ofEntry: key, $0) } ?? 0
    try chargeStorage(replacing: old, with: new)
    storage.keychain[key] = value
  }

  // MARK: Memory

  /// Charges the growth of a store to the scenario's memory cap before it grows (throwing, the
  /// store is left as it was), or gives back what it shrank by.
  private func chargeStorage(replacing old: Int, with new: Int) throws {
    if new > old {
      try runtime.memory?.charge(new - old)
    } else if old > new {
      runtime.memory?.credit(old - new)
    }
  }

  private func creditStorage(_ bytes: Int) {
    runtime.memory?.credit(bytes)
  }

  /// Deleting the app deletes its container: its user defaults and files go, its keychain
  /// items stay (Documentation/UIKit/storage.md#deleting-the-app).
  func eraseContainer() {
    let before = storage.estimatedBytes
    storage.eraseContainer()
    creditStorage(before - storage.estimatedBytes)
  }
}
