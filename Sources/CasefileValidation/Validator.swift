import CasefileLocalization
import CasefileModel
import CasefileLoading

/// Checks a loaded case as a whole — the rules that need more than one field: duplicate ids,
/// references between collections, notes and their case links, and the record-level rules —
/// then applies the case's severities. Notes are compiled here (parsed, their case links
/// checked), since parsing a note is how its case links are found.
public struct Validator: Sendable {
    /// Whether the validated case keeps the notes' Markdown once they are compiled. A build
    /// renders their HTML and never reads the Markdown again (20 % of a 100k case's notes are
    /// 65 MB of it, held through the whole render otherwise); a preview keeps it for its editor.
    /// Either way the notes a problem points into are kept in `sources`, which the validation
    /// page quotes.
    public var keepsNoteText: Bool

    public init(keepsNoteText: Bool = true) {
        self.keepsNoteText = keepsNoteText
    }

    public func validate(_ loaded: LoadedCase) async -> ValidatedCase {
        await validate(loaded) { await $0.compile() }.validated
    }

    /// Validates with the notes compiled by `compileNotes`, which may reuse an earlier compilation
    /// (a preview recompiles only the notes that changed), and the index of `unchanged`, a
    /// validation of the same collections and settings when only notes changed. Returns the
    /// compilation too.
    package func validate(_ loaded: LoadedCase, unchanged: ValidatedCase? = nil,
                  compileNotes: @Sendable (NoteCompiler) async -> NoteCompiler.Output) async
        -> (validated: ValidatedCase, notes: NoteCompiler.Output) {
        let caseContent = loaded.caseContent
        let index = unchanged?.index ?? CaseIndex(caseContent)
        var problems = loaded.diagnostics
        // The record rules read the collections and which notes exist, not what notes say: when
        // only notes' text changed, what they found stands. They need nothing the notes give, so
        // they run beside the notes' compilation (on another core, unless --jobs 1).
        let reuse = unchanged.flatMap { Self.noteKeys($0.caseContent) == Self.noteKeys(caseContent) ? $0.recordProblems : nil }
        let checkRecords = { @Sendable in
            reuse ?? (self.duplicateIDs(loaded) + self.references(loaded, index) + self.recordLevel(loaded, index))
        }

        let compiler = NoteCompiler(caseContent: caseContent, index: index, unchecked: loaded.unreadCollections)
        let recordProblems: [Diagnostic]
        let compiled: NoteCompiler.Output
        if Parallel.width > 1 {
            async let records = checkRecords()
            compiled = await compileNotes(compiler)
            recordProblems = await records
        } else {
            recordProblems = checkRecords()
            compiled = await compileNotes(compiler)
        }
        problems += recordProblems
        problems += compiled.diagnostics

        let settled = problems.compactMap { problem -> Diagnostic? in
            guard let severity = caseContent.site.severity(of: problem.rule) else { return nil }
            var problem = problem
            problem.severity = severity
            return problem
        }.sorted(by: Diagnostic.reportOrder)

        // Only the files a problem points into are kept, as the validation page quotes them: the
        // text of a 100k case's data files is 54 MB, held through the whole render otherwise.
        let problemPaths = Set(settled.compactMap { $0.location?.path })
        var sources = loaded.dataTexts.filter { problemPaths.contains($0.key) }
        let notePaths = problemPaths.subtracting(loaded.dataTexts.keys)
        if !notePaths.isEmpty {
            for note in caseContent.notes.values.flatMap(\.values) where notePaths.contains(note.path) {
                sources[note.path] = note.source
            }
        }
        var kept = caseContent
        if !keepsNoteText {
            kept.notes = kept.notes.mapValues { notes in
                notes.mapValues { Note(collection: $0.collection, recordID: $0.recordID, path: $0.path, source: "") }
            }
        }
        let validated = ValidatedCase(
            caseContent: kept, sourceMap: loaded.sourceMap, index: index,
            animalNotes: compiled.animalNotes, bulletinNotes: compiled.bulletinNotes, diagnostics: settled,
            rulesRun: Rule.caseRules.filter { caseContent.site.severity(of: $0) != nil }, files: loaded.files, sources: sources,
            recordProblems: recordProblems,
            errorCount: settled.count { $0.severity == .error }, warningCount: settled.count { $0.severity == .warning },
            noteCount: settled.count { $0.severity == .note })
        return (validated, compiled)
    }

