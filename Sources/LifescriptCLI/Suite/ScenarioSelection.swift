import LuaBridge
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which `*.lua` files found below a folder are scenarios
/// (Documentation/Reference/lifescript-lua.md#which-files-are-scenarios): those the patterns of
/// lifescript.lua take (all by default), except configuration files (`lifescript.lua`), editor
/// definitions (`---@meta`, as `lifescript types` writes) and helper modules (files a found
/// file `require`s with a literal name). A file named on the command line is always a scenario.
struct ScenarioSelection {
  /// The real path of the folder the patterns start from (lifescript.lua's); nil: no patterns.
  var base: String?
  /// Globs on the path from `base`; `**` is any number of folders.
  var patterns: [String] = ["**/*.lua"]
  var exclude: [String] = []
  /// The real path of the project root given (`--root`, `root` in lifescript.lua); nil: each
  /// file's root is found above it.
  var root: String?

  /// The scenarios among `files` (paths as found; each a `*.lua` file).
  func scenarios(among files: [String]) -> [String] {
    var real: [String: String] = [:]
    for file in files { real[file] = LuaFileScope.realPath(file) ?? file }
    var modules = Set<String>()
    var definitions = Set<String>()
    var roots: [String: String] = [:]
    for file in files {
      guard
        let bytes = try? LuaInputFile.read(
          file, file: file, expected: "a Lua file", limit: LuaInputFile.sizeLimit)
      else { continue }
      if bytes.starts(with: Array("---@meta".utf8)) { definitions.insert(file) }
      let folder = FileSystem.folder(of: real[file] ?? file)
      let root =
        self.root
        ?? {
          if let known = roots[folder] { return known }
          let found = ProjectRoot.find(above: folder).path
          roots[folder] = found
          return found
        }()
      for name in Self.requiredNames(in: bytes) {
        let relative = name.split(separator: ".").joined(separator: "/")
        for start in [folder, root] {
          modules.insert(start + "/" + relative + ".lua")
          modules.insert(start + "/" + relative + "/init.lua")
        }
      }
    }
    return files.filter { file in
      let path = real[file] ?? file
      if FileSystem.name(of: file) == SuiteConfiguration.name { return false }
      if definitions.contains(file) || modules.contains(path) { return false }
      guard let base else { return true }
      guard path.hasPrefix(base + "/") else { return true }
      let relative = String(path.dropFirst(base.count + 1))
      return patterns.contains { Self.glob($0, matches: relative) }
        && !exclude.contains { Self.glob($0, matches: relative) }
    }
  }

  /// The module names `bytes` requires literally: `require "app"`, `require("lib.app")`,
  /// `require 'x'`.
  static func requiredNames(in bytes: [UInt8]) -> [String] {
    let word = Array("require".utf8)
    var names: [String] = []
    var index = bytes.startIndex
    func isNameByte(_ byte: UInt8) -> Bool {
      byte == 0x5F || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
        || (0x61...0x7A).contains(byte)
    }
    while index < bytes.endIndex {
      defer { index += 1 }
      guard bytes[index...].starts(with: word),
        index == bytes.startIndex || !isNameByte(bytes[index - 1])
      else { continue }
      var cursor = index + word.count
      while cursor < bytes.endIndex, [0x20, 0x09, 0x28].contains(bytes[cursor]) { cursor += 1 }
      guard cursor < bytes.endIndex, bytes[cursor] == 0x22 || bytes[cursor] == 0x27 else {
        continue
      }
      let quote = bytes[cursor]
      let start = cursor + 1
      guard let end = bytes[start...].prefix(256).firstIndex(of: quote) else { continue }
      if let name = String(validating: bytes[start..<end], as: UTF8.self), !name.isEmpty {
        names.append(name)
      }
    }
    return names
  }

  /// Whether the glob `pattern` matches `path` (both with `/` between folders): `*`, `?` and
  /// `[…]` within a name, `**` for any number of folders (none included).
  ///
  /// The names are read once, left to right, keeping the set of pattern parts the path so far
  /// can have reached (a `**` stays reached as it takes a name, and lets the next part be
  /// reached without one): each name is matched against each part at most once, so a pattern
  /// of many `**` against a deep path answers at once, where trying every number of folders
  /// for each `**` takes time exponential in their count.
  static func glob(_ pattern: String, matches path: String) -> Bool {
    let parts = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    let names = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    // reached[p]: the names read so far match the parts before p; p == parts.count is all.
    var reached = [Bool](repeating: false, count: parts.count + 1)
    // Marks part `start` reached, and the parts after the `**` in a row from it: a `**` may
    // take no folder. A part already reached has its row marked, so each is marked once.
    func reach(_ start: Int, in reached: inout [Bool]) {
      var p = start
      while !reached[p] {
        reached[p] = true
        guard p < parts.count, parts[p] == "**" else { return }
        p += 1
      }
    }
    reach(0, in: &reached)
    for name in names {
      var next = [Bool](repeating: false, count: parts.count + 1)
      for p in parts.indices where reached[p] {
        if parts[p] == "**" {
          reach(p, in: &next)
        } else if fnmatch(parts[p], name, FNM_PERIOD) == 0 {
          reach(p + 1, in: &next)
        }
      }
      reached = next
      if !reached.contains(true) { return false }
    }
    return reached[parts.count]
  }
}
