import CasefileLocalization
import CasefileModel
import Testing

/// A diagnostic's phrase in a language: a `.number` value is written as the language writes
/// numbers, and a key with plural forms takes the form its `count` calls for.
@Suite("Phrases")
struct PhraseTests {
    private func said(_ language: String, count: Int) -> String {
        let strings = UIStrings.resolve(language: language).strings
        return strings.text(Phrase(.messageUnsupportedSuspicion,
                                   ["name": "Rénard", "label": .word(.suspicionVerySuspicious), "count": .number(count)]))
    }

    @Test func englishSaysOneBulletinAsOne() {
        #expect(said("en", count: 1) == "Rénard is Very suspicious yet was asleep at the one bulletin about its favourite fruits")
        #expect(said("en", count: 3) == "Rénard is Very suspicious yet was asleep at all 3 bulletins about its favourite fruits")
        #expect(said("en", count: 1200) == "Rénard is Very suspicious yet was asleep at all 1,200 bulletins about its favourite fruits")
    }

    @Test func germanGroupsTheNumberWithAPoint() {
        #expect(said("de", count: 1200).contains("bei allen 1.200 Meldungen"))
        #expect(said("de", count: 1).contains("bei der einzigen Meldung"))
    }

    @Test func arabicHasAFormForTwo() {
        // CLDR: Arabic's "two" is n = 2; "few" is n % 100 = 3..10.
        #expect(said("ar", count: 2).contains("النشرتين"))
        #expect(said("ar", count: 1).contains("النشرة الوحيدة"))
        #expect(!said("ar", count: 3).contains("النشرتين"))
    }
}
