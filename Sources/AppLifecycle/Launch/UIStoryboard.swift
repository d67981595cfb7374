/// `UIStoryboard`, as app code uses it.
public final class UIStoryboard: RuntimeObject {
  public internal(set) var name = ""
}

/// The storyboard that made a view controller, shared by the controllers of one instantiation:
/// its name, and the `UIStoryboard` object app code sees as their `storyboard`, made when first
/// asked for (so that a launch allocates no object the trace would not show).
public final class StoryboardSource {
  public let name: String
  var object: UIStoryboard?

  init(name: String) { self.name = name }

  init(_ object: UIStoryboard) {
    name = object.name
    self.object = object
  }
}
