import Testing

@testable import XcodeFiles

@Suite struct XCConfigFileTests {
  /// The settings and warnings of `Config/Main.xcconfig` among `texts`.
  static func load(_ texts: [String: String], refused: Set<String> = []) throws -> (
    BuildSettings, [String]
  ) {
    let files = MemoryFiles(texts: texts, refused: refused).files
    let settings = BuildSettings(conditionValues: ["config": "Debug", "sdk": "iphoneos26.0"])
    var file = XCConfigFile(files: files, settings: settings)
    #expect(try file.load("Config/Main.xcconfig"))
    return (settings, file.warnings.map(\.description))
  }

  @Test func settingsAreReadAsRealProjectsWriteThem() throws {
    let (settings, warnings) = try Self.load([
      "Config/Main.xcconfig": """
      // Settings for every configuration
      PRODUCT_NAME = MyApp
      BUNDLE_PREFIX=com.example
      PRODUCT_BUNDLE_IDENTIFIER = $(BUNDLE_PREFIX).$(PRODUCT_NAME:rfc1034identifier);
      SWIFT_FLAGS = -DDEBUG \\
        -DLOGGING
      URL = https:/$()/example.com // a comment after the value
      ICON[sdk=iphoneos*] = AppIcon
      ICON[config=Release] = ReleaseIcon\r
      """
    ])
    #expect(warnings == [])
    #expect(try settings.value("PRODUCT_BUNDLE_IDENTIFIER") == "com.example.MyApp")
    #expect(try settings.value("SWIFT_FLAGS") == "-DDEBUG -DLOGGING")
    #expect(try settings.value("URL") == "https://example.com")
    #expect(try settings.value("ICON") == "AppIcon")
    #expect(settings.origin(of: "PRODUCT_NAME") == "Config/Main.xcconfig:2")
  }

  @Test func includesAreReadInTheirPlace() throws {
    let (settings, warnings) = try Self.load([
      "Config/Main.xcconfig": """
      A = main
      #include "Shared.xcconfig"
      #include "Nested/Other"
      B = main
      """,
      "Config/Shared.xcconfig": "A = shared\nB = shared\n",
      "Config/Nested/Other.xcconfig": "C = $(A)-other\n",
    ])
    #expect(warnings == [])
    #expect(try settings.value("A") == "shared")
    #expect(try settings.value("B") == "main")
    #expect(try settings.value("C") == "shared-other")
    #expect(settings.origin(of: "C") == "Config/Nested/Other.xcconfig:1")
  }

  @Test func aMissingOptionalIncludeIsNothing() throws {
    let (settings, warnings) = try Self.load([
      "Config/Main.xcconfig": "#include? \"Local.xcconfig\"\nA = 1\n"
    ])
    #expect(warnings == [])
    #expect(try settings.value("A") == "1")
  }

