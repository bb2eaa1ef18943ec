import Foundation
import Testing
@testable import CasefileLoading
@testable import CasefileValidation
import CasefileTestSupport

@Suite("The sample case")
struct SampleCaseTests {
    @Test func sampleLoadsWithOnlyItsDuplicateFruit() async throws {
        let loaded = try await ContentLoader(directory: Repository.sample, displayPath: "Content").load()
        // The one problem found while reading: a favourite fruit written twice (kept once).
        let (line, column) = try SampleProblems.duplicatePlace()
        #expect(loaded.diagnostics.map { "\($0.ruleID) \($0.location?.description ?? "")" } == ["duplicate-fruit animals.yaml:\(line):\(column)"])
        let c = loaded.caseContent
        #expect(c.fruits.count == 20)
        #expect(c.animals.count == 10)
        #expect(Set(c.fruits.map(\.id)).count == 20)
        #expect(c.animals.first { $0.id == "mouse" }?.favoriteFruits == ["strawberry-tree", "elephant-heart"])
        #expect(Set(c.animals.map(\.id)).count == 10)
        let fruitIDs = Set(c.fruits.map(\.id))
        for animal in c.animals {
            #expect(!animal.favoriteFruits.isEmpty, "\(animal.id) has no favourite fruits")
            for fruit in animal.favoriteFruits {
                #expect(fruitIDs.contains(fruit), "\(animal.id) favours unknown fruit \(fruit)")
            }
        }
        for bulletin in c.bulletins {
            #expect(fruitIDs.contains(bulletin.fruit))
            #expect(bulletin.nibbledAt != nil)
        }
        #expect(c.site.timeZone == "America/Los_Angeles")
        #expect(loaded.files.first == "site.yaml")
        #expect(loaded.files.contains("animals.yaml"))
    }

    @Test func sampleValidatesWithAWarningAndANoteOnly() async throws {
        let loaded = try await ContentLoader(directory: Repository.sample, displayPath: "Content").load()
        let validated = await Validator().validate(loaded)
        let (dl, dc) = try SampleProblems.duplicatePlace(), (ul, uc) = try SampleProblems.unusedPlace()
        #expect(validated.diagnostics.map { "\($0.severity.rawValue) \($0.ruleID) \($0.location?.description ?? "")" }
                == ["warning duplicate-fruit animals.yaml:\(dl):\(dc)", "note unused-fruit fruits.yaml:\(ul):\(uc)"])
        // Every note of the sample belongs to a record and compiled to HTML.
        let animalNotes = loaded.caseContent.notes[.animals]?.count ?? 0
        #expect(animalNotes > 0)
        #expect(validated.animalNotes.count == animalNotes)
        #expect(validated.bulletinNotes.count == loaded.caseContent.notes[.bulletins]?.count ?? 0)
    }
}
