import CLua

extension LuaState {
  /// Compiles Lua source (text only: binary chunks are refused) into a function.
  ///
  /// - Parameter chunkName: as in `lua_load`: `@path` for files, `=name` for other sources.
  public func load(_ source: String, chunkName: String) throws -> LuaReference {
    try load(source, chunkName: chunkName, on: stack)
  }

  func load(_ source: String, chunkName: String, on stack: LuaStack) throws -> LuaReference {
    var source = source
    return try source.withUTF8 {
      try load(bytes: UnsafeRawBufferPointer($0), chunkName: chunkName, on: stack)
    }
  }

  func load(bytes: UnsafeRawBufferPointer, chunkName: String, on stack: LuaStack) throws
    -> LuaReference
  {
    let L = stack.L
    try stack.reserve()
    let status = luaL_loadbufferx(
      L, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, chunkName, "t")
    do {
      try stack.check(status)
    } catch var error as LuaError where error.kind == .syntax {
      error.location = ScriptLocation(syntaxError: error.message, chunkName: chunkName)
      // lua.c's test for input that more lines could complete.
      error.isIncomplete = error.message.utf8.reversed().starts(with: "<eof>".utf8.reversed())
      throw error
    }
    return try stack.popReference(handle: handle)
  }

  /// Compiles Lua source as `load(bytes:chunkName:on:)` does, through the process's cache of
  /// compiled chunks (`LuaChunkCache`): source this process compiled before is not parsed
  /// again. Errors are the same, word for word: source that does not compile is parsed here.
  /// `parsedFirstByTheState`: see `LuaChunkCache.binary`.
  func loadCompiled(
    bytes: UnsafeRawBufferPointer, chunkName: String, on stack: LuaStack,
    cache: LuaChunkCache = .shared, parsedFirstByTheState: Bool = false
  ) throws -> LuaReference {
    guard
      let binary = cache.binary(
        of: bytes, chunkName: chunkName, memoryCap: limits.memory,
        parsedFirstByTheState: parsedFirstByTheState)
    else { return try load(bytes: bytes, chunkName: chunkName, on: stack) }
    try stack.reserve()
    // Mode "b": the cache's own chunk, made from this very source (LuaChunkCache).
    let status = binary.withUnsafeBytes {
      luaL_loadbufferx(
        stack.L, $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count, chunkName, "b")
    }
    try stack.check(status)
    return try stack.popReference(handle: handle)
  }

  func loadCompiled(
    _ source: String, chunkName: String, on stack: LuaStack, cache: LuaChunkCache = .shared,
    parsedFirstByTheState: Bool = false
  ) throws -> LuaReference {
    var source = source
    return try source.withUTF8 {
      try loadCompiled(
        bytes: UnsafeRawBufferPointer($0), chunkName: chunkName, on: stack, cache: cache,
        parsedFirstByTheState: parsedFirstByTheState)
    }
  }

  /// Compiles Lua source that the host runs again and again (a scenario file, run once per
  /// explored path or named test) through the process's cache of compiled chunks; the same
  /// function, errors and line numbers as `load(_:chunkName:)`.
  public func loadCompiled(_ source: String, chunkName: String) throws -> LuaReference {
    try loadCompiled(source, chunkName: chunkName, on: stack)
  }

  /// Compiles Lua source read as bytes (text only: binary chunks are refused) into a function;
  /// `chunkName` as for `load(_:chunkName:)`.
  public func load(bytes: [UInt8], chunkName: String) throws -> LuaReference {
    try bytes.withUnsafeBytes { try load(bytes: $0, chunkName: chunkName, on: stack) }
  }

  /// Compiles a Lua source file through the process's cache of compiled chunks (a file run again
  /// with the same bytes is not parsed again); `displayName` is how messages name it (default:
  /// the path).
  public func load(file path: String, displayName: String? = nil) throws -> LuaReference {
    let name = displayName ?? path
    let source = try LuaSourceFile.read(path, displayName: name)
    return try source.withUnsafeBytes {
      try loadCompiled(bytes: $0, chunkName: "@" + name, on: stack)
    }
  }
}
