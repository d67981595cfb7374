import AppLifecycle
import Testing
import XcodeFiles

/// The device's persistent storage: user defaults, container files and keychain items outlive the
/// app's process, `reinstall` deletes all but the keychain, and `storageContents` hashes what is
/// stored, not how it got there (Documentation/UIKit/storage.md#what-survives-what).
@Suite struct StorageTests {
  /// Sends a message to `UserDefaults.standard`.
  @discardableResult
  static func defaults(_ device: Device, _ selector: String, _ arguments: [RuntimeValue]) throws
    -> RuntimeValue
  {
    try device.runtime.send(Selector(selector), to: device.standardUserDefaults, arguments)
  }

  /// The app saves in `selector` what the user typed: a default, a file and a keychain item.
  static func saving(in selector: String, _ app: TestApp) {
    app.delegate.addMethod(selector) { [device = app.device] _ in
      try defaults(device, "setObject:forKey:", [.string("typed"), .string("draft")])
      try device.writeFile("typed", at: ContainerPath("Documents/draft.txt"))
      try device.setKeychainItem("secret", forKey: "token")
      return .nil
    }
  }

  static func draft(_ device: Device) throws -> RuntimeValue {
    try defaults(device, "objectForKey:", [.string("draft")])
  }

  @Test func aDraftSavedWhenTheAppEntersTheBackgroundSurvivesTheKillOfTheSuspendedApp() throws {
    let app = try TestApp()
    Self.saving(in: "applicationDidEnterBackground:", app)
    _ = try app.launch()
    try app.device.home()
    try app.device.kill()
    try app.device.activate()
    #expect(try Self.draft(app.device).stringValue == "typed")
    #expect(try app.device.readFile(at: ContainerPath("Documents/draft.txt")) == "typed")
  }

  /// A suspended app is killed without `applicationWillTerminate:` (§5.1): it never wrote.
  @Test func aDraftSavedOnlyInApplicationWillTerminateIsLostWhenTheSuspendedAppIsKilled() throws {
    let app = try TestApp()
    Self.saving(in: "applicationWillTerminate:", app)
    _ = try app.launch()
    try app.device.home()
    try app.device.kill()
    try app.device.activate()
    #expect(try Self.draft(app.device).isNil)
    #expect(app.device.storageContents.isEmpty)
  }

