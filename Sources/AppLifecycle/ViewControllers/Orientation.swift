/// The device's physical orientation and the interface orientation UIKit follows it with, and
/// what each means for the modelled iPhone's screen: its size, safe area and size classes
/// (Documentation/UIKit/layout.md#rotation-and-size-changes).
public enum DeviceOrientation: String, CaseIterable, Sendable {
  case portrait, portraitUpsideDown, landscapeLeft, landscapeRight

  /// The interface orientation that keeps the content upright: "UIInterfaceOrientationLandscapeLeft
  /// is equal to UIDeviceOrientationLandscapeRight (and vice versa)" (UIKit's header).
  public var interfaceOrientation: InterfaceOrientation {
    switch self {
    case .portrait: .portrait
    case .portraitUpsideDown: .portraitUpsideDown
    case .landscapeLeft: .landscapeRight
    case .landscapeRight: .landscapeLeft
    }
  }

  /// The names `device.rotate` accepts, in UIKit's order. Written out rather than joined from
  /// `allCases`: every run prints it into the device library's help, and mapping the cases
  /// instantiates generic metadata at start-up (a unit test keeps it equal to the cases).
  public static let names =
    "\"portrait\", \"portraitUpsideDown\", \"landscapeLeft\", \"landscapeRight\""
}

/// `UIInterfaceOrientation`, by its Swift case names.
public enum InterfaceOrientation: String, CaseIterable, Sendable {
  case portrait, portraitUpsideDown, landscapeLeft, landscapeRight

  public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

  /// Its `UIInterfaceOrientationMask` bit: `1 << UIInterfaceOrientation` (raw values 1, 2, 4, 3).
  var maskBit: Int {
    switch self {
    case .portrait: 1 << 1
    case .portraitUpsideDown: 1 << 2
    case .landscapeLeft: 1 << 4
    case .landscapeRight: 1 << 3
    }
  }

  /// Its name in an Info.plist's `UISupportedInterfaceOrientations`.
  var plistName: String {
    "UIInterfaceOrientation" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
  }
}

/// `UIInterfaceOrientationMask` by its Swift names, with UIKit's raw values.
enum InterfaceOrientationMask {
  static let names: [String: Int] = [
    "portrait": 2, "portraitUpsideDown": 4, "landscapeRight": 8, "landscapeLeft": 16,
    "landscape": 24, "allButUpsideDown": 26, "all": 30,
  ]

  /// "UIInterfaceOrientationMaskAllButUpsideDown for the iPhone idiom": a view controller's and
  /// an app's default (the iOS 6 release notes; layout.md#rotation-and-size-changes).
  static let iPhoneDefault = 26

  /// The orientations of a mask.
  static func orientations(_ mask: Int) -> [InterfaceOrientation] {
    InterfaceOrientation.allCases.filter { mask & $0.maskBit != 0 }
  }
}

/// `UIEdgeInsets`: a safe area or `additionalSafeAreaInsets`.
public struct EdgeInsets: Equatable, Sendable {
  public var top = 0.0, left = 0.0, bottom = 0.0, right = 0.0

  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
  }

  static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom,
      right: a.right + b.right)
  }

  /// As Lua reads it: `{ top = 47, left = 0, bottom = 34, right = 0 }`.
  var runtimeValue: RuntimeValue {
    .dictionary([
      "top": .double(top), "left": .double(left), "bottom": .double(bottom),
      "right": .double(right),
    ])
  }
}

/// The traits lifescript models of a `UITraitCollection`.
public struct Traits: Equatable, Sendable {
  public enum SizeClass: String, Sendable { case compact, regular }
  public enum Style: String, Sendable { case light, dark }

  public var horizontalSizeClass = SizeClass.compact
  public var verticalSizeClass = SizeClass.regular
  public var userInterfaceStyle = Style.light

  /// The trait classes, named as Swift names them, whose values differ.
  func changed(from other: Traits) -> Set<String> {
    var names: Set<String> = []
    if horizontalSizeClass != other.horizontalSizeClass {
      names.insert("UITraitHorizontalSizeClass")
    }
    if verticalSizeClass != other.verticalSizeClass { names.insert("UITraitVerticalSizeClass") }
    if userInterfaceStyle != other.userInterfaceStyle { names.insert("UITraitUserInterfaceStyle") }
    return names
  }

  static let classNames = [
    "UITraitHorizontalSizeClass", "UITraitVerticalSizeClass", "UITraitUserInterfaceStyle",
  ]
}

/// The modelled iPhone: a 6.1-inch screen of 390×844 points with a notch and no Home button
/// (iPhone 12, 13, 14), in each interface orientation (layout.md#safe-area-and-layout-margins).
enum ScreenGeometry {
  /// The screen's bounds: the interface orientation swaps width and height.
  static func size(_ orientation: InterfaceOrientation) -> (width: Double, height: Double) {
    orientation.isLandscape ? (844, 390) : (390, 844)
  }

  /// The window's safe area: the status bar and notch at the top and the Home indicator at the
  /// bottom in portrait (47 and 34); the notch's side and the other side in landscape (47 each),
  /// with the Home indicator's 21 at the bottom.
  static func safeArea(_ orientation: InterfaceOrientation) -> EdgeInsets {
    switch orientation {
    case .portrait: EdgeInsets(top: 47, bottom: 34)
    case .portraitUpsideDown: EdgeInsets(top: 34, bottom: 47)
    case .landscapeLeft, .landscapeRight: EdgeInsets(left: 47, bottom: 21, right: 47)
    }
  }

  /// Size classes: compact width always; regular height in portrait, compact in landscape (the
  /// 6.1-inch iPhones, unlike the Plus and Max ones).
  static func traits(_ orientation: InterfaceOrientation, style: Traits.Style) -> Traits {
    Traits(
      horizontalSizeClass: .compact,
      verticalSizeClass: orientation.isLandscape ? .compact : .regular,
      userInterfaceStyle: style)
  }

  /// Phones without a Home button have no upside-down interface orientation, whatever the app
  /// asks.
  static let supportsUpsideDown = false
}
