import CLua
import CLuaShim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The environment scripts run in: deterministic and closed unless the host opens it.
///
/// - `os.time`, `os.clock` and `os.date` follow `clock` (virtual seconds since the start) from
///   `epoch`; dates are UTC, so output does not depend on the machine's time zone.
/// - `math.random` is seeded from `seed`; `math.randomseed()` without arguments reseeds with it.
/// - `io`, `os.execute`, `os.exit`, `os.getenv`, `os.remove`, `os.rename`, `os.tmpname`,
///   `package.loadlib`, `package.searchpath` (it opens any path on the machine, and waits on a
///   FIFO) and C modules exist only with `allowIO`.
/// - `require`, `loadfile` and `dofile` read Lua source under `files`' root only (`require`
///   looks in its folder, then in the root); `load` and every file loader refuse binary chunks.
/// - `debug` keeps its read-only functions (`traceback`, `getinfo`, `getlocal`, `gethook`): the
///   rest could remove the instruction hook or reach the registry.
/// - `print` writes through `output`.
/// - A table's `__gc` metamethod runs in a coroutine, so the instruction budget stops a
///   finalizer that loops (Lua runs finalizers with hooks off), also one assigned to the
///   metatable after `setmetatable`. Hosts still need a wall-clock guard for C library calls
///   that never return (see `LuaWatchdog`).
public struct LuaSandbox {
  public var seed: Int = 0
  public var clock: () -> Double = { 0 }
  /// Seconds since 1970 at virtual time zero (default 2026-01-01T00:00:00Z).
  public var epoch: Int = 1_767_225_600
  public var allowIO = false
  /// Where `require`, `loadfile` and `dofile` find files; nil: nowhere.
  public var files: LuaFileScope?
  public var output: (String) -> Void = { text in
    var text = text
    text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, clua_stdout()) }
  }

  public init() {}

  /// Makes the default `output` write each line as it is printed rather than when its buffer
  /// fills, for a host whose process may be killed mid-scenario (a suite's worker).
  public static func writeOutputPerLine() {
    setvbuf(clua_stdout(), nil, _IOLBF, 0)
  }
}

extension LuaState {
  /// Replaces the standard environment's unsafe and non-deterministic parts; see `LuaSandbox`.
  public func install(_ sandbox: LuaSandbox) throws {
    try install(sandbox, cache: .shared)
  }

  /// `install(_:)` with the prelude compiled through `cache`.
  func install(_ sandbox: LuaSandbox, cache: LuaChunkCache) throws {
    let clock = sandbox.clock
    let epoch = sandbox.epoch
    let files = sandbox.files
    let host = try table(fields: [
      "now": .function(try function { call in try call.push(epoch + Int(clock().rounded(.down))) }),
      "clock": .function(try function { call in try call.push(clock()) }),
      "print": .function(
        try function { call in
          var line = ""
          for index in 1...max(call.argumentCount, 1) where index <= call.argumentCount {
            if index > 1 { line += "\t" }
            line += try call.describe(index)
          }
          sandbox.output(line + "\n")
        }),
      "searcher": .function(try function { call in try searchModule(&call, files: files) }),
      // In C: a Swift function's return would place an unplaced memory stop at the finalizer
      // that asks (see clua_limit_reached).
      "exhausted": .function(try cFunction(clua_limit_reached)),
      "stopped": .function(
        try function { call in
          try call.push(call.state.finalizerFailed(in: call.thread(1), on: call.stack))
        }),
      "loadfile": .function(try function { call in try loadConfinedFile(&call, files: files) }),
    ])
    if case .function(let next) = try global("next") { rawNext = next }
    // A process that makes one state parses the prelude in it, as cheaply as ever; the next
    // states load it compiled. The collection below makes the two the same heap.
    let prelude = try loadCompiled(
      Self.sandboxPrelude, chunkName: LuaState.hostChunk, on: stack, cache: cache,
      parsedFirstByTheState: true)
    try call(prelude, [.table(host), .boolean(sandbox.allowIO), .integer(sandbox.seed)])
    // What setting up left behind goes now, not during the script (in a finalizer run after a
    // limit, say): the script starts from the same collector state whatever the prelude made.
    // A host whose collector waits through its set-up collects at its end (resumeCollector).
    if !isCollectorPaused { collectGarbage() }
  }

