import AppLifecycle
import Testing
import XcodeFiles

@Suite struct LaunchScreenConfigurationTests {
  static func configuration(_ values: [String: PlistValue]) throws -> LaunchScreenConfiguration {
    try LaunchScreenConfiguration(InfoPlist(values))
  }

  /// `UILaunchScreens` with a default and a promotion screen for the `promo` scheme.
  static let screens: PlistValue = .dictionary([
    "UILaunchScreenDefinitions": .array([
      .dictionary([
        "UILaunchScreenIdentifier": .string("Main"), "UIColorName": .string("Background"),
      ]),
      .dictionary([
        "UILaunchScreenIdentifier": .string("Promo"), "UIImageName": .string("Sale"),
        "UITabBar": .dictionary([:]),
      ]),
    ]),
    "UIURLToLaunchScreenAssociations": .dictionary(["promo": .string("Promo")]),
    "UIDefaultLaunchScreen": .string("Main"),
  ])

  static let storyboards: PlistValue = .dictionary([
    "UILaunchStoryboardDefinitions": .array([
      .dictionary([
        "UILaunchStoryboardIdentifier": .string("main"),
        "UILaunchStoryboardFile": .string("LaunchScreen"),
      ]),
      .dictionary([
        "UILaunchStoryboardIdentifier": .string("news"),
        "UILaunchStoryboardFile": .string("NewsLaunch"),
      ]),
    ]),
    "UIURLToLaunchStoryboardAssociations": .dictionary(["news": .string("news")]),
    "UIDefaultLaunchStoryboard": .string("main"),
  ])

  @Test func aLaunchStoryboardIsShownByName() throws {
    let screen = try Self.configuration(["UILaunchStoryboardName": .string("LaunchScreen")])
      .launchScreen(forURLScheme: nil)
    #expect(screen == .storyboard("LaunchScreen"))
    #expect(screen.description == "LaunchScreen.storyboard")
  }

  @Test func theStoryboardNameHasItsBuildVariablesExpanded() throws {
    var info = InfoPlist(["UILaunchStoryboardName": .string("$(LAUNCH_SCREEN)")])
    info.buildSettings["LAUNCH_SCREEN"] = "Splash"
    #expect(try LaunchScreenConfiguration(info).storyboardName == "Splash")
  }

  @Test func anEmptyLaunchScreenDictionaryIsAPlainSystemBackgroundScreen() throws {
    let screen = try Self.configuration(["UILaunchScreen": .dictionary([:])])
      .launchScreen(forURLScheme: nil)
    #expect(screen == .plist(LaunchScreen.Appearance()))
    #expect(screen.description == "UILaunchScreen {}")
  }

