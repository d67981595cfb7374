// lifescript's fuzz targets (Fuzz/README.md). Built with `-DFUZZING` and
// `-sanitize=fuzzer,address` (Fuzz/run), this is a libFuzzer binary whose target is named by
// the environment variable LIFESCRIPT_FUZZ_TARGET. Built without `-DFUZZING` (an ordinary
// `swift build`), it replays inputs: `LifescriptFuzz TARGET FILE|FOLDER...` runs each file (a
// folder's files, leaving out its `known/` folders) through the target, which is how CI
// replays the committed corpus without libFuzzer.

#if DEBUG
  import Scenarios

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  #if FUZZING
    private nonisolated(unsafe) var chosen: FuzzTarget?

    /// libFuzzer's driver (in the fuzzer runtime that `-sanitize=fuzzer` links).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
      _ argc: UnsafeMutablePointer<CInt>,
      _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
      _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The executable's entry point: SwiftPM links an executable target's `main` to this
    /// module's `LifescriptFuzz_main`, which hands over to libFuzzer.
    @_cdecl("LifescriptFuzz_main")
    public func fuzzMain(
      _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> CInt {
      var count = argc
      var arguments = argv
      return runDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
      if chosen == nil {
        let name = getenv("LIFESCRIPT_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = FuzzTarget.named(name) else {
          let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
          writeError("LIFESCRIPT_FUZZ_TARGET must name a target: \(names)\n")
          exit(2)
        }
        chosen = target
      }
      let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
      chosen!.run(bytes)
      return 0
    }
  #else
    @main
    enum Replay {
      static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let target = FuzzTarget.named(name),
          arguments.count > 1
        else {
          var usage = "usage: LifescriptFuzz TARGET FILE|FOLDER...\ntargets:\n"
          for target in FuzzTarget.all { usage += "  \(target.name): \(target.summary)\n" }
          writeError(usage)
          exit(2)
        }
        var count = 0
        for path in arguments.dropFirst() {
          for file in files(at: path) {
            guard let bytes = contents(of: file) else {
              writeError("LifescriptFuzz: cannot read \(file)\n")
              exit(2)
            }
            target.run(bytes)
            count += 1
          }
        }
        print("\(target.name): \(count) inputs replayed")
      }

      /// The regular files at `path`, a folder's sorted and below it, leaving out `known/`.
      static func files(at path: String) -> [String] {
        guard let folder = opendir(path) else { return [path] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
          let name = String(decoding: FileSystem.name(of: entry), as: UTF8.self)
          if name != ".", name != "..", name != "known", !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted().flatMap { files(at: path + "/" + $0) }
      }

      static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
          let read = fread(&buffer, 1, buffer.count, file)
          if read == 0 { break }
          bytes += buffer[..<read]
        }
        return ferror(file) == 0 ? bytes : nil
      }
    }
  #endif
#else
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Darwin)
    import Darwin
  #endif

  @main
  enum ReleaseBuild {
    static func main() {
      let message =
        "LifescriptFuzz needs a debug build (swift build -c debug); see Fuzz/README.md\n"
      _ = message.withCString { write(2, $0, strlen($0)) }
      exit(2)
    }
  }
#endif
