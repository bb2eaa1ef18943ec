import Testing
import CasefileModel
import CasefileMustache
@testable import CasefileRendering

/// The page's selection rules (`selectionCSS`): one selector a row for the row, one a record for
/// its panel, each keyed by the record's fragment and id, which are escaped as CSS strings so
/// that an id cannot end its string or the `<style>` element.
@Suite struct SelectionCSSTests {
    @Test func eachRowAndPanelHasItsSelector() async throws {
        let css = try #require(await PageFixture.make(SuspectsPageTests.content()).page(.suspects)[.selectionCSS]?.raw)
        for id in ["fox", "owl", "crow"] {
            #expect(css.contains(#"[data-for="\#(id)"] > :target) tr[data-record-id="\#(id)"]"#), "\(id)'s row")
            #expect(css.contains(#".cf-markers[data-for="\#(id)"]:has(> :target) ~ .cf-sheet [data-inspector-panel][data-for="\#(id)"]"#),
                    "\(id)'s panel")
        }
    }

    @Test func anIdThatIsNoSlugIsEscapedAsACSSString() async throws {
        var c = SuspectsPageTests.content()
        c.animals[1].id = Animal.ID(#"Owl "1" <x>"#)
        let page = await PageFixture.make(c).page(.suspects)
        let css = try #require(page[.selectionCSS]?.raw)
        // Quotes behind a backslash, "<" as the escape \3c and a space.
        #expect(css.contains(#"tr[data-record-id="Owl \"1\" \3c x>"]"#))
        #expect(!css.contains("<x>"))
        // Its fragment spells its bytes in hex (O w l space " 1 " space < x >).
        #expect(page.rowList[1][.fragment]?.raw == "_x4f776c20223122203c783e")
        #expect(page.rowList[1][.permalink]?.isNull == true)
        // An empty page has no rules.
        #expect(SelectionCSS.rules([]) == "")
    }

    /// Each character a CSS string cannot hold as it is, alone in an id, is escaped; an id
    /// with none of them is the same text.
    @Test(arguments: [(#"a"b"#, #"a\"b"#), (#"a\b"#, #"a\\b"#), ("a<b", #"a\3c b"#), ("a\nb", #"a\a b"#),
                      ("a\rb", #"a\a b"#), ("a\u{0C}b", #"a\a b"#), ("plain-id_2", "plain-id_2"), ("é-ü", "é-ü")])
    func eachCharacterToEscapeIsEscapedAlone(id: String, escaped: String) {
        #expect(SelectionCSS.escape(id) == escaped)
    }
}
