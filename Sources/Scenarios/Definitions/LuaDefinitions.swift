import AppLifecycle

/// A Lua LanguageServer definition file (`---@meta`) for everything a scenario can use, read
/// from a fresh scenario: the runtime's classes with their properties and methods, the UIKit
/// protocols a script class may adopt, and every name the bindings registered
/// (`ScriptInterface`), each with its summary.
///
/// Nothing here is listed by hand, so the file cannot fall behind the runtime: a new class,
/// selector, device action or expectation appears the next time it is generated.
public struct LuaDefinitions {
  public let scenario: Scenario
  /// Who wrote the file, for its header (`lifescript 0.1.0`).
  public let generator: String

  public init(scenario: Scenario, generator: String) {
    self.scenario = scenario
    self.generator = generator
  }

  /// A fresh scenario's definitions.
  public static func generate(generator: String) throws -> String {
    LuaDefinitions(scenario: try Scenario(folder: nil), generator: generator).text
  }

  private var interface: ScriptInterface { scenario.interface }
  private var classes: [RuntimeClass] { scenario.runtime.allClasses }

  /// The whole file.
  public var text: String {
    var chunks = [header]
    chunks += interface.symbols(of: nil).map { declaration(of: $0) }
    chunks += interface.libraries.map(library)
    chunks.append(Self.valueTypes)
    chunks += classes.map(runtimeClass)
    chunks += UIKitProtocols.selectors.keys.sorted().map(protocolClass)
    chunks.append(scriptClass)
    return chunks.joined(separator: "\n\n") + "\n"
  }

  private var header: String {
    """
    ---@meta lifescript
    -- Lua LanguageServer definitions for lifescript scenarios, written by `lifescript types`
    -- (\(generator)) from a fresh scenario's runtime classes, UIKit's protocols and the names
    -- the bindings register. Regenerate it rather than editing it.
    """
  }

  // MARK: Globals and libraries

  private func library(_ library: ScriptInterface.Library) -> String {
    let members = interface.symbols(of: library.name)
    var lines = comment(library.summary) + ["---@class \(library.name)"]
    for value in members where value.kind == .value || value.kind == .property {
      lines.append("---@field \(value.name) \(value.type ?? "any") \(oneLine(value.summary))")
    }
    lines.append(library.isGlobal ? "\(library.name) = {}" : "local \(library.name) = {}")
    var chunks = [lines.joined(separator: "\n")]
    chunks += members.filter { $0.kind == .function || $0.kind == .method }.map {
      declaration(of: $0)
    }
    return chunks.joined(separator: "\n\n")
  }

  /// A global or library symbol; on a class, `Self` and `Super` stand for `cls` and its
  /// superclass.
  private func declaration(of symbol: ScriptInterface.Symbol, in cls: RuntimeClass? = nil)
    -> String
  {
    func resolve(_ type: String) -> String {
      guard let cls else { return type }
      return type.replacingWord("Self", with: cls.name)
        .replacingWord("Super", with: cls.superclass?.name ?? "nil")
    }
    var lines = comment(symbol.summary)
    if symbol.kind == .value {
      lines.append("---@type \(resolve(symbol.type ?? "any"))")
      lines.append("\(symbol.name) = nil")
      return lines.joined(separator: "\n")
    }
    for parameter in symbol.parameters {
      lines.append("---@param \(parameter.name) \(resolve(parameter.type))")
    }
    if let type = symbol.type { lines.append("---@return \(resolve(type))") }
    lines += symbol.overloads.map { "---@overload \(resolve($0))" }
    let owner = cls?.name ?? symbol.owner
    lines.append(
      function(
        owner: owner, name: symbol.name, method: symbol.kind == .method,
        parameters: symbol.parameters.map(\.name)))
    return lines.joined(separator: "\n")
  }

  // MARK: Runtime classes and protocols

