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
  /// What was read and not given out yet: `buffer[start...]`.
  private var buffer: [UInt8] = []
  private var start = 0
  /// How far the buffer has been searched for a line break: none is before this index. So each
  /// byte is searched once, however many blocks a long line takes.
  private var searched = 0
  private var finished = false
  /// Where the source writes; one block for the reader's life.
  private var block = [UInt8](repeating: 0, count: 1 << 16)

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

  /// The next line, reading blocks until it is whole: time linear in the bytes read (each is
  /// searched once, copied into the buffer once, and moved at most once for each time the
  /// buffer doubles).
  mutating func nextLine() -> Next {
    while true {
      if let newline = buffer[searched...].firstIndex(of: 0x0A) {
        let line = String(decoding: buffer[start..<newline], as: UTF8.self)
        start = newline + 1
        searched = start
        return .line(line)
      }
      searched = buffer.endIndex
      if finished {
        guard start < buffer.endIndex else { return .end }
        let line = String(decoding: buffer[start...], as: UTF8.self)
        start = buffer.endIndex
        searched = start
        return .line(line)
      }
      // The lines given out go before the buffer grows, once they are half of it: what is
      // moved is at most what was given out.
      if start > 0, start * 2 >= buffer.count {
        buffer.removeSubrange(..<start)
        searched -= start
        start = 0
      }
      guard let count = block.withUnsafeMutableBytes({ source($0.baseAddress!, $0.count) })
      else { return .interrupted }
      if count == 0 {
        finished = true
      } else {
        buffer.append(contentsOf: block[..<count])
      }
    }
  }
}
