import AppLifecycle
import Foundation
import Scenarios
import Testing

/// `Class.method(receiver, ...)` runs the implementation instances of that class run, on the
/// receiver the script passes (Documentation/Reference/scenario-language.md#classes). A receiver
/// that is not an instance of the class gets what Objective-C gives a message its receiver does
/// not implement, never a crash: the native implementations work on their own class's state.
@Suite struct ClassQualifiedCallTests {
  /// Every member implemented in Swift that a class object offers to Lua: its class, its Lua
  /// name and the selector that name resolves to.
  struct Member {
    let className: String
    let luaName: String
    let selector: String
  }

  static func nativeMembers() throws -> [Member] {
    let runtime = try Scenario(folder: nil, output: { _ in }).runtime
    var members: [Member] = []
    for cls in runtime.allClasses {
      for selector in cls.selectors.sorted(by: { $0.name < $1.name }) {
        guard case .native = cls.lookUp(selector)?.0 else { continue }
        // The selector a Lua name resolves to, as `Class.name` finds it.
        let luaName = SelectorSpelling.luaName(of: selector.name)
        let resolved = cls.selectors.filter { SelectorSpelling.luaName(of: $0.name) == luaName }
        guard resolved.count == 1 else { continue }
        members.append(Member(className: cls.name, luaName: luaName, selector: selector.name))
      }
    }
    return members
  }

  /// Receivers of the wrong class or of no class at all, as Lua source.
  static let receivers = ["NSObject.new()", "Stranger.new()", "'a string'", "42", "{}", "nil"]

  /// What calling `member` on `receiver` raises; nil when the receiver is of the member's
  /// class (NSObject's own methods on an NSObject), so the member is not tried with it.
  static func error(calling member: Member, on receiver: String) -> String? {
    switch receiver {
    case "NSObject.new()", "Stranger.new()":
      guard member.className != "NSObject" else { return nil }
      let className = receiver.prefix { $0 != "." }
      return
        "NSInvalidArgumentException: -[\(className) \(member.selector)]: unrecognized selector sent to instance"
    case "'a string'": return "bad argument #1 to '?' (object expected, got string)"
    case "42": return "bad argument #1 to '?' (object expected, got number)"
    case "{}": return "bad argument #1 to '?' (object expected, got table)"
    default: return "bad argument #1 to '?' (object expected, got nil)"
    }
  }

  @Test func aClassQualifiedCallOnAReceiverOfAnotherClassIsAnErrorNotACrash() throws {
    let members = try Self.nativeMembers()
    #expect(members.count > 150)
    var script = """
      Stranger = class("Stranger", NSObject)
      local function try(cls, name, receiver)
        local ok, message = pcall(cls[name], receiver)
        message = tostring(message):gsub(" 0x%x+$", "")
        print(ok and "no error" or message)
      end

      """
    var expected = ""
    for member in members {
      for source in Self.receivers {
        guard let message = Self.error(calling: member, on: source) else { continue }
        script += "try(\(member.className), \"\(member.luaName)\", \(source))\n"
        expected += message + "\n"
      }
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-qualified-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try script.write(
      to: folder.appendingPathComponent("qualified.lua"), atomically: true, encoding: .utf8)

    let result = try CommandLine.run(["run", "qualified.lua"], in: folder)
    #expect(result.status == 0, "\(result.error)")
    let got = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(got.count == want.count)
    // One expectation per differing line, naming the call, rather than one unreadable diff.
    let calls = script.split(separator: "\n").filter { $0.hasPrefix("try(") }
    for (index, (line, wanted)) in zip(got, want).enumerated() where line != wanted {
      Issue.record("\(calls[index]): \(line), expected \(wanted)")
    }
  }
}
