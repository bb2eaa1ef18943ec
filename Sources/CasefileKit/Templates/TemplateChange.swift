/// How a copy of a template and today's built-in differ, in a few words for `template-outdated`:
/// the lines of each that the other lacks (counted as multisets: a moved line is no change), and
/// the DOM hooks one writes and the other does not.
struct TemplateChange: Sendable, Hashable {
    /// Lines of the built-in that the copy lacks, and lines of the copy the built-in lacks.
    var builtinOnly: Int
    var copyOnly: Int
    /// Hooks the built-in writes and the copy lacks; hooks the copy writes and the built-in no longer does.
    var hooksAdded: [String]
    var hooksRemoved: [String]

    init(copy: String, builtin: String) {
        var counts: [Substring: Int] = [:]
        for line in builtin.split(separator: "\n", omittingEmptySubsequences: false) { counts[line, default: 0] += 1 }
        var copyOnly = 0
        for line in copy.split(separator: "\n", omittingEmptySubsequences: false) {
            if let n = counts[line], n > 0 { counts[line] = n - 1 } else { copyOnly += 1 }
        }
        self.copyOnly = copyOnly
        builtinOnly = counts.values.reduce(0, +)
        let inCopy = Set(TemplateHooks.documented.filter { $0.isWritten(in: copy) }.map(\.name))
        let inBuiltin = Set(TemplateHooks.documented.filter { $0.isWritten(in: builtin) }.map(\.name))
        hooksAdded = inBuiltin.subtracting(inCopy).sorted()
        hooksRemoved = inCopy.subtracting(inBuiltin).sorted()
    }

    /// "3 lines of the built-in are not in the copy, 1 line of the copy is not in the built-in; hooks
    /// the built-in has gained: data-shown".
    var summary: String {
        var parts = ["\(Self.lines(builtinOnly)) of the built-in not in the copy, \(Self.lines(copyOnly)) of the copy not in the built-in"]
        if !hooksAdded.isEmpty { parts.append("hooks the built-in writes and the copy lacks: " + hooksAdded.joined(separator: ", ")) }
        if !hooksRemoved.isEmpty { parts.append("hooks the built-in no longer writes: " + hooksRemoved.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }

    private static func lines(_ n: Int) -> String { n == 1 ? "1 line" : "\(n) lines" }
}
