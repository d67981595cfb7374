#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines read in blocks: from a file descriptor, or from any source that may be interrupted
/// (the REPL's standard input, which Ctrl-C stops).
struct LineReader {
  enum Next: Equatable {
    /// A line without its line break (the last one may have none).
    case line(String)
    /// The source said it was interrupted; what was read stays for the next call.
    case interrupted
    case end
  }

  /// Reads up to `count` bytes into the buffer: how many, 0 at the end, nil when interrupted.
  typealias Source = (UnsafeMutableRawPointer, Int) -> Int?

  private let source: Source
  private var buffer: [UInt8] = []
  private var finished = false

  init(source: @escaping Source) { self.source = source }

  init(descriptor: Int32) {
    self.init { bytes, count in
      while true {
        let read = Glibc.read(descriptor, bytes, count)
        if read < 0 && errno == EINTR { continue }
        return max(read, 0)
      }
    }
  }

  /// The next line, or nil at the end.
  mutating func next() -> String? {
    while true {
      switch nextLine() {
      case .line(let line): return line
      case .end: return nil
      case .interrupted: continue
      }
    }
  }

  mutating func nextLine() -> Next {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeSubrange(...newline)
        return .line(line)
      }
      if finished {
        guard !buffer.isEmpty else { return .end }
        defer { buffer.removeAll() }
        return .line(String(decoding: buffer, as: UTF8.self))
      }
      guard let count = chunk.withUnsafeMutableBytes({ source($0.baseAddress!, $0.count) })
      else { return .interrupted }
      if count == 0 {
        finished = true
      } else {
        buffer += chunk[..<count]
      }
    }
  }
}
