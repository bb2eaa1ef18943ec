/// One CLDR plural rule's condition, parsed: relations joined by `and`, those joined by `or`.
/// An empty condition (`other`'s) always holds.
struct PluralCondition: Sendable, Equatable {
    /// The operand a relation tests.
    enum Operand: Sendable, Equatable { case n, i, v, w, f, t, e }

    /// `operand [mod m] (=|!=|in|not in|is|is not|within|not within) ranges`.
    struct Relation: Sendable, Equatable {
        var operand: Operand
        /// 0 when there is no `mod`/`%`.
        var modulus = 0
        var negated = false
        /// `within`: `n` may have a fraction and lie between the ends; otherwise it must be an integer in the list.
        var within = false
        var ranges: [ClosedRange<Int>] = []
    }

    /// Disjunction of conjunctions.
    var alternatives: [[Relation]]

    func holds(for x: PluralOperands) -> Bool {
        if alternatives.isEmpty { return true }
        for relations in alternatives where relations.allSatisfy({ $0.holds(for: x) }) { return true }
        return false
    }
}

extension PluralCondition.Relation {
    @inline(__always)
    func holds(for x: PluralOperands) -> Bool {
        let whole: Int, hasFraction: Bool
        switch operand {
        case .n: whole = x.i; hasFraction = x.t != 0
        case .i: whole = x.i; hasFraction = false
        case .v: whole = x.v; hasFraction = false
        case .w: whole = x.w; hasFraction = false
        case .f: whole = x.f; hasFraction = false
        case .t: whole = x.t; hasFraction = false
        case .e: whole = x.e; hasFraction = false
        }
        let value = modulus == 0 ? whole : whole % modulus
        var found = false
        for range in ranges {
            if within {
                // lo ≤ value ≤ hi, where value may carry a fraction.
                if value >= range.lowerBound && (value < range.upperBound || (value == range.upperBound && !hasFraction)) { found = true; break }
            } else if !hasFraction && range.contains(value) {
                found = true; break
            }
        }
        return found != negated
    }
}

/// Why a rule's text did not parse.
struct PluralRuleSyntaxError: Error, Equatable, CustomStringConvertible {
    var rule: String
    var reason: String
    var description: String { "plural rule \"\(rule)\": \(reason)" }
}