  private static let sandboxPrelude = """
    local host, allow_io, seed = ...
    local G, package, select, error, type, ipairs = _G, package, select, error, type, ipairs
    local load, os_date, string_sub, tointeger = load, os.date, string.sub, math.tointeger
    local randomseed, real_os, real_debug = math.randomseed, os, debug
    local setmetatable, rawget, rawset = setmetatable, rawget, rawset
    local create, resume = coroutine.create, coroutine.resume
    local pcall, string_match, tostring = pcall, string.match, tostring

    -- The results of pcall(f, ...) for a wrapper named `name`, called in a tail call (so that
    -- level 2 is the script that called the wrapper): f's errors as if the script had called
    -- the library function itself, at its line and naming the function as it knows it.
    local function checked(name, ok, ...)
      if ok then return ... end
      local message = ...
      local number, rest
      if type(message) == "string" then
        number, rest = string_match(message, "^bad argument #(%d+) to '[^']*'(.*)$")
      end
      if number == nil then error(message, 0) end
      error("bad argument #" .. number .. " to '" .. name .. "'" .. rest, 2)
    end

    -- Lua runs finalizers with hooks off, out of reach of the instruction budget, and it calls
    -- the __gc a metatable has when the object is collected: one assigned after setmetatable
    -- too. So no table gets Lua's finalizer mark: setmetatable with a __gc gives the table a
    -- sentinel that only the sandbox reaches (kept while the table lives, and collected with
    -- it), whose own finalizer runs the table's __gc as it is then, in a fresh coroutine where
    -- the budget applies. Its errors become warnings, as in any finalizer; a limit that stops
    -- it ends the scripts as any limit does (host.stopped keeps it, for a finalizer run as the
    -- state closes), so it is not a warning too.
    local getmetatable_raw = real_debug.getmetatable
    local function finalize(sentinel)
      local object = sentinel[1]
      sentinel[2] = true
      -- After a limit nothing can run: a finalizer left for the end is not an error.
      if host.exhausted() then return end
      local metatable = getmetatable_raw(object)
      local gc = type(metatable) == "table" and rawget(metatable, "__gc") or nil
      if gc == nil then return end
      local body = type(gc) == "function" and gc or function(o) return gc(o) end
      local thread = create(body)
      local ok, message = resume(thread, object)
      if not ok and not host.stopped(thread) then error(message, 0) end
    end
    local sentinel_metatable = { __gc = finalize }
    local sentinels = setmetatable({}, { __mode = "k" })
    G.setmetatable = function(t, mt)
      if type(t) ~= "table" or type(mt) ~= "table" or rawget(mt, "__gc") == nil then
        return checked("setmetatable", pcall(setmetatable, t, mt))
      end
      local gc = rawget(mt, "__gc")
      rawset(mt, "__gc", nil)  -- reuses the key's slot when set back: cannot fail
      local ok, message = pcall(setmetatable, t, mt)
      rawset(mt, "__gc", gc)
      if not ok then return checked("setmetatable", ok, message) end
      local sentinel = sentinels[t]
      if sentinel == nil or sentinel[2] then
        sentinels[t] = setmetatable({ t }, sentinel_metatable)
      end
      return t
    end

    -- os.time: the virtual clock, or a UTC date table converted without the C library's time zone.
    local function days_from_civil(y, m, d)
      y = m <= 2 and y - 1 or y
      local era = (y >= 0 and y or y - 399) // 400
      local yoe = y - era * 400
      local doy = (153 * (m > 2 and m - 3 or m + 9) + 2) // 5 + d - 1
      return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468
    end
    local function time(t)
      if t == nil then return host.now() end
      if type(t) ~= "table" then
        error("bad argument #1 to 'time' (table expected, got " .. type(t) .. ")", 2)
      end
      local function field(key, default)
        local value = t[key]
        if value == nil then
          if default == nil then error("field '" .. key .. "' missing in date table", 3) end
          return default
        end
        local integer = tointeger(value)
        if integer == nil then error("field '" .. key .. "' is not an integer", 3) end
        return integer
      end
      local year, month = field("year"), field("month")
      year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
      local days = days_from_civil(year, month, 1) + field("day") - 1
      return days * 86400 + field("hour", 12) * 3600 + field("min", 0) * 60 + field("sec", 0)
    end

    local os = {
      time = time,
      clock = host.clock,
      difftime = real_os.difftime,
      date = function(format, t)
        format = format or "%c"
        if type(format) == "number" then format = tostring(format) end
        if type(format) ~= "string" then
          error("bad argument #1 to 'date' (string expected, got " .. type(format) .. ")", 2)
        end
        if string_sub(format, 1, 1) ~= "!" then format = "!" .. format end
        return checked("date", pcall(os_date, format, t or host.now()))
      end,
    }
    if allow_io then
      for _, name in ipairs { "getenv", "execute", "exit", "remove", "rename", "tmpname" } do
        os[name] = real_os[name]
      end
    end
    G.os, package.loaded.os = os, os

    randomseed(seed)
    math.randomseed = function(...)
      if select("#", ...) == 0 then return randomseed(seed) end
      return checked("randomseed", pcall(randomseed, ...))
    end

    G.load = function(chunk, name, mode, ...)
      if select("#", ...) > 0 then return load(chunk, name, "t", ...) end
      return load(chunk, name, "t")
    end
    local loadfile = host.loadfile
    G.loadfile = loadfile
    G.dofile = function(path)
      if type(path) ~= "string" and type(path) ~= "number" then
        -- Lua's dofile() reads standard input; a scenario has none.
        error("bad argument #1 to 'dofile' (string expected, got " .. type(path) .. ")", 2)
      end
      local chunk, message = loadfile(path)
      if not chunk then error(message, 2) end
      return chunk()
    end

    local searchers = package.searchers
    package.searchers = { searchers[1], host.searcher }
    package.path = ""
    if allow_io then
      package.searchers[3], package.searchers[4] = searchers[3], searchers[4]
    else
      package.cpath, package.loadlib, package.searchpath = "", nil, nil
      G.io, package.loaded.io = nil, nil
    end

    local debug = {
      traceback = real_debug.traceback,
      getinfo = real_debug.getinfo,
      getlocal = real_debug.getlocal,
      gethook = real_debug.gethook,
    }
    G.debug, package.loaded.debug = debug, debug
    G.print = host.print

    -- pairs and next in one order in every run (Documentation/Reference/sandbox.md#iteration-order):
    -- Lua seeds its string hashes per state from addresses and the time, so a table's own order
    -- changes from run to run. Numbers come first, ascending (1, 2, 3... as ipairs), then
    -- strings by their bytes, then false and true, then other keys in Lua's order.
    local next_raw, pairs_raw, sort, getmetatable = next, pairs, table.sort, real_debug.getmetatable
    local rank = { number = 1, string = 2, boolean = 3 }
    local function before(a, b)
      local ra, rb = rank[type(a)] or 4, rank[type(b)] or 4
      if ra ~= rb then return ra < rb end
      if ra == 4 then return false end
      if ra == 3 then return b and not a end
      return a < b
    end
    local function sorted(t)
      local keys, count, key = {}, 0, next_raw(t)
      local kind = key ~= nil and type(key)
      while key ~= nil do
        count = count + 1
        keys[count] = key
        if kind and type(key) ~= kind then kind = nil end
        key = next_raw(t, key)
      end
      -- Keys all strings or all numbers (most tables) sort with Lua's own <, in C.
      if kind == "string" or kind == "number" then sort(keys) else sort(keys, before) end
      return keys
    end
    local function check(t, name)
      if type(t) ~= "table" then
        local got = t == nil and "nil" or type(t)
        error("bad argument #1 to '" .. name .. "' (table expected, got " .. got .. ")", 3)
      end
    end
    G.pairs = function(t)
      local mt = getmetatable(t)
      if type(mt) == "table" and rawget(mt, "__pairs") ~= nil then
        local f, s, control = pairs_raw(t)
        return f, s, control
      end
      check(t, "pairs")
      local keys, index = sorted(t), 0
      return function()
        while true do
          index = index + 1
          local key = keys[index]
          if key == nil then return nil end
          local value = rawget(t, key)
          if value ~= nil then return key, value end
        end
      end, t, nil
    end
    -- next(t, key) finds key in the order its traversal began with (kept per table, weakly).
    local orders = setmetatable({}, { __mode = "k" })
    local function order(t)
      local keys, positions = sorted(t), {}
      for index = 1, #keys do positions[keys[index]] = index end
      local made = { keys = keys, positions = positions }
      orders[t] = made
      return made
    end
    G.next = function(t, key)
      check(t, "next")
      local index, made = 0, nil
      if key == nil then
        if next_raw(t) == nil then return nil end
        made = order(t)
      else
        made = orders[t]
        index = made and made.positions[key]
        if index == nil then
          made = order(t)
          index = made.positions[key]
          if index == nil then error("invalid key to 'next'", 2) end
        end
      end
      local keys = made.keys
      while true do
        index = index + 1
        local found = keys[index]
        if found == nil then return nil end
        local value = rawget(t, found)
        if value ~= nil then return found, value end
      end
    end
    """
}

