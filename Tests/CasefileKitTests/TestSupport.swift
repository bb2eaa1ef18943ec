import Foundation
import CasefileTestSupport
import Testing
@testable import CasefileKit
@testable import CasefileModel
@testable import CasefileLoading
@testable import CasefileValidation

/// A case folder written into a fresh temporary directory from strings (or bytes), removed again
/// by `remove()` or, more simply, by the `with…` helpers below.
struct TempCase {
    let url: URL
    /// The name diagnostics give the folder.
    let displayPath: String

    init(_ files: [String: String], displayPath: String = "Case") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("casefile-tests-\(UUID().uuidString)", isDirectory: true)
        self.displayPath = displayPath
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (path, text) in files {
            try write(path, Data(text.utf8))
        }
    }

    func write(_ path: String, _ data: Data) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    func load() async throws -> LoadedCase {
        try await ContentLoader(directory: url, displayPath: displayPath).load()
    }

    func validate() async throws -> ValidatedCase {
        await Validator().validate(try await load())
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Writes `files` into a temporary case folder, loads it, and removes the folder.
func loadCase(_ files: [String: String], displayPath: String = "Case",
              bytes: [String: Data] = [:]) async throws -> LoadedCase {
    let folder = try TempCase(files, displayPath: displayPath)
    defer { folder.remove() }
    for (path, data) in bytes { try folder.write(path, data) }
    return try await folder.load()
}

/// Writes `files` into a temporary case folder, loads and validates it, and removes the folder.
func validateCase(_ files: [String: String], displayPath: String = "Case") async throws -> ValidatedCase {
    let folder = try TempCase(files, displayPath: displayPath)
    defer { folder.remove() }
    return try await folder.validate()
}

/// The sample case of the repository, `Content/` beside `Tests/`.
let sampleContentURL = Repository.sample

/// A minimal valid site.yaml.
let minimalSite = "title: Test case\n"

/// Two fruits, elstar and pink-pearl (lines 1–6).
let twoFruitsYAML = """
    - id: elstar
      name: Elstar Apple
      color: red
    - id: pink-pearl
      name: Pink Pearl Apple
      color: pink

    """

/// Two animals that favour one of `twoFruitsYAML`'s fruits each: with it, a case with no problem.
let twoAnimalsYAML = """
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
    func with(rule: String) -> [Diagnostic] { filter { $0.ruleID == rule } }
}

/// The one diagnostic of `rule` among `diagnostics`; records an issue when there is not exactly one.
/// The one problem of `rule` a validation found (a test fails when there is not exactly one).
func only(_ rule: String, in validated: ValidatedCase,
          sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
    try onlyOne(rule, in: validated.diagnostics, sourceLocation: sourceLocation)
}

/// The one problem of `rule` loading found.
func only(_ rule: String, in loaded: LoadedCase,
          sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
    try onlyOne(rule, in: loaded.diagnostics, sourceLocation: sourceLocation)
}

/// A place in a file of the case, as diagnostics give it.
func place(_ file: String, _ line: Int, _ column: Int) -> CasefileModel.SourceLocation {
    CasefileModel.SourceLocation(path: file, line: line, column: column)
}

func onlyOne(_ rule: String, in diagnostics: [Diagnostic],
             sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
    let found = diagnostics.with(rule: rule)
    #expect(found.count == 1, "expected one \(rule), got \(diagnostics.map { "\($0.ruleID) \($0.location?.description ?? "-"): \($0.message)" })",
            sourceLocation: sourceLocation)
    return try #require(found.first, sourceLocation: sourceLocation)
}

/// The sample's two honest problems (`Content/` carries them on purpose, so that its pages show
/// validation): a favourite fruit written twice (a warning) and a fruit nobody favours or names
/// (a note). Their places are found by reading the sample's files, not the output under test.
enum SampleProblems {
    static let summary = "0 errors, 1 warning, 1 note in 2 files"

    /// `animals.yaml:LINE:COL` of the second "strawberry-tree" in the mouse's favoriteFruits.
    static func duplicatePlace() throws -> (line: Int, column: Int) {
        let lines = try String(contentsOf: Repository.sample.appendingPathComponent("animals.yaml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.contains("favoriteFruits: [strawberry-tree, elephant-heart, strawberry-tree]") })
        let line = lines[index]
        let column = try #require(line.range(of: "strawberry-tree", options: .backwards)).lowerBound
        return (index + 1, line.utf8.distance(from: line.startIndex, to: column) + 1)
    }

    /// `fruits.yaml:LINE:COL` of the durian record (its `id` key).
    static func unusedPlace() throws -> (line: Int, column: Int) {
        let lines = try String(contentsOf: Repository.sample.appendingPathComponent("fruits.yaml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0 == "- id: durian" })
        return (index + 1, 3)
    }

    /// The two lines a command prints for them, the folder shown as `shown`.
    static func lines(shown: String) throws -> [String] {
        let (dl, dc) = try duplicatePlace(), (ul, uc) = try unusedPlace()
        return ["\(shown)/animals.yaml:\(dl):\(dc): warning: \"strawberry-tree\" is listed twice in favoriteFruits [duplicate-fruit]",
                "\(shown)/fruits.yaml:\(ul):\(uc): note: no animal favours Durian and no bulletin names it [unused-fruit]"]
    }
}

extension SampleProblems {
    /// Takes both out of a copy of the sample at `folder`: a case with no problem at all.
    static func remove(in folder: URL) throws {
        let animals = folder.appendingPathComponent("animals.yaml")
        let a = try String(contentsOf: animals, encoding: .utf8)
        let planted = "favoriteFruits: [strawberry-tree, elephant-heart, strawberry-tree]"
        try #require(a.contains(planted))
        try a.replacingOccurrences(of: planted, with: "favoriteFruits: [strawberry-tree, elephant-heart]")
            .write(to: animals, atomically: true, encoding: .utf8)
        let fruits = folder.appendingPathComponent("fruits.yaml")
        let f = try String(contentsOf: fruits, encoding: .utf8)
        let durian = try #require(f.range(of: "- id: durian\n  name: Durian\n  color: olivedrab\n"))
        try f.replacingCharacters(in: durian, with: "").write(to: fruits, atomically: true, encoding: .utf8)
    }
}