  /// A class of the runtime: its declared properties as fields, what its class object answers,
  /// and every selector it implements itself as a method with its Lua name.
  private func runtimeClass(_ cls: RuntimeClass) -> String {
    let members = classMembers(of: cls)
    let parent = cls.superclass.map { " : \($0.name)" } ?? ""
    var lines = comment(classSummary(cls)) + ["---@class \(cls.name)\(parent)"]
    for property in cls.properties {
      lines.append("---@field \(property) \(propertyType(property, of: cls))")
    }
    for value in members where value.kind == .value || value.kind == .property {
      let type = (value.type ?? "any").replacingWord("Self", with: cls.name)
        .replacingWord("Super", with: cls.superclass?.name ?? "nil")
      lines.append("---@field \(value.name) \(type) \(oneLine(value.summary))")
    }
    lines.append("\(cls.name) = {}")
    var chunks = [lines.joined(separator: "\n")]
    chunks += members.filter { $0.kind == .function || $0.kind == .method }.map {
      declaration(of: $0, in: cls)
    }
    let methods = cls.selectors.map(\.name).filter { !isPropertyGetter($0, of: cls) }.sorted()
    chunks += methods.map { selector in
      var lines = comment(selectorSummary(selector))
      let names = SelectorParameters.names(of: selector)
      for name in names {
        lines.append("---@param \(name) \(parameterType(name, of: selector, in: cls))")
      }
      lines.append("---@return any")
      lines.append(
        function(
          owner: cls.name, name: SelectorSpelling.luaName(of: selector), method: true,
          parameters: names))
      return lines.joined(separator: "\n")
    }
    return chunks.joined(separator: "\n\n")
  }

  /// The class members `cls` declares: those of its own class object, and on every class the
  /// root's members whose types name the class (`new`, `super`).
  private func classMembers(of cls: RuntimeClass) -> [ScriptInterface.Symbol] {
    let root = scenario.runtime.rootClass.name
    return interface.symbols.filter { symbol in
      guard let owner = symbol.owner, classes.contains(where: { $0.name == owner }) else {
        return false
      }
      if owner == cls.name { return true }
      let types = [symbol.type ?? ""] + symbol.parameters.map(\.type)
      return owner == root
        && types.contains { $0.containsWord("Self") || $0.containsWord("Super") }
    }
  }

  private func classSummary(_ cls: RuntimeClass) -> String {
    let adopted = cls.protocols.sorted()
    let protocols = adopted.isEmpty ? "" : "; adopts \(adopted.joined(separator: ", "))"
    guard let superclass = cls.superclass else {
      return "`\(cls.name)`, the root class of the runtime\(protocols)."
    }
    return "`\(cls.name)`, a subclass of `\(superclass.name)`\(protocols)."
  }

  /// A getter of a property the class or an ancestor declares: a field, not a method (reading
  /// it gives the value).
  private func isPropertyGetter(_ selector: String, of cls: RuntimeClass) -> Bool {
    cls.ancestry.contains { $0.properties.contains(selector) }
  }

  /// A UIKit delegate protocol: the methods UIKit may send an object that adopts it.
  private func protocolClass(_ name: String) -> String {
    let parents = UIKitProtocols.inherited[name] ?? []
    let parent = parents.isEmpty ? "" : " : " + parents.joined(separator: ", ")
    var lines = comment(
      "UIKit's `\(name)` protocol: adopt it with `class(name, superclass, { \"\(name)\" })` and implement the methods UIKit should send."
    )
    lines.append("---@class \(name)\(parent)")
    let selectors = UIKitProtocols.selectors[name] ?? []
    for property in selectors where !property.contains(":") {
      lines.append("---@field \(property) \(parameterType(property, of: nil))")
    }
    lines.append("local \(name) = {}")
    var chunks = [lines.joined(separator: "\n")]
    chunks += selectors.filter { $0.contains(":") }.map { selector in
      var lines = comment(selectorSummary(selector))
      if let deprecation = IOSProfile.deprecatedInIOS26.first(where: { $0.selector == selector }) {
        lines += comment("Deprecated in iOS 26: use \(deprecation.replacement).")
        lines.append("---@deprecated")
      }
      let names = SelectorParameters.names(of: selector)
      for name in names {
        lines.append("---@param \(name) \(parameterType(name, of: selector))")
      }
      if UIKitProtocols.booleanSelectors.contains(Selector(selector)) {
        lines.append("---@return boolean")
      }
      lines.append(
        function(
          owner: name, name: SelectorSpelling.luaName(of: selector), method: true,
          parameters: names))
      return lines.joined(separator: "\n")
    }
    return chunks.joined(separator: "\n\n")
  }

  // MARK: Types of parameters and properties

