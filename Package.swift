// swift-tools-version:6.0
import Foundation
import PackageDescription

/// What the `CasefileSample` target, whose path is the package root, leaves out: every entry at
/// the root but Content/, Schemas/ and Sources/, and every folder of Sources/ but its own.
let sampleExcludes: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
    func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
    let kept: Set<String> = ["Content", "Schemas", "Sources", "Package.swift", "Package.resolved"]
    return entries(root).filter { !kept.contains($0) }
        + entries(root + "/Sources").filter { $0 != "CasefileSample" }.map { "Sources/" + $0 }
}()

/// jemalloc, for the binaries that link it (below), but in a sanitizer's build: there the
/// sanitizer's allocator serves the program, and one loaded beside it frees what the other
/// allocated (`casefile serve` built with ThreadSanitizer crashed as it started, and `publish`
/// as jemalloc started its background thread). `Scripts/sanitize.sh` sets CASEFILE_SANITIZER
/// for its builds.
let jemalloc: [LinkerSetting] = ProcessInfo.processInfo.environment["CASEFILE_SANITIZER"] == nil
    ? [.linkedLibrary("jemalloc", .when(platforms: [.linux]))] : []

let package = Package(
    name: "Casefile",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "casefile", targets: ["casefile"]),
        // The pipeline, every layer of it (the fuzz targets in Fuzz/ call into several).
        .library(name: "CasefileKit", targets: ["CasefileModel", "CasefileLocalization", "CasefileLoading", "CasefileSite", "CasefileValidation",
                                                "CasefileReports", "CasefileOutput", "CasefileRendering", "CasefileEditing", "CasefileSiteCheck",
                                                "CasefileKit"]),
        // For the Markdown fuzz target in Fuzz/, which calls the renderer directly.
        .library(name: "CasefileMarkdown", targets: ["CasefileMarkdown"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
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
        // The Mustache templates' parser and renderer: typed contexts, values escaped once.
        .target(name: "CasefileMustache"),
        // The built-in templates and stylesheet, embedded in the binary.
        .target(
            name: "CasefileTemplates",
            path: "Templates",
            sources: ["Embedded.swift"],
            resources: [
                .embedInCode("README.md"),
                .embedInCode("layout.mustache"),
                .embedInCode("suspects.mustache"),
                .embedInCode("bulletins.mustache"),
                .embedInCode("fruits.mustache"),
                .embedInCode("validation.mustache"),
                .embedInCode("notfound.mustache"),
                .embedInCode("listing.mustache"),
                .embedInCode("record.mustache"),
                .embedInCode("editor.mustache"),
                .embedInCode("editor-delete.mustache"),
                .embedInCode("editor-style.mustache"),
                .embedInCode("partials/columns.mustache"),
                .embedInCode("partials/toolbar.mustache"),
                .embedInCode("partials/pagination.mustache"),
                .embedInCode("partials/suspect-panel.mustache"),
                .embedInCode("partials/bulletin-panel.mustache"),
                .embedInCode("partials/fruit-panel.mustache"),
                .embedInCode("partials/problem-panel.mustache"),
                .embedInCode("partials/page-index.mustache"),
                .embedInCode("partials/swatches.mustache"),
                .embedInCode("partials/field-row.mustache"),
                .embedInCode("partials/invalid-message.mustache"),
                .embedInCode("partials/listing-row.mustache"),
                .embedInCode("partials/problems.mustache"),
                .embedInCode("partials/inspector.mustache"),
                .embedInCode("partials/chart.mustache"),
                .embedInCode("partials/empty.mustache"),
                .embedInCode("partials/downloads.mustache"),
                .embedInCode("partials/filters.mustache"),
                .embedInCode("partials/controls.mustache"),
                .embedInCode("styles/tokens.mustache"),
                .embedInCode("styles/chrome.mustache"),
                .embedInCode("styles/tables.mustache"),
                .embedInCode("styles/inspector-panels.mustache"),
                .embedInCode("styles/wide.mustache"),
                .embedInCode("styles/narrow.mustache"),
                .embedInCode("styles/motion.mustache"),
                .embedInCode("styles/print.mustache"),
                .embedInCode("casefile.css"),
                .embedInCode("i18n/en.yaml"),
                .embedInCode("i18n/de.yaml"),
                .embedInCode("i18n/fr.yaml"),
                .embedInCode("i18n/es.yaml"),
                .embedInCode("i18n/ja.yaml"),
                .embedInCode("i18n/ar.yaml"),
            ]
        ),
        // The sample case and the JSON Schemas, embedded for `casefile init`. The target's path is
        // the package root so that its resources are the very files of Content/ and Schemas/ (no
        // copy to keep in sync); everything else at the root is excluded (`sampleExcludes`, read
        // from the folders, so a new target needs no entry here). A file added to Content/ or
        // Schemas/ but not listed here (and in Sources/CasefileSample/SampleFiles.swift) makes
        // SwiftPM warn ("unhandled") and InitTests fail. Resource names are file names, so two
        // sample files may not share one.
        .target(
            name: "CasefileSample",
            path: ".",
            exclude: sampleExcludes,
            sources: ["Sources/CasefileSample/SampleFiles.swift"],
            resources: [
                .embedInCode("Content/animals.yaml"),
                .embedInCode("Content/bulletins.yaml"),
                .embedInCode("Content/fruits.yaml"),
                .embedInCode("Content/notes/animals/cat.md"),
                .embedInCode("Content/notes/animals/crow.md"),
                .embedInCode("Content/notes/animals/dove.md"),
                .embedInCode("Content/notes/animals/fish.md"),
                .embedInCode("Content/notes/animals/mouse.md"),
                .embedInCode("Content/notes/animals/rabbit.md"),
                .embedInCode("Content/notes/animals/raccoon.md"),
                .embedInCode("Content/notes/animals/snail.md"),
                .embedInCode("Content/notes/bulletins/b-meadow-golden-delicious.md"),
                .embedInCode("Content/notes/bulletins/b-orchard-elstar.md"),
                .embedInCode("Content/notes/bulletins/b-theater-pink-pearl.md"),
                .embedInCode("Content/site.yaml"),
                .embedInCode("Schemas/animals.schema.json"),
                .embedInCode("Schemas/bulletins.schema.json"),
                .embedInCode("Schemas/fruits.schema.json"),
                .embedInCode("Schemas/site.schema.json"),
                .embedInCode("Schemas/case.schema.json"),
                .embedInCode("Schemas/strings.schema.json"),
            ]
        ),
        // One C function: swap two folders atomically (renameat2 RENAME_EXCHANGE), for publish.
        .target(name: "CExchange"),
        // No code: the settings jemalloc reads when the casefile binary starts (settings.c).
        .target(name: "CAllocatorSettings"),
        // The pipeline, in layers that depend one way, bottom first. At the bottom, depending on
        // no other target: the case's records, settings, diagnostics and rules, the string
        // tables' keys (UIText) and a table as data, the published site's layout (SiteLayout:
        // every file's path and how deep it sits) and the case folder's (CaseLayout: every file
        // Casefile reads), and the helpers every layer uses (errors, parallel work, files).
        .target(name: "CasefileModel"),
        // The site in its readers' language: language tags and their direction, CLDR plural
        // rules, numbers and dates per locale, the built-in string tables and a case's own
        // resolved over them, and phrases said in a language (a diagnostic's English made here).
        .target(name: "CasefileLocalization", dependencies: ["CasefileModel", "CasefileTemplates"]),
        // Reading a case folder: YAML and JSON into records, with every field's place.
        .target(name: "CasefileLoading", dependencies: ["CasefileModel", "CasefileLocalization", .product(name: "Yams", package: "Yams")]),
        // The editor's saves: a record's fields changed, added or removed, a record appended or
        // deleted, by rewriting only the bytes of what changed, read back before it is kept.
        .target(name: "CasefileEditing", dependencies: ["CasefileModel", "CasefileLoading", .product(name: "Yams", package: "Yams")]),
        // The rules that need more than one field, the cross-references between records, and the
        // notes compiled (parsed, their case links checked, to be placed).
        .target(name: "CasefileValidation", dependencies: ["CasefileModel", "CasefileLocalization", "CasefileLoading", "CasefileMarkdown"]),
        // Where every record is shown: the case placed on the site's pages (PlacedCase): the page
        // plan with each table's default order, each record's page and fragment, notes' links placed.
        .target(name: "CasefileSite", dependencies: ["CasefileModel", "CasefileValidation", "CasefileMarkdown"]),
        // Every report format of the problems: text (with colour or without), GitHub annotations,
        // JSON and SARIF.
        .target(name: "CasefileReports", dependencies: ["CasefileModel", "CasefileValidation"]),
        // Where rendered files go: a folder with a manifest, or the preview's mirror; which pages
        // a change needs.
        .target(name: "CasefileOutput", dependencies: ["CasefileModel"]),
        // The pages: view models per page and row, rendered through the templates.
        .target(name: "CasefileRendering",
                dependencies: ["CasefileModel", "CasefileLocalization", "CasefileSite", "CasefileValidation", "CasefileReports",
                               "CasefileOutput", "CasefileMustache", "CasefileTemplates", "CasefileMarkdown"]),
        // Publish's checks of a built site, before it may be published: every internal link and
        // fragment resolves, and nothing executes (no script, handler, javascript: URL or
        // WebAssembly). Its own HTML scanner, fed the bytes of each page as it is rendered.
        .target(name: "CasefileSiteCheck", dependencies: ["CasefileModel", "CasefileOutput"]),
        // The commands' pipelines: build, validate, publish, the preview's rebuilds and its
        // editor, init, templates, and the fuzz targets' entry points.
        .target(
            name: "CasefileKit",
            dependencies: [
                "CasefileModel",
                "CasefileLoading",
                "CasefileValidation",
                "CasefileSite",
                "CasefileReports",
                "CasefileOutput",
                "CasefileRendering",
                "CasefileSiteCheck",
                "CasefileTemplates",
                "CasefileSample",
                "CasefileEditing",
                "CasefileMarkdown",
                "CasefileMustache",
                "CasefileLocalization",
                "CExchange",
            ]
        ),
        // The preview server: serves a build from a temporary folder, watches, rebuilds, reloads.
        .target(
            name: "CasefileServer",
            dependencies: [
                "CasefileModel",
                "CasefileOutput",
                "CasefileKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // A thin ArgumentParser front.
        .executableTarget(
            name: "casefile",
            dependencies: [
                "CasefileModel",
                "CasefileReports",
                "CasefileOutput",
                "CasefileKit",
                "CasefileServer",
                "CAllocatorSettings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            // jemalloc (Debian's libjemalloc-dev) serves every allocation of the process, Swift's
            // and libcmark-gfm's: on the 10k benchmark case it takes 15 % off the build's CPU time
            // against glibc's malloc, whose free lists and arena locks the many small allocations
            // of parsing and rendering keep busy (Docs/performance-history.md).
            linkerSettings: jemalloc
        ),
        // The editor's benchmark (Scripts/edit-bench.sh): times the engine and the whole save on a
        // synthetic case. In no product; linked with jemalloc as the binary is.
        .executableTarget(
            name: "EditBench",
            dependencies: ["CasefileModel", "CasefileLoading", "CasefileEditing", "CasefileKit"],
            path: "Benchmarks/EditBench",
            linkerSettings: jemalloc
        ),
        // What the test targets share, a helper per level so that a layer's tests reach nothing
        // above it: the repository's places, the sample's problems, places in a text and a runner
        // for the built binary; a temporary case folder loaded, with the small fixtures; and
        // validated.
        .target(name: "CasefileTestSupport", path: "Tests/Support"),
        .target(name: "CasefileLoadingTestSupport", dependencies: ["CasefileModel", "CasefileLoading"],
                path: "Tests/LoadingSupport"),
        .target(name: "CasefileValidationTestSupport",
                dependencies: ["CasefileModel", "CasefileValidation", "CasefileLoadingTestSupport"],
                path: "Tests/ValidationSupport"),
        .testTarget(name: "CasefileMarkdownTests", dependencies: ["CasefileMarkdown"]),
        .testTarget(name: "CasefileMustacheTests", dependencies: ["CasefileMustache"]),
        // A test target per layer of the pipeline, each through its own API and the layers below.
        .testTarget(name: "CasefileModelTests", dependencies: ["CasefileModel", "CasefileTestSupport"]),
        .testTarget(name: "CasefileLocalizationTests", dependencies: ["CasefileModel", "CasefileLocalization", "CasefileTemplates"]),
        .testTarget(name: "CasefileLoadingTests",
                    dependencies: ["CasefileModel", "CasefileLoading", "CasefileTestSupport", "CasefileLoadingTestSupport",
                                   .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "CasefileEditingTests",
                    dependencies: ["CasefileModel", "CasefileLoading", "CasefileEditing", "CasefileTestSupport"]),
        .testTarget(name: "CasefileValidationTests",
                    dependencies: ["CasefileModel", "CasefileLocalization", "CasefileLoading", "CasefileValidation", "CasefileTemplates", "CasefileTestSupport",
                                   "CasefileLoadingTestSupport", "CasefileValidationTestSupport"]),
        .testTarget(name: "CasefileSiteTests",
                    dependencies: ["CasefileModel", "CasefileValidation", "CasefileSite", "CasefileLoadingTestSupport",
                                   "CasefileValidationTestSupport"]),
        .testTarget(name: "CasefileOutputTests", dependencies: ["CasefileModel", "CasefileOutput"]),
        .testTarget(name: "CasefileRenderingTests", dependencies: ["CasefileRendering", "CasefileModel", "CasefileLoading", "CasefileMustache", "CasefileOutput",
                                                                   "CasefileSite", "CasefileValidation", "CasefileLocalization",
                                                                   "CasefileReports"]),
        .testTarget(name: "CasefileReportsTests", dependencies: ["CasefileModel", "CasefileReports"]),
        .testTarget(name: "CasefileSiteCheckTests", dependencies: ["CasefileModel", "CasefileOutput", "CasefileSiteCheck"]),
        // The whole pipeline: the commands, the binary, init, the hostile corpus, planted faults.
        .testTarget(name: "CasefileKitTests", dependencies: ["CasefileModel", "CasefileLoading", "CasefileEditing",
                                                             "CasefileValidation", "CasefileReports", "CasefileOutput", "CasefileKit",
                                                             "CasefileRendering", "CasefileSiteCheck", "CasefileTemplates", "CasefileSample",
                                                             "CasefileTestSupport", "CasefileLoadingTestSupport"]),
        .testTarget(
            name: "CasefileServerTests",
            dependencies: [
                "CasefileKit",
                "CasefileServer",
                "CasefileTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
