import CasefileMustache
import Testing

@Suite("Set delimiters")
struct DelimiterTests {
    @Test("New delimiters apply to the rest of the template; the old ones become text")
    func change() throws {
        #expect(try render("{{=<% %>=}}<%x%> {{x}} <%={{ }}=%>{{x}}", object(["x": .string("1")])) == "1 {{x}} 1")
    }

    @Test("A delimiter change alone on its line takes the line with it")
    func standalone() throws {
        #expect(try render("a\n  {{=| |=}}\n|x|\n", object(["x": .string("1")])) == "a\n1\n")
    }

    @Test("Delimiters do not carry into partials, nor out of them")
    func partials() throws {
        let partials = ["p": "{{x}}{{=[ ]=}}[x]"]
        #expect(try render("{{=<% %>=}}<%>p%>|<%x%>", object(["x": .string("1")]), partials: partials) == "11|1")
    }
}
