/// A CLDR plural category.
public enum PluralCategory: String, CaseIterable, Sendable, Hashable {
    case zero, one, two, few, many, other
}

/// A language's cardinal plural rules, as CLDR writes them (the Language Plural Rules chart),
/// for the languages Casefile ships tables for and the most used others; any other language has
/// only `other` (CLDR's root) until its rules are added here.
public struct PluralRules: Sendable {
    /// The CLDR language whose rules apply (the first of the tag's chain that has rules), or nil.
    public let language: String?
    private let rule: @Sendable (Operands) -> PluralCategory

    public init(_ tag: LanguageTag) {
        let found = tag.fallbackChain.first { Self.rules[$0] != nil }
        let rule: Rule = found.flatMap { Self.rules[$0] } ?? Self.root
        self.language = found
        self.rule = rule.rule
        self.categories = rule.categories
    }

    /// The categories the language uses, in CLDR's order.
    public let categories: [PluralCategory]

    /// The category of a whole number.
    public func category(_ n: Int) -> PluralCategory {
        rule(Operands(integer: n))
    }

    /// The category of a number as written (`"1.5"`, `"1.0"`): visible fraction digits count.
    public func category(_ decimal: String) -> PluralCategory {
        Operands(decimal).map(rule) ?? .other
    }

    /// CLDR's operands: n (absolute value), i (integer digits), v (count of visible fraction
    /// digits), f (visible fraction digits as a number), t (f without trailing zeros).
    struct Operands: Sendable {
        var n: Double
        var i: Int
        var v: Int
        var f: Int
        var t: Int

        init(integer: Int) {
            let magnitude = integer.magnitude > UInt(Int.max) ? Int.max : abs(integer)
            self.n = Double(magnitude)
            self.i = magnitude
            self.v = 0
            self.f = 0
            self.t = 0
        }

        init?(_ text: String) {
            let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : text
            let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let i = Int(parts[0]), parts[0].allSatisfy(\.isASCII),
                  let n = Double(unsigned) else { return nil }
            let fraction = parts.count == 2 ? parts[1] : ""
            guard fraction.allSatisfy({ $0.isASCII && $0.isNumber }), fraction.count <= 18 else { return nil }
            let trimmed = fraction.reversed().drop { $0 == "0" }.reversed()
            self.n = n
            self.i = i
            self.v = fraction.count
            self.f = Int(fraction) ?? 0
            self.t = Int(String(trimmed)) ?? 0
        }

        /// n is a whole number equal to `value`.
        func nIs(_ value: Int) -> Bool { n == Double(value) }
        /// n is a whole number and n % 100 lies in `range`.
        func nMod100(_ range: ClosedRange<Int>) -> Bool { n == n.rounded(.down) && range.contains(i % 100) }
    }

    private struct Rule: Sendable {
        let categories: [PluralCategory]
        let rule: @Sendable (Operands) -> PluralCategory
    }

    /// `many` of French, Spanish, Italian and Portuguese: a whole million (written without an
    /// exponent, the only way Casefile writes numbers).
    private static func millions(_ o: Operands) -> Bool { o.v == 0 && o.i != 0 && o.i % 1_000_000 == 0 }

    private static let root = Rule(categories: [.other]) { _ in .other }

    private static let rules: [String: Rule] = {
        // one: i = 1 and v = 0
        let oneIfOne = Rule(categories: [.one, .other]) { $0.i == 1 && $0.v == 0 ? .one : .other }
        let slavic = Rule(categories: [.one, .few, .many, .other]) { o in
            guard o.v == 0 else { return .other }
            let m10 = o.i % 10, m100 = o.i % 100
            if m10 == 1 && m100 != 11 { return .one }
            if (2...4).contains(m10) && !(12...14).contains(m100) { return .few }
            return .many
        }
        var rules: [String: Rule] = [
            "en": oneIfOne, "de": oneIfOne, "nl": oneIfOne, "sv": oneIfOne, "da": Rule(categories: [.one, .other]) { o in
                o.n == 1 || (o.t != 0 && (o.i == 0 || o.i == 1)) ? .one : .other
            },
            "fi": oneIfOne, "et": oneIfOne,
            // one: n = 1; many: a million
            "es": Rule(categories: [.one, .many, .other]) { o in o.nIs(1) ? .one : millions(o) ? .many : .other },
            // one: i = 1 and v = 0; many: a million
            "it": Rule(categories: [.one, .many, .other]) { o in o.i == 1 && o.v == 0 ? .one : millions(o) ? .many : .other },
            "ca": Rule(categories: [.one, .many, .other]) { o in o.i == 1 && o.v == 0 ? .one : millions(o) ? .many : .other },
            "pt-pt": Rule(categories: [.one, .many, .other]) { o in o.i == 1 && o.v == 0 ? .one : millions(o) ? .many : .other },
            // one: i = 0,1; many: a million
            "fr": Rule(categories: [.one, .many, .other]) { o in o.i <= 1 ? .one : millions(o) ? .many : .other },
            "pt": Rule(categories: [.one, .many, .other]) { o in o.i <= 1 ? .one : millions(o) ? .many : .other },
            // zero: n = 0; one: n = 1; two: n = 2; few: n % 100 = 3..10; many: n % 100 = 11..99
            "ar": Rule(categories: PluralCategory.allCases) { o in
                if o.nIs(0) { return .zero }
                if o.nIs(1) { return .one }
                if o.nIs(2) { return .two }
                if o.nMod100(3...10) { return .few }
                if o.nMod100(11...99) { return .many }
                return .other
            },
            // one: i = 1 and v = 0 or i = 0 and v != 0; two: i = 2 and v = 0
            "he": Rule(categories: [.one, .two, .other]) { o in
                (o.i == 1 && o.v == 0) || (o.i == 0 && o.v != 0) ? .one : o.i == 2 && o.v == 0 ? .two : .other
            },
            // one: i = 0 or n = 1
            "fa": Rule(categories: [.one, .other]) { o in o.i == 0 || o.nIs(1) ? .one : .other },
            "hi": Rule(categories: [.one, .other]) { o in o.i == 0 || o.nIs(1) ? .one : .other },
            "ur": oneIfOne,
            "ru": slavic, "uk": slavic,
            // one: i = 1 and v = 0; few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14; many: the other whole numbers
            "pl": Rule(categories: [.one, .few, .many, .other]) { o in
                guard o.v == 0 else { return .other }
                if o.i == 1 { return .one }
                let m10 = o.i % 10, m100 = o.i % 100
                return (2...4).contains(m10) && !(12...14).contains(m100) ? .few : .many
            },
            // one: i = 1 and v = 0; few: i = 2..4 and v = 0; many: v != 0
            "cs": Rule(categories: [.one, .few, .many, .other]) { o in
                o.v != 0 ? .many : o.i == 1 ? .one : (2...4).contains(o.i) ? .few : .other
            },
        ]
        for language in ["ja", "zh", "ko", "th", "vi", "id", "ms"] {
            rules[language] = Rule(categories: [.other]) { _ in .other }
        }
        rules["sk"] = rules["cs"]
        return rules
    }()
}
