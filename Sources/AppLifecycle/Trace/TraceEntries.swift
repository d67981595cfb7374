/// A trace's entries, in order: a random-access collection stored in chunks that never move.
///
/// Appending to one array doubles it now and then, copying every entry recorded so far into
/// fresh memory that the kernel must zero first: a tenth of a long scenario's time went there
/// (Documentation/Architecture.md#message-dispatch). A whole chunk, once written, is never
/// copied; the first grows from 64 entries to a whole chunk as an array does.
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
  /// The count at which the last chunk is full.
  private var tailEnd = 0
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
    if count == tailEnd { makeRoom() }
    (tailEntries.unsafelyUnwrapped + (count & (Self.chunkSize - 1))).initialize(to: entry)
    tail.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.initialized += 1 }
    count += 1
  }

  /// A new last chunk. The first starts small and doubles up to a whole chunk: most scenarios
  /// record a few dozen entries, and a whole chunk is too big for malloc's heap (it would map
  /// and unmap fresh pages for every scenario a suite's worker runs). A first chunk that grows
  /// is replaced with one holding a copy of its entries; a reader's snapshot keeps the old one.
  private mutating func makeRoom() {
    guard count < Self.chunkSize else {
      let chunk = Chunk(capacity: Self.chunkSize)
      chunks.append(chunk)
      tail = .passUnretained(chunk)
      tailEntries = chunk.entries
      tailEnd = count + Self.chunkSize
      return
    }
    let capacity = count == 0 ? 64 : Swift.min(2 * count, Self.chunkSize)
    tailEnd = capacity
    let chunk = Chunk(capacity: capacity)
    if count > 0 {
      chunk.entries.initialize(from: chunks[0].entries, count: count)
      chunk.initialized = count
      chunks[0] = chunk
    } else {
      chunks.append(chunk)
    }
    tail = .passUnretained(chunk)
    tailEntries = chunk.entries
  }

  /// Room for `capacity` entries, of which the first `initialized` are written.
  @usableFromInline final class Chunk {
    @usableFromInline let entries: UnsafeMutablePointer<TraceEntry>
    var initialized = 0

    init(capacity: Int) { entries = .allocate(capacity: capacity) }

    deinit {
      entries.deinitialize(count: initialized)
      entries.deallocate()
    }
  }
}
