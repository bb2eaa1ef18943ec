import Foundation
import Testing
@testable import CasefileRendering

/// The text builders of the data exports, on the values that break naive writers.
struct TabularTextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("cr\rhere", "\"cr\rhere\""),
        (" leading space", " leading space"),
        ("ünïcödé ✓", "ünïcödé ✓"),
        ("", ""),
    ])
    func csvQuotesOnlyWhatRFC4180Requires(value: String, written: String) {
        #expect(CSVText.field(value) == written)
    }

    @Test func csvLinesEndInCRLF() {
        let text = CSVText.table(header: ["id", "note"], rows: [["a", "x,y"], ["b", ""]])
        #expect(text == "id,note\r\na,\"x,y\"\r\nb,\r\n")
    }

    @Test func jsonStringsRoundTripThroughFoundation() throws {
        let hostile = "quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} ls \u{2028} emoji 🦝 </script>"
        let text = JSONText.object([("v", JSONText.quoted(hostile)), ("n", nil), ("list", JSONText.array(["a", "\"b\""]))])
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(decoded["v"] as? String == hostile)
        #expect(decoded["n"] is NSNull)
        #expect(decoded["list"] as? [String] == ["a", "\"b\""])
        #expect(!text.contains("\u{0}") && !text.contains("\u{2028}"), "control and separator characters are escaped")
    }

    @Test func atomTextDropsWhatXMLForbids() {
        #expect(AtomFeed.escape("a<b>&\"c\u{0}\u{1}\u{FFFE}d\n") == "a&lt;b&gt;&amp;&quot;cd\n")
    }
}
