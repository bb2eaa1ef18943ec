import Foundation
import Testing
import CasefileEditing
import CasefileModel
import CasefileTestSupport

/// Helpers of the editing tests: files as text, and the check that an edit changed one range.
enum Fixture {
    static func sample(_ name: String) throws -> String {
        try String(contentsOf: Repository.sample.appendingPathComponent(name), encoding: .utf8)
    }

    static func editor(_ text: String, _ collection: CaseCollection, json: Bool = false) -> SourceEditor {
        SourceEditor(bytes: Array(text.utf8), format: json ? .json : .yaml, collection: collection)
    }

    /// `text` with the one occurrence of `old` replaced by `new` (a test that names an `old`
    /// occurring more than once, or not at all, fails).
    static func replacing(_ text: String, _ old: String, _ new: String,
                          sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let parts = text.components(separatedBy: old)
        #expect(parts.count == 2, "\"\(old)\" occurs \(parts.count - 1) times", sourceLocation: sourceLocation)
        return parts.joined(separator: new)
    }

    /// Checks that `new` differs from `old` only inside the one occurrence of `around` in
    /// `old`: the bytes before and after that place are identical.
    static func changedOnlyWithin(_ old: [UInt8], _ new: [UInt8], around: String,
                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let text = String(decoding: old, as: UTF8.self)
        guard let range = text.range(of: around) else {
            Issue.record("\"\(around)\" is not in the old file", sourceLocation: sourceLocation)
            return
        }
        let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        let end = start + around.utf8.count
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        #expect(prefix >= start && old.count - suffix <= end, "changed bytes \(prefix)..<\(old.count - suffix) outside \(start)..<\(end)",
                sourceLocation: sourceLocation)
    }
}
