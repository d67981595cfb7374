/// `UIResponder`, the superclass of the app delegate, windows and view controllers.
///
/// Its own `nextResponder` returns nil; UIKit's subclasses override it to form the responder
/// chain.
open class UIResponder: RuntimeObject {}

extension Runtime {
  /// Registers UIKit's classes in this runtime.
  public func registerUIKit() throws {
    let responder = try defineClass(
      "UIResponder", superclass: rootClass, allocator: { UIResponder(isa: $0, identifier: $1) })
    responder.addMethod("nextResponder") { _ in .nil }
  }
}
