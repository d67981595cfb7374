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

  /// What deleting the app removes: its container, with the defaults stored there, its
  /// keychain items stay (Documentation/UIKit/storage.md#deleting-the-app); `memory` gets back
  /// what they held.
  mutating func eraseContainer(crediting memory: (any EngineMemory)?) {
    let before = estimatedBytes
    defaults = [:]
    files = [:]
    memory?.credit(before - estimatedBytes)
  }

  // MARK: Writing, charged to the scenario's memory cap

  /// Stores a user default (nil removes it). The bytes count against `memory`; past its cap,
  /// the value is not stored.
  mutating func setDefault(
    _ value: PlistValue?, forKey key: String, charging memory: (any EngineMemory)?
  ) throws {
    let old = defaults[key].map { Self.bytes(ofDefault: key, $0) } ?? 0
    let new = value.map { Self.bytes(ofDefault: key, $0) } ?? 0
    try Self.charge(memory, replacing: old, with: new)
    defaults[key] = value
  }

  /// Writes a file, making the folders it is in. A folder where a file should be, or a file
  /// where a folder should be, is an error, as the file system gives one.
  mutating func writeFile(
    _ data: String, at path: ContainerPath, charging memory: (any EngineMemory)?
  ) throws {
    if let file = path.folders.first(where: { files[$0] != nil }) {
      throw LifecycleError(
        "\(ContainerPath.quoted(path.text)) cannot be written: \(ContainerPath.quoted(file)) is a file, not a folder"
      )
    }
    if isFolder(path) {
      throw LifecycleError(
        "\(ContainerPath.quoted(path.text)) cannot be written: it is a folder")
    }
    let old = files[path.text].map { Self.bytes(ofEntry: path.text, $0) } ?? 0
    try Self.charge(memory, replacing: old, with: Self.bytes(ofEntry: path.text, data))
    files[path.text] = data
  }

  /// Removes the file at `path`, or the folder with everything in it; false when there is
  /// neither.
  mutating func removeItem(at path: ContainerPath, crediting memory: (any EngineMemory)?) -> Bool {
    let folder = path.text + "/"
    let removed = files.filter { $0.key == path.text || $0.key.hasPrefix(folder) }
    guard !removed.isEmpty else { return false }
    for (name, data) in removed {
      files[name] = nil
      memory?.credit(Self.bytes(ofEntry: name, data))
    }
    return true
  }

  /// Whether a file or a folder is at `path`.
  func itemExists(at path: ContainerPath) -> Bool {
    files[path.text] != nil || isFolder(path)
  }

  private func isFolder(_ path: ContainerPath) -> Bool {
    let folder = path.text + "/"
    return files.keys.contains { $0.hasPrefix(folder) }
  }

  /// Stores a keychain item (nil deletes it). Keychain items outlive the app's deletion
  /// (Documentation/UIKit/storage.md#the-keychain).
  mutating func setKeychainItem(
    _ value: String?, forKey key: String, charging memory: (any EngineMemory)?
  ) throws {
    let old = keychain[key].map { Self.bytes(ofEntry: key, $0) } ?? 0
    let new = value.map { Self.bytes(ofEntry: key, $0) } ?? 0
    try Self.charge(memory, replacing: old, with: new)
    keychain[key] = value
  }

  /// Charges the growth of a store to the scenario's memory cap before it grows (throwing, the
  /// store is left as it was), or gives back what it shrank by.
  private static func charge(
    _ memory: (any EngineMemory)?, replacing old: Int, with new: Int
  ) throws {
    if new > old {
      try memory?.charge(new - old)
    } else if old > new {
      memory?.credit(old - new)
    }
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
