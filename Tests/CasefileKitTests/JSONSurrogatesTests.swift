import Testing
@testable import CasefileKit

/// The rewrite of surrogate-pair escapes before libyaml reads a JSON file, and its quick check
/// that leaves every other text as it is.
@Suite struct JSONSurrogatesTests {
    @Test func aTextWithoutOneIsReturnedAsItIs() {
        let text = #"[{"id": "fox", "emoji": "🦊", "alibi": "a \u00e9 and a \\ backslash"}]"#
        #expect(JSONSurrogates.rewrite(text) == text)
    }

    @Test func pairsInEitherCaseBecomeOneEscape() {
        #expect(JSONSurrogates.rewrite(#"["\ud83e\udd8a"]"#) == #"["\U0001F98A"]"#)
        #expect(JSONSurrogates.rewrite(#"["\uD83E\uDD8A", "x"]"#) == #"["\U0001F98A", "x"]"#)
    }

    @Test func anEscapedBackslashBeforeUdIsLeftAlone() {
        // `\\ud83e` is a backslash and the text "ud83e", not an escape: the check says yes, the
        // rewrite copies it unchanged.
        let text = #"["\\ud83e\\udd8a"]"#
        #expect(JSONSurrogates.rewrite(text) == text)
    }
}
