import AppLifecycle
import LuaBridge
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension SuiteConfiguration {
  /// The file name.
  static let name = "lifescript.lua"

  /// The lifescript.lua of the project root above `folder`: climbing from `folder`, the first
  /// one found, unless a folder with another root marker (`.git`, an `.xcodeproj`,
  /// `Package.swift`) comes first. Anything named lifescript.lua counts (a folder, a FIFO), so
  /// that reading it gives a clear error rather than being passed over.
  static func find(above folder: String) -> String? {
    guard var candidate = LuaFileScope.realPath(folder) else { return nil }
    var levels = 0
    while true {
      let prefix = candidate == "/" ? "/" : candidate + "/"
      var status = stat()
      if lstat(prefix + name, &status) == 0 {
        let shown = ProjectRoot.display(folder, up: levels, real: candidate)
        let path = shown == "." ? name : LuaFileScope.tidy(shown + "/" + name)
        // One another user could have written is not the suite's: it is passed over, once
        // said why (Documentation/Reference/lifescript-lua.md#which-files-are-trusted).
        if let reason = ConfigurationTrust.distrust(file: prefix + name, in: candidate) {
          ConfigurationTrust.warn(path, real: prefix + name, reason)
          return nil
        }
        return path
      }
      if ProjectRoot.hasMarker(candidate) { return nil }
      guard candidate != "/", let slash = candidate.lastIndex(of: "/") else { return nil }
      candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
      levels += 1
    }
  }

  /// Reads and evaluates the file at `path`.
  static func load(_ path: String) throws(Problem) -> SuiteConfiguration {
    let bytes: [UInt8]
    do {
      bytes = try LuaInputFile.read(path, file: path, expected: "a Lua file", limit: sizeLimit)
    } catch {
      throw Problem(message: "\(error)")
    }
    return try evaluate(bytes, file: path)
  }

  /// The configuration `bytes` set, as the file `file` (messages name it so; paths in it start
  /// from its folder).
  static func evaluate(_ bytes: [UInt8], file: String) throws(Problem) -> SuiteConfiguration {
    var configuration = SuiteConfiguration(file: file, folder: FileSystem.folder(of: file))
    do {
      let lua = try LuaState(limits: limits)
      defer { lua.close() }
      // Nothing to call: strings lose their methods, and the chunk sees an empty table as its
      // globals (`local _ENV` on the first line keeps the line numbers).
      try lua.run("debug.setmetatable('', nil)")
      let environment = try lua.table()
      // A byte-order mark, as some editors write one, is skipped as lua5.4 skips it in a file,
      // and so is a first line that starts with `#` (its line break stays: lines keep their
      // numbers).
      var text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
      if text.first == UInt8(ascii: "#") {
        text.removeSubrange(..<(text.firstIndex(of: 0x0A) ?? text.endIndex))
      }
      let chunk = try lua.load(
        bytes: Array("local _ENV = ...; ".utf8) + text, chunkName: "@" + file)
      let results = try lua.call(chunk, [.table(environment)])
      var entries = try lua.entries(of: environment)
      if case .table(let returned)? = results.first {
        guard entries.isEmpty else {
          throw Problem(
            message:
              "\(file): set the keys as globals (ios = \"18.3\") or in a returned table, not both")
        }
        entries = try lua.entries(of: returned)
      } else if let first = results.first, first.typeName != "nil" {
        throw Problem(
          message: "\(file): the file returned a \(first.typeName); return a table, or nothing")
      }
      let reader = Reader(file: file, source: bytes, lua: lua)
      try reader.read(entries, into: &configuration)
    } catch let problem as Problem {
      throw problem
    } catch let error as LuaError {
      throw Problem(message: describe(error, file: file))
    } catch {
      throw Problem(message: "\(file): \(error)")
    }
    return configuration
  }

  private static func describe(_ error: LuaError, file: String) -> String {
    switch error.kind {
    case .instructionLimit:
      "\(file): ran more than \(limits.instructions ?? 0) Lua instructions; lifescript.lua holds settings, not a program (a loop that never ends?)"
    case .memoryLimit:
      "\(file): needs more than \((limits.memory ?? 0) >> 20) MiB of memory; lifescript.lua holds settings, not data sets"
    case .syntax, .runtime, .errorHandling, .interrupted, .file:
      error.message.hasPrefix(file) ? error.message : "\(file): \(error.message)"
    }
  }
}

/// Reads the keys of a configuration, naming the key path of every problem.
private struct Reader {
  let file: String
  let source: [UInt8]
  let lua: LuaState

  typealias Problem = SuiteConfiguration.Problem

