/// A CLDR plural category.
public enum PluralCategory: String, CaseIterable, Sendable, Hashable {
    case zero, one, two, few, many, other
}

/// A language's cardinal plural rules from CLDR (`PluralRuleData.swift`), parsed once per CLDR
/// locale and shared.
public struct PluralRules: Sendable {
    /// The CLDR locale whose rules apply (`fr`, `pt-pt`: the first of the tag's chain that has
    /// rules), or nil for CLDR's root, whose only category is `other`.
    public let language: String?
    /// The categories the language uses, in CLDR's order (`other` last).
    public let categories: [PluralCategory]
    /// The conditions of every category but `other`, in CLDR's order.
    private let conditions: [(category: PluralCategory, condition: PluralCondition)]
    /// The categories of 0…999, worked out once: most counts on a page are small.
    private let small: [PluralCategory]

    /// The rules of the first tag of `tag.fallbackChain` that CLDR has rules for, else root's.
    public init(_ tag: LanguageTag) {
        let locale = tag.fallbackChain.first { Self.ruleText[$0] != nil }
        self.language = locale
        let parsed = locale.map(Self.parsed) ?? Parsed(conditions: [], small: [])
        self.categories = parsed.conditions.map(\.category) + [.other]
        self.conditions = parsed.conditions
        self.small = parsed.small
    }

    /// The category of an integer.
    @inline(__always)
    public func category(_ n: Int) -> PluralCategory {
        n >= 0 && n < small.count ? small[n] : category(PluralOperands(n))
    }

    /// The category of a decimal as shown, its visible fraction digits counting (`"1"` and `"1.0"`
    /// may differ); `1.2c6` is 1.2 million in compact notation. `other` when `decimal` is not a
    /// plain decimal number.
    public func category(_ decimal: String) -> PluralCategory {
        PluralOperands(decimal).map(category) ?? .other
    }

    func category(_ operands: PluralOperands) -> PluralCategory {
        Self.category(operands, conditions)
    }

    private static func category(_ operands: PluralOperands, _ conditions: [(category: PluralCategory, condition: PluralCondition)]) -> PluralCategory {
        for (category, condition) in conditions where condition.holds(for: operands) { return category }
        return .other
    }

    private struct Parsed: Sendable {
        var conditions: [(category: PluralCategory, condition: PluralCondition)]
        var small: [PluralCategory]
    }

    private static let cache = OnceCache<Parsed>()

    /// A CLDR locale's conditions, parsed on first use; a rule that does not parse never holds
    /// (`everyRuleInTheDataParses` in the tests sees that none does so).
    private static func parsed(_ locale: String) -> Parsed {
        cache.value(locale) {
            let conditions = (ruleText[locale] ?? []).compactMap { category, text -> (category: PluralCategory, condition: PluralCondition)? in
                guard category != .other, let condition = try? PluralRuleParser.parse(text) else { return nil }
                return (category, condition)
            }
            return Parsed(conditions: conditions, small: (0..<1000).map { category(PluralOperands($0), conditions) })
        }
    }
}
