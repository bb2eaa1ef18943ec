import Foundation
import Testing
import CasefileModel
import CasefileLoading

/// A case folder written into a fresh temporary directory from strings (or bytes), removed again
/// by `remove()` or, more simply, by `loadCase` below (and `validateCase`, for a validated case).
public struct TempCase: Sendable {
    public let url: URL
    /// The name diagnostics give the folder.
    public let displayPath: String

    public init(_ files: [String: String], displayPath: String = "Case") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("casefile-tests-\(UUID().uuidString)", isDirectory: true)
        self.displayPath = displayPath
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (path, text) in files {
            try write(path, Data(text.utf8))
        }
    }

    public func write(_ path: String, _ data: Data) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    public func load() async throws -> LoadedCase {
        try await ContentLoader(directory: url, displayPath: displayPath).load()
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Writes `files` into a temporary case folder, loads it, and removes the folder.
public func loadCase(_ files: [String: String], displayPath: String = "Case",
                     bytes: [String: Data] = [:]) async throws -> LoadedCase {
    let folder = try TempCase(files, displayPath: displayPath)
    defer { folder.remove() }
    for (path, data) in bytes { try folder.write(path, data) }
    return try await folder.load()
}

/// Loads site.yaml, fruits.yaml and `files` (the folder shown as `Cases/small`, which diagnostics do not carry).
public func loadOverFruits(_ files: [String: String], bytes: [String: Data] = [:]) async throws -> LoadedCase {
    var all = ["site.yaml": minimalSite, "fruits.yaml": twoFruitsYAML]
    all.merge(files) { _, new in new }
    return try await loadCase(all, displayPath: "Cases/small", bytes: bytes)
}

/// A minimal valid site.yaml.
public let minimalSite = "title: Test case\n"

/// Two fruits, elstar and pink-pearl (lines 1–6).
public let twoFruitsYAML = """
    - id: elstar
      name: Elstar Apple
      color: red
    - id: pink-pearl
      name: Pink Pearl Apple
      color: pink

    """

/// Two animals that favour one of `twoFruitsYAML`'s fruits each: with it, a case with no problem.
public let twoAnimalsYAML = """
    - id: fox
      name: Fox
      species: Fox
      favoriteFruits: [elstar]
    - id: owl
      name: Owl
      species: Owl
      favoriteFruits: [pink-pearl]

    """

extension Array where Element == Diagnostic {
    public func with(rule: String) -> [Diagnostic] { filter { $0.ruleID == rule } }
}

/// The one problem of `rule` loading found (a test fails when there is not exactly one).
public func only(_ rule: String, in loaded: LoadedCase,
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
    try onlyOne(rule, in: loaded.diagnostics, sourceLocation: sourceLocation)
}

/// The one diagnostic of `rule` among `diagnostics`; records an issue when there is not exactly one.
public func onlyOne(_ rule: String, in diagnostics: [Diagnostic],
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
    let found = diagnostics.with(rule: rule)
    #expect(found.count == 1, "expected one \(rule), got \(diagnostics.map { "\($0.ruleID) \($0.location?.description ?? "-"): \($0.message)" })",
            sourceLocation: sourceLocation)
    return try #require(found.first, sourceLocation: sourceLocation)
}

/// A place in a file of the case, as diagnostics give it.
public func place(_ file: String, _ line: Int, _ column: Int) -> CasefileModel.SourceLocation {
    CasefileModel.SourceLocation(path: file, line: line, column: column)
}
