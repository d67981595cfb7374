import CLua
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Compiled Lua source, kept per process: the sandbox's prelude and the host's other Lua are
/// compiled once, and a scenario file run again (every path `lifescript explore` tries, every
/// round of `--repeat`, every named test) is not parsed again.
///
/// Source is compiled in a scratch Lua state of its own and kept as the binary chunk `lua_dump`
/// writes (with its debug information: chunk name, lines, local names), which a state then
/// loads with mode "b". Every state gets its chunk that way, compiled just now or long ago, so
/// its heap and its collector start a script the same in every run: the parser's garbage is
/// never in it. The loaded function is allocated in the state and counts against its memory
/// cap as before; parsing runs no instructions, so the instruction budget sees no change.
///
/// Only the host loads binary chunks, and only ones this cache made from source it was given:
/// scripts' `load`, `loadfile`, `dofile` and `require` still take text alone
/// (Documentation/Reference/sandbox.md). Source the scratch state cannot compile (a syntax
/// error, or more memory than the state's cap) is not cached: the state parses it itself, so
/// the error is exactly the one it always gave.
final class LuaChunkCache: Sendable {
  /// The process's cache, which states use unless told otherwise.
  static let shared = LuaChunkCache()

  /// The most compiled sources kept; the least recently used goes first. A suite of thousands
  /// of different files keeps a worker's memory flat.
  let capacity: Int
  /// Sources larger than this many bytes are compiled every time rather than kept.
  let largestKept: Int

  fileprivate struct Entry {
    let chunkName: String
    let source: [UInt8]
    /// Nil for a source seen once and parsed by its state (`parsedFirstByTheState`).
    var binary: [UInt8]?
  }

  private struct Contents {
    var entries: [Entry] = []
    var compilations = 0

    /// The entry of `source` under `chunkName`, made the most recently used; nil if none.
    mutating func take(_ source: UnsafeRawBufferPointer, _ chunkName: String) -> Entry? {
      guard let index = entries.firstIndex(where: { $0.matches(source, chunkName) }) else {
        return nil
      }
      let entry = entries.remove(at: index)
      entries.append(entry)
      return entry
    }

    mutating func keep(_ entry: Entry, capacity: Int) {
      // Another thread may have kept it meanwhile: keep one.
      entry.source.withUnsafeBytes { source in
        entries.removeAll { $0.matches(source, entry.chunkName) }
      }
      if entries.count >= capacity { entries.removeFirst(entries.count - capacity + 1) }
      entries.append(entry)
    }
  }

  private let contents = Mutex(Contents())

  init(capacity: Int = 16, largestKept: Int = 256 << 10) {
    self.capacity = max(1, capacity)
    self.largestKept = largestKept
  }

  /// How many sources this cache compiled in a scratch state.
  var compilations: Int { contents.withLock { $0.compilations } }
  /// How many sources it keeps now (compiled, or seen once).
  var count: Int { contents.withLock { $0.entries.count } }

  /// The binary chunk of `source` under `chunkName`, compiled now or earlier; nil when the
  /// scratch state could not compile it within `memoryCap` bytes (nil: no cap).
  ///
  /// With `parsedFirstByTheState`, a source not seen before is only noted, and nil returned:
  /// the state parses it, as cheaply as before for a process that runs it once, and the cache
  /// compiles it when it comes again. Only for a caller that collects the state's garbage
  /// right after (the sandbox's prelude): a full collection leaves the state's heap as a
  /// binary load would, to the byte (LuaChunkCacheTests pins it).
  func binary(
    of source: UnsafeRawBufferPointer, chunkName: String, memoryCap: Int?,
    parsedFirstByTheState: Bool = false
  ) -> [UInt8]? {
    let found = contents.withLock { contents -> Entry? in
      if let entry = contents.take(source, chunkName) { return entry }
      if parsedFirstByTheState, source.count <= largestKept {
        contents.keep(Entry(chunkName: chunkName, source: Array(source)), capacity: capacity)
      }
      return nil
    }
    if let binary = found?.binary { return binary }
    if found == nil, parsedFirstByTheState { return nil }
    guard let binary = compile(source, chunkName: chunkName, memoryCap: memoryCap) else {
      return nil
    }
    contents.withLock { contents in
      contents.compilations += 1
      guard source.count <= largestKept else { return }
      contents.keep(
        Entry(chunkName: chunkName, source: Array(source), binary: binary), capacity: capacity)
    }
    return binary
  }

  /// The state sources are compiled in, made at the first compilation and kept: the parser's
  /// garbage stays there, collected as it grows, never in a scenario's state.
  private let scratch = Mutex<ScratchState?>(nil)

