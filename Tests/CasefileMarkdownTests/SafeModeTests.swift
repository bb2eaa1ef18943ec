import CasefileMarkdown
import Testing

@Suite("Safe and unsafe HTML")
struct SafeModeTests {
    @Test func defaultIsSafe() {
        #expect(MarkdownRenderer().unsafeHTML == false)
    }

    @Test func scriptIsDroppedInSafeMode() {
        let inline = html("Hello <script>alert(1)</script> there")
        #expect(!inline.lowercased().contains("<script"))
        let block = html("<script>\nalert(1)\n</script>\n")
        #expect(!block.lowercased().contains("<script"))
        let upper = html("<SCRIPT>alert(1)</SCRIPT>")
        #expect(!upper.lowercased().contains("<script"))
    }

    @Test func javascriptLinksLoseTheirDestination() {
        // A link written with a javascript: destination keeps nothing of it.
        for source in ["[j](javascript:alert(1))", "[j](JavaScript:alert(1))",
                       "[j][ref]\n\n[ref]: javascript:alert(1)", "![i](javascript:alert(1))"] {
            let out = html(source)
            #expect(!out.lowercased().contains("javascript:"), "\(source) → \(out)")
        }
        // An autolink's text is its URL: the text may stay, the destination may not.
        let auto = html("<javascript:alert(1)>")
        #expect(!auto.lowercased().contains("href=\"javascript:"))
        // The link text survives.
        #expect(html("[j](javascript:alert(1))").contains(">j</a>"))
    }

    @Test func rawHTMLIsDroppedInSafeMode() {
        let out = html("a <b>x</b> c")
        #expect(!out.contains("<b>"))
        #expect(out.contains("x"))
    }

    @Test func unsafeModePassesRawHTMLThrough() {
        let out = html("a <b>x</b> c", unsafeHTML: true)
        #expect(out == "<p>a <b>x</b> c</p>\n")
        let block = html("<div class=\"clue\">paw print</div>\n", unsafeHTML: true)
        #expect(block.contains(#"<div class="clue">paw print</div>"#))
    }

    @Test func unsafeModeStillFiltersScriptTagsThroughTagfilter() {
        // The tagfilter extension escapes <script> even when raw HTML is allowed.
        let out = html("<script>alert(1)</script>", unsafeHTML: true)
        #expect(!out.lowercased().contains("<script"))
        #expect(out.contains("&lt;script>"))
    }
}
