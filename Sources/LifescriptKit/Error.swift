extension Lifescript {
  /// Why a run could not start, or why a native method's request to the runtime could not be
  /// made.
  ///
  /// ``Lifescript/run(file:options:)`` and ``Lifescript/run(source:name:options:)`` throw the
  /// first three kinds; ``Lifescript/Object``'s methods throw `.invalidMessage`. What a
  /// scenario does wrong is never thrown: it is a ``Lifescript/Result`` with status `.error`.
  public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Equatable, Sendable {
      /// An option out of range: an unknown iOS release or ordering, a limit that is not
      /// positive.
      case invalidOption
      /// The scenario file does not exist, is a folder, cannot be read, or is a precompiled
      /// chunk rather than Lua source.
      case unreadableFile
      /// A native class cannot be defined: its superclass does not exist, or its name is
      /// taken (by UIKit or by another native class).
      case invalidClass
      /// A native method asked an object for something it cannot do: a property it does not
      /// have the setter of, a class name no class has, a call of something that is not a
      /// block, or any request after the object's scenario or its app's process ended.
      case invalidMessage
    }

    /// What was wrong.
    public var kind: Kind
    /// The whole explanation, for people: `cannot open launch.lua: No such file or directory`.
    public var message: String

    /// An error of `kind` explained by `message`.
    public init(_ kind: Kind, _ message: String) {
      self.kind = kind
      self.message = message
    }

    /// The message.
    public var description: String { message }
  }
}
