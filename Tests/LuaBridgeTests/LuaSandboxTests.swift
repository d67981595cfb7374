import Foundation
import LuaBridge
import Testing

final class ManualTime: @unchecked Sendable {
  var seconds = 0.0
}

@Suite struct LuaSandboxTests {
  func sandboxed(
    seed: Int = 0, allowIO: Bool = false, root: String? = nil, time: ManualTime = ManualTime(),
    output: @escaping (String) -> Void = { _ in }
  ) throws -> LuaState {
    var sandbox = LuaSandbox()
    sandbox.seed = seed
    sandbox.allowIO = allowIO
    sandbox.files = root.map { LuaFileScope(folder: $0) }
    sandbox.clock = { time.seconds }
    sandbox.output = output
    return try makeState(sandbox: sandbox)
  }

  @Test func timeFollowsTheHostsClock() throws {
    let time = ManualTime()
    let state = try sandboxed(time: time)
    #expect(try evaluate(state, "return os.time()").asInteger == 1_767_225_600)
    time.seconds = 90.75
    let results = try state.run(
      "return os.time(), os.clock(), os.date('%H:%M:%S')", chunkName: "=t")
    #expect(results.map(\.description) == ["1767225690", "90.75", "00:01:30"])
  }

  @Test(arguments: [
    ("os.time{year=2000, month=1, day=1, hour=0}", "946684800"),
    ("os.time{year=2025, month=13, day=1, hour=0}", "1767225600"),
    ("os.time{year=2024, month=2, day=29}", "1709208000"),
    ("os.date('%Y-%m-%d %H:%M', 0)", "1970-01-01 00:00"),
    ("os.date('!%c', 86400)", "Fri Jan  2 00:00:00 1970"),
    ("os.date('*t').year", "2026"),
  ])
  func datesAreUTCWhateverTheMachine(expression: String, expected: String) throws {
    let state = try sandboxed()
    #expect(try evaluate(state, "return " + expression).description == expected)
  }

