// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Casefile",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "casefile", targets: ["casefile"]),
        .library(name: "CasefileKit", targets: ["CasefileKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // libcmark-gfm from Debian (libcmark-gfm-dev, libcmark-gfm-extensions-dev).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // The only module that talks to cmark-gfm; one file in it holds every C call.
        .target(name: "CasefileMarkdown", dependencies: ["CCmarkGFM"]),
        // The built-in templates and stylesheet, embedded in the binary.
        .target(
            name: "CasefileTemplates",
            path: "Templates",
            exclude: ["README.md"],
            sources: ["Embedded.swift"],
            resources: [
                .embedInCode("layout.mustache"),
                .embedInCode("suspects.mustache"),
                .embedInCode("bulletins.mustache"),
                .embedInCode("fruits.mustache"),
                .embedInCode("validation.mustache"),
                .embedInCode("notfound.mustache"),
                .embedInCode("partials/toolbar.mustache"),
                .embedInCode("partials/pagination.mustache"),
                .embedInCode("partials/swatches.mustache"),
                .embedInCode("partials/problems.mustache"),
                .embedInCode("partials/inspector.mustache"),
                .embedInCode("partials/chart.mustache"),
                .embedInCode("casefile.css"),
            ]
        ),
        // The pipeline: load → validate → render → write.
        .target(
            name: "CasefileKit",
            dependencies: [
                "CasefileMarkdown",
                "CasefileTemplates",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // The preview server: serves a build from a temporary folder, watches, rebuilds, reloads.
        .target(
            name: "CasefileServer",
            dependencies: [
                "CasefileKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A thin ArgumentParser front.
        .executableTarget(
            name: "casefile",
            dependencies: [
                "CasefileKit",
                "CasefileServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "CasefileMarkdownTests", dependencies: ["CasefileMarkdown"]),
        .testTarget(name: "CasefileKitTests", dependencies: ["CasefileKit"]),
        .testTarget(
            name: "CasefileServerTests",
            dependencies: [
                "CasefileServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
