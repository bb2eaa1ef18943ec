/// "Did you mean …": the candidate nearest to a misspelling, by edit distance.
package enum Suggestion {
    /// Candidates prepared once (lowercased, as scalars) for many look-ups: a note with thousands
    /// of broken links asks about each, and preparing the ids again for every one was the bulk of
    /// the work.
    package struct Candidates: Sendable {
        fileprivate let entries: [(name: String, scalars: [Unicode.Scalar])]

        package init(_ names: some Sequence<String>) {
            entries = names.map { ($0, Array($0.lowercased().unicodeScalars)) }
        }
    }

    /// The nearest candidate within a distance that still reads as a typo (a third of the word,
    /// at least 2), or nil.
    package static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        nearest(to: word, in: Candidates(candidates))
    }

    package static func nearest(to word: String, in candidates: Candidates) -> String? {
        let limit = max(2, word.count / 3)
        let scalars = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates.entries {
            // Checked here too, before any call: most candidates differ too much in length.
            if abs(scalars.count - candidate.scalars.count) > limit { continue }
            let d = distance(scalars, candidate.scalars, limit: limit)
            if d <= limit, best == nil || d < best!.1 || (d == best!.1 && candidate.name < best!.0) {
                best = (candidate.name, d)
            }
        }
        return best?.0
    }

    /// Levenshtein distance, stopping early once it must exceed `limit`.
    package static func distance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        distance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
    }

    private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// " (did you mean "x"?)" or "".
    package static func phrase(for word: String, in candidates: some Sequence<String>) -> String {
        phrase(for: word, in: Candidates(candidates))
    }

    package static func phrase(for word: String, in candidates: Candidates) -> String {
        nearest(to: word, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
