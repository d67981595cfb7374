import Testing

@testable import LuaBridge

/// The state's allocator cuts small blocks from chunks by size class and gives the chunks back
/// when the state closes (clua_alloc.c, "Small blocks"); these pin what Lua relies on.
@Suite struct LuaAllocatorTests {
  /// Growing and shrinking moves blocks between classes, and from classes to malloc and back.
  @Test func blocksKeepTheirContentsAcrossSizeClasses() throws {
    let state = try makeState()
    let results = try state.run(
      """
      local t, h = {}, {}
      for i = 1, 600 do
        t[i] = i * 3
        h["key" .. i] = -i
      end
      for i = 600, 1, -1 do
        assert(t[i] == i * 3 and h["key" .. i] == -i, i)
        t[i], h["key" .. i] = nil, nil
        if i % 50 == 0 then collectgarbage() end
      end
      local pieces = {}
      for n = 1, 300 do pieces[n] = string.rep(string.char(64 + n % 26), n) end
      local function depth(n) if n == 0 then return 0 end return 1 + depth(n - 1) end
      local co = coroutine.wrap(function() return depth(500) end)
      return #table.concat(pieces), depth(2000), co(), next(t), next(h)
      """, chunkName: "=sizes")
    #expect(results.map(\.description) == ["45150", "2000", "500", "nil", "nil"])
  }

  @Test func closingTheStateGivesEveryBlockBack() throws {
    let state = try makeState()
    _ = try state.run(
      "local keep = {} for i = 1, 10000 do keep[i] = { i, tostring(i) } end return #keep",
      chunkName: "=many")
    #expect(state.memoryInUse > 10000 * 32)
    // 10,000 small tables and strings take several 64 KiB chunks.
    #expect(state.smallBlockChunks > (LuaState.poolsSmallBlocks ? 4 : -1))
    state.close()
    #expect(state.memoryInUse == 0)
    #expect(state.smallBlockChunks == 0)
  }

  /// Freed blocks are taken again by the next allocations of their class: garbage made and
  /// collected over and over takes no new chunks.
  @Test func freedBlocksAreReused() throws {
    let state = try makeState()
    let churn = try state.load(
      "local t = {} for i = 1, 5000 do t[i] = { i } end t = nil collectgarbage()",
      chunkName: "=churn")
    _ = try state.call(churn)
    let chunks = state.smallBlockChunks
    for _ in 1...20 { _ = try state.call(churn) }
    #expect(state.smallBlockChunks == chunks)
  }
}
