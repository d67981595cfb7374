/// Parameter names for a selector's arguments, made from the selector itself, as an editor shows
/// them: `application:didFinishLaunchingWithOptions:` takes `application, options`,
/// `scene:willConnectToSession:options:` takes `scene, session, options`.
///
/// The rule is Cocoa's naming convention read backwards: the noun after the last preposition of a
/// label (`…WithOptions` → `options`), a delegate method's sender before `Did`/`Will`/`Should`
/// (`applicationDidBecomeActive:` → `application`), a label without its leading verbs
/// (`didDiscardSceneSessions` → `sceneSessions`), else the label's last word.
enum SelectorParameters {
  /// One name per argument of `selector`, unique and never a Lua keyword.
  static func names(of selector: String) -> [String] {
    if let conventional = conventional[selector] { return conventional }
    let labels = selector.split(separator: ":", omittingEmptySubsequences: false).dropLast()
    var names: [String] = []
    for (index, label) in labels.enumerated() {
      var name = index == 0 ? firstName(String(label)) : labelName(String(label))
      if name.isEmpty { name = "value" }
      if keywords.contains(name) { name += "_" }
      var unique = name
      var suffix = 2
      while names.contains(unique) {
        unique = name + String(suffix)
        suffix += 1
      }
      names.append(unique)
    }
    return names
  }

  /// Selectors whose arguments Cocoa names in a way no rule finds (a `BOOL animated`).
  private static let conventional: [String: [String]] = [
    "viewWillAppear:": ["animated"], "viewDidAppear:": ["animated"],
    "viewWillDisappear:": ["animated"], "viewDidDisappear:": ["animated"],
    "open:": ["url"], "open:options:completionHandler:": ["url", "options", "completionHandler"],
    "encode:forKey:": ["object", "key"],
    "application:shouldSaveSecureApplicationState:": ["application", "coder"],
    "application:shouldRestoreSecureApplicationState:": ["application", "coder"],
    "application:shouldSaveApplicationState:": ["application", "coder"],
    "application:shouldRestoreApplicationState:": ["application", "coder"],
    "requestSceneSessionActivation:": ["sceneSession"],
    "requestSceneSessionActivation:userActivity:options:errorHandler:": [
      "sceneSession", "userActivity", "options", "errorHandler",
    ],
  ]

  /// The senders of delegate messages, named first: `applicationDidBecomeActive:`,
  /// `windowScene:performActionForShortcutItem:completionHandler:`.
  private static let senders = ["windowScene", "application", "scene"]

  private static let prepositions: Set<String> = [
    "with", "for", "to", "from", "of", "in", "on", "at", "by",
  ]

  /// Words that begin a label before its noun: `didDiscard…`, `willContinue…`, `openURL…`.
  private static let leadingVerbs: Set<String> = [
    "did", "will", "should", "can", "fail", "open", "continue", "perform", "handle", "update",
    "restore", "discard", "register", "receive", "fetch", "save", "encode", "decode", "begin",
    "end", "send", "request", "contains",
  ]

  private static let keywords: Set<String> = [
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
    "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
  ]

  private static func firstName(_ label: String) -> String {
    for sender in senders where label == sender || label.hasPrefix(sender) {
      let rest = label.dropFirst(sender.count)
      if rest.isEmpty || rest.first!.isUppercase { return sender }
    }
    let words = camelCaseWords(label)
    if words.count > 1, words[0] == "set" { return lowerCamel(words.dropFirst()) }
    if let noun = nounAfterPreposition(words) { return noun }
    if words.count > 1, ["Did", "Will", "Should"].contains(words[1]) { return words[0] }
    // `touchesBegan:withEvent:`, `motionEnded:withEvent:`: the noun, not the verb.
    if words.count == 2, words[1] == "Began" || words[1].hasSuffix("ed") { return words[0] }
    return lowerCamel(words.suffix(1))
  }

  private static func labelName(_ label: String) -> String {
    let words = camelCaseWords(label)
    if let noun = nounAfterPreposition(words) { return noun }
    var rest = words[...]
    while rest.count > 1, leadingVerbs.contains(rest.first!.lowercased()) {
      rest = rest.dropFirst()
    }
    return lowerCamel(rest)
  }

  /// The words after the last preposition that has some, without a leading gerund
  /// (`…ForConnectingSceneSession` → `sceneSession`).
  private static func nounAfterPreposition(_ words: [String]) -> String? {
    guard
      let last = words.dropLast().lastIndex(where: { prepositions.contains($0.lowercased()) })
    else { return nil }
    var noun = words[(last + 1)...]
    while noun.count > 1, noun.first!.hasSuffix("ing") { noun = noun.dropFirst() }
    return lowerCamel(noun)
  }

  /// `URLContexts` → `URL`, `Contexts`; `didFinishLaunching` → `did`, `Finish`, `Launching`.
  static func camelCaseWords(_ text: String) -> [String] {
    let characters = Array(text)
    var words: [String] = []
    var current = ""
    for (index, character) in characters.enumerated() {
      let previous = index > 0 ? characters[index - 1] : nil
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      let startsWord =
        character.isUppercase
        && (previous?.isLowercase == true
          || (previous?.isUppercase == true && next?.isLowercase == true))
      if startsWord, !current.isEmpty {
        words.append(current)
        current = ""
      }
      current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// `URL`, `Contexts` → `urlContexts`; `Scene`, `Session` → `sceneSession`.
  private static func lowerCamel<Words: Collection<String>>(_ words: Words) -> String {
    guard let first = words.first else { return "" }
    let head =
      first.allSatisfy(\.isUppercase)
      ? first.lowercased() : first.prefix(1).lowercased() + first.dropFirst()
    return head + words.dropFirst().joined()
  }
}