  /// The type of a parameter of `selector` (or of a protocol's property, for a nil selector):
  /// what UIKit passes there, as the model passes it; else what its name says.
  func parameterType(_ name: String, of selector: String?, in cls: RuntimeClass? = nil) -> String {
    if let selector, let type = Self.parameterTypes[selector]?[name] { return type }
    // A setter takes what its property holds: `setRootViewController:`.
    if let selector, let cls, selector.hasPrefix("set"), selector.filter({ $0 == ":" }).count == 1 {
      let property = selector.dropFirst(3).dropLast()
      let name = property.prefix(1).lowercased() + property.dropFirst()
      if let owner = cls.ancestry.first(where: { $0.properties.contains(name) }) {
        return propertyType(name, of: owner)
      }
    }
    return typeName(forParameter: name)
  }

  /// The type of a property of `cls` or of the ancestor that declares it.
  func propertyType(_ property: String, of cls: RuntimeClass) -> String {
    for each in cls.ancestry {
      if let type = Self.propertyTypes["\(each.name).\(property)"] { return type }
    }
    return typeName(forParameter: property)
  }

  /// The tables and values UIKit hands over that are not runtime classes: the dictionaries of
  /// launch and URL options with the keys the model fills (UIKit's key names, as scripts read
  /// them: `options.UIApplicationLaunchOptionsURLKey`), and the types of parameters UIKit
  /// declares that lifescript never sends.
  static let valueTypes = """
    ---`launchOptions` of `application:willFinishLaunchingWithOptions:` and `application:didFinishLaunchingWithOptions:` (nil for a plain launch), and the `userInfo` of `UIApplicationDidFinishLaunchingNotification`: the keys of the request that launched the app.
    ---@class UIApplicationLaunchOptions
    ---@field UIApplicationLaunchOptionsURLKey NSURL? The URL a cold launch opens.
    ---@field UIApplicationLaunchOptionsSourceApplicationKey string? The bundle identifier of the app that opened the URL.
    ---@field UIApplicationLaunchOptionsAnnotationKey any The URL's annotation, as `device.open_url` gave it.
    ---@field UIApplicationLaunchOptionsShortcutItemKey UIApplicationShortcutItem? The Home Screen quick action that launched the app.
    ---@field UIApplicationLaunchOptionsUserActivityDictionaryKey UIApplicationLaunchOptionsUserActivityDictionary? The activity that launched the app.
    ---@field UIApplicationLaunchOptionsRemoteNotificationKey table<string, any>? The payload of the notification the user tapped.

    ---`launchOptions.UIApplicationLaunchOptionsUserActivityDictionaryKey`.
    ---@class UIApplicationLaunchOptionsUserActivityDictionary
    ---@field UIApplicationLaunchOptionsUserActivityTypeKey string The activity's type.
    ---@field UIApplicationLaunchOptionsUserActivityKey NSUserActivity The activity.

    ---`options` of `application:openURL:options:`.
    ---@class UIApplicationOpenURLOptions
    ---@field UIApplicationOpenURLOptionsSourceApplicationKey string? The bundle identifier of the app that opened the URL.
    ---@field UIApplicationOpenURLOptionsAnnotationKey any The URL's annotation.
    ---@field UIApplicationOpenURLOptionsOpenInPlaceKey boolean Whether the document is opened in place.

    ---UIKit's `NSError`, as a delegate method that takes one declares it (lifescript's model sends none).
    ---@class NSError
    ---@field domain string
    ---@field code integer
    ---@field localizedDescription string

    ---Foundation's `InputStream`, as `userActivity:didReceiveInputStream:outputStream:` declares it (lifescript's model sends none).
    ---@class NSInputStream : NSObject

    ---Foundation's `OutputStream`, as `userActivity:didReceiveInputStream:outputStream:` declares it (lifescript's model sends none).
    ---@class NSOutputStream : NSObject
    """

