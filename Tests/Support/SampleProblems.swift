import Foundation
import Testing

/// The sample's two honest problems (`Content/` carries them on purpose, so that its pages show
/// validation): a favourite fruit written twice (a warning) and a fruit nobody favours or names
/// (a note). Their places are found by reading the sample's files, not the output under test.
public enum SampleProblems {
    public static let summary = "0 errors, 1 warning, 1 note in 2 files"

    /// `animals.yaml:LINE:COL` of the second "strawberry-tree" in the mouse's favoriteFruits.
    public static func duplicatePlace() throws -> (line: Int, column: Int) {
        let lines = try String(contentsOf: Repository.sample.appendingPathComponent("animals.yaml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.contains("favoriteFruits: [strawberry-tree, elephant-heart, strawberry-tree]") })
        let line = lines[index]
        let column = try #require(line.range(of: "strawberry-tree", options: .backwards)).lowerBound
        return (index + 1, line.utf8.distance(from: line.startIndex, to: column) + 1)
    }

    /// `fruits.yaml:LINE:COL` of the durian record (its `id` key).
    public static func unusedPlace() throws -> (line: Int, column: Int) {
        let lines = try String(contentsOf: Repository.sample.appendingPathComponent("fruits.yaml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0 == "- id: durian" })
        return (index + 1, 3)
    }

    /// The two lines a command prints for them, the folder shown as `shown`.
    public static func lines(shown: String) throws -> [String] {
        let (dl, dc) = try duplicatePlace(), (ul, uc) = try unusedPlace()
        return ["\(shown)/animals.yaml:\(dl):\(dc): warning: \"strawberry-tree\" is listed twice in favoriteFruits [duplicate-fruit]",
                "\(shown)/fruits.yaml:\(ul):\(uc): note: no animal favours Durian and no bulletin names it [unused-fruit]"]
    }
}

extension SampleProblems {
    /// Takes both out of a copy of the sample at `folder`: a case with no problem at all.
    public static func remove(in folder: URL) throws {
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
