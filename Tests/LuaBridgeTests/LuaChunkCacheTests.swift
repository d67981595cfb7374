import Foundation
import Testing

@testable import LuaBridge

/// The process's cache of compiled chunks (LuaChunkCache): source is parsed once, and what a
/// state gets from the cache behaves, fails and reports exactly as source it parsed itself.
@Suite struct LuaChunkCacheTests {
  /// `source` loaded through `cache` as a host's file would be.
  func compiled(
    _ state: LuaState, _ source: String, name: String = "@scenario.lua", cache: LuaChunkCache
  ) throws -> LuaReference {
    var source = source
    return try source.withUTF8 {
      try state.loadCompiled(
        bytes: UnsafeRawBufferPointer($0), chunkName: name, on: state.stack, cache: cache)
    }
  }

  /// The error `body` throws, as a LuaError.
  func error(_ body: () throws -> Void) -> LuaError? {
    do {
      try body()
      return nil
    } catch let error as LuaError {
      return error
    } catch {
      return LuaError(.runtime, "unexpected error type: \(error)")
    }
  }

  @Test func sourceRunAgainIsCompiledOnceAndRunsTheSame() throws {
    let cache = LuaChunkCache()
    let source = "local n = ...\nreturn n * 2, debug.getinfo(1, 'S').source"
    for run in 1...3 {
      let state = try makeState()
      let results = try state.call(try compiled(state, source, cache: cache), [.integer(21)])
      #expect(results.map(\.description) == ["42", "@scenario.lua"], "run \(run)")
    }
    #expect(cache.compilations == 1)
    #expect(cache.count == 1)
  }

  @Test func errorsAndTracebacksNameTheSameLinesFromACachedChunk() throws {
    let cache = LuaChunkCache()
    let source =
      "local function inner()\n  error('boom')\nend\n\nlocal function outer() inner() end\nouter()"
    var seen: [LuaError] = []
    for _ in 1...2 {
      let state = try makeState()
      let chunk = try compiled(state, source, cache: cache)
      seen.append(try #require(error { try state.call(chunk) }))
    }
    let parsed = try makeState()
    let plain = try #require(
      error { try parsed.call(try parsed.load(source, chunkName: "@scenario.lua")) })
    for error in seen {
      #expect(error.message == "scenario.lua:2: boom")
      #expect(error.location == plain.location)
      #expect(error.traceback == plain.traceback)
    }
    #expect(cache.compilations == 1)
  }

  @Test func aChangedSourceIsCompiledAgain() throws {
    let cache = LuaChunkCache()
    let state = try makeState()
    #expect(try state.call(try compiled(state, "return 1", cache: cache)).first?.asInteger == 1)
    #expect(try state.call(try compiled(state, "return 2", cache: cache)).first?.asInteger == 2)
    // One byte more at the end: not a prefix match.
    #expect(try state.call(try compiled(state, "return 2 ", cache: cache)).first?.asInteger == 2)
    #expect(try state.call(try compiled(state, "return 1", cache: cache)).first?.asInteger == 1)
    #expect(cache.compilations == 3)
  }

  @Test func theSameSourceUnderAnotherNameIsItsOwnChunk() throws {
    let cache = LuaChunkCache()
    let state = try makeState()
    let source = "error('where')"
    let first = error { try state.call(try compiled(state, source, name: "@a.lua", cache: cache)) }
    let second = error { try state.call(try compiled(state, source, name: "@b.lua", cache: cache)) }
    #expect(first?.message == "a.lua:1: where")
    #expect(second?.message == "b.lua:1: where")
    #expect(cache.compilations == 2)
  }

