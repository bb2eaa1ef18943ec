import Testing
import CasefileLocalization

@Suite("Language tags")
struct LanguageTagTests {
    @Test func aTagFallsBackToItsLanguage() {
        #expect(LanguageTag("de-CH")?.fallbackChain == ["de-ch", "de"])
        #expect(LanguageTag("zh_Hant_TW")?.fallbackChain == ["zh-hant-tw", "zh-hant", "zh"])
        #expect(LanguageTag("ja")?.fallbackChain == ["ja"])
    }

    @Test(arguments: ["", "d", "deutschland", "de--CH", "de-", "1a", "de-ÄÖ", "de-CH-abcdefghi"])
    func malformedTagsAreRefused(_ text: String) {
        #expect(LanguageTag(text) == nil)
    }

    @Test func directionFollowsTheLanguageOrItsScript() {
        for rtl in ["ar", "ar-EG", "he", "fa", "ur", "az-Arab", "yi"] { #expect(LanguageTag(rtl)?.direction == "rtl", "\(rtl)") }
        for ltr in ["en", "de-CH", "ja", "ku-Latn", "sr-Cyrl"] { #expect(LanguageTag(ltr)?.direction == "ltr", "\(ltr)") }
    }
}