  /// What UIKit passes where a parameter's name does not say it, by selector.
  static let parameterTypes: [String: [String: String]] = {
    let shortcutDone = "fun(succeeded: boolean)"
    return [
      "application:willFinishLaunchingWithOptions:": ["options": "UIApplicationLaunchOptions?"],
      "application:didFinishLaunchingWithOptions:": ["options": "UIApplicationLaunchOptions?"],
      "application:openURL:options:": ["options": "UIApplicationOpenURLOptions"],
      "application:configurationForConnectingSceneSession:options:": [
        "options": "UISceneConnectionOptions"
      ],
      "scene:willConnectToSession:options:": ["options": "UISceneConnectionOptions"],
      "scene:openURLContexts:": ["urlContexts": "UIOpenURLContext[]"],
      "application:didDiscardSceneSessions:": ["sceneSessions": "UISceneSession[]"],
      "application:performActionForShortcutItem:completionHandler:": [
        "completionHandler": shortcutDone
      ],
      "windowScene:performActionForShortcutItem:completionHandler:": [
        "completionHandler": shortcutDone
      ],
      "application:continueUserActivity:restorationHandler:": [
        "restorationHandler": "fun(restorableObjects: NSObject[]?)"
      ],
      "application:willContinueUserActivityWithType:": ["type": "string"],
      "scene:willContinueUserActivityWithType:": ["type": "string"],
      "scene:didFailToContinueUserActivityWithType:error:": [
        "type": "string", "error": "NSError",
      ],
      "application:didReceiveRemoteNotification:fetchCompletionHandler:": [
        "remoteNotification": "table<string, any>",
        "completionHandler": #"fun(result: "newData"|"noData"|"failed")"#,
      ],
      "application:didRegisterForRemoteNotificationsWithDeviceToken:": ["deviceToken": "string"],
      "application:didFailToRegisterForRemoteNotificationsWithError:": ["error": "NSError"],
      "application:handleEventsForBackgroundURLSession:completionHandler:": [
        "backgroundURLSession": "string", "completionHandler": "fun()",
      ],
      "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:": [
        "completionHandler": "fun()"
      ],
      "userNotificationCenter:willPresentNotification:withCompletionHandler:": [
        "presentNotification": "UNNotification", "completionHandler": "fun(options: integer)",
      ],
      "windowScene:didUpdateCoordinateSpace:interfaceOrientation:traitCollection:": [
        "coordinateSpace": "UIScreen",
        "interfaceOrientation": Self.orientation,
      ],
      "userActivityWasContinued:": ["continued": "NSUserActivity"],
      "userActivityWillSave:": ["save": "NSUserActivity"],
      "userActivity:didReceiveInputStream:outputStream:": [
        "inputStream": "NSInputStream", "outputStream": "NSOutputStream",
      ],
      "viewControllerWithRestorationIdentifierPath:coder:": [
        "restorationIdentifierPath": "string[]"
      ],
      "open:options:completionHandler:": [
        "options": "table<string, any>?", "completionHandler": "fun(success: boolean)?",
      ],
      "openURL:options:completionHandler:": [
        "options": "table<string, any>?", "completionHandler": "fun(success: boolean)?",
      ],
      "requestSceneSessionActivation:userActivity:options:errorHandler:": [
        "options": "table<string, any>?", "errorHandler": "fun(error: NSError)?",
      ],
    ]
  }()

  private static let orientation =
    #""portrait"|"portraitUpsideDown"|"landscapeLeft"|"landscapeRight"|"unknown""#

