import Foundation
import Testing

/// Lua seeds its string hashes per state from addresses and the time, so without the sandbox's
/// `pairs` and `next` a string-keyed table's order changed from run to run
/// (Documentation/Reference/sandbox.md#iteration-order).
@Suite struct IterationOrderTests {
  static let names = [
    "window", "scene", "delegate", "root", "alpha", "zeta", "beta", "gamma", "delta", "epsilon",
    "eta", "theta", "iota", "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi",
  ]

  static let script = """
    local t = { 30, 10, 20, [2.5] = "half", [-1] = "minus", [true] = "yes", [false] = "no" }
    for _, name in ipairs { \(names.map { "\"\($0)\"" }.joined(separator: ", ")) } do
      t[name] = #name
    end
    local keys = {}
    for key in pairs(t) do keys[#keys + 1] = tostring(key) end
    print("pairs", table.concat(keys, " "))
    keys = {}
    local key = next(t)
    while key ~= nil do
      keys[#keys + 1] = tostring(key)
      if key == "beta" then t.gamma = nil end -- clearing a field while traversing is allowed
      key = next(t, key)
    end
    print("next", table.concat(keys, " "))
    print("empty", next({}))
    print("__pairs", pairs(setmetatable({}, { __pairs = function() return "custom" end })))
    print(pcall(next, {}, "absent"))
    print(pcall(pairs, nil))
    pairs(42)
    """

  @Test func pairsAndNextGiveOneOrderInEveryRun() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lifescript-order-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.script.write(
      to: folder.appendingPathComponent("order.lua"), atomically: true, encoding: .utf8)

    let strings = Self.names.sorted().joined(separator: " ")
    let withoutGamma = Self.names.sorted().filter { $0 != "gamma" }.joined(separator: " ")
    let expected = """
      pairs\t-1 1 2 2.5 3 \(strings) false true
      next\t-1 1 2 2.5 3 \(withoutGamma) false true
      empty\tnil
      __pairs\tcustom\tnil\tnil
      false\tinvalid key to 'next'
      false\tbad argument #1 to 'pairs' (table expected, got nil)

      """
    for _ in 1...10 {
      let result = try CommandLine.run(["run", "order.lua"], in: folder)
      #expect(result.output == expected)
      #expect(result.status == 2)
      #expect(
        result.error.hasPrefix(
          "order.lua:20: bad argument #1 to 'pairs' (table expected, got number)"),
        "\(result.error)")
    }
  }
}
