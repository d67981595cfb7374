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
///   `package.loadlib` and C modules exist only with `allowIO`.
/// - `require`, `loadfile` and `dofile` read Lua source below `root` only; `load` and every file
///   loader refuse binary chunks.
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
  /// The folder `require` and `loadfile` resolve against, as it should appear in messages.
  public var root: String?
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
    let root = sandbox.root
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
      "searcher": .function(try function { call in try searchModule(&call, root: root) }),
      "exhausted": .function(
        try function { call in try call.push(call.state.instructionBudgetExhausted) }),
      "loadfile": .function(try function { call in try loadConfinedFile(&call, root: root) }),
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
      package.cpath, package.loadlib = "", nil
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

// MARK: Files below the scenario's folder

/// `package.searchers[2]`: finds `a.b` as `root/a/b.lua` or `root/a/b/init.lua`.
private func searchModule(_ call: inout LuaCall, root: String?) throws {
  let name = try call.string(1)
  guard let root else {
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
  for candidate in [base + ".lua", base + "/init.lua"] {
    let path = join(root, candidate)
    if LuaSourceFile.isFile(path) {
      try ensureInside(root: root, path: path)
      do {
        try call.push(.function(try call.state.load(file: path)))
      } catch let error as LuaError where error.kind == .syntax || error.kind == .file {
        // As Lua's own searcher words it.
        throw LuaError(
          error.kind, "error loading module '\(name)' from file '\(path)':\n\t\(error.message)")
      }
      try call.push(path)
      return
    }
    tried.append("no file '\(path)'")
  }
  try call.push(tried.joined(separator: "\n\t"))
}

/// `loadfile(path [, mode [, env]])`: a Lua source file below the scenario's folder. Returns the
/// chunk, or nil and a message, as Lua's `loadfile` does.
private func loadConfinedFile(_ call: inout LuaCall, root: String?) throws {
  let relative = try call.string(1)
  do {
    let path = try LuaSandbox.confinedPath(relative, root: root)
    let chunk = try call.state.load(file: path)
    try call.push(.function(chunk))
    if call.argumentCount >= 3 { try call.setFirstUpvalue(ofResult: 1, toArgument: 3) }
  } catch let error as LuaError where error.kind != .memoryLimit {
    try call.pushNil()
    try call.push(error.message)
  }
}

extension LuaSandbox {
  /// The path of a file a scenario names, below its folder: relative, no `..`, and not a
  /// symbolic link out of the folder.
  public static func confinedPath(_ relative: String, root: String?) throws -> String {
    guard let root else { throw LuaError(.file, "cannot open \(relative): no scenario folder") }
    let components = relative.split(separator: "/", omittingEmptySubsequences: false)
    guard !relative.hasPrefix("/"), components.allSatisfy({ $0 != ".." && !$0.isEmpty }) else {
      throw LuaError(
        .file, "cannot open \(relative): only files below the scenario's folder can be loaded")
    }
    let path = join(root, relative)
    try ensureInside(root: root, path: path)
    return path
  }

  /// The bytes of a file below the scenario's folder (see `confinedPath`).
  public static func readConfinedFile(_ relative: String, root: String?) throws -> (
    path: String, bytes: [UInt8]
  ) {
    let path = try confinedPath(relative, root: root)
    return (path, try LuaSourceFile.readBytes(path, displayName: path))
  }
}

private func isPathComponent(_ component: Substring) -> Bool {
  !component.isEmpty
    && component.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}

private func join(_ root: String, _ relative: String) -> String {
  root.isEmpty || root == "."
    ? relative : (root.hasSuffix("/") ? root + relative : root + "/" + relative)
}

/// Refuses a path that a symbolic link leads out of the scenario's folder.
private func ensureInside(root: String, path: String) throws {
  guard let realRoot = realPath(root.isEmpty ? "." : root), let realFile = realPath(path) else {
    return  // a missing file is reported by whoever opens it
  }
  guard realFile.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
    throw LuaError(.file, "cannot open \(path): it leads outside the scenario's folder")
  }
}

private func realPath(_ path: String) -> String? {
  guard let resolved = realpath(path, nil) else { return nil }
  defer { free(resolved) }
  return String(cString: resolved)
}
