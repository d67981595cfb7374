import Testing

@testable import AppLifecycle

@Suite struct AppURLTests {
  @Test func partsOfAHierarchicalURL() throws {
    let url = try AppURL("Demo://user:pw@item.example:8080/7/notes?tab=2&x=y#top")
    #expect(url.scheme == "demo")
    #expect(url.host == "item.example")
    #expect(url.path == "/7/notes")
    #expect(url.query == "tab=2&x=y")
    #expect(url.fragment == "top")
    #expect(url.absoluteString == "Demo://user:pw@item.example:8080/7/notes?tab=2&x=y#top")
  }

  @Test func urlsWithoutAnAuthority() throws {
    let mail = try AppURL("mailto:ana@example.com")
    #expect(mail.scheme == "mailto" && mail.host == nil && mail.path == "ana@example.com")
    let settings = try AppURL("app-settings:")
    #expect(settings.scheme == "app-settings" && settings.path.isEmpty)
    let empty = try AppURL("demo://")
    #expect(empty.host == nil && empty.path.isEmpty)
  }

  @Test(arguments: [
    ("open the item page", "it contains a space; percent-encode it"),
    ("demo://item/7\n", "it contains a control character; percent-encode it"),
    ("item/7", "it has no scheme (like demo://item/7)"),
    (":item", "it has no scheme (like demo://item/7)"),
    ("", "it has no scheme (like demo://item/7)"),
    ("7demo://x", "\"7demo\" is not a scheme (a letter, then letters, digits, +, - or .)"),
    ("dé://x", "\"dé\" is not a scheme (a letter, then letters, digits, +, - or .)"),
  ])
  func whatIsNotAURL(text: String, reason: String) {
    #expect(throws: AppURL.Invalid(text: text, reason: reason)) { try AppURL(text) }
  }

  /// A message quotes the text as Lua writes a string: never a raw NUL or line break.
  @Test(arguments: [
    (
      "demo://a\u{0}b",
      #""demo://a\0b" is not a URL: it contains a control character; percent-encode it"#
    ),
    (
      "demo://a\nb\u{7f}",
      #""demo://a\10b\127" is not a URL: it contains a control character; percent-encode it"#
    ),
    (
      "say \"hi\" \\ there",
      #""say \"hi\" \\ there" is not a URL: it contains a space; percent-encode it"#
    ),
  ])
  func messagesEscapeControlCharacters(text: String, message: String) {
    do {
      _ = try AppURL(text)
      Issue.record("\(text) was accepted")
    } catch {
      #expect(error.description == message)
    }
  }
}