  @Test func aMissingIncludeIsAWarningAndTheLoadGoesOn() throws {
    let (settings, warnings) = try Self.load([
      "Config/Main.xcconfig":
        "#include \"../Pods/Target Support Files/Pods.debug.xcconfig\"\nA = 1\n"
    ])
    #expect(
      warnings == [
        "Config/Main.xcconfig:1: warning[project-file]: the included file Pods/Target Support Files/Pods.debug.xcconfig does not exist; its settings are left out"
      ])
    #expect(try settings.value("A") == "1")
  }

  @Test func anIncludeThatMayNotBeReadIsAWarningNamingIt() throws {
    let (_, warnings) = try Self.load(
      [
        "Config/Main.xcconfig": "#include \"../../Shared/Base.xcconfig\"\n",
        "../Shared/Base.xcconfig": "A = 1\n",
      ], refused: ["../Shared/Base.xcconfig"])
    #expect(
      warnings == [
        "Config/Main.xcconfig:1: warning[project-file]: the included file is not read: cannot open ../Shared/Base.xcconfig: it is outside the project root"
      ])
  }

  @Test func anIncludeOfItselfIsLeftOut() throws {
    let (_, warnings) = try Self.load([
      "Config/Main.xcconfig": "#include \"Main.xcconfig\"\nA = 1\n"
    ])
    #expect(
      warnings == [
        "Config/Main.xcconfig:1: warning[project-file]: Config/Main.xcconfig includes itself, through Config/Main.xcconfig; the include is left out, as Xcode does"
      ])
  }

  /// A chain of 1,000 files, each including the next, stops at the nesting limit with a
  /// warning: no stack overflow, and the settings above the limit are read.
  @Test func aChainOfIncludesDeeperThanTheLimitIsAWarning() throws {
    var texts = ["Config/Main.xcconfig": "#include \"C1.xcconfig\"\nA = top\n"]
    for index in 1...1_000 {
      texts["Config/C\(index).xcconfig"] = "#include \"C\(index + 1).xcconfig\"\nB\(index) = 1\n"
    }
    let (settings, warnings) = try Self.load(texts)
    let limit = XCConfigFile.maximumNesting
    #expect(
      warnings == [
        "Config/C\(limit - 1).xcconfig:1: warning[project-file]: includes nest more than \(limit) deep; C\(limit).xcconfig is left out"
      ])
    #expect(try settings.value("A") == "top")
    #expect(try settings.value("B\(limit - 1)") == "1")
    #expect(try settings.value("B\(limit)") == "")
  }

  /// Files that each include the next one twice are read 2^N times, each time in its place, as
  /// Xcode would: past a total of `maximumIncludes` reads in one load the rest are left out with
  /// one warning, so a project of twenty such files loads at once instead of in minutes.
  @Test func includesThatDoubleAtEachLevelStopAtTheTotalLimit() throws {
    var texts = ["Config/Main.xcconfig": "#include \"D1.xcconfig\"\nA = top\n"]
    for index in 1...20 {
      texts["Config/D\(index).xcconfig"] =
        "#include \"D\(index + 1).xcconfig\"\n#include \"D\(index + 1).xcconfig\"\nB\(index) = 1\n"
    }
    texts["Config/D21.xcconfig"] = "LAST = 1\n"
    let (settings, warnings) = try Self.load(texts)
    let limit = XCConfigFile.maximumIncludes
    #expect(
      warnings == [
        "Config/D19.xcconfig:2: warning[project-file]: the includes of Config/Main.xcconfig read more than \(limit) files in all (a file included again counts again); D20.xcconfig and the includes after it are left out"
      ])
    #expect(try settings.value("A") == "top")
    #expect(try settings.value("B1") == "1")
    #expect(try settings.value("LAST") == "1", "the first reads were made")
  }

  @Test func linesThatAreNotSettingsAreWarnings() throws {
    let (settings, warnings) = try Self.load([
      "Config/Main.xcconfig": "this is not a setting\n#import \"x\"\nA = 1\n"
    ])
    #expect(
      warnings == [
        "Config/Main.xcconfig:1: warning[project-file]: not a setting (NAME = value) nor an #include; the line is left out, as Xcode does",
        "Config/Main.xcconfig:2: warning[project-file]: only #include and #include? are directives of an xcconfig file; the line is left out",
      ])
    #expect(try settings.value("A") == "1")
  }

  @Test func aMissingFileLoadsNothing() throws {
    let settings = BuildSettings(conditionValues: [:])
    var file = XCConfigFile(files: MemoryFiles().files, settings: settings)
    #expect(try !file.load("Missing.xcconfig"))
  }

  @Test func randomAndMutatedTextNeverCrashesAndNeverStopsALoad() throws {
    // A fixed linear congruential generator: the same inputs on every run.
    var state: UInt64 = 0x5EED
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let alphabet = Array("AB_=$(){}[]:;\"#include? /\\\n\r*=sdkconfig-\u{0394}".utf8)
    for _ in 0..<300 {
      let length = Int(next() % 200)
      let bytes = (0..<length).map { _ in
        next() % 8 == 0 ? UInt8(truncatingIfNeeded: next()) : alphabet[Int(next()) % alphabet.count]
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let settings = BuildSettings(conditionValues: ["config": "Debug"])
      var file = XCConfigFile(
        files: MemoryFiles(texts: ["Config/Main.xcconfig": text]).files, settings: settings)
      #expect(try file.load("Config/Main.xcconfig"))
      for name in settings.names {
        // A cycle (or a chain past 256) is an error; anything else gives a value.
        do { _ = try settings.value(name) } catch {
          #expect(error.message.contains("cycle") || error.message.contains("deep"))
        }
      }
    }
  }

  @Test func continuedLinesAreJoinedWhateverTheirCount() throws {
    // 50,000 continued lines (quadratic once: each join copied the whole line so far).
    let count = 50_000
    let text = "FLAGS = -Da \\\n" + String(repeating: "  -Db \\\n", count: count - 1) + "  -Dc\n"
    let (settings, warnings) = try Self.load(["Config/Main.xcconfig": text])
    #expect(warnings == [])
    let value = try settings.value("FLAGS")
    #expect(value.hasPrefix("-Da -Db -Db"))
    #expect(value.hasSuffix("-Db -Dc"))
    #expect(value.split(separator: " ").count == count + 1)
  }

  @Test func emptyContinuedLinesAddNoSpaces() throws {
    let (settings, _) = try Self.load([
      "Config/Main.xcconfig": "A = x \\\n\\\n   \\\n y\nB = \\\n z\n"
    ])
    #expect(try settings.value("A") == "x y")
    #expect(try settings.value("B") == "z")
  }

  @Test func settingsReadThroughIncludesAreBoundedInAll() throws {
    // A file of 2,000 settings included 100 times: under the include limit, 200,000 settings;
    // the 51st inclusion passes 100,000.
    let big = (0..<2_000).map { "S\($0) = value\($0)" }.joined(separator: "\n")
    let main = String(repeating: "#include \"Big.xcconfig\"\n", count: 100)
    let error = #expect(throws: ProjectError.self) {
      _ = try Self.load(["Config/Main.xcconfig": main, "Config/Big.xcconfig": big])
    }
    #expect(
      error?.description
        == "Config/Big.xcconfig:1: the xcconfig files read from Config/Main.xcconfig through its includes make more than 100000 settings (a file included again counts again); lifescript stops (this limit is fixed)"
    )
  }

  @Test func bytesReadThroughIncludesAreBoundedInAll() throws {
    // A 1 MiB comment included 100 times: a few settings, 100 MiB read.
    let big = "// " + String(repeating: "x", count: 1 << 20) + "\nA = 1\n"
    let main = String(repeating: "#include \"Big.xcconfig\"\n", count: 100)
    let error = #expect(throws: ProjectError.self) {
      _ = try Self.load(["Config/Main.xcconfig": main, "Config/Big.xcconfig": big])
    }
    #expect(
      error?.description
        == "the xcconfig files read from Config/Main.xcconfig through its includes are more than 64 MiB in all (a file included again counts again), at Config/Big.xcconfig; lifescript stops (this limit is fixed)"
    )
  }

  @Test func whatALoadHoldsIsCharged() throws {
    var files = MemoryFiles(texts: [
      "Config/Main.xcconfig": "A = 1\n#include \"Other.xcconfig\"\n",
      "Config/Other.xcconfig": "B = 22\n",
    ]).files
    var charged = 0
    files.charge = { bytes throws(ProjectError) in charged += bytes }
    var file = XCConfigFile(files: files, settings: BuildSettings(conditionValues: [:]))
    #expect(try file.load("Config/Main.xcconfig"))
    // The two files' bytes (32 + 7) and the two settings' lines (5 + 6).
    #expect(charged == 32 + 7 + 5 + 6)
  }

  @Test func aRefusedChargeStopsTheLoad() {
    var files = MemoryFiles(texts: ["Config/Main.xcconfig": "A = 1\n"]).files
    files.charge = { _ throws(ProjectError) in throw ProjectError("over the cap") }
    var file = XCConfigFile(files: files, settings: BuildSettings(conditionValues: [:]))
    #expect(throws: ProjectError("over the cap")) { try file.load("Config/Main.xcconfig") }
  }
}