  /// What a property holds where its name does not say it.
  static let propertyTypes: [String: String] = [
    "UIOpenURLContext.options": "UISceneOpenURLOptions",
    "UISceneConnectionOptions.urlContexts": "UIOpenURLContext[]",
    "UISceneConnectionOptions.URLContexts": "UIOpenURLContext[]",
    "UISceneConnectionOptions.sourceApplication": "string?",
    "UISceneConnectionOptions.userActivities": "NSUserActivity[]",
    "UISceneConnectionOptions.handoffUserActivityType": "string?",
    "UISceneOpenURLOptions.sourceApplication": "string?",
    "UISceneOpenURLOptions.annotation": "any",
    "UISceneOpenURLOptions.openInPlace": "boolean",
    "UIApplication.connectedScenes": "UIScene[]",
    "UIApplication.windows": "UIWindow[]",
    "UIApplication.shortcutItems": "UIApplicationShortcutItem[]",
    "UIApplication.applicationState": #""active"|"inactive"|"background""#,
    "UIApplication.statusBarOrientation": orientation,
    "UIApplication.delegate": "NSObject?",
    "UIScene.delegate": "NSObject?",
    "UIScene.activationState":
      #""unattached"|"foregroundActive"|"foregroundInactive"|"background""#,
    "UIWindowScene.windows": "UIWindow[]",
    "UIWindowScene.interfaceOrientation": orientation,
    "UIWindowScene.coordinateSpace": "UIScreen",
    "UIWindow.rootViewController": "UIViewController?",
    "UINavigationController.viewControllers": "UIViewController[]",
    "UINavigationController.topViewController": "UIViewController?",
    "UINavigationController.visibleViewController": "UIViewController?",
    "UITabBarController.viewControllers": "UIViewController[]",
    "UITabBarController.selectedViewController": "UIViewController?",
    "UITabBarController.selectedIndex": "integer",
    "UIPageViewController.viewControllers": "UIViewController[]",
    "UISplitViewController.viewControllers": "UIViewController[]",
    "UIViewController.children": "UIViewController[]",
    "UIViewController.childViewControllers": "UIViewController[]",
    "UIViewController.parent": "UIViewController?",
    "UIViewController.parentViewController": "UIViewController?",
    "UIViewController.presentedViewController": "UIViewController?",
    "UIViewController.presentingViewController": "UIViewController?",
    "UIViewController.viewIfLoaded": "UIView?",
    "UIViewController.restorationClass": "NSObject?",
    "UIView.superview": "UIView?",
    "UIView.subviews": "UIView[]",
    "UIStoryboardSegue.sourceViewController": "UIViewController",
    "UIStoryboardSegue.source": "UIViewController",
    "UIStoryboardSegue.destinationViewController": "UIViewController",
    "UIStoryboardSegue.destination": "UIViewController",
    "UISceneConfiguration.delegateClass": "NSObject?",
    "UISceneConfiguration.sceneClass": "NSObject?",
    "NSBundle.infoDictionary": "table<string, any>",
    "NSUserActivity.userInfo": "table<string, any>?",
    "NSUserActivity.delegate": "NSObject?",
    "UIApplicationShortcutItem.userInfo": "table<string, any>?",
    "UNNotificationContent.userInfo": "table<string, any>",
    "UNNotificationContent.badge": "integer?",
    "UNUserNotificationCenter.delegate": "NSObject?",
    "BGTask.expirationHandler": "fun()?",
    "UIApplication.backgroundTimeRemaining": "number",
    "UNNotification.request": "UNNotificationRequest",
  ]

  /// Types that a name says whatever the class: flags, texts, handlers.
  private static let typesByName: [String: String] = [
    "animated": "boolean", "identifier": "string", "title": "string", "name": "string",
    "type": "string", "key": "string", "activityType": "string", "body": "string",
    "localizedTitle": "string", "localizedSubtitle": "string?", "storyboardName": "string?",
    "restorationIdentifier": "string?", "persistentIdentifier": "string", "role": "string",
    "sessionRole": "string", "bundleIdentifier": "string?", "actionIdentifier": "string",
    "absoluteString": "string", "scheme": "string?", "host": "string?", "path": "string",
    "query": "string?", "fragment": "string?", "sourceApplication": "string?",
    "infoDictionaryKey": "string", "selector": "string", "protocol": "string",
    "class": "NSObject", "completion": "fun()?", "completionHandler": "fun()?",
    "expirationHandler": "fun()?", "handler": "fun(...)", "launchHandler": "fun(task: BGTask)",
    "earliestBeginDate": "number?", "date": "number", "userInfo": "table<string, any>?",
    "delegate": "NSObject?", "sender": "any", "object": "any", "bool": "boolean",
    "double": "number", "float": "number", "integer": "integer", "selectedIndex": "integer",
    "task": "integer", "badge": "integer?", "openInPlace": "boolean", "annotation": "any",
    "isViewLoaded": "boolean", "isKeyWindow": "boolean", "isHidden": "boolean",
    "isIdleTimerDisabled": "boolean", "idleTimerDisabled": "boolean",
    "isRegisteredForRemoteNotifications": "boolean", "isBeingPresented": "boolean",
    "isBeingDismissed": "boolean", "isAnimated": "boolean", "isCancelled": "boolean",
    "needsSave": "boolean", "requiresSecureCoding": "boolean",
    "requiresNetworkConnectivity": "boolean", "requiresExternalPower": "boolean",
    "taskCompletedWithSuccess": "boolean", "shouldAutorotate": "boolean",
    "shouldAutomaticallyForwardAppearanceMethods": "boolean", "appearing": "boolean",
    "viewControllers": "UIViewController[]", "shortcutItems": "UIApplicationShortcutItem[]",
    "controller": "UIViewController", "rootViewController": "UIViewController",
    "parentViewController": "UIViewController?", "towardsViewController": "UIViewController",
    "subview": "UIView", "rootViewControllerAnimated": "boolean", "usingQueue": "NSObject?",
    "modalPresentationStyle": "string", "supportedInterfaceOrientations": "any",
  ]

