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

  /// The Objective-C spelling.
  public var name: String { SelectorNames.name(of: id) }

  public static func == (lhs: Selector, rhs: Selector) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  public var description: String { name }

  /// How many arguments a message with this selector takes (its number of colons).
  public var argumentCount: Int { name.utf8.count(where: { $0 == UInt8(ascii: ":") }) }
}

private struct SelectorTable: ~Copyable {
  static let shared = Mutex(SelectorTable())

  private var ids: [String: Int32] = [:]

  func lookUp(_ name: String) -> Selector? {
    ids[name].map { Selector(id: $0) }
  }

  mutating func intern(_ name: String) -> Selector {
    if let id = ids[name] { return Selector(id: id) }
    let id = Int32(ids.count)
    // The name is in place before any selector with its number exists.
    SelectorNames.store(name, at: id)
    ids[name] = id
    return Selector(id: id)
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
