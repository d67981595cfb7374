import ArgumentParser

/// What the commands check of the files they will write, before anything runs.
enum OutputFiles {
  /// Refuses an empty path given to `option`: it names no file (`kind`: "file" or "folder"),
  /// and would otherwise be found out only when the result is written, after the work.
  static func checkNotEmpty(_ path: String?, option: String, kind: String = "file")
    throws(ValidationError)
  {
    guard path == "" else { return }
    throw ValidationError("\(option) is an empty path; name the \(kind) to write")
  }
}
