import CasefileModel
import CasefileOutput
import CasefileSite
import CasefileValidation

/// The data exports as a preview last rendered them, with where each record's part (its CSV
/// row, its JSON object) lies in each: after an edit that keeps every collection's ids in order
/// and the problems as they were, only the parts of the records whose own values or derived
/// counts changed are rendered again, and the rest of each file is copied. The bytes are those
/// a whole render makes (`DataExports`).
package struct ExportParts: Sendable {
    private struct Rendered: Sendable {
        var bytes: [UInt8]
        var parts: DataExports.Parts
    }

    private var files: [String: Rendered] = [:]

    package init() {}

    /// The exports of the record collections, the ones kept with their parts.
    package static let paths: Set<String> = Set(SiteLayout.exports).subtracting([SiteLayout.problemsCSV])

    /// The exports at `paths` for `after`: patched from those kept, when `before` is the case they
    /// were rendered from (else rendered whole), and kept for the next edit. Rendered whole too
    /// when what heads the case's document changed: the settings, or the count of problems.
    /// `baseURL`: the site's, which the records' `url`s start with.
    package mutating func render(_ paths: [String], from before: ValidatedCase?, to after: ValidatedCase,
                                 baseURL: String? = nil) -> [OutputFile] {
        let exports = DataExports(validated: after, baseURL: baseURL)
        let comparable = before.map { b in
            b.caseContent.site == after.caseContent.site && b.errorCount == after.errorCount && b.warningCount == after.warningCount
                && b.noteCount == after.noteCount && b.caseContent.fruits.count == after.caseContent.fruits.count
                && b.caseContent.animals.count == after.caseContent.animals.count
                && b.caseContent.bulletins.count == after.caseContent.bulletins.count
        } ?? false
        let dirty = comparable ? before.map { Self.dirty($0, after) } : nil
        var output: [OutputFile] = []
        for path in paths where Self.paths.contains(path) {
            if let dirty, let kept = files[path] {
                let patched = Self.patch(kept, path: path, dirty: dirty, exports)
                files[path] = patched
                output.append(OutputFile(path: path, bytes: patched.bytes))
            } else {
                var parts: DataExports.Parts? = [:]
                let bytes = exports.render(path, parts: &parts) ?? []
                files[path] = Rendered(bytes: bytes, parts: parts ?? [:])
                output.append(OutputFile(path: path, bytes: bytes))
            }
        }
        return output
    }

    /// Forgets every file: the next render of each is whole.
    package mutating func removeAll() { files = [:] }

    /// The records whose parts may differ, by collection: those whose values changed, and those
    /// whose derived counts did (the exports name no other record).
    private static func dirty(_ b: ValidatedCase, _ a: ValidatedCase) -> [CaseCollection: [Int]] {
        let cb = b.caseContent, ca = a.caseContent, ib = b.index, ia = a.index
        return [
            .fruits: ca.fruits.indices.filter { f in
                cb.fruits[f] != ca.fruits[f] || ib.fans[f].count != ia.fans[f].count
                    || ib.fruitBulletins[f].count != ia.fruitBulletins[f].count
            },
            .animals: ca.animals.indices.filter { i in
                cb.animals[i] != ca.animals[i] || ib.involvementCount(i) != ia.involvementCount(i)
                    || ib.asleepInvolvementCount(i) != ia.asleepInvolvementCount(i)
            },
            .bulletins: ca.bulletins.indices.filter { i in
                cb.bulletins[i] != ca.bulletins[i] || ib.suspectCount(i) != ia.suspectCount(i)
                    || ib.asleepSuspectCount(i) != ia.asleepSuspectCount(i)
            },
        ]
    }

    /// `kept` with the parts of the `dirty` records rendered again.
    private static func patch(_ kept: Rendered, path: String, dirty: [CaseCollection: [Int]], _ exports: DataExports) -> Rendered {
        // The replacements, in the order of the bytes.
        var splices: [(collection: CaseCollection, record: Int, bytes: [UInt8])] = []
        for (collection, ranges) in kept.parts {
            for i in dirty[collection] ?? [] where ranges.indices.contains(i) {
                let new = exports.part(path, collection, i)
                if !new.elementsEqual(kept.bytes[ranges[i]]) { splices.append((collection, i, new)) }
            }
        }
        guard !splices.isEmpty else { return kept }
        splices.sort { kept.parts[$0.collection]![$0.record].lowerBound < kept.parts[$1.collection]![$1.record].lowerBound }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(kept.bytes.count + splices.reduce(0) { $0 + $1.bytes.count })
        var from = 0
        // How far each byte of the old file moved, by the old offsets where that changes.
        var shifts: [(at: Int, by: Int)] = []
        for splice in splices {
            let range = kept.parts[splice.collection]![splice.record]
            bytes.append(contentsOf: kept.bytes[from..<range.lowerBound])
            bytes.append(contentsOf: splice.bytes)
            from = range.upperBound
            shifts.append((range.upperBound, bytes.count - from))
        }
        bytes.append(contentsOf: kept.bytes[from...])
        var parts = kept.parts
        for (collection, ranges) in kept.parts {
            var moved = ranges
            var s = 0, shift = 0
            for i in ranges.indices {
                while s < shifts.count, shifts[s].at <= ranges[i].lowerBound {
                    shift = shifts[s].by
                    s += 1
                }
                moved[i] = (ranges[i].lowerBound + shift)..<(ranges[i].upperBound + shift)
            }
            parts[collection] = moved
        }
        for splice in splices {
            let range = parts[splice.collection]![splice.record]
            parts[splice.collection]![splice.record] = range.lowerBound..<(range.lowerBound + splice.bytes.count)
        }
        return Rendered(bytes: bytes, parts: parts)
    }
}
