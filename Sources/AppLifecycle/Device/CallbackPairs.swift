/// The will/did pairs UIKit delivers, per object: `…DidBecomeActive` until `…WillResignActive`,
/// `…WillEnterForeground` until `…DidEnterBackground`, `viewWillAppear:` until `viewDidAppear:`
/// or `viewWillDisappear:`, `viewWillDisappear:` until `viewDidDisappear:` or `viewWillAppear:`.
/// Every lifecycle callback passes here: selectors compare by number, and each object's open
/// pairs are the bits of one byte.
struct CallbackPairs {
  /// Each pair's opening callback; a pair is its index here.
  private static let openers: [Selector] = [
    UIKitSelector.applicationDidBecomeActive, UIKitSelector.sceneDidBecomeActive,
    UIKitSelector.applicationWillEnterForeground, UIKitSelector.sceneWillEnterForeground,
    UIKitSelector.viewWillAppear, UIKitSelector.viewWillDisappear,
  ]
  /// The callbacks that close pairs, with the pairs each closes (bits by index in `openers`).
  private static let closers: [(selector: Selector, pairs: UInt8)] = [
    (UIKitSelector.applicationWillResignActive, 1 << 0),
    (UIKitSelector.sceneWillResignActive, 1 << 1),
    (UIKitSelector.applicationDidEnterBackground, 1 << 2),
    (UIKitSelector.sceneDidEnterBackground, 1 << 3),
    (UIKitSelector.viewDidAppear, 1 << 4), (UIKitSelector.viewWillDisappear, 1 << 4),
    (UIKitSelector.viewDidDisappear, 1 << 5), (UIKitSelector.viewWillAppear, 1 << 5),
  ]

  /// The pairs each object (by its runtime identifier) is inside of; objects inside none are
  /// not kept.
  private var open: [Int: UInt8] = [:]

  /// Notes `selector` delivered to the object `object`; returns the callbacks that should have
  /// come first (`"viewDidAppear: or viewWillDisappear:"`) when it opens a pair already open.
  mutating func deliver(_ selector: Selector, to object: Int) -> String? {
    var opens: UInt8 = 0
    for (index, opener) in Self.openers.enumerated() where opener == selector {
      opens = 1 << index
    }
    var closes: UInt8 = 0
    for closer in Self.closers where closer.selector == selector { closes |= closer.pairs }
    guard opens | closes != 0 else { return nil }
    let before = open[object] ?? 0
    let after = (before & ~closes) | opens
    open[object] = after == 0 ? nil : after
    guard before & opens != 0 else { return nil }
    return Self.closers.filter { $0.pairs & opens != 0 }.map(\.selector.name)
      .joined(separator: " or ")
  }

  /// How many pairs are open.
  var count: Int { open.values.reduce(0) { $0 + $1.nonzeroBitCount } }
}