    /// Which records have a note.
    private static func noteKeys(_ c: CaseContent) -> [CaseCollection: Set<String>] {
        c.notes.mapValues { Set($0.keys) }
    }

    private func duplicateIDs(_ loaded: LoadedCase) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        guard loaded.caseContent.site.reports(.duplicateID) else { return [] }
        func check<Record>(_ ids: [RecordID<Record>], _ collection: CaseCollection) {
            var first: [RecordID<Record>: Int] = [:]
            for (i, id) in ids.enumerated() {
                guard let earlier = first[id] else { first[id] = i; continue }
                let origins = loaded.sourceMap[collection]
                let here = origins[i].place(\.id), there = origins[earlier].place(\.id)
                problems.append(Diagnostic(
                    rule: .duplicateID,
                    phrase: Phrase(collection == .animals ? .messageDuplicateAnimal : collection == .bulletins
                                       ? .messageDuplicateBulletin : .messageDuplicateFruit,
                                   ["id": .text(id.rawValue), "there": .text(there.description)]),
                    location: here, collection: collection, recordID: id.rawValue, field: .id, value: id.rawValue,
                    fix: Phrase(.fixDuplicateID),
                    related: [there]))
            }
        }
        let c = loaded.caseContent
        check(c.fruits.map(\.id), .fruits)
        check(c.animals.map(\.id), .animals)
        check(c.bulletins.map(\.id), .bulletins)
        return problems
    }

    private func references(_ loaded: LoadedCase, _ index: CaseIndex) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let c = loaded.caseContent
        // A collection whose file could not be read is unknown, not empty: nothing is said to be
        // missing from it (its own syntax problem says what to fix).
        let unread = loaded.unreadCollections
        // Prepared once for all the suggestions below.
        let fruitIDs = Suggestion.Candidates(c.fruits.map(\.id.rawValue)), animalIDs = Suggestion.Candidates(c.animals.map(\.id.rawValue))
        let bulletinIDs = Suggestion.Candidates(c.bulletins.map(\.id.rawValue))
        let checksFruits = c.site.reports(.unknownFruit) && !unread.contains(.fruits)
        let m = loaded.sourceMap
        for (a, animal) in c.animals.enumerated() where checksFruits {
            for (k, fruit) in animal.favoriteFruits.enumerated() where index.fruitPosition[fruit] == nil {
                problems.append(Diagnostic(
                    rule: .unknownFruit,
                    phrase: Phrase(.messageNoFruit, ["id": .text(fruit.rawValue)],
                                   nearest: Suggestion.nearest(to: fruit.rawValue, in: fruitIDs)),
                    location: m.animals[a].favoriteFruit(k),
                    collection: .animals, recordID: animal.id.rawValue,
                    field: .favoriteFruits, value: fruit.rawValue, fix: Phrase(.fixUnknownFruit)))
            }
        }
        for (b, bulletin) in c.bulletins.enumerated() {
            if !bulletin.fruit.rawValue.isEmpty, index.fruitPosition[bulletin.fruit] == nil, checksFruits {
                problems.append(Diagnostic(
                    rule: .unknownFruit,
                    phrase: Phrase(.messageNoFruit, ["id": .text(bulletin.fruit.rawValue)],
                                   nearest: Suggestion.nearest(to: bulletin.fruit.rawValue, in: fruitIDs)),
                    location: m.bulletins[b].place(\.fruit), collection: .bulletins, recordID: bulletin.id.rawValue,
                    field: .fruit, value: bulletin.fruit.rawValue, fix: Phrase(.fixUnknownFruit)))
            }
            if let reporter = bulletin.reportedBy, index.animalPosition[reporter] == nil, c.site.reports(.unknownAnimal),
               !unread.contains(.animals) {
                problems.append(Diagnostic(
                    rule: .unknownAnimal,
                    phrase: Phrase(.messageNoAnimal, ["id": .text(reporter.rawValue)],
                                   nearest: Suggestion.nearest(to: reporter.rawValue, in: animalIDs)),
                    location: m.bulletins[b].place(\.reportedBy), collection: .bulletins,
                    recordID: bulletin.id.rawValue, field: .reportedBy, value: reporter.rawValue,
                    fix: Phrase(.fixUnknownAnimal)))
            }
        }
        for (collection, notes) in c.notes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where !unread.contains(collection) {
            for note in notes.values.filter({ index.position(of: $0.recordID, in: collection) == nil }).sorted(by: { $0.path < $1.path }) {
                let candidates = collection == .animals ? animalIDs : bulletinIDs
                problems.append(Diagnostic(
                    rule: .orphanNote,
                    phrase: Phrase(collection == .animals ? .messageOrphanAnimalNote : .messageOrphanBulletinNote,
                                   ["id": .text(note.recordID)], nearest: Suggestion.nearest(to: note.recordID, in: candidates)),
                    location: SourceLocation(path: note.path, line: 1, column: 1), collection: collection,
                    recordID: note.recordID, fix: Phrase(.fixOrphanNote)))
            }
        }
        return problems
    }

    private func recordLevel(_ loaded: LoadedCase, _ index: CaseIndex) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let c = loaded.caseContent, m = loaded.sourceMap
        for (a, animal) in c.animals.enumerated() {
            if animal.suspicionLevel >= 0.9, animal.suspicionLevel <= 1,
               (animal.alibi ?? "").allSatisfy(\.isWhitespace), c.note(for: animal.id) == nil {
                problems.append(Diagnostic(
                    rule: .missingInterview,
                    phrase: Phrase(.messageMissingInterview, ["name": .text(animal.name)]),
                    location: m.animals[a].location, collection: .animals, recordID: animal.id.rawValue,
                    fix: Phrase(.fixMissingInterview, ["id": .text(animal.id.rawValue)])))
            }
            let involved = index.involvementCount(a)
            if animal.suspicionLevel >= 0.5, involved > 0, index.asleepInvolvementCount(a) == involved,
               c.site.reports(.unsupportedSuspicion) {
                problems.append(Diagnostic(
                    rule: .unsupportedSuspicion,
                    phrase: Phrase(.messageUnsupportedSuspicion, ["name": .text(animal.name), "label": .word(animal.suspicion.label.word),
                                                                  "count": .number(involved)]),
                    location: m.animals[a].place(\.suspicionLevel), collection: .animals, recordID: animal.id.rawValue,
                    field: .suspicionLevel, value: Numbers.plain(animal.suspicionLevel),
                    fix: Phrase(.fixUnsupportedSuspicion)))
            }
        }
        for (b, bulletin) in c.bulletins.enumerated() where c.site.reports(.reporterIsSuspect) {
            guard let reporter = bulletin.reportedBy, let r = index.animalPosition[reporter],
                  index.isSuspect(animal: r, in: b), !index.isAsleep(animal: r, at: b) else { continue }
            problems.append(Diagnostic(
                rule: .reporterIsSuspect,
                phrase: Phrase(.messageReporterIsSuspect, ["name": .text(c.animals[r].name), "fruit": .text(bulletin.fruit.rawValue)]),
                location: m.bulletins[b].place(\.reportedBy), collection: .bulletins,
                recordID: bulletin.id.rawValue, field: .reportedBy, value: reporter.rawValue,
                fix: Phrase(.fixReporterIsSuspect)))
        }
        let fansKnown = loaded.unreadCollections.isDisjoint(with: [.animals, .bulletins])
        for (f, fruit) in c.fruits.enumerated() where fansKnown && index.fans[f].isEmpty && index.fruitBulletins[f].isEmpty {
            guard index.fruitPosition[fruit.id] == f else { continue }
            problems.append(Diagnostic(
                rule: .unusedFruit, phrase: Phrase(.messageUnusedFruit, ["name": .text(fruit.name)]),
                location: m.fruits[f].location, collection: .fruits, recordID: fruit.id.rawValue,
                fix: Phrase(.fixUnusedFruit)))
        }
        return problems
    }
}
