// swift-tools-version:6.0
// The libFuzzer targets of Casefile: a package of its own, beside the main one and depending on
// it by path, because a fuzz target is an executable without `main` (libFuzzer brings it), which
// links only when built with `--sanitize=fuzzer`. `Scripts/fuzz.sh` builds and runs them; the
// main package's `swift build` and `swift test` never see them.
import Foundation
import PackageDescription

// A package found by path is named after its folder (`main`, or a worktree's name).
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let casefile = root.lastPathComponent

let package = Package(
    name: "CasefileFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: root.path),
    ],
    targets: [
        // site.yaml or a collection in YAML or JSON → loader (Yams/libyaml, JSONReader, records) → Validator.
        .executableTarget(name: "FuzzLoader", dependencies: [.product(name: "CasefileKit", package: casefile)]),
        // A note → MarkdownRenderer.render (cmark-gfm and the case-link rewriting) → publish's safety rules.
        .executableTarget(name: "FuzzMarkdown", dependencies: [
            .product(name: "CasefileMarkdown", package: casefile),
            .product(name: "CasefileKit", package: casefile),
        ]),
        // A collection file's bytes → the editor's byte edits (SourceEditor), each read back by the loader.
        .executableTarget(name: "FuzzEdits", dependencies: [.product(name: "CasefileKit", package: casefile)]),
        // A page's bytes → publish's checks (HTMLScanner, LinkTarget, SafetyCheck).
        .executableTarget(name: "FuzzHTMLCheck", dependencies: [.product(name: "CasefileKit", package: casefile)]),
    ],
    swiftLanguageModes: [.v6]
)
