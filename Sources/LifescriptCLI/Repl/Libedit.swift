import LuaBridge

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// libedit's readline interface: line editing and history for the REPL on a terminal.
///
/// Loaded with `dlopen` when the REPL starts, so `lifescript run` neither links nor loads it and
/// the static release build needs no libedit. Its own signal handling is off: the REPL's SIGINT
/// handler records Ctrl-C, and `readCharacter`, which libedit reads through, then ends the line
/// so the REPL can clear it. What libedit allocates goes back through the `free` of its own C
/// library (a static lifescript has a C library of its own).
struct Libedit {
  private typealias ReadLine =
    @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
  private typealias PathFunction = @convention(c) (UnsafePointer<CChar>?) -> Int32
  private typealias IntFunction = @convention(c) (Int32) -> Int32
  private typealias Initialize = @convention(c) () -> Int32
  private typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
  private typealias SetLocale =
    @convention(c) (Int32, UnsafePointer<CChar>?) ->
    UnsafeMutablePointer<CChar>?
  typealias GetCharacter = @convention(c) (OpaquePointer?) -> Int32
  private typealias Command = @convention(c) (Int32, Int32) -> Int32
  private typealias BindKey = @convention(c) (Int32, Command?) -> Int32
  typealias Allocate = @convention(c) (Int) -> UnsafeMutableRawPointer?
  typealias AttemptCompletion =
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<
      UnsafeMutablePointer<CChar>?
    >?

  /// The names Tab offers for the line before the cursor; set by the REPL.
  nonisolated(unsafe) static var completer: ((String) -> ReplCompletion.Result)?

  private let readLine: ReadLine
  private let addHistory: PathFunction
  private let readHistory: PathFunction
  private let writeHistory: PathFunction
  private let free: Free
  private let setLocale: SetLocale

  /// libedit.so.2 when it is installed and has what the REPL uses.
  static func load() -> Libedit? {
    guard let handle = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL) else { return nil }
    func symbol<T>(_ name: String, _ type: T.Type) -> T? {
      dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
    }
    guard let readLine = symbol("readline", ReadLine.self),
      let addHistory = symbol("add_history", PathFunction.self),
      let readHistory = symbol("read_history", PathFunction.self),
      let writeHistory = symbol("write_history", PathFunction.self),
      let initialize = symbol("rl_initialize", Initialize.self),
      let free = symbol("free", Free.self),
      let setLocale = symbol("setlocale", SetLocale.self),
      let catchSignals = dlsym(handle, "rl_catch_signals"),
      let getCharacter = dlsym(handle, "rl_getc_function")
    else {
      dlclose(handle)
      return nil
    }
    catchSignals.assumingMemoryBound(to: Int32.self).pointee = 0
    getCharacter.assumingMemoryBound(to: GetCharacter?.self).pointee = readCharacter
    // ~/.editrc settings apply to "lifescript".
    if let name = dlsym(handle, "rl_readline_name") {
      name.assumingMemoryBound(to: UnsafePointer<CChar>?.self).pointee = UnsafePointer(
        strdup("lifescript"))
    }
    let editor = Libedit(
      readLine: readLine, addHistory: addHistory, readHistory: readHistory,
      writeHistory: writeHistory, free: free, setLocale: setLocale)
    // The terminal's character set decides how libedit decodes and writes what is typed.
    guard editor.inUserLocale({ initialize() }) == 0 else { return nil }
    if let stifle = symbol("stifle_history", IntFunction.self) { _ = stifle(1000) }
    // Tab completes names (`ReplCompletion`); where there is no name to complete (at the start
    // of a line, after a space) it inserts itself, so pasted scenarios keep their indentation.
    // Without the symbols completion needs, a tab only inserts itself.
    if let attempt = dlsym(handle, "rl_attempted_completion_function"),
      let over = dlsym(handle, "rl_attempted_completion_over"),
      let append = dlsym(handle, "rl_completion_append_character"),
      let basicBreaks = dlsym(handle, "rl_basic_word_break_characters"),
      let lineBuffer = dlsym(handle, "rl_line_buffer"),
      let point = dlsym(handle, "rl_point"),
      let allocate = symbol("malloc", Allocate.self)
    {
      let breaks = UnsafePointer(strdup(ReplCompletion.wordBreaks))
      basicBreaks.assumingMemoryBound(to: UnsafePointer<CChar>?.self).pointee = breaks
      if let completerBreaks = dlsym(handle, "rl_completer_word_break_characters") {
        completerBreaks.assumingMemoryBound(to: UnsafePointer<CChar>?.self).pointee = breaks
      }
      append.assumingMemoryBound(to: Int32.self).pointee = 0
      completion = Completion(
        over: over.assumingMemoryBound(to: Int32.self),
        lineBuffer: lineBuffer.assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self),
        point: point.assumingMemoryBound(to: Int32.self), allocate: allocate)
      attempt.assumingMemoryBound(to: AttemptCompletion?.self).pointee = attemptCompletion
    } else if let bind = symbol("rl_bind_key", BindKey.self),
      let insert = symbol("rl_insert", Command.self)
    {
      _ = bind(9, insert)
    }
    return editor
  }

  /// Reads a line with editing; nil at the end of input (Ctrl-D) or when Ctrl-C ended it.
  func read(prompt: String) -> String? {
    guard let line = inUserLocale({ readLine(prompt) }) else { return nil }
    defer { free(line) }
    return String(cString: line)
  }

  func remember(_ line: String) { _ = addHistory(line) }

  /// Loads the history file; false when there is none or it cannot be read.
  @discardableResult
  func loadHistory(from path: String) -> Bool { readHistory(path) == 0 }

  /// Saves the history; false when the file cannot be written.
  @discardableResult
  func saveHistory(to path: String) -> Bool { writeHistory(path) == 0 }

  /// Runs `body` with the character set of the user's locale (LC_CTYPE), which libedit needs to
  /// read and write UTF-8; scripts run in the C locale, as with `lifescript run`.
  private func inUserLocale<T>(_ body: () -> T) -> T {
    let previous = setLocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
    _ = setLocale(LC_CTYPE, "")
    defer { _ = setLocale(LC_CTYPE, previous) }
    return body()
  }
}

