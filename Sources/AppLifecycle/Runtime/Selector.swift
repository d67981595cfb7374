import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An Objective-C selector (`application:didFinishLaunchingWithOptions:`), interned: two
/// selectors with the same name are the same value, and comparing or hashing one is comparing an
/// integer.
///
/// Interning is process-wide, so UIKit's selectors can be static constants shared by every run.
/// A selector is its number alone: copying one (every message, trace line and callback the
/// life-cycle machine returns carries one) retains nothing, and its name is read from the table.
public struct Selector: Hashable, Sendable, CustomStringConvertible {
  /// The selector's index in the interning table.
  public let id: Int32

  public init(_ name: String) {
    self = SelectorTable.shared.withLock { $0.intern(name) }
  }

  /// The selector named `name` when one was made already; nil otherwise, without making one (the
  /// table keeps every name for good). No class implements a selector never made, so asking
  /// whether an object responds to a name needs no new entry.
  public static func existing(_ name: String) -> Selector? {
    SelectorTable.shared.withLock { $0.lookUp(name) }
  }

  fileprivate init(id: Int32) { self.id = id }

  /// The selector with number `id`, which interning handed out (a method table keeps numbers).
  init(interned id: Int32) { self.id = id }

  /// The Objective-C spelling.
  public var name: String { SelectorNames.name(of: id) }

  public static func == (lhs: Selector, rhs: Selector) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  public var description: String { name }

  /// How many arguments a message with this selector takes (its number of colons).
  public var argumentCount: Int { name.utf8.count(where: { $0 == UInt8(ascii: ":") }) }
}

/// The interning table: names to numbers, open-addressed by an FNV-1a hash of the name's bytes.
/// Every scenario's set-up interns some thousand names (its UIKit classes' methods), and Swift's
/// `Hasher`, seeded and finalized for each, cost a third of that.
private struct SelectorTable: ~Copyable {
  static let shared = Mutex(SelectorTable())

  /// Selector numbers, -1 for an empty slot; a power of two, at most half full.
  private var slots = [Int32](repeating: -1, count: 4096)
  /// The hash of each selector's name, by number.
  private var hashes: [UInt64] = []

  func lookUp(_ name: String) -> Selector? {
    probe(name, hash: Self.hash(name)).found
  }

  mutating func intern(_ name: String) -> Selector {
    let hash = Self.hash(name)
    let (found, index) = probe(name, hash: hash)
    if let found { return found }
    let id = Int32(hashes.count)
    // The name is in place before any selector with its number exists.
    SelectorNames.store(name, at: id)
    hashes.append(hash)
    slots[index] = id
    if hashes.count * 2 > slots.count { grow() }
    return Selector(id: id)
  }

  /// The selector named `name` (whose hash is `hash`), or the empty slot where it would go.
  private func probe(_ name: String, hash: UInt64) -> (found: Selector?, index: Int) {
    let mask = slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while true {
      let id = slots[index]
      if id < 0 { return (nil, index) }
      if hashes[Int(id)] == hash, Self.same(SelectorNames.name(of: id), name) {
        return (Selector(id: id), index)
      }
      index = (index + 1) & mask
    }
  }

  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for (id, hash) in hashes.enumerated() {
      var index = Int(truncatingIfNeeded: hash) & mask
      while slots[index] >= 0 { index = (index + 1) & mask }
      slots[index] = Int32(id)
    }
  }

  /// Names are the same selector when their bytes are, as Objective-C's selectors are C
  /// strings (and as Lua, where scripts name methods, compares strings).
  private static func same(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { a in
      b.withUTF8 { b in
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
      }
    }
  }

  /// FNV-1a over the name's UTF-8 bytes.
  private static func hash(_ name: String) -> UInt64 {
    var name = name
    return name.withUTF8 { bytes in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      return hash
    }
  }
}

/// The selectors' names by number, in chunks that are never moved or freed: written only by
/// `SelectorTable.intern`, under its lock, and read without one. A thread that holds a selector
/// got it, directly or through other threads, from the `intern` that stored its name, so the
/// name is there to read; a chunk's address is published before any of its numbers.
private enum SelectorNames {
  static let chunkSize = 4096
  /// Room for every Int32 number. calloc's zeroed pages cost nothing until a chunk is stored.
  static let maximumChunks = (Int(Int32.max) + 1) / chunkSize
  nonisolated(unsafe) static let chunks: UnsafeMutablePointer<UnsafeMutablePointer<String>?> =
    calloc(maximumChunks, MemoryLayout<UnsafeMutablePointer<String>?>.stride)!
    .bindMemory(to: UnsafeMutablePointer<String>?.self, capacity: maximumChunks)

  static func name(of id: Int32) -> String {
    let index = Int(id)
    return chunks[index / chunkSize].unsafelyUnwrapped[index % chunkSize]
  }

  static func store(_ name: String, at id: Int32) {
    let index = Int(id)
    let chunk: UnsafeMutablePointer<String>
    if let existing = chunks[index / chunkSize] {
      chunk = existing
    } else {
      chunk = .allocate(capacity: chunkSize)
      chunks[index / chunkSize] = chunk
    }
    (chunk + index % chunkSize).initialize(to: name)
  }
}