  /// `file:line` of the first line that assigns `key` (`key =`), else `file`.
  func place(of key: String) -> String {
    var line = 1
    var index = source.startIndex
    let name = Array(key.utf8)
    func isNameByte(_ byte: UInt8) -> Bool {
      byte == 0x5F || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
        || (0x61...0x7A).contains(byte)
    }
    while index < source.endIndex {
      if source[index] == 0x0A { line += 1 }
      if source[index...].starts(with: name),
        index == source.startIndex || !isNameByte(source[index - 1])
      {
        var after = index + name.count
        // `key =`, or `["key"] =` for a key that is not a name.
        while after < source.endIndex, [0x20, 0x09, 0x22, 0x27, 0x5D].contains(source[after]) {
          after += 1
        }
        if after < source.endIndex, source[after] == 0x3D,
          after + 1 == source.endIndex || source[after + 1] != 0x3D
        {
          return "\(file):\(line)"
        }
      }
      index += 1
    }
    return file
  }

  func problem(_ path: String, _ message: String) -> Problem {
    let key = String(path.prefix { $0 != "." && $0 != "[" })
    let last = path.split(whereSeparator: { ".[".contains($0) }).last.map(String.init) ?? key
    let position = place(of: last.hasSuffix("]") ? key : last)
    return Problem(message: "\(position): \(path): \(message)")
  }

  func unknown(_ path: String, _ key: String, among keys: [String]) -> Problem {
    let guess = NearMiss.closest(to: key, among: keys).map { " (did you mean \($0)?)" } ?? ""
    let known = keys.joined(separator: ", ")
    let position = place(of: key)
    return Problem(
      message: "\(position): unknown key '\(path)'\(guess); the keys are \(known)")
  }

  /// `{ key = value }` entries with string keys, checked against `keys`.
  func fields(_ entries: [(key: LuaValue, value: LuaValue)], path: String, keys: [String])
    throws(Problem) -> [String: LuaValue]
  {
    var fields: [String: LuaValue] = [:]
    for (key, value) in entries {
      guard case .string(let name) = key else {
        let shown = (try? lua.describe(key)) ?? key.typeName
        throw Problem(
          message:
            "\(file): \(path.isEmpty ? "" : path + ": ")a key must be a name, not \(key.typeName) \(shown)"
        )
      }
      let full = path.isEmpty ? name : path + "." + name
      guard keys.contains(name) else { throw unknown(full, name, among: keys) }
      fields[name] = value
    }
    return fields
  }

  func string(_ value: LuaValue, _ path: String) throws(Problem) -> String {
    guard case .string(let text) = value else {
      throw problem(path, "expected a string, got \(value.typeName)")
    }
    return text
  }

  func integer(_ value: LuaValue, _ path: String, in range: ClosedRange<Int>) throws(Problem)
    -> Int
  {
    var number: Int?
    switch value {
    case .integer(let value): number = value
    case .number(let value) where value == value.rounded() && abs(value) < 1e18: number = Int(value)
    default: break
    }
    guard let number, range.contains(number) else {
      throw problem(
        path,
        "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(describe(value))"
      )
    }
    return number
  }

  /// A list of strings; a single string is a list of one.
  func strings(_ value: LuaValue, _ path: String) throws(Problem) -> [String] {
    if case .string(let text) = value { return [text] }
    guard case .table(let table) = value else {
      throw problem(path, "expected a list of strings, got \(value.typeName)")
    }
    let entries: [(key: LuaValue, value: LuaValue)]
    do { entries = try lua.entries(of: table) } catch { throw problem(path, "\(error)") }
    var items = [String?](repeating: nil, count: entries.count)
    for (key, item) in entries {
      guard case .integer(let index) = key, (1...entries.count).contains(index) else {
        throw problem(
          path,
          "expected a list of strings ({ \"a\", \"b\" }), got a table with key \(describe(key))")
      }
      items[index - 1] = try string(item, "\(path)[\(index)]")
    }
    return items.compactMap { $0 }
  }

  func describe(_ value: LuaValue) -> String {
    switch value {
    case .string(let text): "\"\(text)\""
    case .integer(let number): String(number)
    case .number(let number): String(number)
    case .boolean(let flag): String(flag)
    default: value.typeName
    }
  }

  /// A limit: `"none"`, or what `parse` reads from a string or a whole number.
  func limit(_ value: LuaValue, _ path: String, expected: String, parse: (String) -> Int??)
    throws(Problem) -> Int?
  {
    let text: String
    switch value {
    case .string(let string): text = string
    case .integer(let number): text = String(number)
    case .number(let number) where number == number.rounded() && abs(number) < 1e18:
      text = String(Int(number))
    default: throw problem(path, "expected \(expected), got \(describe(value))")
    }
    guard let parsed = parse(text) else {
      throw problem(path, "expected \(expected), got \(describe(value))")
    }
    return parsed
  }

