import Testing
@testable import CasefileModel

/// The loop behind every double-quoted string the program writes: what the caller escapes is
/// replaced, everything else kept, scalar by scalar.
@Suite struct QuotedTextTests {
    @Test func onlyWhatTheCallerEscapesIsReplaced() {
        #expect(QuotedText.quoted("a-b-c") { $0 == "-" ? "+" : nil } == "\"a+b+c\"")
        #expect(QuotedText.quoted("") { _ in "x" } == "\"\"")
        // Scalars, not characters: the é of e + U+0301 is two, and only the accent is replaced.
        #expect(QuotedText.quoted("e\u{301}") { $0 == "\u{301}" ? "'" : nil } == "\"e'\"")
    }

    @Test func theSharedBackslashEscapes() {
        let all = QuotedText.quoted("\"\\\n\t\r\u{08}x") { QuotedText.backslashed($0) }
        #expect(all == #""\"\\\n\t\r"# + "\u{08}x\"", "backspace is not among them: JSON alone has \\b")
    }

    @Test func hexIsUppercaseAndPadded() {
        #expect(QuotedText.hex(0x0A) == "A")
        #expect(QuotedText.hex(0x1F, digits: 4) == "001F")
        #expect(QuotedText.hex(0x1F600, digits: 8) == "0001F600")
        #expect(QuotedText.hex(0x10FFFF, digits: 4) == "10FFFF")
    }
}