/// What the completion function needs of libedit, found when it is loaded.
struct Completion {
  let over: UnsafeMutablePointer<Int32>
  let lineBuffer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  let point: UnsafeMutablePointer<Int32>
  let allocate: Libedit.Allocate

  /// A C string in memory libedit's C library can free.
  func string(_ text: String) -> UnsafeMutablePointer<CChar>? {
    let bytes = Array(text.utf8CString)
    guard let memory = allocate(bytes.count) else { return nil }
    let pointer = memory.bindMemory(to: CChar.self, capacity: bytes.count)
    pointer.update(from: bytes, count: bytes.count)
    return pointer
  }
}

nonisolated(unsafe) private var completion: Completion?

/// libedit's `rl_attempted_completion_function`: the matches for the word before the cursor, in
/// readline's form (the longest common prefix first, then each match, then NULL; a single
/// match alone); nil for none. With no word to complete, the match is a tab.
private let attemptCompletion: Libedit.AttemptCompletion = { text, _, _ in
  guard let completion else { return nil }
  completion.over.pointee = 1  // never libedit's own file-name completion
  guard let buffer = completion.lineBuffer.pointee, let completer = Libedit.completer else {
    return nil
  }
  let line = String(cString: buffer)
  let cursor = max(0, Int(completion.point.pointee))
  // libedit counts characters, not bytes.
  let before = String(String.UnicodeScalarView(line.unicodeScalars.prefix(cursor)))
  let word = text.map { String(cString: $0) } ?? ""
  if word.isEmpty, before.last != ".", before.last != ":" {
    // The one "match" is a tab, which libedit inserts in place of the empty word and shows.
    return completion.matches(["\t"])
  }
  let result = completer(before)
  guard result.word == word, !result.candidates.isEmpty else { return nil }
  var common = result.candidates[0]
  for candidate in result.candidates.dropFirst() {
    common = String(zip(common, candidate).prefix { $0 == $1 }.map(\.0))
  }
  return completion.matches((result.candidates.count == 1 ? [] : [common]) + result.candidates)
}

extension Completion {
  /// A NULL-terminated array of C strings in libedit's memory.
  fileprivate func matches(_ strings: [String]) -> UnsafeMutablePointer<
    UnsafeMutablePointer<CChar>?
  >? {
    guard
      let memory = allocate((strings.count + 1) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride)
    else { return nil }
    let list = memory.bindMemory(
      to: UnsafeMutablePointer<CChar>?.self, capacity: strings.count + 1)
    for (index, text) in strings.enumerated() { list[index] = string(text) }
    list[strings.count] = nil
    return list
  }
}

/// libedit's getc: the next character typed, UTF-8 decoded to a code point; -1 at the end of
/// input, and when Ctrl-C came, so that `readline` returns and the REPL clears the line.
private let readCharacter: Libedit.GetCharacter = { _ in
  func byte() -> Int32? {
    var byte: UInt8 = 0
    guard ReplInput.readInput(into: &byte, count: 1) == 1 else { return nil }
    return Int32(byte)
  }
  guard let first = byte() else { return -1 }
  let (following, bits): (Int, Int32) =
    switch first {
    case 0xC0..<0xE0: (1, first & 0x1F)
    case 0xE0..<0xF0: (2, first & 0x0F)
    case 0xF0..<0xF8: (3, first & 0x07)
    default: (0, first)
    }
  var value = bits
  for _ in 0..<following {
    guard let next = byte() else { return -1 }
    guard next & 0xC0 == 0x80 else { return 0xFFFD }
    value = value << 6 | next & 0x3F
  }
  return value
}
