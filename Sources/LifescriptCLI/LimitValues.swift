import ArgumentParser

/// A memory size on the command line: bytes, or a number with K, M, G (powers of 1024, with or
/// without "iB"/"B"), or `none`.
struct ByteCount: ExpressibleByArgument {
  var bytes: Int?

  init(bytes: Int?) { self.bytes = bytes }

  init?(argument: String) {
    let text = argument.lowercased()
    if text == "none" || text == "unlimited" {
      bytes = nil
      return
    }
    let units: [(String, Int)] = [
      ("kib", 10), ("mib", 20), ("gib", 30), ("kb", 10), ("mb", 20), ("gb", 30), ("k", 10),
      ("m", 20), ("g", 30), ("b", 0),
    ]
    var digits = Substring(text)
    var shift = 0
    if let (suffix, bits) = units.first(where: { text.hasSuffix($0.0) }) {
      digits = text.dropLast(suffix.count)
      shift = bits
    }
    guard let value = Int(digits), value > 0, value <= (Int.max >> shift) else { return nil }
    bytes = value << shift
  }

  var defaultValueDescription: String {
    guard let bytes else { return "none" }
    return bytes % (1 << 20) == 0 ? "\(bytes >> 20)MiB" : "\(bytes)"
  }
}

/// An instruction budget on the command line: a positive count or `none`.
struct Budget: ExpressibleByArgument {
  var count: Int?

  init(count: Int?) { self.count = count }

  init?(argument: String) {
    let text = argument.lowercased().replacingUnderscores
    if text == "none" || text == "unlimited" {
      count = nil
      return
    }
    guard let value = Int(text), value > 0 else { return nil }
    count = value
  }

  var defaultValueDescription: String { count.map(String.init) ?? "none" }
}

extension String {
  fileprivate var replacingUnderscores: String { String(filter { $0 != "_" }) }
}