  /// What `class()` returns: it offers every protocol method and every method of a runtime
  /// class, so an editor completes `function AppDelegate:` with what UIKit may send.
  private var scriptClass: String {
    let parents = UIKitProtocols.selectors.keys.sorted() + classes.map(\.name)
    let lines =
      comment(
        "A class `class()` defined. Its type offers every UIKit protocol method and every method of UIKit's classes; for exact types, annotate the class: `---@class AppDelegate : UIResponder, UIApplicationDelegate` on the line above `local AppDelegate = class(...)`."
      ) + [
        "---@class ScriptClass : \(parents.joined(separator: ", "))",
        "local ScriptClass = {}",
        "",
        "---Creates an instance; the class's `init`, if it has one, runs with the arguments.",
        "---@param ... any", "---@return ScriptClass", "function ScriptClass.new(...) end",
      ]
    return lines.joined(separator: "\n")
  }

  // MARK: Writing Lua

  /// `---Objective-C: \`sel:\`, Swift: \`sel(_:)\`.`
  private func selectorSummary(_ selector: String) -> String {
    "`\(selector)` (Swift: `\(SelectorSpelling.swiftName(of: selector))`)."
  }

  /// The runtime class a parameter or property of that name holds, when its name says so
  /// (`application`, `scene`, `event`, `shortcutItem`, `rootViewController`); else `any`.
  private func typeName(forParameter name: String) -> String {
    if let type = Self.typesByName[name] { return type }
    let candidates = classes.filter { $0.name != scenario.runtime.rootClass.name }
    let exact = candidates.filter { Self.unprefixed($0.name) == name.lowercased() }
    if exact.count == 1 { return exact[0].name }
    // `keyWindow` is a window, `rootViewController` a view controller: the name, or what
    // follows its modifiers, ends exactly one class's name (`sourceApplication` is a string).
    let words = SelectorParameters.camelCaseWords(name)
    for start in words.indices {
      if start > 0, !Self.modifiers.contains(words[start - 1].lowercased()) { break }
      let ending = words[start...].joined()
      let suffix = ending.prefix(1).uppercased() + ending.dropFirst()
      let matching = candidates.filter { $0.name.hasSuffix(suffix) }
      if matching.count == 1 { return matching[0].name }
    }
    return "any"
  }

  /// Words that say which object of a class a name holds, not what it is.
  private static let modifiers: Set<String> = [
    "key", "root", "top", "selected", "next", "webpage", "state", "restoration",
  ]

  /// `UIWindowScene` → `windowscene`, `NSURL` → `url`.
  private static func unprefixed(_ name: String) -> String {
    let bare = name.hasPrefix("UI") || name.hasPrefix("NS") ? name.dropFirst(2) : Substring(name)
    return bare.lowercased()
  }

  private func comment(_ text: String) -> [String] { ["---" + oneLine(text)] }

  private func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }

  /// `function owner.name(a, b) end`, or `owner:name` for a method; a name Lua reserves is
  /// written as a string key.
  private func function(owner: String?, name: String, method: Bool, parameters: [String])
    -> String
  {
    let list = parameters.joined(separator: ", ")
    guard let owner else { return "function \(name)(\(list)) end" }
    if Self.keywords.contains(name) {
      let all = (method ? ["self"] : []) + parameters
      return "\(owner)[\"\(name)\"] = function(\(all.joined(separator: ", "))) end"
    }
    return "function \(owner)\(method ? ":" : ".")\(name)(\(list)) end"
  }

  private static let keywords: Set<String> = [
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
  ]
}

extension String {
  /// Whether `word` occurs here as a whole identifier (`Self`, not `SelfTest`).
  fileprivate func containsWord(_ word: String) -> Bool {
    replacingWord(word, with: "\u{0}") != self
  }

  /// Replaces `word` where it is a whole identifier.
  fileprivate func replacingWord(_ word: String, with replacement: String) -> String {
    var result = ""
    var token = ""
    for character in self {
      if character.isLetter || character.isNumber || character == "_" {
        token.append(character)
        continue
      }
      result += token == word ? replacement : token
      token = ""
      result.append(character)
    }
    return result + (token == word ? replacement : token)
  }
}
