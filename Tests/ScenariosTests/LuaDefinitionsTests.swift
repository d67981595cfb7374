import AppLifecycle
import LuaBridge
import Testing

@testable import Scenarios

/// The definitions `lifescript types` writes cover what a fresh scenario really has: every
/// global the bindings set, every key of their tables, every runtime class and selector and every
/// UIKit protocol method, all enumerated here from the running scenario, not from a list.
@Suite struct LuaDefinitionsTests {
  let scenario: Scenario
  let text: String

  init() throws {
    scenario = try Scenario(folder: nil, output: { _ in })
    text = LuaDefinitions(scenario: scenario, generator: "test").text
  }

  /// Lines of Lua's output, from a chunk run in `lua` that returns one string.
  private static func lines(_ source: String, in lua: LuaState) throws -> [String] {
    guard case .string(let output)? = try lua.run(source).first else { return [] }
    return output.split(separator: "\n").map(String.init).sorted()
  }

  private static let listGlobals = """
    local names = {}
    for name in pairs(_G) do names[#names + 1] = name end
    return table.concat(names, "\\n")
    """

  /// The globals a script sees that a plain sandboxed state has not: what the bindings and the
  /// runtime's classes add.
  private func bindingGlobals() throws -> [String] {
    let plain = try LuaState()
    defer { plain.close() }
    try plain.install(LuaSandbox())
    let standard = Set(try Self.lines(Self.listGlobals, in: plain))
    return try Self.lines(Self.listGlobals, in: scenario.lua).filter { !standard.contains($0) }
  }

  /// The chunk that declares `name`: from its `---@class` line (after `---@class `) to the
  /// next blank line.
  private func classHeader(_ name: String) -> Substring? {
    for opening in ["\n---@class \(name)\n", "\n---@class \(name) :"] {
      guard let start = text.firstRange(of: opening) else { continue }
      let rest = text[text.index(start.lowerBound, offsetBy: "\n---@class ".count)...]
      return rest[..<(rest.firstRange(of: "\n\n")?.lowerBound ?? rest.endIndex)]
    }
    return nil
  }

  @Test func everyGlobalTheBindingsSetIsDeclared() throws {
    let globals = try bindingGlobals()
    #expect(globals.contains("device") && globals.contains("UIApplication"))
    for name in globals {
      let declared =
        text.contains("\nfunction \(name)(") || text.contains("\n\(name) = ")
      #expect(declared, "the global \(name) is not declared")
    }
  }

  @Test func everyKeyOfTheBindingsTablesIsDeclared() throws {
    let runtimeClasses = Set(scenario.runtime.allClasses.map(\.name))
    for name in try bindingGlobals() where !runtimeClasses.contains(name) {
      let keys = try Self.lines(
        """
        local value, keys = \(name), {}
        if type(value) ~= "table" then return "" end
        for key in pairs(value) do keys[#keys + 1] = tostring(key) end
        return table.concat(keys, "\\n")
        """, in: scenario.lua)
      for key in keys {
        let asFunction =
          text.contains("\nfunction \(name).\(key)(") || text.contains("\nfunction \(name):\(key)(")
        let asField = classHeader(name)?.contains("\n---@field \(key) ") ?? false
        let inType = text.contains("\n\(name) = nil") && text.contains("\(key): ")
        #expect(asFunction || asField || inType, "\(name).\(key) is not declared")
      }
    }
  }

