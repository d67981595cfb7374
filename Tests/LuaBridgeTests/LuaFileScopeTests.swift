import Foundation
import LuaBridge
import Testing

@Suite struct LuaFileScopeTests {
  /// A project: `root/app/tests` is the scenario's folder, `root` the root, `outside` beside it.
  final class Project {
    let base: String
    let root: String
    let tests: String

    init() throws {
      base =
        URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("lifescript-scope-" + UUID().uuidString)
        .resolvingSymlinksInPath().path
      root = base + "/root"
      tests = root + "/app/tests"
      try FileManager.default.createDirectory(atPath: tests, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        atPath: base + "/outside", withIntermediateDirectories: true)
      try "x".write(toFile: root + "/app/Info.plist", atomically: true, encoding: .utf8)
      try "x".write(toFile: base + "/outside/secret", atomically: true, encoding: .utf8)
    }

    func scope(found: @escaping () -> Void = {}) -> LuaFileScope {
      LuaFileScope(folder: tests) { [root] in
        found()
        return LuaFileScope.Root(path: root, display: root, note: "(test)")
      }
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }
  }

  @Test func relativeNamesResolveFromTheFolderAndAreShownTidy() throws {
    let project = try Project()
    let location = try project.scope().locate("../Info.plist")
    #expect(location.display == project.root + "/app/Info.plist")
    #expect(location.real == project.root + "/app/Info.plist")
    #expect(location.exists)
    let missing = try project.scope().locate("./nope/../../Missing.plist")
    #expect(missing.display == project.root + "/app/tests/nope/../../Missing.plist")
    #expect(missing.real == project.root + "/app/Missing.plist")
    #expect(!missing.exists)
  }

  /// `tests/link/..` is not `tests` when `link` is a symbolic link: `..` leads from its target.
  @Test func aDotDotAfterASymbolicLinkIsKept() throws {
    let project = try Project()
    try FileManager.default.createSymbolicLink(
      atPath: project.tests + "/link", withDestinationPath: project.base + "/outside")
    #expect(
      LuaFileScope.tidy(project.tests + "/./sub/../link/../x")
        == project.tests + "/sub/../link/../x")
    try FileManager.default.createDirectory(
      atPath: project.tests + "/sub", withIntermediateDirectories: true)
    #expect(LuaFileScope.tidy(project.tests + "/sub/../link/../x") == project.tests + "/link/../x")
    #expect(LuaFileScope.tidy("a//b/./") == "a/b")
    #expect(LuaFileScope.tidy("/../x") == "/x")
    #expect(LuaFileScope.tidy("./") == ".")
  }

  @Test func theRootIsFoundOnlyForAFileOutsideTheFolder() throws {
    let project = try Project()
    var found = 0
    let scope = project.scope { found += 1 }
    try "x".write(toFile: project.tests + "/here.plist", atomically: true, encoding: .utf8)
    _ = try scope.locate("here.plist")
    #expect(found == 0)
    _ = try scope.locate("../Info.plist")
    _ = try scope.locate("../../app/Info.plist")
    #expect(found == 1)
  }

  @Test func outsideTheRootIsRefusedAsNamedOrThroughALink() throws {
    let project = try Project()
    try FileManager.default.createSymbolicLink(
      atPath: project.tests + "/link", withDestinationPath: project.base + "/outside/secret")
    try FileManager.default.createSymbolicLink(
      atPath: project.tests + "/inside", withDestinationPath: project.root + "/app/Info.plist")
    let scope = project.scope()
    let outside = { (throughLink: Bool) in
      LuaFileError.Reason.outsideRoot(root: project.root, note: "(test)", throughLink: throughLink)
    }
    #expect(throws: LuaFileError(file: project.base + "/outside/secret", reason: outside(false))) {
      try scope.locate("../../../outside/secret")
    }
    #expect(throws: LuaFileError(file: "/etc/passwd", reason: outside(false))) {
      try scope.locate("/etc/passwd")
    }
    #expect(throws: LuaFileError(file: project.tests + "/link", reason: outside(true))) {
      try scope.locate("link")
    }
    #expect(throws: LuaFileError(file: project.base + "/missing", reason: outside(false))) {
      try scope.locate("../../../missing")
    }
    #expect(try scope.locate("inside").real == project.root + "/app/Info.plist")
    #expect(try scope.locate(project.root + "/app/Info.plist").exists)
  }

  @Test func theMessageNamesTheFileTheRootAndHowToChangeIt() {
    let error = LuaFileError(
      file: "../../etc/passwd",
      reason: .outsideRoot(
        root: "/work/app", note: "(the nearest folder …); use --root to widen it",
        throughLink: false))
    #expect(
      error.description
        == "cannot open ../../etc/passwd: it is outside the project root /work/app (the nearest folder …); use --root to widen it"
    )
  }
}
