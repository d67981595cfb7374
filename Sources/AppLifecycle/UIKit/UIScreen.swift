/// `UIScreen`: one main screen, an iPhone's, its bounds following the interface orientation
/// (Documentation/UIKit/layout.md#rotation-and-size-changes).
public final class UIScreen: RuntimeObject {}

extension UIScreen {
  static func define(in runtime: Runtime) throws {
    let screen = try runtime.defineClass(
      "UIScreen", superclass: nil, allocator: { UIScreen(isa: $0, identifier: $1) })
    screen.addProperty("bounds") { message in
      let device = message.device
      let size = ScreenGeometry.size(InterfaceRotation(device).orientation)
      return .dictionary([
        "x": .double(0), "y": .double(0), "width": .double(size.width),
        "height": .double(size.height),
      ])
    }
  }
}
