#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to the terminal without Foundation (kept off the start path).
public enum Console {
  /// Writes to standard error, after flushing what scripts printed to standard output, so the
  /// two appear in order when they go to the same place.
  public static func writeError(_ text: String) {
    fflush(nil)
    put(2, text)
  }

  /// Writes to standard output, after flushing buffered script output.
  public static func writeOutput(_ text: String) {
    fflush(nil)
    put(1, text)
  }

  /// Ends the process with `status`, flushing what scripts printed.
  public static func exit(_ status: Int32) -> Never {
    fflush(nil)
    #if canImport(Glibc)
      Glibc.exit(status)
    #else
      Darwin.exit(status)
    #endif
  }

  private static func put(_ descriptor: Int32, _ text: String) {
    var text = text
    text.withUTF8 { _ = write(UnsafeRawBufferPointer($0), to: descriptor) }
  }

  /// Writes all of `bytes` to `descriptor`, retrying short and interrupted writes; false (with
  /// `errno` set) when the descriptor refuses them.
  public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

}
