import CasefileMustache
import Testing

/// An object that asks to be remembered (`MustacheObject.memo`) prints what any other object
/// would: a section rendered for it is kept only when it depended on the object alone, and
/// copied from then on. Each test renders the same object three times or more, since the
/// second rendering is the one kept and the third the first copied.
@Suite("Sections remembered for an object")
struct MemoTests {
    /// A dictionary object with slots of its own, or another's (a wrapper, as variant).
    final class Remembered: MustacheObject {
        let values: [String: MustacheValue]
        let slots: MemoSlots
        let variant: Int

        init(_ values: [String: MustacheValue], slots: MemoSlots = MemoSlots(), variant: Int = 0) {
            (self.values, self.slots, self.variant) = (values, slots, variant)
        }

        func value(for key: MustacheKey) -> MustacheValue? { values[key.name] }
        var memo: MemoIdentity? { MemoIdentity(slots, variant: variant) }
    }

    private func library(_ templates: [String: String]) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, source) in templates { try library.register(source, named: name) }
        return library
    }

    private func render(_ library: MustacheLibrary, _ context: [String: MustacheValue], _ name: String = "main") -> String {
        library.render(.object(MustacheDictionary(context)), template: name)
    }

    @Test func aSectionOfTheObjectAloneIsKeptAndCopied() throws {
        let mention = Remembered(["name": .string("Ada <3>"), "href": .string("a.html")])
        let library = try library(["main": "{{#items}}<a href=\"{{href}}\">{{name}}</a>;{{/items}}"])
        let page = render(library, ["items": .list(Array(repeating: .object(mention), count: 4))])
        #expect(page == String(repeating: "<a href=\"a.html\">Ada &lt;3&gt;</a>;", count: 4))
        #expect(mention.slots.kept.map { String(decoding: $0, as: UTF8.self) } == ["<a href=\"a.html\">Ada &lt;3&gt;</a>;"])
        // Later pages copy it, and print the same.
        #expect(render(library, ["items": .list([.object(mention)])]) == "<a href=\"a.html\">Ada &lt;3&gt;</a>;")
    }

    @Test func aSectionThatLooksBelowTheObjectIsNeverKept() throws {
        // `who` is the page's, not the mention's: each page must print its own.
        let mention = Remembered(["name": .string("Ada")])
        let library = try library(["main": "{{#items}}{{name}} for {{who}};{{/items}}"])
        let items: MustacheValue = .list(Array(repeating: .object(mention), count: 3))
        #expect(render(library, ["who": .string("Bea"), "items": items]) == String(repeating: "Ada for Bea;", count: 3))
        #expect(render(library, ["who": .string("Cy"), "items": items]) == String(repeating: "Ada for Cy;", count: 3))
        #expect(mention.slots.kept.isEmpty)
    }

    @Test func aNameMissingEverywhereIsALookBelowToo() throws {
        // Missing on the object, the name is searched for below it: a page that has it prints it.
        let mention = Remembered(["name": .string("Ada")])
        let library = try library(["main": "{{#items}}{{name}}{{#flag}}!{{/flag}};{{/items}}"])
        let items: MustacheValue = .list(Array(repeating: .object(mention), count: 3))
        #expect(render(library, ["items": items]) == "Ada;Ada;Ada;")
        #expect(render(library, ["flag": .bool(true), "items": items]) == "Ada!;Ada!;Ada!;")
    }

    @Test func aNestedSectionOnTheObjectsOwnValuesIsKept() throws {
        let fruit = MustacheDictionary(["name": .string("Fig")])
        let mention = Remembered(["fruit": .object(fruit), "tags": .list([.string("a"), .string("b")])])
        let library = try library(["main": "{{#items}}{{#fruit}}{{name}}{{/fruit}}[{{#tags}}{{.}}{{/tags}}];{{/items}}"])
        #expect(render(library, ["items": .list(Array(repeating: .object(mention), count: 3))]) == "Fig[ab];Fig[ab];Fig[ab];")
        #expect(mention.slots.kept.count == 1)
    }

    @Test func variantsOfOneObjectAreKeptApart() throws {
        // Two wrappers of one mention, told apart by a flag of their own, share its slots.
        let slots = MemoSlots()
        let asleep = Remembered(["name": .string("Ada"), "asleep": .bool(true)], slots: slots, variant: 1)
        let awake = Remembered(["name": .string("Ada"), "asleep": .bool(false)], slots: slots, variant: 2)
        let library = try library(["main": "{{#items}}{{name}}{{#asleep}} z{{/asleep}};{{/items}}"])
        let items: [MustacheValue] = [asleep, awake, asleep, awake, asleep, awake].map { .object($0) }
        #expect(render(library, ["items": .list(items)]) == "Ada z;Ada;Ada z;Ada;Ada z;Ada;")
        #expect(slots.kept.count == 2)
    }

    @Test func oneObjectInTwoSectionsKeepsEachSectionsOwn() throws {
        let mention = Remembered(["name": .string("Ada")])
        let library = try library(["main": "{{#one}}<b>{{name}}</b>{{/one}}{{#two}}<i>{{name}}</i>{{/two}}"])
        let context: [String: MustacheValue] = ["one": .object(mention), "two": .object(mention)]
        for _ in 0..<3 { #expect(render(library, context) == "<b>Ada</b><i>Ada</i>") }
        #expect(mention.slots.kept.count == 2)
    }

    @Test func aBlockInTheSectionDependsOnItsParentAndIsNeverKept() throws {
        // The same section prints each parent's override of `tail`.
        let mention = Remembered(["name": .string("Ada")])
        let library = try library([
            "row": "{{#item}}{{name}}{{$tail}}.{{/tail}}{{/item}}",
            "one": "{{<row}}{{$tail}}!{{/tail}}{{/row}}",
            "two": "{{<row}}{{$tail}}?{{/tail}}{{/row}}",
        ])
        for _ in 0..<3 {
            #expect(render(library, ["item": .object(mention)], "one") == "Ada!")
            #expect(render(library, ["item": .object(mention)], "two") == "Ada?")
        }
        #expect(mention.slots.kept.isEmpty)
    }

    @Test func anIndentedPartialIsNeverRememberedInOrAround() throws {
        // Inside an indented partial, a line's start depends on what came before the section;
        // a section that includes one is not kept either.
        let mention = Remembered(["name": .string("Ada")])
        let library = try library([
            "main": "<ul>\n  {{> item}}\n</ul>\n{{#item}}\n  {{> name}}\n{{/item}}\n",
            "item": "{{#item}}\n<li>{{name}}</li>\n{{/item}}\n",
            "name": "<b>{{name}}</b>\n",
        ])
        for _ in 0..<3 {
            #expect(render(library, ["item": .object(mention)]) == "<ul>\n  <li>Ada</li>\n</ul>\n  <b>Ada</b>\n")
        }
        #expect(mention.slots.kept.isEmpty)
    }

    @Test func anObjectKeepsAFewSectionsAndThenStartsAgain() throws {
        // A preview compiles its templates again after each edit: the sections of the old ones
        // are dropped rather than piling up.
        let mention = Remembered(["name": .string("Ada")])
        for n in 0..<(MemoSlots.limit + 4) {
            let library = try library(["main": "{{#item}}\(n):{{name}}{{/item}}"])
            for _ in 0..<3 { #expect(render(library, ["item": .object(mention)]) == "\(n):Ada") }
        }
        #expect(mention.slots.kept.count <= MemoSlots.limit)
        #expect(!mention.slots.kept.isEmpty)
    }
}
