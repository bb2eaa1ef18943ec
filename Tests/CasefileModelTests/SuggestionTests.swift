import Testing
import CasefileModel

/// "Did you mean …": edit distance, and the nearest candidate close enough to read as a typo.
@Suite struct SuggestionTests {
    @Test func editDistance() {
        // The textbook pairs: kitten → sitting (two substitutions and an insertion), flaw → lawn.
        #expect(Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.distance("flaw", "lawn") == 2)
        #expect(Suggestion.distance("", "abc") == 3)
        #expect(Suggestion.distance("abc", "") == 3)
        #expect(Suggestion.distance("same", "same") == 0)
        // By Unicode scalars: one emoji is one substitution.
        #expect(Suggestion.distance("🦊x", "🦉x") == 1)
    }

    @Test func aLimitStopsEarlyAboveIt() {
        #expect(Suggestion.distance("kitten", "sitting", limit: 1) > 1)
        #expect(Suggestion.distance("kitten", "sitting", limit: 3) == 3)
        #expect(Suggestion.distance("a", "abcdef", limit: 2) > 2)
    }

    @Test func theNearestWithinAThirdOfTheWordAndAtLeastTwo() {
        #expect(Suggestion.nearest(to: "speces", in: ["name", "species", "emoji"]) == "species")
        #expect(Suggestion.nearest(to: "wraning", in: ["error", "warning", "note", "off"]) == "warning")
        // Case does not count.
        #expect(Suggestion.nearest(to: "NAME", in: ["name", "id"]) == "name")
        // Two letters may differ in a short word, no more.
        #expect(Suggestion.nearest(to: "ab", in: ["xy"]) == "xy")
        #expect(Suggestion.nearest(to: "ab", in: ["xyz"]) == nil)
        #expect(Suggestion.nearest(to: "zzzz", in: ["fox", "owl"]) == nil)
        #expect(Suggestion.nearest(to: "fox", in: [String]()) == nil)
    }

    @Test func aTieGoesToTheFirstInAlphabeticalOrder() {
        // "cat" is one edit from both.
        #expect(Suggestion.nearest(to: "cat", in: ["cab", "bat"]) == "bat")
        #expect(Suggestion.nearest(to: "cat", in: ["bat", "cab"]) == "bat")
        // A nearer candidate wins over an earlier one.
        #expect(Suggestion.nearest(to: "cat", in: ["bat", "cat"]) == "cat")
    }

    @Test func thePhrase() {
        #expect(Suggestion.phrase(for: "speces", in: ["species"]) == #" (did you mean "species"?)"#)
        #expect(Suggestion.phrase(for: "zzzz", in: ["species"]) == "")
        let prepared = Suggestion.Candidates(["elstar", "pink-pearl"])
        #expect(Suggestion.phrase(for: "elstra", in: prepared) == #" (did you mean "elstar"?)"#)
    }
}
