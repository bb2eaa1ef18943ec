import CasefileMustache
import Testing

private func parseError(_ source: String) -> MustacheError? {
    var library = MustacheLibrary()
    do {
        try library.register(source, named: "broken")
        return nil
    } catch {
        return error
    }
}

@Suite("Parse errors")
struct ParseErrorTests {
    @Test("A section never closed is reported at its opening tag")
    func unclosedSection() {
        let error = parseError("a\n{{#s}}\nb")
        #expect(error?.description == "2:1: {{#s}} is never closed: add {{/s}}")
    }

    @Test("A closing tag that does not match is reported with where the open one is")
    func mismatchedClose() {
        #expect(parseError("{{#a}}\n  {{/b}}")?.description == "2:3: {{/b}} does not close {{#a}} (opened at 1:1)")
        #expect(parseError("x{{/a}}")?.description == "1:2: {{/a}} closes nothing: no section is open")
    }

    @Test("A tag without its closing delimiter is reported at its start")
    func unclosedTag() {
        #expect(parseError("ab {{name")?.description == "1:4: unclosed tag: no '}}' after it")
        #expect(parseError("{{{x}}")?.description == "1:1: unclosed tag: no '}}}' after it")
    }

    @Test("Columns count characters, not bytes")
    func columnsInCharacters() {
        let error = parseError("é🍎{{/a}}")
        #expect(error?.line == 1)
        #expect(error?.column == 3)
    }

    @Test("Transforms such as {{a(b)}} are rejected")
    func transforms() {
        #expect(parseError("x\n {{a(b)}}")?.description == "2:2: 'a(b)': transforms such as name(x) are not supported")
    }

    @Test("Only blocks may stand inside a parent")
    func variableInsideParent() {
        #expect(parseError("{{<p}}\n{{x}}\n{{/p}}")?.description == "2:1: only {{$block}} tags can stand inside {{<p}}")
    }

    @Test("Names with empty parts or whitespace, and empty tags, are rejected")
    func badNames() {
        #expect(parseError("{{a..b}}")?.description == "1:1: 'a..b' has an empty part between dots")
        #expect(parseError("{{a b}}")?.description == "1:1: a name cannot contain whitespace: 'a b'")
        #expect(parseError("{{ }}")?.description == "1:1: a tag needs a name")
    }
}
