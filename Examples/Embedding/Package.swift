// swift-tools-version:6.0
import PackageDescription

// A package that uses lifescript as any other package would: it depends on the checkout two
// folders up by path (a package elsewhere names its own path, or lifescript's git URL), and
// uses only the LifescriptKit product. Documentation/Reference/embedding.md explains it.
let package = Package(
  name: "lifescript-embedding-example",
  dependencies: [
    .package(name: "lifescript", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "lifescript-embedding-example",
      dependencies: [.product(name: "LifescriptKit", package: "lifescript")],
      path: "Sources",
      resources: [.copy("launch.lua")]
    ),
    .testTarget(
      name: "EmbeddingTests",
      dependencies: [.product(name: "LifescriptKit", package: "lifescript")],
      path: "Tests",
      exclude: ["Scenarios"]
    ),
  ]
)
