import Testing
import XcodeFiles

@Suite struct OpenStepPropertyListTests {
  static func parse(_ text: String) throws -> OpenStepValue {
    try OpenStepPropertyList.parse(Array(text.utf8))
  }

  /// The error for `text`, as `line:column: message`.
  static func failure(_ text: String) -> String? {
    failure(Array(text.utf8))
  }

  static func failure(_ bytes: [UInt8]) -> String? {
    do {
      _ = try OpenStepPropertyList.parse(bytes)
      return nil
    } catch {
      return error.description
    }
  }

  // MARK: The syntax Xcode writes

  @Test func aProjectFileInXcodesLayoutReads() throws {
    let text = """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tclasses = {
      \t};
      \tobjectVersion = 77;
      \tobjects = {

      /* Begin PBXBuildFile section */
      \t\t4C1A7E1025F3B1C0A0001D30 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = 4C1A7E0725F3B1C0A0000CC5 /* AppDelegate.swift */; };
      /* End PBXBuildFile section */
      \t\tA1 /* Debug */ = {
      \t\t\tisa = XCBuildConfiguration;
      \t\t\tbuildSettings = {
      \t\t\t\tLD_RUNPATH_SEARCH_PATHS = (
      \t\t\t\t\t"$(inherited)",
      \t\t\t\t\t"@executable_path/Frameworks",
      \t\t\t\t);
      \t\t\t\t"CODE_SIGN_IDENTITY[sdk=iphoneos*]" = "iPhone Developer";
      \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
      \t\t\t};
      \t\t\tname = Debug;
      \t\t};
      \t};
      \trootObject = A1 /* Project object */;
      }

      """
    let value = try Self.parse(text)
    let top = try #require(value.dictionary)
    #expect(top["archiveVersion"] == .string("1"))
    #expect(top["classes"] == .dictionary([:]))
    #expect(top["rootObject"] == .string("A1"))
    let objects = try #require(top["objects"]?.dictionary)
    #expect(
      objects["4C1A7E1025F3B1C0A0001D30"]
        == .dictionary([
          "isa": .string("PBXBuildFile"), "fileRef": .string("4C1A7E0725F3B1C0A0000CC5"),
        ]))
    let settings = try #require(objects["A1"]?.dictionary?["buildSettings"]?.dictionary)
    #expect(
      settings["LD_RUNPATH_SEARCH_PATHS"]
        == .array([.string("$(inherited)"), .string("@executable_path/Frameworks")]))
    #expect(settings["CODE_SIGN_IDENTITY[sdk=iphoneos*]"] == .string("iPhone Developer"))
    #expect(settings["PRODUCT_NAME"] == .string("$(TARGET_NAME)"))
  }

  @Test(arguments: [
    ("abcXYZ019_$/:.-", "abcXYZ019_$/:.-"),
    ("\"with space\"", "with space"),
    ("'single'", "single"),
    ("\"a\\nb\\tc\\rd\"", "a\nb\tc\rd"),
    ("\"\\\"quoted\\\" \\\\ back\"", "\"quoted\" \\ back"),
    ("\"bell\\a back\\b form\\f vertical\\v\"", "bell\u{07} back\u{08} form\u{0C} vertical\u{0B}"),
    ("\"octal \\101\\0620\"", "octal A20"),
    ("\"unicode \\U00e9\\U0394\"", "unicode éΔ"),
    ("\"other \\q\\'\"", "other q'"),
    ("\"Home Assistant Δ.app\"", "Home Assistant Δ.app"),
    ("\"\"", ""),
    ("'it\"s'", "it\"s"),
  ])
  func stringsReadAsCoreFoundationReadsThem(text: String, expected: String) throws {
    #expect(try Self.parse(text) == .string(expected))
  }

  @Test func arraysTakeAnOptionalLastCommaAndMayBeEmpty() throws {
    #expect(try Self.parse("( a, b, )") == .array([.string("a"), .string("b")]))
    #expect(try Self.parse("(a,b)") == .array([.string("a"), .string("b")]))
    #expect(try Self.parse("()") == .array([]))
    #expect(try Self.parse("( ( ), { } )") == .array([.array([]), .dictionary([:])]))
  }

  @Test func aKeyWithoutAValueStandsForItself() throws {
    #expect(try Self.parse("{ a; b = c; }") == .dictionary(["a": .string("a"), "b": .string("c")]))
  }

  @Test func theLaterOfTwoEqualKeysWins() throws {
    #expect(try Self.parse("{ a = 1; a = 2; }") == .dictionary(["a": .string("2")]))
  }

  @Test func dataIsHexDigitsInPairs() throws {
    #expect(try Self.parse("<0fA3 b1\n 00>") == .data([0x0F, 0xA3, 0xB1, 0x00]))
    #expect(try Self.parse("<>") == .data([]))
  }

  @Test func commentsAndUnicodeSeparatorsAreWhitespace() throws {
    let text = "// header\n/* block\n comment */ {\u{2028}a /* x */ = // y\n b;\u{2029}}"
    #expect(try Self.parse(text) == .dictionary(["a": .string("b")]))
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    #expect(
      try OpenStepPropertyList.parse([0xEF, 0xBB, 0xBF] + Array("{a=b;}".utf8))
        == .dictionary(["a": .string("b")]))
  }

  // MARK: Bad input

  @Test(arguments: [
    ("", "1:1: the file is empty: no property list"),
    ("  // only a comment\n", "2:1: the file is empty: no property list"),
    ("{\n  a = b;\n", "3:1: the file ends inside the dictionary that starts at line 1, column 1"),
    ("{ a = b }", "1:9: expected ';' after the value of 'a', found '}'"),
    ("{ a = b", "1:8: the file ends after the value of 'a'; expected ';'"),
    ("{ a b; }", "1:5: expected '=' after the key 'a', found 'b'"),
    ("{ a", "1:4: the file ends after the key 'a'"),
    ("{ = b; }", "1:3: expected a key or '}', found '='"),
    ("{ a = ; }", "1:7: ';' where a value should be"),
    ("{ a = ", "1:7: the file ends where a value should be"),
    ("( a b )", "1:5: expected ',' or ')' in the array, found 'b'"),
    ("( a,\n  b", "2:4: the file ends inside the array that starts at line 1, column 1"),
    ("\"open", "1:1: the file ends inside the string that starts at line 1, column 1"),
    ("{ a = \"x\\", "1:7: the file ends inside the string that starts at line 1, column 7"),
    ("/* open", "1:1: the comment that starts at line 1, column 1 has no end (*/)"),
    ("<0a0>", "1:5: the data has an odd number of hex digits"),
    ("<0g>", "1:3: 'g' in data; expected hex digits or '>'"),
    ("<0a", "1:4: the file ends inside the data that starts at line 1, column 1"),
    ("{ } }", "1:5: '}' after the end of the property list"),
    ("a b", "1:3: 'b' after the end of the property list"),
    ("{ a = é; }", "1:7: 'é' where a value should be"),
    ("\r\n\r\n{ a = @; }", "3:7: '@' where a value should be"),
    ("\r\r{ a = @; }", "3:7: '@' where a value should be"),
    ("bplist00\u{01}", "1:1: a binary property list; Xcode writes project files as text"),
    (
      "<?xml version=\"1.0\"?><plist/>",
      "1:1: an XML property list; lifescript reads the text format Xcode writes (open and save the project in Xcode to convert it)"
    ),
  ])
  func badInputIsAnErrorWithLineAndColumn(text: String, message: String) {
    #expect(Self.failure(text) == message)
  }

  @Test func controlBytesAndInvalidUTF8AreNamed() {
    #expect(Self.failure([0x7B, 0x00]) == "1:2: expected a key or '}', found byte 0x00")
    #expect(Self.failure([0x28, 0xFF, 0x29]) == "1:2: byte 0xFF where a value should be")
    #expect(
      Self.failure(Array("{ a = \"".utf8) + [0xC3, 0x28] + Array("\"; }".utf8))
        == "1:7: the string is not valid UTF-8")
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "(", count: 100_000)
    #expect(Self.failure(deep) == "1:201: containers nest more than 200 deep")
    let dictionaries = String(repeating: "{a=", count: 50_000)
    #expect(Self.failure(dictionaries) == "1:601: containers nest more than 200 deep")
    let fine = String(repeating: "(", count: 200) + String(repeating: ")", count: 200)
    #expect(Self.failure(fine) == nil)
  }

  @Test func aProjectFileOfSeveralMegabytesReads() throws {
    let text = ProjectFixtures.largeProjectFile(files: 20_000)
    #expect(text.utf8.count > 5_000_000)
    let objects = try #require(try Self.parse(text).dictionary?["objects"]?.dictionary)
    #expect(objects.count > 40_000)
  }

  // MARK: Any bytes

  /// Every prefix of a real project file cut inside its dictionary is an error, with a place
  /// inside the text; the whole file reads. (Cut in the header, `/` alone is a string.) Every
  /// third length, which still cuts every token and every kind of container.
  @Test func everyTruncationOfAProjectFileIsAnError() throws {
    let bytes = Array(ProjectFixtures.minimalProjectFile.utf8)
    let start = try #require(bytes.firstIndex(of: UInt8(ascii: "{")))
    let end = try #require(bytes.lastIndex(of: UInt8(ascii: "}")))
    let lines = bytes.filter { $0 == 0x0A }.count + 1
    for length in stride(from: start + 1, through: end, by: 3) {
      let prefix = Array(bytes[..<length])
      do {
        _ = try OpenStepPropertyList.parse(prefix)
        Issue.record("a prefix of \(length) bytes read")
      } catch {
        #expect(error.line >= 1 && error.line <= lines)
        #expect(error.column >= 1)
      }
    }
    #expect(throws: Never.self) { try OpenStepPropertyList.parse(bytes) }
  }

  /// Random bytes, and a real file with bytes flipped, dropped and repeated, give a value or an
  /// error, never a crash or a hang.
  @Test func mutatedAndRandomInputNeverCrashes() {
    var generator = SplitMix(seed: 13)
    let original = Array(ProjectFixtures.minimalProjectFile.utf8)
    let alphabet = Array("{}();=,<>\"'\\/* \n\tabc019$_-.:é".utf8)
    for round in 0..<3_000 {
      var bytes: [UInt8]
      if round % 3 == 0 {
        bytes = (0..<Int(generator.next() % 300)).map { _ in
          round % 2 == 0
            ? UInt8(truncatingIfNeeded: generator.next())
            : alphabet[Int(generator.next() % UInt64(alphabet.count))]
        }
      } else {
        bytes = original
        for _ in 0..<(1 + generator.next() % 8) {
          let index = Int(generator.next() % UInt64(bytes.count))
          switch generator.next() % 3 {
          case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
          case 1: bytes.remove(at: index)
          default: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: index)
          }
        }
      }
      if let message = Self.failure(bytes) {
        #expect(!message.isEmpty)
      }
    }
  }
}

/// A small deterministic random generator for the property tests.
struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
