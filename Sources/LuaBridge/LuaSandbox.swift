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
/// - A `__gc` metamethod given to `setmetatable` runs in a coroutine, so the instruction budget
///   stops a finalizer that loops (Lua runs finalizers with hooks off). One assigned to a
///   metatable after `setmetatable` escapes this; hosts need a wall-clock guard for that, as for
///   C library calls that never return (see `LuaWatchdog`).
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
      "exhausted": .function(
        try function { call in try call.push(call.state.instructionBudgetExhausted) }),
      "loadfile": .function(try function { call in try loadConfinedFile(&call, files: files) }),
    ])
    let prelude = try load(Self.sandboxPrelude, chunkName: "=lifescript")
    try call(prelude, [.table(host), .boolean(sandbox.allowIO), .integer(sandbox.seed)])
  }

  private static let sandboxPrelude = """
    local host, allow_io, seed = ...
    local G, package, select, error, type, ipairs = _G, package, select, error, type, ipairs
    local load, os_date, string_sub, tointeger = load, os.date, string.sub, math.tointeger
    local randomseed, real_os, real_debug = math.randomseed, os, debug
    local setmetatable, rawget, rawset = setmetatable, rawget, rawset
    local create, resume = coroutine.create, coroutine.resume

    -- Lua runs finalizers with hooks off, out of reach of the instruction budget. A __gc given
    -- to setmetatable runs in a fresh coroutine instead, where the budget applies; its errors
    -- become warnings, as in any finalizer.
    local finalizers = setmetatable({}, { __mode = "k" })
    G.setmetatable = function(t, mt)
      if type(mt) == "table" then
        local gc = rawget(mt, "__gc")
        if gc ~= nil and not finalizers[gc] then
          local function finalizer(object)
            local ok, message = resume(create(gc), object)
            if not ok then
              error(host.exhausted() and "instruction limit exceeded" or message, 0)
            end
          end
          finalizers[finalizer] = true
          rawset(mt, "__gc", finalizer)
        end
      end
      return setmetatable(t, mt)
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
        if string_sub(format, 1, 1) ~= "!" then format = "!" .. format end
        return os_date(format, t or host.now())
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
      return randomseed(...)
    end

    G.load = function(chunk, name, mode, ...)
      if select("#", ...) > 0 then return load(chunk, name, "t", ...) end
      return load(chunk, name, "t")
    end
    local loadfile = host.loadfile
    G.loadfile = loadfile
    G.dofile = function(path)
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
      try call.state.load(bytes: $0, chunkName: "@" + path, on: call.stack)
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
      try call.state.load(bytes: $0, chunkName: "@" + path, on: call.stack)
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
