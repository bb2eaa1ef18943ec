import Testing
import CasefileModel

/// The case folder's layout checked against the README's "The case file": the expected names
/// are written out by hand, not taken from a loaded case.
@Suite struct CaseLayoutTests {
    @Test func eachCollectionIsOneFileInYAMLOrJSONBesideSiteYaml() {
        #expect(CaseLayout.siteFile == "site.yaml")
        #expect(CaseLayout.collectionFiles(.animals) == ["animals.yaml", "animals.yml", "animals.json"])
        #expect(CaseLayout.collectionFiles(.fruits) == ["fruits.yaml", "fruits.yml", "fruits.json"])
        #expect(CaseLayout.collectionFile(.bulletins, extension: "json") == "bulletins.json")
        #expect(CaseLayout.topDataFiles == ["site.yaml", "fruits.yaml", "fruits.yml", "fruits.json", "animals.yaml",
                                            "animals.yml", "animals.json", "bulletins.yaml", "bulletins.yml", "bulletins.json"])
    }

    @Test func aCollectionsFileIsKnownByItsWholeName() {
        #expect(CaseLayout.collection(ofFile: "animals.yaml") == .animals)
        #expect(CaseLayout.collection(ofFile: "animals.yml") == .animals)
        #expect(CaseLayout.collection(ofFile: "fruits.json") == .fruits)
        #expect(CaseLayout.collection(ofFile: "bulletins.json") == .bulletins)
        for name in ["site.yaml", "animals.txt", "animals", "animals.yaml.swp", ".animals.yaml", "Animals.yaml", "notes"] {
            #expect(CaseLayout.collection(ofFile: name) == nil, "\(name)")
        }
    }

    @Test func onlyAJSONNameIsReadAsJSON() {
        #expect(CaseLayout.isJSON("animals.json"))
        #expect(CaseLayout.isJSON("i18n/de.json"))
        #expect(!CaseLayout.isJSON("animals.yaml"))
        #expect(!CaseLayout.isJSON("animals.yml"))
        #expect(!CaseLayout.isJSON("site.yaml"))
    }

    @Test func notesAreNamedForTheirRecordInAFolderPerCollection() {
        #expect(CaseLayout.notedCollections == [.animals, .bulletins])
        #expect(CaseLayout.notesFolder(.animals) == "notes/animals")
        #expect(CaseLayout.note(.animals, id: "fox") == "notes/animals/fox.md")
        #expect(CaseLayout.note(.bulletins, id: "b-orchard-elstar") == "notes/bulletins/b-orchard-elstar.md")
        #expect(CaseLayout.noteID(fileName: "fox.md") == "fox")
        #expect(CaseLayout.noteID(fileName: "b-orchard-elstar.md") == "b-orchard-elstar")
        #expect(CaseLayout.noteID(fileName: "fox.txt") == nil)
        #expect(CaseLayout.noteID(fileName: "fox.md.swp") == nil)
        #expect(CaseLayout.isNote("notes/animals/fox.md"))
        #expect(!CaseLayout.isNote("animals.yaml"))
        #expect(!CaseLayout.isNote("notesheet.yaml"))
        #expect(!CaseLayout.isNote("i18n/notes.yaml"))
    }

    @Test func aStringTableIsNamedForItsLanguage() {
        #expect(CaseLayout.stringTable("de.yaml") == "i18n/de.yaml")
        #expect(CaseLayout.stringTableLanguage(fileName: "de.yaml") == "de")
        #expect(CaseLayout.stringTableLanguage(fileName: "fr.yml") == "fr")
        #expect(CaseLayout.stringTableLanguage(fileName: "ja.json") == "ja")
        // Lowercased, an underscore read as a hyphen: the tag's own spelling.
        #expect(CaseLayout.stringTableLanguage(fileName: "de_CH.yaml") == "de-ch")
        #expect(CaseLayout.stringTableLanguage(fileName: "de.txt") == nil)
        #expect(CaseLayout.stringTableLanguage(fileName: "README") == nil)
        #expect(CaseLayout.stringTableLanguage(fileName: "de.yaml.bak") == nil)
    }
}
