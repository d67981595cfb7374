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
    // The only C we write: the error trampoline, the instruction hook, the capped allocator and
    // the protected helpers that Swift uses for anything that can raise a Lua error
    // (clua_shim.c), and the SIGINT and SIGALRM handlers (clua_signals.c). One target: the
    // hook reads the interrupt flag, and Swift imports one C module.
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
