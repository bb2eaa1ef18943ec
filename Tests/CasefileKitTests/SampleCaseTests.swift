import Foundation
import Testing
@testable import CasefileKit
@testable import CasefileLoading
@testable import CasefileValidation

@Suite("The sample case")
struct SampleCaseTests {
    @Test func sampleLoadsWithoutProblems() async throws {
        let loaded = try await ContentLoader(directory: sampleContentURL, displayPath: "Content").load()
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map { "\($0.location.map(\.description) ?? ""): \($0.message)" })")
        let c = loaded.caseContent
        #expect(c.fruits.count == 19)
        #expect(c.animals.count == 10)
        #expect(Set(c.fruits.map(\.id)).count == 19)
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

    @Test func sampleValidatesWithoutProblems() async throws {
        let loaded = try await ContentLoader(directory: sampleContentURL, displayPath: "Content").load()
        let validated = await Validator().validate(loaded)
        #expect(validated.diagnostics.isEmpty, "\(validated.diagnostics.map { "\($0.ruleID): \($0.message)" })")
        // Every note of the sample belongs to a record and compiled to HTML.
        let animalNotes = loaded.caseContent.notes[.animals]?.count ?? 0
        #expect(animalNotes > 0)
        #expect(validated.animalNotes.count == animalNotes)
        #expect(validated.bulletinNotes.count == loaded.caseContent.notes[.bulletins]?.count ?? 0)
    }
}
