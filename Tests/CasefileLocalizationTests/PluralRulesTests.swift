import Testing
@testable import CasefileLocalization

/// Expected categories are written from CLDR's "Language Plural Rules" chart
/// (https://www.unicode.org/cldr/charts/47/supplemental/language_plural_rules.html), cardinal rows.
@Suite("CLDR plural rules")
struct PluralRulesTests {
    private func rules(_ tag: String) -> PluralRules { PluralRules(LanguageTag(tag)!) }

    /// The numbers 0, 1, 2, 3, 11, 100 and the decimal 1.5, in that order.
    private func categories(_ tag: String) -> [PluralCategory] {
        let rules = rules(tag)
        return [0, 1, 2, 3, 11, 100].map { rules.category($0) } + [rules.category("1.5")]
    }

    @Test func english() {
        // Chart, en: one = 1 (integers only); other = 0, 2~16, 100, …, and every decimal 0.0~1.5.
        #expect(categories("en") == [.other, .one, .other, .other, .other, .other, .other])
        #expect(rules("en").category("1.0") == .other)
        #expect(rules("en").categories == [.one, .other])
    }

    @Test func german() {
        // Chart, de: as English: one = 1; other = 0, 2~16, 100, …, decimals 0.0~1.5.
        #expect(categories("de") == [.other, .one, .other, .other, .other, .other, .other])
        #expect(rules("de").categories == [.one, .other])
    }

    @Test func japanese() {
        // Chart, ja: other only (0~15, 100, …, decimals 0.0~1.5).
        #expect(categories("ja") == [.other, .other, .other, .other, .other, .other, .other])
        #expect(rules("ja").categories == [.other])
    }

    @Test func arabic() {
        // Chart, ar: zero = 0; one = 1; two = 2; few = 3~10, 103~110, …; many = 11~26, 111, …;
        // other = 100~102, 200~202, …, and decimals such as 0.1~0.9, 1.1~1.7.
        #expect(categories("ar") == [.zero, .one, .two, .few, .many, .other, .other])
        #expect(rules("ar").category(103) == .few)
        #expect(rules("ar").category(111) == .many)
        #expect(rules("ar").category("3.0") == .few)
        #expect(rules("ar").categories == [.zero, .one, .two, .few, .many, .other])
        #expect([103, 110, 111, 199, 200, 1000].map(rules("ar-EG").category) == [.few, .few, .many, .many, .other, .other])
    }

    @Test func french() {
        // Chart, fr: one = 0, 1 and decimals 0.0~1.5; many = 1000000, 1c6, 2c6, …; other = 2~17, 100, 1000, ….
        #expect(rules("fr").category(0) == .one)
        #expect(rules("fr").category(1) == .one)
        #expect(rules("fr").category("1.5") == .one)
        #expect(rules("fr").category(2) == .other)
        #expect(rules("fr").category(1_000_000) == .many)
        #expect(rules("fr").category(2_000_000) == .many)
        #expect(rules("fr").category(1_000) == .other)
        #expect(rules("fr").category("2c6") == .many)
        #expect(rules("fr").category("1c3") == .other)
        #expect(rules("fr").categories == [.one, .many, .other])
    }

    @Test func spanish() {
        // Chart, es: one = 1; many = 1000000, 1c6, 2c6, …; other = 0, 2~16, 100, 1000, …, decimals.
        #expect(categories("es") == [.other, .one, .other, .other, .other, .other, .other])
        #expect(rules("es").category(2_000_000) == .many)
    }

    @Test func polish() {
        // Chart, pl: one = 1; few = 2~4, 22~24, 32~34, …; many = 0, 5~19, 100, …; other = decimals.
        let pl = rules("pl")
        #expect([1, 2, 5, 12, 21, 22, 25, 100].map { pl.category($0) } == [.one, .few, .many, .many, .many, .few, .many, .many])
        #expect(pl.category("1.5") == .other)
    }

    @Test func russian() {
        // Chart, ru: one = 1, 21, 31, …; few = 2~4, 22~24, …; many = 0, 5~19, 100, …; other = decimals.
        let ru = rules("ru")
        #expect([1, 21, 101, 11, 2, 22, 24, 5, 0, 12, 111].map { ru.category($0) }
                == [.one, .one, .one, .many, .few, .few, .few, .many, .many, .many, .many])
        #expect(ru.category("1.5") == .other)
    }

    @Test func negativeNumbersUseTheirAbsoluteValue() {
        // UTS #35: n is the absolute value of the source number.
        #expect(rules("ar").category(-3) == .few)
        #expect(rules("en").category(-1) == .one)
        #expect(rules("en").category(Int.min) == .other)
    }

    @Test func aRegionFallsBackToItsLanguageAndUnknownLanguagesToRoot() {
        // Chart: pt one = 0, 1 (i = 0..1); pt-PT one = 1 only (i = 1 and v = 0).
        #expect(rules("pt").category(0) == .one)
        #expect(rules("pt-PT").category(0) == .other)
        #expect(rules("pt-PT").language == "pt-pt")
        #expect(rules("de-CH").language == "de")
        #expect(rules("tlh").language == nil)
        #expect(rules("tlh").categories == [.other])
        #expect(rules("tlh").category(1) == .other)
    }

    @Test func everyRuleInTheDataParses() throws {
        #expect(PluralRules.ruleText.count > 200)
        for (locale, rules) in PluralRules.ruleText {
            #expect(rules.last?.0 == .other, "\(locale)")
            for (category, text) in rules {
                #expect(throws: Never.self, "\(locale) \(category)") { try PluralRuleParser.parse(text) }
            }
        }
    }
}
