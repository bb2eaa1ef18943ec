import Testing
import CasefileLocalization

/// Expected strings are written from CLDR 47's cldr-json `cldr-numbers-full/main/<lang>/numbers.json`:
/// `defaultNumberingSystem`, `minimumGroupingDigits`, the `symbols-numberSystem-*` (decimal,
/// group, percentSign, minusSign) and the standard `decimalFormats`/`percentFormats` patterns.
@Suite("Numbers per locale")
struct NumberFormatTests {
    private func format(_ tag: String) -> NumberFormat { NumberFormat(LanguageTag(tag)!) }

    @Test func groupSeparators() {
        // en, ja: group ","; de: "."; fr: U+202F; de-CH: U+2019; pl, ru: U+00A0 — all #,##0.###.
        #expect(format("en").integer(1_234_567) == "1,234,567")
        #expect(format("ja").integer(1_234_567) == "1,234,567")
        #expect(format("de").integer(1_234_567) == "1.234.567")
        #expect(format("fr").integer(1_234_567) == "1\u{202F}234\u{202F}567")
        #expect(format("de-CH").integer(1_234_567) == "1\u{2019}234\u{2019}567")
        #expect(format("ru").integer(1_234_567) == "1\u{A0}234\u{A0}567")
        #expect(format("en").integer(999) == "999")
        #expect(format("en").integer(0) == "0")
    }

    @Test func minimumGroupingDigits() {
        // es and pl: minimumGroupingDigits 2; de: 1.
        #expect(format("es").integer(1234) == "1234")
        #expect(format("es").integer(12_345) == "12.345")
        #expect(format("pl").integer(1234) == "1234")
        #expect(format("pl").integer(12_345) == "12\u{A0}345")
        #expect(format("de").integer(1234) == "1.234")
    }

    @Test func indianGrouping() {
        // hi: decimalFormats standard #,##,##0.### (groups of 3, then of 2).
        #expect(format("hi").integer(1_234_567_890) == "1,23,45,67,890")
    }

    @Test func arabicDigitsFollowTheDefaultNumberingSystem() {
        // ar: defaultNumberingSystem latn (minusSign U+200E -); ar-EG: arab (digits U+0660…,
        // group ٬ U+066C, decimal ٫ U+066B); ar-MA: latn with decimal "," and group ".".
        #expect(format("ar").integer(1_234_567) == "1,234,567")
        #expect(format("ar").integer(-5) == "\u{200E}-5")
        #expect(format("ar-EG").integer(1_234_567) == "١٬٢٣٤٬٥٦٧")
        #expect(format("ar-EG").decimal(1.5, maximumFractionDigits: 2) == "١٫٥")
        #expect(format("ar-MA").integer(1_234_567) == "1.234.567")
        #expect(format("ar-MA").decimal(1.5, maximumFractionDigits: 2) == "1,5")
    }

    @Test func negativeIntegers() {
        #expect(format("en").integer(-1_234) == "-1,234")
        #expect(format("de").integer(Int.min) == "-9.223.372.036.854.775.808")
    }

    @Test func decimals() {
        // de decimal ","; en "."; the default rounding mode is half-even (UTS #35 part 3, Rounding).
        #expect(format("de").decimal(1.5, maximumFractionDigits: 2) == "1,5")
        #expect(format("de").decimal(1234.5678, maximumFractionDigits: 2) == "1.234,57")
        #expect(format("en").decimal(2.0, maximumFractionDigits: 2) == "2")
        #expect(format("en").decimal(0.125, maximumFractionDigits: 2) == "0.12")
        #expect(format("en").decimal(0.135, maximumFractionDigits: 2) == "0.14")
        #expect(format("en").decimal(9.999, maximumFractionDigits: 2) == "10")
        #expect(format("en").decimal(-1.25, maximumFractionDigits: 1) == "-1.2")
        #expect(format("en").decimal(1e-7, maximumFractionDigits: 8) == "0.0000001")
        #expect(format("en").decimal(1e20, maximumFractionDigits: 1) == "100,000,000,000,000,000,000")
    }

    @Test func percentages() {
        // percentFormats standard: de, fr, es "#,##0\u{A0}%" (U+00A0 in CLDR 47, for fr too);
        // en, ja, de-CH "#,##0%"; ar percentSign U+200E % U+200E; ar-EG ٪ U+061C.
        #expect(format("de").percent(0.85) == "85\u{A0}%")
        #expect(format("fr").percent(0.85) == "85\u{A0}%")
        #expect(format("en").percent(0.85) == "85%")
        #expect(format("ja").percent(0.85) == "85%")
        #expect(format("de-CH").percent(0.85) == "85%")
        #expect(format("ar").percent(0.85) == "85\u{200E}%\u{200E}")
        #expect(format("ar-EG").percent(0.85) == "٨٥٪\u{061C}")
        #expect(format("en").percent(12.5) == "1,250%")
        #expect(format("en").percent(0.855) == "86%")
        #expect(format("en").percent(-0.5) == "-50%")
    }
}
