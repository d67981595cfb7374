import AppLifecycle
import Scenarios
import Testing

/// What scripts store through `UserDefaults.standard`, `storage` and `keychain` is the device's
/// storage, the value a search hashes (Documentation/UIKit/storage.md#what-the-model-can-hash).
@Suite struct StorageBindingsTests {
  /// Runs `source` in a fresh scenario and returns what its app stored.
  static func contents(after source: String) throws -> StorageContents {
    let scenario = try Scenario(folder: nil, output: { _ in })
    try scenario.run(source: source, name: "storage.lua")
    return scenario.device.storageContents
  }

  @Test func twoScriptsThatStoreTheSameDataInAnotherOrderHashEqual() throws {
    let first = try Self.contents(
      after: """
        UserDefaults.standard:setObject_forKey({ "a", { n = 1.5 } }, "list")
        storage.write("Documents/draft.txt", "typed")
        keychain.set("token", "t")
        UserDefaults.standard:setBool_forKey(true, "seen")
        """)
    let second = try Self.contents(
      after: """
        keychain.set("token", "t")
        UserDefaults.standard:setBool_forKey(true, "seen")
        storage.write("Documents/old.txt", "old", { atomic = false })
        storage.write("Documents/draft.txt", "typed", { atomic = true })
        storage.remove("Documents/old.txt")
        UserDefaults.standard:setObject_forKey("replaced", "list")
        UserDefaults.standard:setObject_forKey({ "a", { n = 1.5 } }, "list")
        """)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(
      first.defaults == [
        .init(key: "list", value: .array([.string("a"), .dictionary(["n": .real(1.5)])])),
        .init(key: "seen", value: .bool(true)),
      ])
    #expect(first.files == [.init(key: "Documents/draft.txt", value: "typed")])
  }

  @Test func aScriptThatStoresSomethingElseHashesApart() throws {
    let one = try Self.contents(after: #"UserDefaults.standard:setInteger_forKey(1, "n")"#)
    let two = try Self.contents(after: #"UserDefaults.standard:setDouble_forKey(1, "n")"#)
    #expect(one != two, "an integer and a real are different property lists")
  }

  /// The bindings' tables become property lists, not references the script can still change.
  @Test func aTableIsCopiedWhenStored() throws {
    let contents = try Self.contents(
      after: """
        local list = { 1, 2 }
        UserDefaults.standard:setObject_forKey(list, "list")
        list[3] = 3
        """)
    #expect(contents.defaults == [.init(key: "list", value: .array([.integer(1), .integer(2)]))])
  }
}
