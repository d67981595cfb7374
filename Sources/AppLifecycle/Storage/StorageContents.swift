import XcodeFiles

/// Everything the app has stored on the device, as one value: its user defaults, the files of
/// its container and its keychain items, each sorted by key.
///
/// Two devices whose apps stored the same data have equal contents, with equal hashes, whatever
/// order the writes came in and whatever was written and removed on the way: this is what a
/// search over orders of events (`lifescript explore`) puts in its state key, so that two paths
/// that reach the same stored data count as one state. It is a value: taken now, it does not
/// change when the app writes later (Documentation/UIKit/storage.md#what-the-model-can-hash).
public struct StorageContents: Hashable, Sendable, CustomStringConvertible {
  /// One stored item.
  public struct Entry<Value: Hashable & Sendable>: Hashable, Sendable {
    public let key: String
    public let value: Value

    public init(key: String, value: Value) {
      self.key = key
      self.value = value
    }
  }

  /// `UserDefaults.standard`'s values, sorted by key.
  public let defaults: [Entry<PlistValue>]
  /// The container's files, sorted by path.
  public let files: [Entry<String>]
  /// The keychain items, sorted by key.
  public let keychain: [Entry<String>]

  public init(_ storage: AppStorage) {
    defaults = storage.defaults.sorted { $0.key < $1.key }.map {
      Entry(key: $0.key, value: $0.value)
    }
    files = storage.files.sorted { $0.key < $1.key }.map { Entry(key: $0.key, value: $0.value) }
    keychain = storage.keychain.sorted { $0.key < $1.key }.map {
      Entry(key: $0.key, value: $0.value)
    }
  }

  /// Whether nothing is stored.
  public var isEmpty: Bool { defaults.isEmpty && files.isEmpty && keychain.isEmpty }

  /// One line per item, in the stores' order: `default draft = "Hello"`,
  /// `file Documents/draft.txt = "Hello"`, `keychain token = "…"`; texts quoted and clipped.
  public var description: String {
    let lines =
      defaults.map { "default \(ContainerPath.quoted($0.key)) = \(Self.describe($0.value))" }
      + files.map { "file \(ContainerPath.quoted($0.key)) = \(ContainerPath.quoted($0.value))" }
      + keychain.map {
        "keychain \(ContainerPath.quoted($0.key)) = \(ContainerPath.quoted($0.value))"
      }
    return lines.joined(separator: "\n")
  }

  /// A property list as a line shows it: `"text"`, `42`, `true`, `[1, 2]`, `{a = 1}`.
  static func describe(_ value: PlistValue) -> String {
    switch value {
    case .string(let text): ContainerPath.quoted(text)
    case .bool(let flag): String(flag)
    case .integer(let number): String(number)
    case .real(let number): "\(number)"
    case .array(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
    case .dictionary(let fields):
      "{"
        + fields.sorted { $0.key < $1.key }.map {
          "\(ContainerPath.quoted($0.key)) = \(describe($0.value))"
        }
        .joined(separator: ", ") + "}"
    }
  }
}
