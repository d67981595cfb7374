extension Storyboard {
  /// A storyboard segue other than a relationship: a `<segue>` of a scene's view controller
  /// (performed by identifier) or of one of its controls (triggered by the user), as
  /// Documentation/Reference/storyboards.md#segues lists them.
  public struct Segue: Equatable, Sendable {
    /// The kinds Interface Builder writes, by their `kind` attribute: today's (Xcode 6 and
    /// later) and those of Xcode 5 (`push`, `modal`, `popover`, `replace`).
    public enum Kind: String, CaseIterable, Sendable {
      case show, showDetail, presentation, popoverPresentation, custom, embed, unwind
      case push, modal, popover, replace
    }

    public var kind: Kind
    public var identifier: String?
    /// The segue's own `id` in the file.
    public var id: String
    /// The destination's `id`: a view controller (or a storyboard reference); for an unwind
    /// segue, the scene's Exit placeholder.
    public var destination: String
    /// The control that triggers it (`button`, `tableViewCell`, `barButtonItem`, …); nil for a
    /// segue of the view controller itself, which app code performs by identifier.
    public var trigger: Trigger?
    /// `modalPresentationStyle` by its name in the file (`fullScreen`, `formSheet`, …).
    public var modalPresentationStyle: String?
    /// `modalTransitionStyle` (`coverVertical`, `flipHorizontal`, …): kept, with no effect on
    /// the life cycle.
    public var modalTransitionStyle: String?
    /// An unwind segue's action (`unwindToHome:`).
    public var unwindAction: String?
    /// A custom segue's class (`customClass`, qualified by `customModule` as controllers are).
    public var customClass: String?
    /// `animates="NO"` turns the transition's animation off.
    public var animates: Bool
    public var file: String?
    public var line: Int?

    public init(
      kind: Kind, identifier: String? = nil, id: String, destination: String,
      trigger: Trigger? = nil, modalPresentationStyle: String? = nil,
      modalTransitionStyle: String? = nil, unwindAction: String? = nil,
      customClass: String? = nil, animates: Bool = true, file: String? = nil, line: Int? = nil
    ) {
      self.kind = kind
      self.identifier = identifier
      self.id = id
      self.destination = destination
      self.trigger = trigger
      self.modalPresentationStyle = modalPresentationStyle
      self.modalTransitionStyle = modalTransitionStyle
      self.unwindAction = unwindAction
      self.customClass = customClass
      self.animates = animates
      self.file = file
      self.line = line
    }

    /// The presentation styles a segue's `modalPresentationStyle` may name, as Interface Builder
    /// writes UIKit's `UIModalPresentationStyle` cases; a file with another is refused.
    public static let modalPresentationStyles: Set<String> = [
      "fullScreen", "pageSheet", "formSheet", "currentContext", "custom", "overFullScreen",
      "overCurrentContext", "popover", "none", "automatic",
    ]

    /// `Main.storyboard:42`, or nil for a segue of a declared storyboard.
    public var place: String? { Storyboard.place(file, line) }

    /// How a message names the segue: its identifier, else its id.
    public var name: String { identifier.map { "'\($0)'" } ?? "(id \(id))" }
  }

  /// The control a segue hangs on: its element (`button`) and its `id`.
  public struct Trigger: Equatable, Sendable {
    public var element: String
    public var id: String

    public init(element: String, id: String) {
      self.element = element
      self.id = id
    }
  }
}
