import Foundation
import Testing

@testable import Scenarios

/// `FileSystem.writeAll`: several files written all at once, or none (issue 29, R20).
@Suite struct FileSystemTests {
  func scratch() throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-write-all-" + UUID().uuidString).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  func names(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test func everyFileIsWrittenAndNoTemporaryIsLeft() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "old\n".write(toFile: folder + "/b.lua", atomically: true, encoding: .utf8)
    try FileSystem.writeAll([(folder + "/a.lua", "a\n"), (folder + "/b.lua", "b\n")])
    #expect(try names(folder) == ["a.lua", "b.lua"])
    #expect(try String(contentsOfFile: folder + "/b.lua", encoding: .utf8) == "b\n")
  }

  /// A special file among the destinations is refused before any file is written.
  @Test func aFIFOAmongTheDestinationsWritesNothing() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(mkfifo(folder + "/b.lua", 0o644) == 0)
    do {
      try FileSystem.writeAll([(folder + "/a.lua", "a\n"), (folder + "/b.lua", "b\n")])
      Issue.record("writeAll did not fail")
    } catch {
      #expect(
        error.failure.message
          == "cannot write \(folder)/b.lua: it is a FIFO (named pipe), not a regular file")
      #expect(error.written == [])
    }
    #expect(try names(folder) == ["b.lua"])
  }

  /// When a file cannot be put in place after every file was written beside its place, the
  /// failure names the files already in place, and no temporary file is left.
  @Test func aFailureWhilePuttingFilesInPlaceSaysWhichWereWritten() throws {
    let folder = try scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var renames = 0
    do {
      try FileSystem.writeAll(
        [(folder + "/a.lua", "a\n"), (folder + "/b.lua", "b\n"), (folder + "/c.lua", "c\n")],
        renaming: { from, to in
          renames += 1
          if renames == 2 {
            errno = EIO
            return -1
          }
          return rename(from, to)
        })
      Issue.record("writeAll did not fail")
    } catch {
      #expect(error.failure.message == "cannot write \(folder)/b.lua: Input/output error")
      #expect(error.written == [folder + "/a.lua"])
    }
    #expect(try names(folder) == ["a.lua"])
  }
}