// MARK: Files under the root

/// `package.searchers[2]`: finds `a.b` as `a/b.lua` or `a/b/init.lua` in the scenario's folder,
/// then in the root. Returns the loader and its file, or what it tried (Lua's "no file 'x'"
/// lines, and why a file that is there was passed over).
private func searchModule(_ call: inout LuaCall, files: LuaFileScope?) throws {
  let name = try call.string(1)
  guard let files else {
    try call.push("no scenario folder to look for '\(name)' in")
    return
  }
  let components = name.split(separator: ".", omittingEmptySubsequences: false)
  guard components.allSatisfy(isPathComponent) else {
    try call.push("'\(name)' is not a module name (letters, digits, '_' and '-' between dots)")
    return
  }
  let base = components.joined(separator: "/")
  var tried: [String] = []
  var folder: String? = files.folder
  while let from = folder {
    for candidate in [base + ".lua", base + "/init.lua"] {
      if try loadModule(&call, name, candidate, from: from, files: files, tried: &tried) {
        return
      }
    }
    // The root only once the scenario's folder has nothing: finding it costs a few stat calls.
    folder = from == files.folder ? files.rootFolder : nil
  }
  try call.push(tried.joined(separator: "\n\t"))
}

/// Pushes the loader of module `name` from `candidate` and its path, and returns true; or notes
/// why not in `tried` and returns false. A file that is there but cannot be loaded is an error,
/// worded as Lua's searcher words it.
private func loadModule(
  _ call: inout LuaCall, _ name: String, _ candidate: String, from folder: String,
  files: LuaFileScope, tried: inout [String]
) throws -> Bool {
  let location: LuaFileScope.Location
  do {
    location = try files.locate(candidate, from: folder, expected: "a Lua file")
  } catch {
    tried.append(error.description)
    return false
  }
  guard location.exists else {
    tried.append("no file '\(location.display)'")
    return false
  }
  let path = location.display
  LuaFileReads.observer?(path)
  let source: [UInt8]
  do {
    source = try LuaSourceFile.source(
      LuaInputFile.read(location.real, file: path, expected: "a Lua file"), file: path)
  } catch {
    if case .notAFile = error.reason {
      tried.append(error.description)
      return false
    }
    throw LuaError(.file, "error loading module '\(name)' from file '\(path)':\n\t\(error)")
  }
  let chunk: LuaReference
  do {
    chunk = try source.withUnsafeBytes {
      try call.state.loadCompiled(bytes: $0, chunkName: "@" + path, on: call.stack)
    }
  } catch let error as LuaError where error.kind == .syntax {
    // As Lua's own searcher words it.
    throw LuaError(
      error.kind, "error loading module '\(name)' from file '\(path)':\n\t\(error.message)")
  }
  try call.push(.function(chunk))
  try call.push(path)
  return true
}

/// `loadfile(path [, mode [, env]])`: a Lua source file under the root, from the scenario's
/// folder. Returns the chunk, or nil and a message, as Lua's `loadfile` does.
private func loadConfinedFile(_ call: inout LuaCall, files: LuaFileScope?) throws {
  let name = try call.string(1)
  guard let files else {
    try call.pushNil()
    try call.push("cannot open \(name): no scenario folder")
    return
  }
  do {
    let file = try files.read(name, expected: "a Lua file")
    let path = file.location.display
    let source = try LuaSourceFile.source(file.bytes, file: path)
    let chunk = try source.withUnsafeBytes {
      try call.state.loadCompiled(bytes: $0, chunkName: "@" + path, on: call.stack)
    }
    try call.push(.function(chunk))
    if call.argumentCount >= 3 { try call.setFirstUpvalue(ofResult: 1, toArgument: 3) }
  } catch let error as LuaFileError {
    try call.pushNil()
    try call.push(error.description)
  } catch let error as LuaError where error.kind != .memoryLimit {
    try call.pushNil()
    try call.push(error.message)
  }
}

private func isPathComponent(_ component: Substring) -> Bool {
  !component.isEmpty
    && component.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
