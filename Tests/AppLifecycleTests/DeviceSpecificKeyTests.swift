import Testing
import XcodeFiles

@testable import AppLifecycle

/// Device-specific Info.plist keys (`UILaunchStoryboardName~ipad`): on each device the most
/// specific key present wins (§8.3).
@Suite struct DeviceSpecificKeyTests {
  @Test(arguments: [
    // (keys present, device, the key read)
    (["Key", "Key~ipad"], "iphone", "Key"),
    (["Key", "Key~ipad"], "ipad", "Key~ipad"),
    (["Key", "Key~iphone"], "iphone", "Key~iphone"),
    (["Key~iphone"], "ipad", "Key"),
    (["Key", "Key-iphoneos"], "iphone", "Key-iphoneos"),
    (["Key-iphoneos", "Key~iphone"], "iphone", "Key~iphone"),
    (["Key~iphone", "Key-iphoneos~iphone"], "iphone", "Key-iphoneos~iphone"),
    (["Key~iPad"], "ipad", "Key"),
  ])
  func theMostSpecificKeyForTheDeviceWins(keys: [String], device: String, read: String) {
    var info = InfoPlist(Dictionary(uniqueKeysWithValues: keys.map { ($0, .string($0)) }))
    info.device = device
    #expect(info.resolvedKey("Key") == read)
    #expect(info.string("Key") == (keys.contains(read) ? read : nil))
  }

  @Test func anIPadLaunchStoryboardIsIgnoredOnTheIPhone() throws {
    let app = try LaunchScreenTests.App(info: [
      "UILaunchStoryboardName": .string("LaunchScreen"),
      "UILaunchStoryboardName~ipad": .string("Missing"),
    ])
    #expect(try app.launch().first == "screen launch: LaunchScreen.storyboard")
    #expect(app.warnings.isEmpty)
  }

  @Test func theIPhoneKeyWinsOverThePlainKey() throws {
    let app = try LaunchScreenTests.App(info: [
      "UILaunchStoryboardName": .string("Missing"),
      "UILaunchStoryboardName~iphone": .string("LaunchScreen"),
    ])
    #expect(try app.launch().first == "screen launch: LaunchScreen.storyboard")
  }

  @Test func onAnIPadTheIPadKeyWins() throws {
    let app = try LaunchScreenTests.App(info: [
      "UILaunchStoryboardName": .string("Missing"),
      "UILaunchStoryboardName~ipad": .string("LaunchScreen"),
    ])
    app.device.info.device = "ipad"
    #expect(try app.launch().first == "screen launch: LaunchScreen.storyboard")
  }

  @Test func aBadDeviceSpecificValueIsReportedUnderItsOwnKey() throws {
    var info = InfoPlist(["UILaunchScreen~iphone": .string("red")])
    let error = #expect(throws: LaunchScreenError.self) { _ = try LaunchScreenConfiguration(info) }
    #expect(error?.key == "UILaunchScreen~iphone")
    #expect(error?.message.hasPrefix("UILaunchScreen~iphone must be a dictionary") == true)
    info.device = "ipad"
    #expect(throws: Never.self) { _ = try LaunchScreenConfiguration(info) }
  }

  @Test(arguments: [("iphone", "new ViewController"), ("ipad", "new UISplitViewController")])
  func eachDeviceLoadsItsOwnMainStoryboard(device: String, created: String) throws {
    let app = try TestApp()
    app.device.info = InfoPlist([
      "UIMainStoryboardFile": .string("Main"), "UIMainStoryboardFile~ipad": .string("Main-iPad"),
    ])
    app.device.info.device = device
    app.device.storyboards["Main"] = Storyboard(
      name: "Main", initialViewController: Storyboard.Scene(className: "ViewController"))
    app.device.storyboards["Main-iPad"] = Storyboard(
      name: "Main-iPad", initialViewController: Storyboard.Scene(className: "UISplitViewController")
    )
    app.delegate.declareProperty("window")
    let lines = try app.launch()
    #expect(lines[2] == created)
  }
}
