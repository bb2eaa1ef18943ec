import CasefileLocalization
import Testing

/// `UIStrings.fill`: each `{name}` with a value is replaced; any other brace stays as written.
@Suite("Filling a phrase's placeholders")
struct FillTests {
    @Test func knownNamesAreReplacedAndOtherBracesStay() {
        let values = ["a": "1", "c": "3"]
        #expect(UIStrings.fill("{a} {b} {c}", values) == "1 {b} 3")
        #expect(UIStrings.fill("{a}{c}", values) == "13")
        #expect(UIStrings.fill("{{a}}", values) == "{1}")
        #expect(UIStrings.fill("x {a", values) == "x {a")
        #expect(UIStrings.fill("} {a} {", values) == "} 1 {")
        // The first brace names nothing known ("b {a"): it stays, and "{a}" after it is filled.
        #expect(UIStrings.fill("{b {a}", values) == "{b 1")
    }

    @Test func textWithoutPlaceholdersOrValuesIsReturnedAsItIs() {
        #expect(UIStrings.fill("plain", ["a": "1"]) == "plain")
        #expect(UIStrings.fill("{a}", [:]) == "{a}")
        #expect(UIStrings.fill("", ["a": "1"]) == "")
    }

    @Test func valuesAndTextKeepTheirCharacters() {
        #expect(UIStrings.fill("«{name}» ist „{label}“", ["name": "Rénard 🦝", "label": "sehr verdächtig"])
                == "«Rénard 🦝» ist „sehr verdächtig“")
        #expect(UIStrings.fill("{name}は「{label}」", ["name": "ファブリツィオ", "label": "怪しい"]) == "ファブリツィオは「怪しい」")
    }
}