  func read(
    _ entries: [(key: LuaValue, value: LuaValue)], into configuration: inout SuiteConfiguration
  ) throws(Problem) {
    let fields = try fields(entries, path: "", keys: SuiteConfiguration.keys)
    for key in SuiteConfiguration.keys {
      guard let value = fields[key] else { continue }
      switch key {
      case "ios":
        let text: String
        switch value {
        case .string(let string): text = string
        case .integer(let number): text = String(number)
        case .number(let number): text = String(number)
        default: throw problem(key, "expected a release like \"18.3\", got \(value.typeName)")
        }
        guard let profile = IOSProfile(text) else {
          throw problem(
            key, "expected a release from 12 to 30 like \"18.3\", got \(describe(value))")
        }
        configuration.ios = profile
      case "info": configuration.info = try string(value, key)
      case "root": configuration.root = try string(value, key)
      case "project":
        if case .string(let path) = value {
          configuration.project = ProjectFile(path: path, setting: "project in \(file)")
          break
        }
        guard case .table(let table) = value else {
          throw problem(
            key,
            "expected a path or { path = …, target = …, configuration = … }, got \(value.typeName)")
        }
        let project = try self.fields(
          self.entries(of: table, key), path: key, keys: SuiteConfiguration.projectKeys)
        guard let path = project["path"] else { throw problem(key, "needs a path") }
        configuration.project = ProjectFile(
          path: try string(path, "project.path"),
          target: try project["target"].map { value throws(Problem) in
            try string(value, "project.target")
          },
          configuration: try project["configuration"].map { value throws(Problem) in
            try string(value, "project.configuration")
          }, setting: "project in \(file)")
      case "options":
        guard case .table(let table) = value else {
          throw problem(key, "expected a table of NAME = CHOICE, got \(value.typeName)")
        }
        let names = LaunchOrderOptions.catalogue.map(\.name)
        let options = try self.fields(self.entries(of: table, key), path: key, keys: names)
        var orderings = LaunchOrderOptions()
        for (name, choice) in options.sorted(by: { $0.key < $1.key }) {
          let text = try string(choice, "options.\(name)")
          guard orderings.set(name, to: text) else {
            let choices = LaunchOrderOptions.catalogue.first { $0.name == name }?.choices ?? []
            throw problem(
              "options.\(name)",
              "unknown choice \"\(text)\"; choose from \(choices.joined(separator: ", "))")
          }
          configuration.orderings.append("\(name)=\(text)")
        }
      case "seed": configuration.seed = try integer(value, key, in: Int(Int32.min)...Int(Int32.max))
      case "limits":
        guard case .table(let table) = value else {
          throw problem(
            key, "expected { memory = …, instructions = …, timeout = … }, got \(value.typeName)")
        }
        let limits = try self.fields(
          self.entries(of: table, key), path: key, keys: SuiteConfiguration.limitKeys)
        // The ranges of --max-memory, --max-instructions and --timeout.
        if let memory = limits["memory"] {
          configuration.memory = try limit(
            memory, "limits.memory",
            expected:
              "a size from 1 byte to 1TiB, like \"64MiB\" or a number of bytes, or \"none\""
          ) { (try? ByteCount.parse($0)).map(\.bytes) }
        }
        if let instructions = limits["instructions"] {
          let range = Budget.instructions
          configuration.instructions = try limit(
            instructions, "limits.instructions",
            expected: Budget.expected("a whole number", range) + ", or \"none\""
          ) { (try? Budget.parse($0, in: range, "")).map(\.count) }
        }
        if let timeout = limits["timeout"] {
          let range = Budget.seconds
          configuration.timeout = try limit(
            timeout, "limits.timeout",
            expected: Budget.expected("a number of seconds", range) + ", or \"none\""
          ) { (try? Budget.parse($0, in: range, "")).map(\.count) }
        }
      case "warnings":
        let text = try string(value, key)
        guard let mode = WarningPolicy.Mode(rawValue: text) else {
          throw problem(key, "expected \"all\", \"once\", \"none\" or \"error\", got \"\(text)\"")
        }
        configuration.warnings = mode
      case "ignore_warnings":
        for (index, name) in try strings(value, key).enumerated() {
          guard let warning = Warning.Name(rawValue: name) else {
            throw problem("\(key)[\(index + 1)]", Warning.Name.unknown(name))
          }
          if let reason = warning.notIgnorable { throw problem("\(key)[\(index + 1)]", reason) }
          configuration.ignoredWarnings.append(warning)
        }
      case "scenarios": configuration.scenarios = try strings(value, key)
      case "exclude": configuration.exclude = try strings(value, key)
      case "format":
        let text = try string(value, key)
        guard let format = ReportFormat(rawValue: text) else {
          throw problem(key, "expected \"text\", \"json\", \"tap\" or \"junit\", got \"\(text)\"")
        }
        configuration.format = format
      case "output":
        let output = try string(value, key)
        // Found out only after the whole suite ran, where the report is written.
        guard !output.isEmpty else { throw problem(key, "expected a file name, got \"\"") }
        configuration.output = output
      case "jobs": configuration.jobs = try integer(value, key, in: WholeNumber.workers)
      default: preconditionFailure("a key without a reader: \(key)")
      }
    }
    if configuration.project != nil, configuration.info != nil {
      throw Problem(
        message:
          "\(place(of: "info")): set project or info, not both: the project gives the app its Info.plist"
      )
    }
  }

  func entries(of table: LuaReference, _ path: String) throws(Problem) -> [(
    key: LuaValue, value: LuaValue
  )] {
    do { return try lua.entries(of: table) } catch { throw problem(path, "\(error)") }
  }
}
