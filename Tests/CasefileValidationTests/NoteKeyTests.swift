import Testing
import CasefileModel
import CasefileValidation

/// Which record a note's path names: `notes/animals/<id>.md` or `notes/bulletins/<id>.md`, from
/// the case folder or from anywhere above it; nothing else is a note.
@Suite struct NoteKeyTests {
    @Test(arguments: [
        ("notes/animals/fish.md", CaseCollection.animals, "fish"),
        ("notes/bulletins/b-meadow-1.md", .bulletins, "b-meadow-1"),
        ("Content/notes/animals/cat.md", .animals, "cat"),
        ("/home/me/case/notes/bulletins/b1.md", .bulletins, "b1"),
        ("notes/animals/Not A Slug.md", .animals, "Not A Slug"),  // an id validation will refuse
        ("notes/animals/fish.md.md", .animals, "fish.md"),
    ])
    func aNotesPathNamesItsRecord(path: String, collection: CaseCollection, id: String) throws {
        let key = try #require(NoteKey(path: path))
        #expect(key.collection == collection)
        #expect(key.recordID == id)
    }

    @Test(arguments: [
        "notes/fruits/elstar.md",         // fruits have no notes
        "notes/plants/fern.md",
        "notes/animals/fish.txt",
        "notes/animals/fish.MD",
        "animals/fish.md",                // not below notes/
        "notes/fish.md",
        "notes/animals/deep/fish.md",     // one folder too deep
        "fish.md",
        "",
    ])
    func anyOtherPathIsNoNote(_ path: String) {
        #expect(NoteKey(path: path) == nil)
    }
}
