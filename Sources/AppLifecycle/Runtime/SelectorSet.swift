/// A fixed set of selectors, as a bit per interned selector number: asking whether it holds one
/// is a shift and a mask, with no `Hasher`, cheap enough for every message.
public struct SelectorSet: Sendable {
  private let words: [UInt64]

  public init(_ selectors: some Sequence<Selector>) {
    var words: [UInt64] = []
    for selector in selectors {
      let word = Int(selector.id) >> 6
      if word >= words.count { words += Array(repeating: 0, count: word + 1 - words.count) }
      words[word] |= 1 << UInt64(selector.id & 63)
    }
    self.words = words
  }

  public func contains(_ selector: Selector) -> Bool {
    let word = Int(selector.id) >> 6
    return word < words.count && words[word] & (1 << UInt64(selector.id & 63)) != 0
  }
}