  @Test func everyLaunchScreenKeyIsReadAndWrittenInApplesOrder() throws {
    let screen = try Self.configuration([
      "UILaunchScreen": .dictionary([
        "UIToolbar": .dictionary([:]),
        "UITabBar": .dictionary(["UIImageName": .string("Tabs")]),
        "UINavigationBar": .dictionary([:]),
        "UIImageRespectsSafeAreaInsets": .bool(true),
        "UIImageName": .string("Logo"),
        "UIColorName": .string("LaunchBackground"),
      ])
    ]).launchScreen(forURLScheme: nil)
    #expect(
      screen
        == .plist(
          LaunchScreen.Appearance(
            colorName: "LaunchBackground", imageName: "Logo", imageRespectsSafeAreaInsets: true,
            navigationBar: .init(), tabBar: .init(imageName: "Tabs"), toolbar: .init())))
    #expect(
      screen.description
        == "UILaunchScreen {UIColorName=LaunchBackground, UIImageName=Logo, UIImageRespectsSafeAreaInsets=true, UINavigationBar, UITabBar(UIImageName=Tabs), UIToolbar}"
    )
  }

  @Test(
    arguments: [
      (nil, "UILaunchScreens Main {UIColorName=Background}"),
      ("promo", "UILaunchScreens Promo {UIImageName=Sale, UITabBar}"),
      ("PROMO", "UILaunchScreens Promo {UIImageName=Sale, UITabBar}"),
      ("demo", "UILaunchScreens Main {UIColorName=Background}"),
    ] as [(String?, String)])
  func theURLSchemeChoosesAmongLaunchScreensAndTheDefaultTakesTheRest(
    scheme: String?, shown: String
  ) throws {
    let configuration = try Self.configuration(["UILaunchScreens": Self.screens])
    #expect(configuration.launchScreen(forURLScheme: scheme).description == shown)
  }

  @Test(
    arguments: [
      (nil, LaunchScreen.storyboard("LaunchScreen", identifier: "main")),
      ("news", .storyboard("NewsLaunch", identifier: "news")),
      ("mail", .storyboard("LaunchScreen", identifier: "main")),
    ] as [(String?, LaunchScreen)])
  func theURLSchemeChoosesAmongLaunchStoryboards(scheme: String?, shown: LaunchScreen) throws {
    let configuration = try Self.configuration(["UILaunchStoryboards": Self.storyboards])
    #expect(configuration.launchScreen(forURLScheme: scheme) == shown)
    #expect(configuration.storyboardNames == ["LaunchScreen", "NewsLaunch"])
  }

  @Test func aStoryboardOfUILaunchStoryboardsNamesItsIdentifier() {
    #expect(
      LaunchScreen.storyboard("NewsLaunch", identifier: "news").description
        == "NewsLaunch.storyboard (UILaunchStoryboards news)")
  }

  @Test func withoutADefaultALaunchFromTheHomeScreenIsBlack() throws {
    let configuration = try Self.configuration([
      "UILaunchScreens": .dictionary([
        "UILaunchScreenDefinitions": .array([
          .dictionary(["UILaunchScreenIdentifier": .string("Promo")])
        ]),
        "UIURLToLaunchScreenAssociations": .dictionary(["promo": .string("Promo")]),
      ])
    ])
    #expect(
      configuration.launchScreen(forURLScheme: nil)
        == .black(because: "UILaunchScreens has no UIDefaultLaunchScreen"))
    #expect(
      configuration.launchScreen(forURLScheme: "promo")
        == .plist(LaunchScreen.Appearance(), identifier: "Promo"))
  }

  /// Which key wins when there are several (INFERRED order: per-scheme keys first, iOS 14's
  /// keys before the storyboard keys).
  @Test(arguments: [
    (
      ["UILaunchStoryboardName", "UILaunchStoryboards", "UILaunchScreen", "UILaunchScreens"],
      "UILaunchScreens Main {UIColorName=Background}"
    ),
    (["UILaunchStoryboardName", "UILaunchStoryboards", "UILaunchScreen"], "UILaunchScreen {}"),
    (
      ["UILaunchStoryboardName", "UILaunchStoryboards"],
      "LaunchScreen.storyboard (UILaunchStoryboards main)"
    ),
    (["UILaunchStoryboardName"], "Old.storyboard"),
    ([], "none (letterboxed, legacy compatibility size)"),
  ])
  func theKeysArePrioritized(keys: [String], shown: String) throws {
    let all: [String: PlistValue] = [
      "UILaunchStoryboardName": .string("Old"), "UILaunchStoryboards": Self.storyboards,
      "UILaunchScreen": .dictionary([:]), "UILaunchScreens": Self.screens,
    ]
    let configuration = try Self.configuration(all.filter { keys.contains($0.key) })
    #expect(configuration.launchScreen(forURLScheme: nil).description == shown)
    #expect(configuration.isEmpty == keys.isEmpty)
  }

  @Test func beforeIOS14OnlyTheStoryboardKeysCount() throws {
    let both = try Self.configuration([
      "UILaunchScreen": .dictionary([:]), "UILaunchStoryboardName": .string("LaunchScreen"),
    ])
    #expect(
      both.launchScreen(forURLScheme: nil, plistKeysSupported: false) == .storyboard("LaunchScreen")
    )
    let plistOnly = try Self.configuration(["UILaunchScreens": Self.screens])
    #expect(plistOnly.launchScreen(forURLScheme: "promo", plistKeysSupported: false) == .none)
  }

  @Test(
    arguments: [
      (["UILaunchScreen": .string("Launch")], "UILaunchScreen must be a dictionary, not a string"),
      (
        ["UILaunchStoryboardName": .dictionary([:])],
        "UILaunchStoryboardName must be a string, not a dictionary"
      ),
      (
        ["UILaunchScreen": .dictionary(["UIColorName": .bool(true)])],
        "UILaunchScreen.UIColorName must be a string, not a boolean"
      ),
      (
        ["UILaunchScreen": .dictionary(["UIImageRespectsSafeAreaInsets": .string("YES")])],
        "UILaunchScreen.UIImageRespectsSafeAreaInsets must be a boolean, not a string"
      ),
      (
        ["UILaunchScreen": .dictionary(["UITabBar": .bool(true)])],
        "UILaunchScreen.UITabBar must be a dictionary, not a boolean"
      ),
      (
        ["UILaunchScreens": .dictionary(["UILaunchScreenDefinitions": .string("Main")])],
        "UILaunchScreens.UILaunchScreenDefinitions must be an array, not a string"
      ),
      (
        ["UILaunchScreens": .dictionary(["UILaunchScreenDefinitions": .array([.dictionary([:])])])],
        "UILaunchScreens.UILaunchScreenDefinitions.1 has no UILaunchScreenIdentifier"
      ),
      (
        [
          "UILaunchScreens": .dictionary([
            "UILaunchScreenDefinitions": .array([
              .dictionary(["UILaunchScreenIdentifier": .string("A")]),
              .dictionary(["UILaunchScreenIdentifier": .string("A")]),
            ])
          ])
        ],
        "UILaunchScreens: UILaunchScreenIdentifier \"A\" is defined twice"
      ),
      (
        [
          "UILaunchScreens": .dictionary([
            "UILaunchScreenDefinitions": .array([
              .dictionary(["UILaunchScreenIdentifier": .string("Main")]),
              .dictionary(["UILaunchScreenIdentifier": .string("Promo")]),
            ]),
            "UIDefaultLaunchScreen": .string("Default"),
          ])
        ],
        "UILaunchScreens: UIDefaultLaunchScreen is \"Default\", which matches no UILaunchScreenIdentifier of UILaunchScreenDefinitions (defined: Main, Promo)"
      ),
      (
        [
          "UILaunchScreens": .dictionary([
            "UILaunchScreenDefinitions": .array([
              .dictionary(["UILaunchScreenIdentifier": .string("Main")])
            ]),
            "UIURLToLaunchScreenAssociations": .dictionary(["promo": .string("Sale")]),
            "UIDefaultLaunchScreen": .string("Main"),
          ])
        ],
        "UILaunchScreens: UIURLToLaunchScreenAssociations maps the scheme \"promo\" to \"Sale\", which matches no UILaunchScreenIdentifier of UILaunchScreenDefinitions (defined: Main)"
      ),
      (
        [
          "UILaunchStoryboards": .dictionary([
            "UILaunchStoryboardDefinitions": .array([
              .dictionary(["UILaunchStoryboardIdentifier": .string("main")])
            ])
          ])
        ],
        "UILaunchStoryboards.UILaunchStoryboardDefinitions.1 has no UILaunchStoryboardFile"
      ),
      (
        [
          "UILaunchStoryboards": .dictionary([
            "UIDefaultLaunchStoryboard": .string("main")
          ])
        ],
        "UILaunchStoryboards: UIDefaultLaunchStoryboard is \"main\", which matches no UILaunchStoryboardIdentifier of UILaunchStoryboardDefinitions (defined: none)"
      ),
    ] as [([String: PlistValue], String)])
  func malformedKeysAreErrorsThatNameTheKey(values: [String: PlistValue], message: String) {
    #expect(throws: LaunchScreenError(key: values.keys.first!, message)) {
      try Self.configuration(values)
    }
  }
}
