import CasefileLocalization
import Testing

/// In a right-to-left language every value set into a phrase is isolated (U+2068 … U+2069), so
/// that an id or a name written left to right keeps its order and its punctuation; left-to-right
/// languages' phrases are left as they were.
@Suite("Bidi isolation of a phrase's values")
struct BidiIsolationTests {
    @Test func arabicIsolatesEachValue() {
        let strings = UIStrings.resolve(language: "ar").strings
        let text = strings.text(.messageOrphanBulletinNote, ["id": "b-orchard-elstar"])
        #expect(text.contains("\u{2068}b-orchard-elstar\u{2069}"))
        #expect(text.unicodeScalars.filter { $0 == "\u{2068}" }.count == 1)
        #expect(text.unicodeScalars.filter { $0 == "\u{2069}" }.count == 1)
    }

    @Test func arabicCountsIsolateTheNumber() {
        let strings = UIStrings.resolve(language: "ar").strings
        let text = strings.count(.feedBites, 7)
        #expect(text.hasPrefix("\u{2068}"))
        #expect(text.contains("\u{2069} "))
    }

    @Test func leftToRightLanguagesAreUnchanged() {
        for language in ["en", "de", "ja"] {
            let strings = UIStrings.resolve(language: language).strings
            let text = strings.text(.messageOrphanBulletinNote, ["id": "b-orchard-elstar"])
            #expect(!text.unicodeScalars.contains { $0 == "\u{2068}" || $0 == "\u{2069}" }, "\(language): \(text)")
            #expect(text.contains("b-orchard-elstar"))
        }
    }

    @Test func anEmptyValueIsNotWrapped() {
        #expect(UIStrings.fill("«{id}»", ["id": ""], isolated: true) == "«»")
        #expect(UIStrings.fill("«{id}»", ["id": "x"], isolated: true) == "«\u{2068}x\u{2069}»")
    }
}
