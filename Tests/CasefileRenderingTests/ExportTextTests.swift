import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import CasefileRendering

/// The text builders of the data exports, on the values that break naive writers.
struct ExportTextTests {
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
        var out = ExportText()
        out.csvField(value)
        #expect(String(decoding: out.bytes, as: UTF8.self) == written)
    }

    @Test func csvLinesEndInCRLF() {
        var out = ExportText()
        out.csvRow(["id", "note"])
        out.csvRow(["a", "x,y"])
        out.csvRow(["b", ""])
        #expect(String(decoding: out.bytes, as: UTF8.self) == "id,note\r\na,\"x,y\"\r\nb,\r\n")
    }

    @Test func jsonStringsRoundTripThroughFoundation() throws {
        let hostile = "quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} ls \u{2028} emoji 🦝 </script>"
        var out = ExportText()
        out.beginObject()
        out.key("v"); out.string(hostile)
        out.key("n"); out.null()
        out.key("list"); out.strings(["a", "\"b\""])
        out.endObject()
        let text = String(decoding: out.bytes, as: UTF8.self)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(decoded["v"] as? String == hostile)
        #expect(decoded["n"] is NSNull)
        #expect(decoded["list"] as? [String] == ["a", "\"b\""])
        #expect(!text.contains("\u{0}") && !text.contains("\u{2028}"), "control and separator characters are escaped")
    }

    @Test func xmlTextDropsWhatXMLForbids() {
        var out = ExportText()
        out.xml("a<b>&\"c\u{0}\u{1}\u{FFFE}\u{FFFF}d\n\u{FFFD}")
        #expect(String(decoding: out.bytes, as: UTF8.self) == "a&lt;b&gt;&amp;&quot;cd\n\u{FFFD}")
    }

    @Test func cdataSplitsItsEndAndDropsWhatXMLForbids() throws {
        var out = ExportText()
        out.cdata("<p>a]]>b\u{1}c\u{FFFE}</p>")
        let text = String(decoding: out.bytes, as: UTF8.self)
        #expect(text == "<![CDATA[<p>a]]]]><![CDATA[>bc</p>]]>")
        // What an XML parser reads back is the text, less the dropped characters.
        let xml = try XMLDocument(xmlString: "<c>" + text + "</c>")
        #expect(xml.rootElement()?.stringValue == "<p>a]]>bc</p>")
    }

    @Test func cdataKeepsTabsAndLineEndsAndASingleBracket() {
        var out = ExportText()
        out.cdata("<p>one\ttwo\r\nthree</p>\n")
        out.cdata("<p>[x] and x]] and ]></p>")
        #expect(String(decoding: out.bytes, as: UTF8.self)
            == "<![CDATA[<p>one\ttwo\r\nthree</p>\n]]><![CDATA[<p>[x] and x]] and ]></p>]]>")
    }
}