  @Test func aDateTableWithoutADayIsAnError() throws {
    let state = try sandboxed()
    #expect(
      failure(state, "os.time{year=2020, month=1}")?.message
        == "test:1: field 'day' missing in date table")
  }

  @Test func randomNumbersDependOnlyOnTheSeed() throws {
    let draw =
      "local t = {}; for i = 1, 5 do t[i] = math.random(1000) end; return table.concat(t, ',')"
    let first = try evaluate(try sandboxed(seed: 7), draw).asString
    let again = try evaluate(try sandboxed(seed: 7), draw).asString
    let other = try evaluate(try sandboxed(seed: 8), draw).asString
    #expect(first == again)
    #expect(first != other)
    let reseeded = try evaluate(try sandboxed(seed: 7), "math.random(); math.randomseed(); " + draw)
    #expect(reseeded.asString == first)
  }

  @Test(arguments: [
    "io", "os.execute", "os.exit", "os.getenv", "os.remove", "os.rename", "os.tmpname",
    "package.loadlib", "debug.sethook", "debug.getregistry", "debug.setmetatable",
    "debug.setupvalue", "debug.upvaluejoin",
  ])
  func dangerousFunctionsAreAbsentWithoutAllowIO(name: String) throws {
    let state = try sandboxed()
    #expect(try evaluate(state, "return \(name)").isNil)
  }

  @Test func allowIOGivesIOBack() throws {
    let state = try sandboxed(allowIO: true)
    #expect(
      try evaluate(state, "return type(io.write) == 'function' and type(os.getenv) == 'function'")
        .asBoolean == true)
  }

  @Test func binaryChunksAreRefused() throws {
    let state = try sandboxed()
    let results = try state.run("return load(string.dump(function() end))", chunkName: "=t")
    #expect(results.map(\.description) == ["nil", "attempt to load a binary chunk (mode is 't')"])
    let explicit = try state.run(
      "return load(string.dump(function() end), 'x', 'b')", chunkName: "=t")
    #expect(explicit.first?.isNil == true)
  }

  @Test func loadKeepsItsEnvironmentArgument() throws {
    let state = try sandboxed()
    #expect(try evaluate(state, "return load('return x', 'c', 't', { x = 5 })()").asInteger == 5)
    #expect(try evaluate(state, "x = 6; return load('return x')()").asInteger == 6)
  }

  @Test func printWritesThroughTheHost() throws {
    var printed = ""
    let state = try sandboxed(output: { printed += $0 })
    try state.run(
      "print('a', 1, nil, true, 2.0, setmetatable({}, { __tostring = function() return 'T' end }))")
    #expect(printed == "a\t1\tnil\ttrue\t2.0\tT\n")
  }

  /// A file saved with a UTF-8 byte-order mark loads as `lua5.4` loads it: the mark is skipped,
  /// then a first line that starts with `#`, and every line keeps its number.
  @Test func aByteOrderMarkIsSkippedByEveryFileLoader() throws {
    let folder = try TemporaryFolder()
    let mark = "\u{FEFF}"
    try folder.write(
      "marked.lua", mark + "local t = {}\nfunction t.fail() error('line 2') end\nreturn t")
    try folder.write("hashed.lua", mark + "#!/usr/bin/env lua\nreturn 'hashed', ...")
    try folder.write("scenario.lua", mark + "#!/usr/bin/env lifescript\n\nerror('line 3')")
    let state = try sandboxed(root: folder.path)
    #expect(
      failure(state, "require('marked').fail()")?.message.hasSuffix("marked.lua:2: line 2") == true)
    #expect(try evaluate(state, "return loadfile('hashed.lua')('x')").asString == "hashed")
    #expect(try evaluate(state, "return dofile('hashed.lua')").asString == "hashed")
    #expect(try evaluate(state, "return select(2, loadfile('marked.lua'))").asString == nil)
    let scenario = try state.load(file: folder.path + "/scenario.lua", displayName: "scenario.lua")
    do {
      try state.call(scenario)
      Issue.record("the scenario did not fail")
    } catch let error as LuaError {
      #expect(error.message == "scenario.lua:3: line 3")
    }
  }

  @Test func requireAndLoadfileReadOnlyUnderTheRoot() throws {
    let folder = try TemporaryFolder()
    try folder.write("helper.lua", "return { name = 'helper' }")
    try folder.write("sub/init.lua", "return 'sub'")
    try folder.write("sub/deep.lua", "return ...")
    try folder.write("shebang.lua", "#!/usr/bin/env lua\nreturn 'shebang'")
    try folder.write("../outside.lua", "return 'escaped'")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path + "/link.lua", withDestinationPath: folder.path + "/../outside.lua")
    let state = try sandboxed(root: folder.path)
    let outside = "outside the project root \(folder.realPath) (the scenario's folder)"
    #expect(try evaluate(state, "return require('helper').name").asString == "helper")
    #expect(try evaluate(state, "return require('sub')").asString == "sub")
    #expect(try evaluate(state, "return require('sub.deep')").asString == "sub.deep")
    #expect(try evaluate(state, "return dofile('shebang.lua')").asString == "shebang")
    #expect(
      failure(state, "require('nothing')")?.message.contains("no file '\(folder.path)/nothing.lua'")
        == true)
    for name in ["..outside", "../outside", "/etc/passwd", "sub..deep"] {
      #expect(
        failure(state, "require('\(name)')")?.message.contains("is not a module name") == true)
    }
    #expect(
      failure(state, "require('link')")?.message.contains(
        "\tcannot open \(folder.path)/link.lua: a symbolic link leads it \(outside)\n") == true)
    let refused = try state.run("return loadfile('../outside.lua')", chunkName: "=t")
    #expect(
      refused.last?.asString
        == "cannot open \(folder.parent)/outside.lua: it is \(outside)")
    #expect(
      failure(state, "dofile('/etc/passwd')")?.message
        == "test:1: cannot open /etc/passwd: it is \(outside)")
    #expect(try evaluate(state, "return loadfile('sub/deep.lua', 't', { })('x')").asString == "x")
  }

  /// The scenario's folder first, then the root; every place tried is listed, as Lua lists them.
  @Test func requireLooksInTheScenariosFolderThenInTheRoot() throws {
    let folder = try TemporaryFolder()
    try folder.write("../common.lua", "return 'root'")
    try folder.write("../both.lua", "return 'root'")
    try folder.write("both.lua", "return 'folder'")
    try folder.write("../pkg/init.lua", "return 'root package'")
    var sandbox = LuaSandbox()
    sandbox.files = LuaFileScope(folder: folder.path) {
      LuaFileScope.Root(path: folder.realParent, display: folder.parent, note: "(test)")
    }
    let state = try makeState(sandbox: sandbox)
    #expect(
      try state.run("return require('common')", chunkName: "=t").map(\.asString) == [
        "root", "\(folder.parent)/common.lua",
      ])
    #expect(try evaluate(state, "return require('both')").asString == "folder")
    #expect(try evaluate(state, "return require('pkg')").asString == "root package")
    #expect(
      failure(state, "require('nothing')")?.message == """
        test:1: module 'nothing' not found:
        \tno field package.preload['nothing']
        \tno file '\(folder.path)/nothing.lua'
        \tno file '\(folder.path)/nothing/init.lua'
        \tno file '\(folder.parent)/nothing.lua'
        \tno file '\(folder.parent)/nothing/init.lua'
        """)
  }

  /// A FIFO, a directory or a huge file named as Lua source is refused before it is read: no
  /// hang, no memory blow-up.
  @Test func specialAndHugeFilesAreRefusedByEveryLoader() throws {
    let folder = try TemporaryFolder()
    #expect(mkfifo(folder.path + "/fifo.lua", 0o644) == 0)
    try FileManager.default.createDirectory(
      atPath: folder.path + "/folder.lua", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: folder.path + "/huge.lua", contents: nil))
    #expect(truncate(folder.path + "/huge.lua", off_t(LuaInputFile.sizeLimit + 1)) == 0)
    let state = try sandboxed(root: folder.path)
    let fifo = "cannot read \(folder.path)/fifo.lua: it is a FIFO (named pipe), not a Lua file"
    #expect(try state.run("return loadfile('fifo.lua')", chunkName: "=t").last?.asString == fifo)
    #expect(failure(state, "dofile('fifo.lua')")?.message == "test:1: " + fifo)
    #expect(failure(state, "require('fifo')")?.message.contains("\t" + fifo + "\n") == true)
    #expect(
      try state.run("return loadfile('folder.lua')", chunkName: "=t").last?.asString
        == "cannot read \(folder.path)/folder.lua: it is a directory, not a Lua file")
    let huge =
      "cannot read \(folder.path)/huge.lua: it is larger than 64 MiB, the most lifescript reads of an input file"
    #expect(try state.run("return loadfile('huge.lua')", chunkName: "=t").last?.asString == huge)
    #expect(
      failure(state, "require('huge')")?.message
        == "error loading module 'huge' from file '\(folder.path)/huge.lua':\n\t" + huge)
  }

  @Test(arguments: [
    ("''", #"cannot open "": the name is empty"#),
    (#"'a\nb.lua'"#, #"cannot open "a\nb.lua": the name has a control character"#),
    (#"'a\0b.lua'"#, #"cannot open "a\x00b.lua": the name has a control character"#),
    (
      "string.rep('x', 5000)",
      "cannot open \(String(repeating: "x", count: 120))…\(String(repeating: "x", count: 40)) (5000 bytes): the name is longer than 4096 bytes"
    ),
  ])
  func hostileNamesAreRefusedByName(name: String, message: String) throws {
    let folder = try TemporaryFolder()
    let state = try sandboxed(root: folder.path)
    #expect(try state.run("return loadfile(\(name))", chunkName: "=t").last?.asString == message)
  }

  @Test func aSandboxedStateIsReleasedWhenItsOwnerLetsGo() throws {
    weak var released: LuaState?
    do {
      let state = try sandboxed()
      try state.run("print('x')")
      released = state
    }
    #expect(released == nil)
  }

  @Test func aBinaryFileIsRefusedByRequire() throws {
    let folder = try TemporaryFolder()
    try folder.write("compiled.lua", "\u{1B}Lua binary")
    let state = try sandboxed(root: folder.path)
    #expect(
      failure(state, "require('compiled')")?.message.contains(
        "precompiled (binary) Lua chunks are not accepted") == true)
  }

  /// Finalizers run as Lua runs them (the __gc the metatable has when the table is collected,
  /// given the table; none for a metatable that had no __gc when it was set), inside the budget.
  @Test func finalizersRunAsLuaRunsThem() throws {
    let state = try makeState(sandbox: LuaSandbox())
    let results = try state.run(
      """
      local log = {}
      local replaced = { __gc = true }
      do setmetatable({ name = "replaced" }, replaced) end
      replaced.__gc = function(t) log[#log + 1] = t.name end
      local late = {}
      do setmetatable({ name = "late" }, late) end
      late.__gc = function(t) log[#log + 1] = t.name end
      do setmetatable({ name = "given" }, { __gc = function(t) log[#log + 1] = t.name end }) end
      local removed = { __gc = function(t) log[#log + 1] = t.name end }
      do setmetatable({ name = "removed" }, removed) end
      removed.__gc = nil
      local kept = setmetatable({ name = "kept" }, { __gc = function(t) log[#log + 1] = t.name end })
      collectgarbage()
      collectgarbage()
      return table.concat(log, " "), getmetatable(kept).__gc ~= nil, kept.name
      """, chunkName: "=test")
    #expect(results.map(\.description) == ["given replaced", "true", "kept"])
  }

  /// The sandbox's own wrappers (`os.date`, `math.randomseed`, `setmetatable`, `dofile`) report
  /// a bad argument as Lua's functions do: at the script's line, naming the function the script
  /// called, not a line of the sandbox or its local names.
  @Test(arguments: [
    (
      "local d = os.date('%Ez')",
      "test:1: bad argument #1 to 'date' (invalid conversion specifier '%Ez')"
    ),
    (
      "local d = os.date('%d', 'x')",
      "test:1: bad argument #2 to 'date' (number expected, got string)"
    ),
    ("local d = os.date({})", "test:1: bad argument #1 to 'date' (string expected, got table)"),
    (
      "local r = math.randomseed('x')",
      "test:1: bad argument #1 to 'randomseed' (number expected, got string)"
    ),
    (
      "local t = setmetatable(1, {})",
      "test:1: bad argument #1 to 'setmetatable' (table expected, got number)"
    ),
    (
      "local t = setmetatable({}, 1)",
      "test:1: bad argument #2 to 'setmetatable' (nil or table expected, got number)"
    ),
    ("local r = dofile()", "test:1: bad argument #1 to 'dofile' (string expected, got nil)"),
  ])
  func wrappersReportBadArgumentsAtTheScriptsLine(source: String, message: String) throws {
    let state = try makeState(sandbox: LuaSandbox())
    let error = failure(state, source)
    #expect(error?.message == message)
    #expect(error?.location?.description == "test:1")
  }
}

/// A folder that is deleted when the test is done.
final class TemporaryFolder {
  let parent: String
  let path: String

  init() throws {
    parent = NSTemporaryDirectory() + "lifescript-" + UUID().uuidString
    path = parent + "/scenario"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// `path` and `parent` with symbolic links resolved, as messages name a root.
  var realPath: String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
  var realParent: String { URL(fileURLWithPath: parent).resolvingSymlinksInPath().path }

  func write(_ name: String, _ contents: String) throws {
    let file = URL(fileURLWithPath: path + "/" + name).standardized
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: file, atomically: true, encoding: .utf8)
  }

  deinit { try? FileManager.default.removeItem(atPath: parent) }
}
