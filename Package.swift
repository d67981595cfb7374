// swift-tools-version:6.0
import PackageDescription

// Module graph (see Documentation/Architecture.md): CLua ← LuaBridge ← Scenarios → AppLifecycle
// → XcodeFiles (Apple's file formats; CExpat for their XML), LifescriptCLI → Scenarios,
// lifescript → LifescriptCLI, LifescriptKit → Scenarios (the library a Swift package embeds;
// Examples/Embedding is a package of its own that depends on this one by path, as another
// package would).
let package = Package(
  name: "lifescript",
  products: [
    .executable(name: "lifescript", targets: ["lifescript"]),
    .library(name: "LuaBridge", targets: ["LuaBridge"]),
    .library(name: "LifescriptKit", targets: ["LifescriptKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .systemLibrary(
      name: "CLua",
      pkgConfig: "lua5.4",
      providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
    ),
    .systemLibrary(
      name: "CExpat",
      pkgConfig: "expat",
      providers: [.apt(["libexpat1-dev"]), .brew(["expat"])]
    ),
    // The only C we write, one idea per file as in Lua's own sources (each opens with what it is
    // for): the capped allocator (clua_alloc.c), the instruction hook and the stops it enforces
    // (clua_limits.c), the state (clua_state.c), the message handler and the error trampoline
    // (clua_call.c), the protected helpers that Swift uses for anything that can raise a Lua
    // error (clua_protected.c), boxes (clua_box.c), lazy globals (clua_globals.c), Lua's texts
    // (clua_format.c), and the SIGINT and SIGALRM handlers (clua_signals.c); clua_internal.h is
    // what they share. One target: the hook reads the interrupt flag, and Swift imports one C
    // module (include/clua_shim.h, whose sections follow the files).
    .target(name: "CLuaShim", dependencies: ["CLua"]),
    .target(name: "LuaBridge", dependencies: ["CLua", "CLuaShim"]),
    // Apple's file formats as they are on disk: what a project, an xcconfig, an Info.plist or
    // a storyboard holds, read without Lua, UIKit's behaviour or Foundation.
    .target(name: "XcodeFiles", dependencies: ["CExpat"]),
    .target(name: "AppLifecycle", dependencies: ["XcodeFiles"]),
    .target(name: "Scenarios", dependencies: ["LuaBridge", "AppLifecycle", "XcodeFiles"]),
    .target(
      name: "LifescriptCLI",
      dependencies: [
        "Scenarios",
        "AppLifecycle",
        "LuaBridge",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "lifescript", dependencies: ["LifescriptCLI"]),
    .target(name: "LifescriptKit", dependencies: ["Scenarios", "AppLifecycle", "LuaBridge"]),
    .executableTarget(
      name: "BridgeBenchmark",
      dependencies: ["LuaBridge"],
      path: "Benchmarks/BridgeBenchmark"
    ),
    // The fuzz targets (Fuzz/README.md): a libFuzzer binary when built by Fuzz/run, a replayer
    // of the committed corpus in an ordinary build.
    .executableTarget(
      name: "LifescriptFuzz",
      dependencies: ["LifescriptCLI", "Scenarios", "XcodeFiles"],
      path: "Fuzz/Sources/LifescriptFuzz"
    ),
    .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge"]),
    .testTarget(name: "AppLifecycleTests", dependencies: ["AppLifecycle", "XcodeFiles"]),
    .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "AppLifecycle", "LuaBridge"]),
    .testTarget(name: "XcodeFilesTests", dependencies: ["XcodeFiles"]),
    .testTarget(
      name: "LifescriptCLITests",
      dependencies: ["lifescript", "LifescriptCLI", "Scenarios", "AppLifecycle"],
      exclude: ["Fixtures"]
    ),
  ]
)