  /// A running app killed from the switcher hears `applicationWillTerminate:` and keeps what it
  /// wrote there.
  @Test func aRunningAppKilledKeepsWhatItWroteInApplicationWillTerminate() throws {
    let app = try TestApp()
    Self.saving(in: "applicationWillTerminate:", app)
    _ = try app.launch()
    try app.device.kill()
    #expect(try Self.draft(app.device).stringValue == "typed")
  }

  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case kill, terminateInBackground, watchdog, exception
    var testDescription: String { rawValue }
  }

  /// Whatever ends the process, a launch after it reads what the app wrote before.
  @Test(arguments: Ending.allCases)
  func everyEndingOfTheProcessKeepsWhatTheAppWrote(_ ending: Ending) throws {
    let app = try TestApp()
    let device = app.device
    app.delegate.addMethod("application:didFinishLaunchingWithOptions:") { _ in
      guard try Self.draft(device).isNil else { return .bool(true) }
      try Self.defaults(device, "setObject:forKey:", [.string("typed"), .string("draft")])
      try device.writeFile("typed", at: ContainerPath("Documents/draft.txt"))
      switch ending {
      case .watchdog: try device.busy(60)
      case .exception: _ = try device.create(device.runtime.classNamed("UIApplication")!)
      case .kill, .terminateInBackground: break
      }
      return .bool(true)
    }
    _ = try app.launch()
    switch ending {
    case .kill: try device.kill()
    case .terminateInBackground:
      try device.home()
      try device.terminateInBackground()
    case .watchdog, .exception: break
    }
    #expect(!device.isAppRunning)
    let stored = device.storageContents
    try device.activate()
    #expect(device.isAppRunning)
    #expect(device.storageContents == stored)
    #expect(try Self.draft(device).stringValue == "typed")
  }

  @Test func reinstallingDeletesTheDefaultsAndTheFilesButKeepsTheKeychain() throws {
    let app = try TestApp()
    Self.saving(in: "applicationDidBecomeActive:", app)
    _ = try app.launch()
    try app.device.reinstall()
    let contents = app.device.storageContents
    #expect(contents.defaults.isEmpty)
    #expect(contents.files.isEmpty)
    #expect(contents.keychain == [.init(key: "token", value: "secret")])
    try app.device.activate()
    #expect(app.device.keychainItem(forKey: "token") == "secret")
  }

  // MARK: What the model can hash

  @Test func contentsAreEqualWhateverOrderTheDataWasWrittenIn() throws {
    let first = try Device()
    try first.setDefault(.integer(1), forKey: "a")
    try first.setDefault(.real(.nan), forKey: "b")
    try first.writeFile("x", at: ContainerPath("Documents/x"))
    try first.writeFile("gone", at: ContainerPath("tmp/scratch"))
    first.removeItem(at: try ContainerPath("tmp"))
    let second = try Device()
    try second.writeFile("x", at: ContainerPath("Documents/x"))
    try second.setDefault(.real(.nan), forKey: "b")
    try second.setDefault(.string("replaced"), forKey: "a")
    try second.setDefault(.integer(1), forKey: "a")
    #expect(first.storageContents == second.storageContents)
    #expect(first.storageContents.hashValue == second.storageContents.hashValue)
    #expect(first.storageContents.defaults.map(\.key) == ["a", "b"])
    try second.setKeychainItem("k", forKey: "token")
    #expect(first.storageContents != second.storageContents)
    #expect(
      second.storageContents.description == """
        default "a" = 1
        default "b" = nan
        file "Documents/x" = "x"
        keychain "token" = "k"
        """)
  }

  /// A value taken earlier does not change when the app writes later.
  @Test func contentsAreAValue() throws {
    let device = try Device()
    let before = device.storageContents
    try device.setDefault(.bool(true), forKey: "seen")
    #expect(before.isEmpty)
    #expect(!device.storageContents.isEmpty)
  }

  // MARK: User defaults

  @Test func aValueThatIsNotAPropertyListRaisesFoundationsException() throws {
    let device = try Device()
    let window = try device.create(device.runtime.classNamed("UIWindow")!)
    #expect(
      throws: ObjCException(
        .invalidArgument,
        "Attempt to insert non-property list object \(window.objectDescription) for key w")
    ) {
      try Self.defaults(
        device, "setObject:forKey:", [.array([.int(1), .object(window)]), .string("w")])
    }
    #expect(device.storageContents.isEmpty)
  }

  @Test func settingNilRemovesTheKey() throws {
    let device = try Device()
    try Self.defaults(device, "setObject:forKey:", [.dictionary(["a": .int(1)]), .string("k")])
    #expect(device.defaultValue(forKey: "k") == .dictionary(["a": .integer(1)]))
    try Self.defaults(device, "setObject:forKey:", [.nil, .string("k")])
    #expect(device.defaultValue(forKey: "k") == nil)
  }

  /// NSUserDefaults.h: how each typed getter reads each kind of value.
  @Test(arguments: [
    (PlistValue.string("42abc"), "integerForKey:", "int(42)"),
    (.string(" -1.5e2x"), "doubleForKey:", "double(-150.0)"),
    (.string("abc"), "integerForKey:", "int(0)"),
    (.bool(true), "integerForKey:", "int(1)"),
    (.bool(true), "doubleForKey:", "double(0.0)"),
    (.real(-2.7), "integerForKey:", "int(-2)"),
    (.real(3), "stringForKey:", "string(\"3\")"),
    (.integer(7), "stringForKey:", "string(\"7\")"),
    (.bool(false), "stringForKey:", "string(\"0\")"),
    (.array([]), "stringForKey:", "nil"),
    (.string("YES"), "boolForKey:", "bool(true)"),
    (.string("1"), "boolForKey:", "bool(true)"),
    (.string("yes"), "boolForKey:", "bool(false)"),
    (.integer(2), "boolForKey:", "bool(true)"),
    (.real(.infinity), "integerForKey:", "int(0)"),
  ])
  func typedGettersConvertAsTheHeaderSays(stored: PlistValue, getter: String, expected: String)
    throws
  {
    let device = try Device()
    try device.setDefault(stored, forKey: "k")
    let read = try Self.defaults(device, getter, [.string("k")])
    #expect("\(read)" == expected)
  }

  @Test func synchronizeReturnsTrueAndChangesNothing() throws {
    let device = try Device()
    try device.setDefault(.integer(1), forKey: "k")
    let before = device.storageContents
    #expect(try Self.defaults(device, "synchronize", []).boolValue)
    #expect(device.storageContents == before)
  }

  /// The app's writes post the notification; the scenario's, between events, do not (§20.2).
  @Test func onlyTheAppsProcessPostsTheChangeNotification() throws {
    let app = try TestApp()
    Self.saving(in: "applicationDidBecomeActive:", app)
    let lines = try app.launch()
    #expect(
      lines.contains("post NSUserDefaultsDidChangeNotification")
        && lines.firstIndex(of: "AppDelegate.applicationDidBecomeActive:")!
          < lines.firstIndex(of: "post NSUserDefaultsDidChangeNotification")!
    )
    let count = app.lifecycleLines.count
    try Self.defaults(app.device, "setObject:forKey:", [.string("x"), .string("y")])
    try Self.defaults(app.device, "removeObjectForKey:", [.string("absent")])
    #expect(app.lines(since: count).isEmpty)
  }

  // MARK: Files

  @Test(arguments: [
    ("", "the path is empty; name a file in the app's container, like \"Documents/draft.txt\""),
    (
      "/etc/hosts",
      "the path \"/etc/hosts\" is absolute; paths are relative to the app's container, like \"Documents/draft.txt\""
    ),
    ("Documents/../../x", "the path \"Documents/../../x\" leaves the app's container (\"..\")"),
    (
      "Documents//a",
      "the path \"Documents//a\" has an empty name or \".\"; separate names with a single \"/\", like \"Documents/draft.txt\""
    ),
    ("a\0b", "the path \"a\\0b\" contains a NUL byte, which no file name can"),
    (
      String(repeating: "a", count: 1025),
      "the path is 1025 bytes; a path in the container has at most 1024"
    ),
  ])
  func aPathOutsideTheRulesSaysWhy(path: String, reason: String) {
    #expect(throws: ContainerPath.Problem(reason: reason)) { try ContainerPath(path) }
  }

  @Test func aNewlineAndLongNamesWithinTheLimitsArePaths() throws {
    #expect(try ContainerPath("Documents/two\nlines").text == "Documents/two\nlines")
    #expect(try ContainerPath(String(repeating: "n", count: 255)).text.utf8.count == 255)
    #expect(throws: ContainerPath.Problem.self) {
      try ContainerPath(String(repeating: "n", count: 256))
    }
  }

  @Test func aFileCannotBeWhereAFolderIsOrInsideAFile() throws {
    let device = try Device()
    try device.writeFile("a", at: ContainerPath("Documents/a"))
    #expect(throws: LifecycleError("\"Documents\" cannot be written: it is a folder")) {
      try device.writeFile("x", at: ContainerPath("Documents"))
    }
    #expect(
      throws: LifecycleError(
        "\"Documents/a/b\" cannot be written: \"Documents/a\" is a file, not a folder")
    ) {
      try device.writeFile("x", at: ContainerPath("Documents/a/b"))
    }
    #expect(try device.itemExists(at: ContainerPath("Documents")))
    #expect(device.filePaths == ["Documents/a"])
  }

  // MARK: Memory

  /// A cap of `limit` bytes, as the scenario's memory is capped.
  final class CappedMemory: EngineMemory {
    struct Exceeded: Error {}
    let limit: Int
    var used = 0
    init(limit: Int) { self.limit = limit }
    func charge(_ bytes: Int) throws {
      guard used + bytes <= limit else { throw Exceeded() }
      used += bytes
    }
    func credit(_ bytes: Int) { used -= bytes }
  }

  @Test func storedBytesCountAgainstTheCapAndComeBackWhenDeleted() throws {
    let device = try Device()
    let memory = CappedMemory(limit: 10_000)
    device.runtime.memory = memory
    try device.writeFile(String(repeating: "x", count: 4000), at: ContainerPath("Documents/a"))
    try device.setDefault(.array([.string(String(repeating: "y", count: 4000))]), forKey: "k")
    try device.setKeychainItem("secret", forKey: "token")
    #expect(memory.used > 8000)
    #expect(throws: CappedMemory.Exceeded.self) {
      try device.writeFile(String(repeating: "z", count: 4000), at: ContainerPath("Documents/b"))
    }
    #expect(device.filePaths == ["Documents/a"], "a write past the cap stores nothing")
    try device.reinstall()
    #expect(memory.used == EngineMemoryEstimate.text("token") + EngineMemoryEstimate.text("secret"))
    try device.setKeychainItem(nil, forKey: "token")
    #expect(memory.used == 0)
  }
}
