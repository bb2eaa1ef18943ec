import CasefileMustache
import Testing

@Suite("Inheritance")
struct InheritanceTests {
    let layout = "<title>{{$title}}Default{{/title}}</title>\n<main>\n{{$main}}\n<p>empty</p>\n{{/main}}\n</main>\n"

    @Test("A parent renders with the blocks its caller overrides")
    func overrides() throws {
        let page = "{{<layout}}\n{{$title}}Home{{/title}}\n{{$main}}\n<p>Hi {{name}}</p>\n{{/main}}\n{{/layout}}\n"
        #expect(try render(page, object(["name": .string("Ann")]), partials: ["layout": layout])
            == "<title>Home</title>\n<main>\n<p>Hi Ann</p>\n</main>\n")
    }

    @Test("Blocks not overridden render their defaults, and text between a parent's blocks is dropped")
    func defaults() throws {
        let expected = "<title>Default</title>\n<main>\n<p>empty</p>\n</main>\n"
        #expect(try render("{{<layout}}{{/layout}}", partials: ["layout": layout]) == expected)
        #expect(try render("{{<layout}}\nignored text\n{{/layout}}\n", partials: ["layout": layout]) == expected)
        #expect(try render("{{<layout}}{{/layout}}\n", partials: ["layout": layout]) == expected)
    }

    @Test("A block outside any parent renders its default")
    func blockWithoutParent() throws {
        #expect(try render("[{{$b}}default {{x}}{{/b}}]", object(["x": .string("1")])) == "[default 1]")
    }

    @Test("Overrides reach the blocks of a partial the parent includes")
    func overridesReachPartials() throws {
        let partials = ["frame": "<body>\n{{>nav}}\n</body>\n", "nav": "<nav>{{$links}}none{{/links}}</nav>\n"]
        #expect(try render("{{<frame}}\n{{$links}}<a>home</a>{{/links}}\n{{/frame}}\n", partials: partials)
            == "<body>\n<nav><a>home</a></nav>\n</body>\n")
    }

    @Test("The outermost definition of a block wins; within one parent, the first")
    func outermostWins() throws {
        let partials = ["grand": "[{{$x}}g{{/x}}]", "mid": "{{<grand}}{{$x}}m{{/x}}{{/grand}}"]
        #expect(try render("{{<mid}}{{$x}}p{{/x}}{{/mid}}", partials: partials) == "[p]")
        #expect(try render("{{<mid}}{{/mid}}", partials: partials) == "[m]")
        #expect(try render("{{<grand}}{{$x}}1{{/x}}{{$x}}2{{/x}}{{/grand}}", partials: partials) == "[1]")
    }

    @Test("A parent can stand inside another parent's block override")
    func nestedParents() throws {
        let partials = ["card": "<div>{{$body}}{{/body}}</div>", "page": "<main>{{$content}}{{/content}}</main>"]
        let template = "{{<page}}{{$content}}{{<card}}{{$body}}hi {{name}}{{/body}}{{/card}}{{/content}}{{/page}}"
        #expect(try render(template, object(["name": .string("Bo")]), partials: partials) == "<main><div>hi Bo</div></main>")
    }

    @Test("An override is reindented to where its block stands in the parent")
    func reindentation() throws {
        let partials = ["list": "<ul>\n  {{$items}}\n  <li>none</li>\n  {{/items}}\n</ul>\n"]
        #expect(try render("{{<list}}{{/list}}", partials: partials) == "<ul>\n  <li>none</li>\n</ul>\n")
        #expect(try render("{{<list}}\n{{$items}}\n<li>a</li>\n<li>b</li>\n{{/items}}\n{{/list}}\n", partials: partials)
            == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
        #expect(try render("{{<list}}\n{{$items}}\n    <li>a</li>\n    <li>b</li>\n{{/items}}\n{{/list}}\n", partials: partials)
            == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }
}