  deinit {
    scratch.withLock { scratch in
      guard let state = scratch else { return }
      lua_close(state.L)
      state.budget.deallocate()
    }
  }

  /// Text source compiled in the scratch state (no libraries: parsing needs none) and dumped
  /// with its debug information; nil when it does not compile.
  private func compile(
    _ source: UnsafeRawBufferPointer, chunkName: String, memoryCap: Int?
  ) -> [UInt8]? {
    scratch.withLock { scratch -> [UInt8]? in
      if scratch == nil { scratch = ScratchState() }
      guard let state = scratch else { return nil }
      let L = state.L
      defer { lua_settop(L, 0) }
      // What the parse may take: the cap of the state that will run the chunk.
      let budget = state.budget
      // A cap near `Int.max` (an embedder's) saturates rather than overflows: it is no cap.
      budget.pointee.cap =
        memoryCap.map {
          let (cap, overflow) = budget.pointee.used.addingReportingOverflow(max(0, $0))
          return overflow ? Int.max : cap
        } ?? Int.max
      // luaL_loadbufferx is a protected call: a syntax or memory error is a status, no longjmp.
      let status = luaL_loadbufferx(
        L, source.baseAddress?.assumingMemoryBound(to: CChar.self), source.count, chunkName,
        "t")
      budget.pointee.cap = Int.max
      guard status == LUA_OK else { return nil }
      var output = DumpBuffer(capacity: source.count * 2)
      defer { output.base.deallocate() }
      // lua_dump only reads the function and calls the writer: it neither allocates nor raises.
      let written = withUnsafeMutablePointer(to: &output) { lua_dump(L, appendDumped, $0, 0) }
      guard written == 0 else { return nil }
      return Array(UnsafeRawBufferPointer(start: output.base, count: output.count))
    }
  }
}

/// The scratch state and its allocation budget; used only under the cache's lock.
private struct ScratchState: @unchecked Sendable {
  let L: OpaquePointer
  let budget: UnsafeMutablePointer<ScratchBudget>

  init?() {
    budget = .allocate(capacity: 1)
    budget.initialize(to: ScratchBudget())
    guard let L = lua_newstate(scratchAllocate, budget) else {
      budget.deallocate()
      return nil
    }
    self.L = L
  }
}

extension LuaChunkCache.Entry {
  /// memcmp, not `elementsEqual`: a byte at a time, comparing the 12 KiB prelude took a
  /// tenth of a millisecond of every scenario.
  fileprivate func matches(_ source: UnsafeRawBufferPointer, _ chunkName: String) -> Bool {
    guard self.source.count == source.count, self.chunkName == chunkName else { return false }
    guard let other = source.baseAddress, !source.isEmpty else { return true }
    return self.source.withUnsafeBytes { memcmp($0.baseAddress!, other, source.count) == 0 }
  }
}

/// The scratch state's allocation budget: bytes in use, and the most it may have now.
private struct ScratchBudget {
  var cap = Int.max
  var used = 0
}

/// Where lua_dump writes a chunk.
private struct DumpBuffer {
  var base: UnsafeMutableRawPointer
  var count = 0
  var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = .allocate(byteCount: self.capacity, alignment: 1)
  }
}

private func scratchAllocate(
  _ userData: UnsafeMutableRawPointer?, _ block: UnsafeMutableRawPointer?, _ oldSize: Int,
  _ newSize: Int
) -> UnsafeMutableRawPointer? {
  let budget = userData!.assumingMemoryBound(to: ScratchBudget.self)
  let old = block == nil ? 0 : oldSize
  if newSize == 0 {
    free(block)
    budget.pointee.used -= old
    return nil
  }
  if newSize > old, budget.pointee.used - old + newSize > budget.pointee.cap { return nil }
  guard let moved = realloc(block, newSize) else { return nil }
  budget.pointee.used += newSize - old
  return moved
}

private func appendDumped(
  _ L: OpaquePointer?, _ bytes: UnsafeRawPointer?, _ count: Int, _ output: UnsafeMutableRawPointer?
) -> Int32 {
  guard count > 0, let bytes else { return 0 }
  let buffer = output!.assumingMemoryBound(to: DumpBuffer.self)
  if buffer.pointee.count + count > buffer.pointee.capacity {
    let capacity = max(buffer.pointee.capacity * 2, buffer.pointee.count + count)
    let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
    grown.copyMemory(from: buffer.pointee.base, byteCount: buffer.pointee.count)
    buffer.pointee.base.deallocate()
    buffer.pointee.base = grown
    buffer.pointee.capacity = capacity
  }
  (buffer.pointee.base + buffer.pointee.count).copyMemory(from: bytes, byteCount: count)
  buffer.pointee.count += count
  return 0
}
