import Testing
import CasefileModel
@testable import CasefileKit

/// What a changed file below the case folder means for a preview, written out by hand from the
/// README's "The case file": every file the loader reads is routed, and nothing else is.
@Suite struct SourceChangeTests {
    @Test func aCollectionsFileIsReadAgainAloneInEachOfItsFormats() {
        #expect(SourceChange.inContent("animals.yaml") == .collection(.animals, "animals.yaml"))
        #expect(SourceChange.inContent("animals.yml") == .collection(.animals, "animals.yml"))
        #expect(SourceChange.inContent("fruits.json") == .collection(.fruits, "fruits.json"))
        #expect(SourceChange.inContent("bulletins.yaml") == .collection(.bulletins, "bulletins.yaml"))
    }

    @Test func siteYamlAndTheStringTablesLoadTheWholeCaseAgain() {
        #expect(SourceChange.inContent("site.yaml") == .data)
        #expect(SourceChange.inContent("i18n") == .data)
        #expect(SourceChange.inContent("i18n/de.yaml") == .data)
        #expect(SourceChange.inContent("i18n/de_CH.yml") == .data)
        #expect(SourceChange.inContent("i18n/ja.json") == .data)
        // The notes' folders themselves: made, moved or removed.
        #expect(SourceChange.inContent("notes/animals") == .data)
        #expect(SourceChange.inContent("notes/bulletins") == .data)
    }

    @Test func aNoteIsReRenderedWhereItIsShown() {
        #expect(SourceChange.inContent("notes/animals/fish.md") == .note("notes/animals/fish.md"))
        #expect(SourceChange.inContent("notes/bulletins/b-orchard-elstar.md") == .note("notes/bulletins/b-orchard-elstar.md"))
    }

    @Test func filesTheLoaderNeverReadsMeanNothing() {
        for path in ["site.yml", "animals.txt", "animals.yaml~", ".animals.yaml.swp", "README.md", "i18n/de.txt",
                     "i18n/.de.yaml", "notes/fruits/elstar.md", "notes/fruits", "notes/animals/fish.txt",
                     "notes/animals/.fish.md", "notes/animals/fish.md.swp", "notes/animals/old/fish.md",
                     "animals/fish.yaml"] {
            #expect(SourceChange.inContent(path) == nil, "\(path)")
        }
    }
}
