// libFuzzer's entry point for the OpenStep property list reader (the `project.pbxproj`
// parser): any bytes must give a value or an error, never a crash, a hang or a memory error.
// Built and run by tools/fuzz-openstep; not part of the package.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenStepPropertyList(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? OpenStepPropertyList.parse(bytes)
  return 0
}
