/// `UIResponder`, the superclass of the application, the app delegate, windows and view
/// controllers. Its own `nextResponder` is nil; subclasses override it.
open class UIResponder: RuntimeObject {
  /// `registerForTraitChanges` of a view, view controller or window scene (iOS 17 and later).
  var traitRegistrations: [UITraitChangeRegistration] = []
}

extension UIResponder {
  static func define(in runtime: Runtime) throws -> RuntimeClass {
    let responder = try runtime.defineClass(
      "UIResponder", superclass: nil, allocator: { UIResponder(isa: $0, identifier: $1) })
    responder.addProperty("nextResponder") { _ in .nil }
    // The activity a responder manages (state-restoration.md, §10.3 item 6); UIKit's own
    // updateUserActivityState: and restoreUserActivityState: do nothing.
    responder.declareProperty("userActivity")
    responder.addMethod("updateUserActivityState:") { _ in .nil }
    responder.addMethod("restoreUserActivityState:") { _ in .nil }
    return responder
  }
}
