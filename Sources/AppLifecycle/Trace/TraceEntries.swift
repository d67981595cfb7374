/// A trace's entries, in order: a random-access collection stored in chunks that never move.
///
/// Appending to one array doubles it now and then, copying every entry recorded so far into
/// fresh memory that the kernel must zero first: a tenth of a long scenario's time went there
/// (Documentation/Architecture.md#message-dispatch). A chunk, once written, is never copied.
///
/// Entries are only ever appended, so a copy (a reader's snapshot) shares the chunks and reads
/// only the entries that were there when it was taken: later appends write past its `count`.
/// Like the trace, it belongs to the thread that runs the scenario.
public struct TraceEntries: RandomAccessCollection {
  /// Entries per chunk: a power of two, so that an index splits with a shift and a mask.
  @usableFromInline static let chunkShift = 12
  public static let chunkSize = 1 << chunkShift

  // Inlinable, with what it reads, so that a reader in another module reads an entry in place
  // rather than through a getter that copies it.
  @usableFromInline var chunks: [Chunk] = []
  /// The last chunk, which appends go to, and its entries: used without retaining it
  /// (`chunks` holds it).
  private var tail: Unmanaged<Chunk>?
  private var tailEntries: UnsafeMutablePointer<TraceEntry>?
  public private(set) var count = 0

  public init() {}

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { count }

  /// The entry at `position`, read in place (its chunk is held by this collection).
  @inlinable public subscript(position: Int) -> TraceEntry {
    unsafeAddress {
      precondition(position >= 0 && position < count, "trace entry index out of range")
      return UnsafePointer(
        chunks[position >> Self.chunkShift].entries + (position & (Self.chunkSize - 1)))
    }
  }

  mutating func append(_ entry: consuming TraceEntry) {
    if count & (Self.chunkSize - 1) == 0 {
      let chunk = Chunk()
      chunks.append(chunk)
      tail = .passUnretained(chunk)
      tailEntries = chunk.entries
    }
    (tailEntries.unsafelyUnwrapped + (count & (Self.chunkSize - 1))).initialize(to: entry)
    tail.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.initialized += 1 }
    count += 1
  }

  /// `chunkSize` entries' room, of which the first `initialized` are written.
  @usableFromInline final class Chunk {
    @usableFromInline let entries = UnsafeMutablePointer<TraceEntry>.allocate(
      capacity: TraceEntries.chunkSize)
    var initialized = 0

    deinit {
      entries.deinitialize(count: initialized)
      entries.deallocate()
    }
  }
}
