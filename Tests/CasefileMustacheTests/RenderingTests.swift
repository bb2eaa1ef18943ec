import CasefileMustache
import Testing

@Test func interpolatesEscapedText() throws {
    var library = MustacheLibrary()
    try library.register("Hello, {{name}}!", named: "t")
    #expect(library.render(.object(MustacheDictionary(["name": .string("<b>")])), template: "t") == "Hello, &lt;b&gt;!")
}