  @Test func everyDeviceActionAndExpectationIsAFunctionWithASummary() throws {
    for library in ["device", "expect"] {
      let keys = try Self.lines(
        """
        local keys = {}
        for key in pairs(\(library)) do keys[#keys + 1] = key end
        return table.concat(keys, "\\n")
        """, in: scenario.lua)
      #expect(keys.count >= 6)
      for key in keys {
        let symbol = try #require(
          scenario.interface.symbols(of: library).first { $0.name == key },
          "\(library).\(key) was registered without a symbol")
        #expect(text.contains("---\(symbol.summary)\n"))
        #expect(text.contains("\nfunction \(library).\(key)("))
      }
    }
  }

  @Test func everyRecordedSymbolHasAOneLineSummary() {
    for symbol in scenario.interface.symbols {
      #expect(!symbol.summary.isEmpty, "\(symbol.path) has no summary")
      #expect(!symbol.summary.contains("\n"), "\(symbol.path): the summary is one line")
      #expect(symbol.summary.hasSuffix("."), "\(symbol.path): the summary is a sentence")
    }
  }

  @Test func everyRuntimeClassSelectorAndPropertyIsDeclaredByItsLuaName() throws {
    for cls in scenario.runtime.allClasses {
      let parent = cls.superclass.map { " : \($0.name)" } ?? ""
      let header = try #require(classHeader(cls.name), "no ---@class \(cls.name)")
      #expect(header.hasPrefix("\(cls.name)\(parent)\n"))
      #expect(text.contains("\n\(cls.name) = {}\n"))
      for property in cls.properties {
        #expect(header.contains("\n---@field \(property) "), "\(cls.name).\(property)")
      }
      for selector in cls.selectors.map(\.name) {
        let lua = SelectorSpelling.luaName(of: selector)
        var owner: RuntimeClass? = cls
        var isProperty = false
        while let each = owner, !isProperty {
          isProperty = each.properties.contains(selector)
          owner = each.superclass
        }
        let declared =
          isProperty
          ? text.contains("\n---@field \(lua) ")
          : text.contains("\nfunction \(cls.name):\(lua)(")
        #expect(declared, "\(cls.name) \(selector) is not declared as \(lua)")
      }
    }
  }

  @Test func everyProtocolMethodAScriptClassMayImplementIsDeclared() throws {
    for (name, selectors) in UIKitProtocols.selectors {
      #expect(classHeader(name) != nil, "no ---@class \(name)")
      for selector in selectors {
        let lua = SelectorSpelling.luaName(of: selector)
        let declared =
          text.contains("\nfunction \(name):\(lua)(")
          || (classHeader(name)?.contains("\n---@field \(lua) ") ?? false)
        #expect(declared, "\(name) \(selector) is not declared as \(lua)")
      }
    }
    // What `class()` returns offers all of them, so `function AppDelegate:` completes them.
    let scriptClass = try #require(classHeader("ScriptClass"))
    for name in UIKitProtocols.selectors.keys { #expect(scriptClass.contains(name)) }
  }

  @Test func methodsDeprecatedInIOS26AreMarkedDeprecated() {
    let selector = "applicationDidBecomeActive:"
    #expect(
      text.contains(
        "---Deprecated in iOS 26: use sceneDidBecomeActive:.\n---@deprecated\n---@param application UIApplication\nfunction UIApplicationDelegate:applicationDidBecomeActive(application) end"
      ), "\(selector)")
  }

  @Test func theDefinitionsAreTheSameForEveryFreshScenario() throws {
    let again = LuaDefinitions(scenario: try Scenario(folder: nil), generator: "test").text
    #expect(again == text)
  }

  /// The `---@param` lines of a method's declaration, name to type.
  private func parameters(of owner: String, _ selector: String) -> [String: String]? {
    let function = "\nfunction \(owner):\(SelectorSpelling.luaName(of: selector))("
    guard let end = text.firstRange(of: function)?.lowerBound else { return nil }
    // The declaration's comment lines, back to the blank line before it.
    var lines: [Substring] = []
    for line in text[..<end].split(separator: "\n", omittingEmptySubsequences: false).reversed() {
      if line.isEmpty { break }
      lines.append(line)
    }
    var types: [String: String] = [:]
    for line in lines where line.hasPrefix("---@param ") {
      let parts = line.dropFirst("---@param ".count).split(separator: " ", maxSplits: 1)
      types[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    return types
  }

  /// Every parameter UIKit passes to a method a script class may implement has a type: what
  /// the model passes there, not `any`.
  @Test func everyParameterOfEveryProtocolMethodIsTyped() throws {
    var checked = 0
    for (name, selectors) in UIKitProtocols.selectors {
      for selector in selectors where selector.contains(":") {
        let types = try #require(parameters(of: name, selector), "\(name) \(selector)")
        #expect(types.count == SelectorParameters.names(of: selector).count)
        for (parameter, type) in types {
          #expect(!type.isEmpty && type != "any", "\(name) \(selector): \(parameter) is \(type)")
          checked += 1
        }
      }
    }
    #expect(checked > 80)
  }

  @Test(arguments: [
    (
      "UIApplicationDelegate", "application:didFinishLaunchingWithOptions:", "options",
      "UIApplicationLaunchOptions?"
    ),
    (
      "UIApplicationDelegate", "application:willFinishLaunchingWithOptions:", "options",
      "UIApplicationLaunchOptions?"
    ),
    (
      "UIApplicationDelegate", "application:openURL:options:", "options",
      "UIApplicationOpenURLOptions"
    ),
    ("UISceneDelegate", "scene:openURLContexts:", "urlContexts", "UIOpenURLContext[]"),
    (
      "UISceneDelegate", "scene:willConnectToSession:options:", "options",
      "UISceneConnectionOptions"
    ),
    ("UISceneDelegate", "scene:willConnectToSession:options:", "session", "UISceneSession"),
    (
      "UIApplicationDelegate", "application:continueUserActivity:restorationHandler:",
      "userActivity", "NSUserActivity"
    ),
    (
      "UIWindowSceneDelegate", "windowScene:performActionForShortcutItem:completionHandler:",
      "shortcutItem", "UIApplicationShortcutItem"
    ),
    (
      "UIWindowSceneDelegate", "windowScene:performActionForShortcutItem:completionHandler:",
      "completionHandler", "fun(succeeded: boolean)"
    ),
    (
      "UIApplicationDelegate", "application:didReceiveRemoteNotification:fetchCompletionHandler:",
      "completionHandler", #"fun(result: "newData"|"noData"|"failed")"#
    ),
  ])
  func delegateParametersHaveUIKitsTypes(
    owner: String, selector: String, parameter: String, type: String
  ) throws {
    #expect(parameters(of: owner, selector)?[parameter] == type)
  }

  @Test func theOptionsObjectsTypeWhatTheyHold() throws {
    let context = try #require(classHeader("UIOpenURLContext"))
    #expect(context.contains("\n---@field options UISceneOpenURLOptions\n"))
    #expect(context.contains("\n---@field URL NSURL\n"))
    let connection = try #require(classHeader("UISceneConnectionOptions"))
    #expect(connection.contains("\n---@field urlContexts UIOpenURLContext[]\n"))
    #expect(connection.contains("\n---@field userActivities NSUserActivity[]\n"))
    #expect(connection.contains("\n---@field shortcutItem UIApplicationShortcutItem\n"))
    let open = try #require(classHeader("UISceneOpenURLOptions"))
    #expect(open.contains("\n---@field sourceApplication string?\n"))
    #expect(open.contains("\n---@field openInPlace boolean\n"))
  }

  /// The option dictionaries declare every key the model puts in them: launches by a URL, a
  /// quick action, an activity and a notification tap, run here, and the URL's later delivery.
  @Test func theOptionDictionariesDeclareEveryKeyTheModelFills() throws {
    var printed = ""
    let run = try Scenario(folder: nil, output: { printed += $0 })
    try run.run(
      source: """
        Info {
          CFBundleIdentifier = "com.example.demo",
          CFBundleURLTypes = { { CFBundleURLName = "com.example.demo", CFBundleURLSchemes = { "demo" } } },
          UIApplicationShortcutItems = {
            { UIApplicationShortcutItemType = "com.example.compose", UIApplicationShortcutItemTitle = "Compose" },
          },
          NSUserActivityTypes = { "com.example.view" },
        }
        local function note(options)
          for key, value in pairs(options or {}) do
            print(key)
            if key == "UIApplicationLaunchOptionsUserActivityDictionaryKey" then
              for inner in pairs(value) do print("activity " .. inner) end
            end
          end
        end
        local AppDelegate = class("AppDelegate", UIResponder, { "UIApplicationDelegate" })
        function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
          note(options)
          return true
        end
        function AppDelegate:application_openURL_options(application, url, options)
          for key in pairs(options) do print("open " .. key) end
          return true
        end
        main(AppDelegate)
        device.kill()
        device.open_url("demo://item/7", { sourceApplication = "com.apple.mobilesafari", annotation = "n", openInPlace = true })
        device.kill()
        device.shortcut("com.example.compose")
        device.kill()
        device.continue_activity("com.example.view", { title = "Item" })
        device.kill()
        device.tap_notification({ aps = { alert = "hi" } })
        """, name: "keys.lua")
    let keys = Set(printed.split(separator: "\n").map(String.init))
    #expect(keys.count >= 11)
    let launch = try #require(classHeader("UIApplicationLaunchOptions"))
    let activity = try #require(classHeader("UIApplicationLaunchOptionsUserActivityDictionary"))
    let open = try #require(classHeader("UIApplicationOpenURLOptions"))
    for key in keys {
      let (header, field) =
        key.hasPrefix("open ")
        ? (open, key.dropFirst(5))
        : key.hasPrefix("activity ") ? (activity, key.dropFirst(9)) : (launch, Substring(key))
      #expect(header.contains("\n---@field \(field) "), "\(key) is not declared")
    }
    #expect(keys.contains("UIApplicationLaunchOptionsRemoteNotificationKey"))
  }

  @Test(arguments: [
    ("application:didFinishLaunchingWithOptions:", ["application", "options"]),
    ("scene:willConnectToSession:options:", ["scene", "session", "options"]),
    ("applicationDidBecomeActive:", ["application"]),
    ("applicationProtectedDataWillBecomeUnavailable:", ["application"]),
    (
      "application:configurationForConnectingSceneSession:options:",
      ["application", "sceneSession", "options"]
    ),
    ("application:didDiscardSceneSessions:", ["application", "sceneSessions"]),
    (
      "windowScene:performActionForShortcutItem:completionHandler:",
      [
        "windowScene", "shortcutItem", "completionHandler",
      ]
    ),
    ("scene:openURLContexts:", ["scene", "urlContexts"]),
    ("stateRestorationActivityForScene:", ["scene"]),
    ("touchesBegan:withEvent:", ["touches", "event"]),
    ("setWindow:", ["window"]),
    ("setOpenInPlace:", ["openInPlace"]),
    ("viewWillAppear:", ["animated"]),
    ("encodeInteger:forKey:", ["integer", "key"]),
    ("pick:pick:", ["pick", "pick2"]),
    ("repeat:", ["repeat_"]),
  ])
  func parametersAreNamedFromTheSelector(selector: String, names: [String]) {
    #expect(SelectorParameters.names(of: selector) == names)
  }
}
