import Foundation
import LuaBridge
import Scenarios
import Testing

/// The project root: which folder above a scenario is its root, and `--root`.
@Suite struct ProjectRootTests {
  /// `base/outer/app/LifecycleTests`, in a scratch folder; markers are created by each test
  /// (no `.git` is committed to this repository).
  final class Layout {
    let base: String
    var outer: String { base + "/outer" }
    var app: String { outer + "/app" }
    var tests: String { app + "/LifecycleTests" }

    init() throws {
      base =
        URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("lifescript-root-" + UUID().uuidString)
        .resolvingSymlinksInPath().path
      try FileManager.default.createDirectory(atPath: tests, withIntermediateDirectories: true)
    }

    func folder(_ path: String) throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ path: String) throws {
      try "".write(toFile: path, atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }
  }

  /// Whether a folder above the scratch folders has a marker of its own (then "no marker"
  /// cannot be tested here).
  static let temporaryFolderHasNoRootAbove: Bool = {
    var folder = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath()
    while true {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      if names.contains(where: {
        [".git", "Package.swift", "lifescript.lua"].contains($0) || $0.hasSuffix(".xcodeproj")
      }) {
        return false
      }
      if folder.path == "/" { return true }
      folder.deleteLastPathComponent()
    }
  }()

  @Test(arguments: [
    ".git folder", ".git file", "MyApp.xcodeproj", "Package.swift", "lifescript.lua",
  ])
  func eachMarkerMakesItsFolderTheRoot(marker: String) throws {
    let layout = try Layout()
    switch marker {
    case ".git folder": try layout.folder(layout.app + "/.git")
    case ".git file": try layout.file(layout.app + "/.git")  // a submodule's or worktree's
    case "MyApp.xcodeproj": try layout.folder(layout.app + "/MyApp.xcodeproj")
    default: try layout.file(layout.app + "/" + marker)
    }
    let root = ProjectRoot.find(above: layout.tests)
    #expect(root.path == layout.app)
    #expect(root.display == layout.app)
    // A root lifescript.lua marks is changed there: its `root` key.
    let change =
      marker == "lifescript.lua"
      ? "set root in \(layout.app)/lifescript.lua, or use --root to widen it"
      : "use --root to widen it"
    #expect(
      root.note
        == "(the nearest folder above the scenario with .git, an .xcodeproj, Package.swift or lifescript.lua); \(change)"
    )
  }

  @Test func theNearestMarkedFolderWinsAndTheScenariosOwnCounts() throws {
    let layout = try Layout()
    try layout.folder(layout.outer + "/.git")
    try layout.file(layout.app + "/Package.swift")
    #expect(ProjectRoot.find(above: layout.tests).path == layout.app)
    try layout.file(layout.tests + "/lifescript.lua")
    #expect(ProjectRoot.find(above: layout.tests).path == layout.tests)
  }

  /// A file named like a project, or a `Package.swift` folder, marks nothing.
  @Test func onlyAProjectFolderAndAManifestFileMark() throws {
    let layout = try Layout()
    try layout.folder(layout.outer + "/.git")
    try layout.file(layout.app + "/Notes.xcodeproj")
    try layout.folder(layout.app + "/Package.swift")
    #expect(ProjectRoot.find(above: layout.tests).path == layout.outer)
  }

  @Test(.enabled(if: temporaryFolderHasNoRootAbove))
  func withoutAMarkerTheRootIsTheScenariosFolder() throws {
    let layout = try Layout()
    let root = ProjectRoot.find(above: layout.tests)
    #expect(root.path == layout.tests)
    #expect(
      root.note
        == "(the scenario's folder: no folder above it has .git, an .xcodeproj, Package.swift or lifescript.lua); use --root to widen it"
    )
  }

  /// Paths below the root are shown from the current directory, as the user names them.
  @Test func aRootAboveARelativeFolderIsShownRelative() throws {
    let layout = try Layout()
    try layout.file(layout.outer + "/Package.swift")
    let current = FileManager.default.currentDirectoryPath
    let up = String(repeating: "../", count: current.split(separator: "/").count)
    let root = ProjectRoot.find(above: up + layout.tests.dropFirst())
    #expect(root.display == up + layout.outer.dropFirst())
    #expect(root.path == layout.outer)
  }

  @Test func aGivenRootMustBeAFolderThatHoldsTheScenario() throws {
    let layout = try Layout()
    try layout.file(layout.app + "/Package.swift")
    #expect(throws: ProjectRoot.Problem.self) { try ProjectRoot.given(layout.base + "/nope") }
    #expect(throws: ProjectRoot.Problem.self) {
      try ProjectRoot.given(layout.app + "/Package.swift")
    }
    let given = try ProjectRoot.given(layout.outer + "/./app/..")
    #expect(given.path == layout.outer)
    #expect(given.note == "(given with --root); use --root to widen it")
    #expect(ProjectRoot.contains(given, folder: layout.tests))
    #expect(!ProjectRoot.contains(given, folder: layout.base))
    #expect(throws: ProjectRoot.Problem.self) {
      try ProjectRoot.scope(folder: layout.base, root: layout.app)
    }
    #expect(
      try ProjectRoot.scope(folder: layout.tests, root: layout.outer).root.path == layout.outer)
  }

  /// Directory entries are read by name up to its NUL: glibc's entries are as long as their
  /// names, and copying the whole `d_name` array read past the end of the directory's buffer
  /// (AddressSanitizer: heap-buffer-overflow in `hasMarker`, found by the scenario fuzzer with a
  /// scenario in /tmp). Names of every length from 1 to 255 bytes, so some entry ends at the end
  /// of a buffer, and a project folder among them.
  @Test func readsEveryEntryNameOfEveryLength() throws {
    let layout = try Layout()
    var expected: Set<String> = []
    for length in 1...255 {
      let name = String(repeating: "n", count: length - 1) + String(length % 10)
      try layout.file(layout.tests + "/" + name)
      expected.insert(name)
    }
    #expect(!ProjectRoot.hasMarker(layout.tests))
    let directory = try #require(opendir(layout.tests))
    defer { closedir(directory) }
    var names: Set<String> = []
    while let entry = readdir(directory) {
      names.insert(String(decoding: FileSystem.name(of: entry), as: UTF8.self))
    }
    #expect(names == expected.union([".", ".."]))
    try layout.folder(layout.tests + "/" + String(repeating: "p", count: 245) + ".xcodeproj")
    #expect(ProjectRoot.hasMarker(layout.tests))
  }
}
