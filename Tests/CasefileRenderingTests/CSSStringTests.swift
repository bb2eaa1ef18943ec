import Testing
@testable import CasefileRendering

/// The stylesheet's phrases as CSS strings: whatever a translation holds, the string ends where
/// it should and never closes the `<style>` it is inlined in.
@Suite struct CSSStringTests {
    @Test func quotesAndBackslashesAreEscaped() {
        #expect(CSSString.quoted(#"Say "hi" \ bye"#) == #""Say \"hi\" \\ bye""#)
    }

    /// CSS ends a string at any of its line breaks (LF, CR, FF): each is written as its code
    /// point, followed by the space that ends the escape.
    @Test func everyLineBreakIsEscaped() {
        #expect(CSSString.quoted("a\nb") == #""a\A b""#)
        #expect(CSSString.quoted("a\rb") == #""a\D b""#)
        #expect(CSSString.quoted("a\r\nb") == #""a\D \A b""#)
        #expect(CSSString.quoted("a\u{0C}b") == #""a\C b""#)
        #expect(CSSString.quoted("a\tb\u{7F}") == #""a\9 b\7F ""#)
    }

    @Test func aLessThanSignIsEscapedAndTheRestKept() {
        #expect(CSSString.quoted("</style><b>") == #""\3C /style>\3C b>""#)
        #expect(CSSString.quoted("Zoë 🐈 عربي") == "\"Zoë 🐈 عربي\"")
        #expect(CSSString.quoted("") == "\"\"")
    }

    @Test func aPhraseWithPlaceholdersMixesStringsAndValues() {
        #expect(CSSString.content("Showing {shown} of {total}", ["shown": "counter(cf-shown)", "total": "attr(data-of)"])
            == #""Showing " counter(cf-shown) " of " attr(data-of)"#)
        #expect(CSSString.content("{n}\n", ["n": "counter(n)"]) == #"counter(n) "\A ""#)
    }
}
