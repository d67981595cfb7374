import AppLifecycle
import Testing
import XcodeFiles

/// `Warning`: what lifescript warns about, here as the warnings of an app's files become it.
@Suite struct WarningTests {
  @Test(arguments: FileWarning.Kind.allCases)
  func aFileWarningBecomesTheWarningOfItsNameAndPrintsTheSame(kind: FileWarning.Kind) {
    for location in ["Config/Base.xcconfig:3", nil] {
      let file = FileWarning(kind, "what is wrong", location: location)
      let warning = Warning(file)
      #expect(warning.name.rawValue == kind.rawValue)
      #expect(warning.message == "what is wrong")
      #expect(warning.location == location)
      #expect(warning.description == file.description)
    }
  }
}
