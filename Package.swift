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
        // A thin ArgumentParser front.
        .executableTarget(
            name: "casefile",
            dependencies: [
                "CasefileKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CasefileMarkdownTests", dependencies: ["CasefileMarkdown"]),
        .testTarget(name: "CasefileKitTests", dependencies: ["CasefileKit"]),
    ],
    swiftLanguageModes: [.v6]
)
