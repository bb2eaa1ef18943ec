import Testing
import CasefileLocalization

/// Cardinal plural categories, the expected values written from CLDR's "Language Plural Rules"
/// chart (cldr.unicode.org, charts/latest/supplemental/language_plural_rules.html), one row per
/// number the issue names: 0, 1, 2, 3, 11, 100 and 1.5.
@Suite("CLDR plural rules")
struct PluralRulesTests {
    private func categories(_ tag: String) -> [PluralCategory] {
        let rules = PluralRules(LanguageTag(tag)!)
        return [0, 1, 2, 3, 11, 100].map { rules.category($0) } + [rules.category("1.5")]
    }

    @Test func english() {
        // en: one: i = 1 and v = 0 (1); other: 0, 2~16, 100, 1000…, and every decimal.
        #expect(categories("en") == [.other, .one, .other, .other, .other, .other, .other])
        #expect(PluralRules(LanguageTag("en")!).category("1.0") == .other)
    }

    @Test func german() {
        // de: as English.
        #expect(categories("de") == [.other, .one, .other, .other, .other, .other, .other])
        #expect(categories("de-CH") == categories("de"))
    }

    @Test func japanese() {
        // ja: other only.
        #expect(categories("ja") == [.other, .other, .other, .other, .other, .other, .other])
        #expect(PluralRules(LanguageTag("ja")!).categories == [.other])
    }

    @Test func arabic() {
        // ar: zero n = 0; one n = 1; two n = 2; few n % 100 = 3..10; many n % 100 = 11..99; other.
        #expect(categories("ar") == [.zero, .one, .two, .few, .many, .other, .other])
        let ar = PluralRules(LanguageTag("ar-EG")!)
        #expect(ar.categories == [.zero, .one, .two, .few, .many, .other])
        #expect([103, 110, 111, 199, 200, 1000].map(ar.category) == [.few, .few, .many, .many, .other, .other])
    }

    @Test func frenchAndSpanish() {
        // fr: one i = 0,1 (0, 1 and 1.5); many: a million; es: one n = 1, many: a million.
        #expect(categories("fr") == [.one, .one, .other, .other, .other, .other, .one])
        #expect(PluralRules(LanguageTag("fr")!).category(1_000_000) == .many)
        #expect(categories("es") == [.other, .one, .other, .other, .other, .other, .other])
        #expect(PluralRules(LanguageTag("es")!).category(2_000_000) == .many)
    }

    @Test func slavicLanguages() {
        // ru: one 1, 21, 101; few 2~4, 22~24; many 0, 5~20, 100; pl: one only 1, few 2~4, 22~24.
        let ru = PluralRules(LanguageTag("ru")!), pl = PluralRules(LanguageTag("pl")!)
        #expect([1, 21, 101, 2, 24, 0, 5, 11, 12, 100].map(ru.category)
                == [.one, .one, .one, .few, .few, .many, .many, .many, .many, .many])
        #expect([1, 21, 2, 22, 5, 12, 0].map(pl.category) == [.one, .many, .few, .few, .many, .many, .many])
        #expect(pl.category("1.5") == .other)
    }

    @Test func aLanguageWithoutRulesHasOnlyOther() {
        let rules = PluralRules(LanguageTag("tlh")!)
        #expect(rules.language == nil && rules.categories == [.other] && rules.category(1) == .other)
    }

    @Test(arguments: ["", "1.2.3", "x", "1.e"])
    func aNumberThatIsNotOneIsOther(_ text: String) {
        #expect(PluralRules(LanguageTag("en")!).category(text) == .other)
    }
}
