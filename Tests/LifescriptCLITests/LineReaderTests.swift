import Testing

@testable import LifescriptCLI

/// `LineReader`, which reads the REPL's piped input and the workers' protocol: every line as it
/// was, whatever the blocks its source gives, with each byte searched for a line break once (a
/// line of many megabytes read in many blocks, even a byte at a time).
@Suite struct LineReaderTests {
  /// A source that gives `bytes` in blocks of the sizes `sizes` cycles through (within what the
  /// reader asks for), and says it was interrupted where `interruptions` says.
  final class Source {
    let bytes: [UInt8]
    let sizes: [Int]
    var interruptions: Set<Int>
    var offset = 0
    var calls = 0

    init(_ bytes: [UInt8], sizes: [Int], interruptions: Set<Int> = []) {
      self.bytes = bytes
      self.sizes = sizes
      self.interruptions = interruptions
    }

    func read(_ into: UnsafeMutableRawPointer, _ count: Int) -> Int? {
      calls += 1
      if interruptions.remove(calls) != nil { return nil }
      let size = min(count, sizes[calls % sizes.count], bytes.count - offset)
      bytes.withUnsafeBytes { all in
        into.copyMemory(from: all.baseAddress! + offset, byteCount: size)
      }
      offset += size
      return size
    }
  }

  static func lines(of source: Source) -> [LineReader.Next] {
    var reader = LineReader(source: source.read)
    var lines: [LineReader.Next] = []
    while true {
      let next = reader.nextLine()
      lines.append(next)
      if next == .end { return lines }
    }
  }

  @Test func aLineOfManyMegabytesComesWholeAmongShortOnes() {
    let big = String(repeating: "0123456789abcdef", count: 1 << 20)  // 16 MiB
    let text = "first\n\n" + big + "\nü ✓\r\nlast without a break"
    let source = Source(Array(text.utf8), sizes: [4096, 1, 65536, 7919, 100_000])
    #expect(
      Self.lines(of: source) == [
        .line("first"), .line(""), .line(big), .line("ü ✓\r"), .line("last without a break"),
        .end,
      ])
  }

  @Test func aLongLineComesWholeAByteAtATime() {
    let long = String(repeating: "x", count: 300_000)
    let source = Source(Array((long + "\n" + long + "\n").utf8), sizes: [1])
    #expect(Self.lines(of: source) == [.line(long), .line(long), .end])
  }

  @Test func anInterruptionKeepsWhatWasRead() {
    let source = Source(Array("one\ntwo\nthree".utf8), sizes: [6], interruptions: [2, 4])
    #expect(
      Self.lines(of: source) == [
        .line("one"), .interrupted, .line("two"), .interrupted,
        .line("three"), .end,
      ])
  }

  @Test func theEndIsTheEndOnEveryLaterCall() {
    var reader = LineReader(source: Source(Array("a\n".utf8), sizes: [2]).read)
    #expect(reader.next() == "a")
    #expect(reader.next() == nil)
    #expect(reader.next() == nil)
  }
}