  /// Malformed, deeply nested and hostile sources and names: not cached, and the error is the
  /// one the state's own parser gives, word for word.
  @Test(arguments: [
    ("x = = 1", "@scenario.lua"),
    ("local s = 'unfinished", "@scenario.lua"),
    (
      "return " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300),
      "@deep.lua"
    ),
    ("return {" + String(repeating: "{", count: 250) + "}", "@deep.lua"),
    ("\u{1B}Lua", "@binary-looking.lua"),
    ("goto nowhere", "@" + String(repeating: "long/", count: 200) + "name.lua"),
    ("return 1 +", "=\u{1B}\n\0name"),
  ])
  func sourceThatDoesNotCompileFailsAsTheParserSays(source: String, name: String) throws {
    let cache = LuaChunkCache()
    let state = try makeState()
    let cached = try #require(error { _ = try compiled(state, source, name: name, cache: cache) })
    let plain = try #require(error { _ = try state.load(source, chunkName: name) })
    #expect(cached.kind == plain.kind)
    #expect(cached.message == plain.message)
    #expect(cached.location == plain.location)
    #expect(cached.isIncomplete == plain.isIncomplete)
    #expect(cache.compilations == 0)
    #expect(cache.count == 0)
  }

  @Test func aScriptStillCannotLoadABinaryChunk() throws {
    let cache = LuaChunkCache()
    let state = try makeState(sandbox: LuaSandbox())
    let source = "local ok, message = load(string.dump(function() end)) return ok, message"
    let results = try state.call(try compiled(state, source, cache: cache))
    #expect(results.map(\.description) == ["nil", "attempt to load a binary chunk (mode is 't')"])
  }

  @Test func aCachedChunkCountsAgainstTheMemoryCap() throws {
    let cache = LuaChunkCache()
    let source = "return '" + String(repeating: "x", count: 300_000) + "'"
    let roomy = try makeState(limits: .none)
    let before = roomy.memoryInUse
    let chunk = try compiled(roomy, source, cache: cache)
    #expect(roomy.memoryInUse - before > 300_000)
    _ = chunk
    #expect(cache.compilations == 1)
    // The compiled chunk is there, but this state's heap cannot take it.
    let small = try makeState(limits: LuaState.Limits(memory: 128 << 10))
    let refused = try #require(error { _ = try compiled(small, source, cache: cache) })
    #expect(refused.kind == .memoryLimit)
    #expect(refused.message == "not enough memory")
    #expect(cache.compilations == 1)
  }

  @Test func sourceTooBigToCompileUnderTheCapFailsAsBefore() throws {
    let cache = LuaChunkCache()
    let source = "return '" + String(repeating: "x", count: 300_000) + "'"
    let state = try makeState(limits: LuaState.Limits(memory: 128 << 10))
    let cached = try #require(error { _ = try compiled(state, source, cache: cache) })
    let other = try makeState(limits: LuaState.Limits(memory: 128 << 10))
    let plain = try #require(error { _ = try other.load(source, chunkName: "@scenario.lua") })
    #expect(cached.kind == .memoryLimit)
    #expect(cached.kind == plain.kind)
    #expect(cached.message == plain.message)
    #expect(cache.count == 0)
  }

  /// A state starts a script with the same heap whether its chunk was compiled now or taken
  /// from the cache: the parser's garbage is never in it.
  @Test func aStateHoldsTheSameBytesWhetherItsChunkWasCachedOrNot() throws {
    let cache = LuaChunkCache()
    let source = "local t = {}\nfor i = 1, 10 do t[i] = 'item ' .. i end\nreturn #t"
    var used: [Int] = []
    for _ in 1...2 {
      let state = try makeState()
      _ = try compiled(state, source, cache: cache)
      used.append(state.memoryInUse)
    }
    #expect(used[0] == used[1])
    #expect(cache.compilations == 1)
  }

  @Test func theLeastRecentlyUsedSourceGoesWhenTheCacheIsFull() throws {
    let cache = LuaChunkCache(capacity: 2)
    let state = try makeState()
    for source in ["return 1", "return 2", "return 1", "return 3"] {
      _ = try compiled(state, source, cache: cache)
    }
    #expect(cache.compilations == 3)  // "return 1" was used again before "return 3" came
    #expect(cache.count == 2)
    _ = try compiled(state, "return 2", cache: cache)  // gone: compiled again
    #expect(cache.compilations == 4)
    _ = try compiled(state, "return 3", cache: cache)
    #expect(cache.compilations == 4)
  }

  @Test func aSourceLargerThanTheLargestKeptIsCompiledEveryTime() throws {
    let cache = LuaChunkCache(largestKept: 64)
    let state = try makeState()
    let source = "return '" + String(repeating: "y", count: 100) + "'"
    for _ in 1...2 {
      #expect(
        try state.call(try compiled(state, source, cache: cache)).first?.asString?.count == 100)
    }
    #expect(cache.compilations == 2)
    #expect(cache.count == 0)
  }

  @Test func aFileRewrittenBetweenRunsRunsItsNewContents() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/changing.lua"
    try "return 'first'".write(toFile: path, atomically: true, encoding: .utf8)
    let state = try makeState()
    #expect(try state.call(try state.load(file: path)).first?.asString == "first")
    try "return 'second'".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(try state.call(try state.load(file: path)).first?.asString == "second")
    try "return 'first'".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(try state.call(try state.load(file: path)).first?.asString == "first")
  }

  @Test func aBinaryScenarioFileIsStillRefused() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/compiled.lua"
    let dumper = try makeState()
    let dumped = try #require(
      try evaluate(dumper, "return string.dump(function() return 1 end)").asString)
    try Data(dumped.utf8).write(to: URL(fileURLWithPath: path))
    let state = try makeState()
    let refused = try #require(error { _ = try state.load(file: path) })
    #expect(refused.kind == .file)
    #expect(refused.message.contains("precompiled (binary) Lua chunks are not accepted"))
  }

  /// The prelude: the first state parses it, the second compiles it into the cache, the third
  /// loads it; after install's collection all three hold the very same bytes, and behave alike.
  @Test func theSandboxPreludeLeavesTheSameHeapParsedOrLoaded() throws {
    let cache = LuaChunkCache()
    var used: [Int] = []
    var compilations: [Int] = []
    for _ in 1...3 {
      let state = try LuaState()
      try state.install(LuaSandbox(), cache: cache)
      used.append(state.memoryInUse)
      compilations.append(cache.compilations)
      let keys = try state.run(
        "local k = {} for key in pairs(os) do k[#k + 1] = key end return table.concat(k, ' ')")
      #expect(keys.first?.asString == "clock date difftime time")
    }
    #expect(used[0] == used[1])
    #expect(used[1] == used[2])
    #expect(compilations == [0, 1, 1])
  }

  @Test func aSourceParsedFirstByTheStateIsCompiledTheSecondTime() throws {
    let cache = LuaChunkCache()
    let source = "return 'host'"
    var bytes = Array(source.utf8)
    let first = bytes.withUnsafeBytes {
      cache.binary(of: $0, chunkName: "=host", memoryCap: nil, parsedFirstByTheState: true)
    }
    #expect(first == nil)
    #expect(cache.count == 1)
    #expect(cache.compilations == 0)
    for _ in 1...2 {
      let state = try makeState()
      let chunk = try state.loadCompiled(
        source, chunkName: "=host", on: state.stack, cache: cache, parsedFirstByTheState: true)
      #expect(try state.call(chunk).first?.asString == "host")
    }
    #expect(cache.compilations == 1)
    bytes.append(0x20)
    #expect(
      bytes.withUnsafeBytes {
        cache.binary(of: $0, chunkName: "=host", memoryCap: nil, parsedFirstByTheState: true)
      } == nil)
  }
}
