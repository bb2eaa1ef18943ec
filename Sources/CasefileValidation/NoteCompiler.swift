import CasefileLocalization
import CasefileMarkdown
import CasefileModel

/// Compiles every note of a record that exists: parses it, finds its case links, and renders it
/// to HTML with each link to an existing record left open for the layer that places records on
/// pages (`NoteHTML`). A case link to no record is a `broken-reference` problem at its place in
/// the note, unless it links into a collection whose file could not be read (`unchecked`).
package struct NoteCompiler: Sendable {
    let caseContent: CaseContent
    let index: CaseIndex
    var unchecked: Set<CaseCollection> = []

    package struct Output: Sendable {
        package var animalNotes: [Int: NoteHTML] = [:]
        package var bulletinNotes: [Int: NoteHTML] = [:]
        package var diagnostics: [Diagnostic] = []

        package init() {}
    }

    private struct Job: Sendable {
        var note: Note
        var recordIndex: Int
    }

    private struct Compiled: Sendable {
        var job: Job
        var html: NoteHTML
        var problems: [Diagnostic]
    }

    package func compile() async -> Output {
        await compile(into: Output(), jobs: jobs { _ in true })
    }

    /// Recompiles only the notes of `changed` (paths as shown in diagnostics), keeping the rest of
    /// `previous`: valid while the collections are what `previous` was compiled with, which is so
    /// when nothing but notes changed.
    package func compile(changed: Set<String>, reusing previous: Output) async -> Output {
        var output = previous
        output.diagnostics.removeAll { $0.location.map { changed.contains($0.path) } ?? false }
        for path in changed {
            guard let key = NoteKey(path: path), let i = index.position(of: key.recordID, in: key.collection) else { continue }
            if key.collection == .animals { output.animalNotes[i] = nil } else { output.bulletinNotes[i] = nil }
        }
        return await compile(into: output, jobs: jobs { changed.contains($0.path) })
    }

    private func jobs(_ include: (Note) -> Bool) -> [Job] {
        var jobs: [Job] = []
        for collection in [CaseCollection.animals, .bulletins] {
            for note in (caseContent.notes[collection] ?? [:]).values where include(note) {
                if let i = index.position(of: note.recordID, in: collection) { jobs.append(Job(note: note, recordIndex: i)) }
            }
        }
        return jobs.sorted { $0.note.path < $1.note.path }
    }

    private func compile(into start: Output, jobs: [Job]) async -> Output {
        // A note is shown in an inspector panel, under the panel's <h2> title and a section's <h3>.
        let renderer = MarkdownRenderer(unsafeHTML: caseContent.site.unsafeHTML, topHeadingLevel: 4)
        // The ids a broken link's "did you mean" is looked for in, prepared once for every link.
        let candidates = Candidates(caseContent)
        let compiled = (try? await Parallel.map(jobs, chunkSize: 128) { job in self.compile(job, renderer, candidates) }) ?? []
        var output = start
        for result in compiled {
            switch result.job.note.collection {
            case .animals: output.animalNotes[result.job.recordIndex] = result.html
            default: output.bulletinNotes[result.job.recordIndex] = result.html
            }
            output.diagnostics += result.problems
        }
        return output
    }

    /// Each collection's ids, ready for suggestions.
    private struct Candidates: Sendable {
        let animals: Suggestion.Candidates
        let bulletins: Suggestion.Candidates
        let fruits: Suggestion.Candidates

        init(_ caseContent: CaseContent) {
            animals = Suggestion.Candidates(caseContent.animals.map(\.id.rawValue))
            bulletins = Suggestion.Candidates(caseContent.bulletins.map(\.id.rawValue))
            fruits = Suggestion.Candidates(caseContent.fruits.map(\.id.rawValue))
        }

        subscript(kind: CaseLink.Kind) -> Suggestion.Candidates {
            switch kind {
            case .animal: animals
            case .bulletin: bulletins
            case .fruit: fruits
            }
        }
    }

    private func compile(_ job: Job, _ renderer: MarkdownRenderer, _ candidates: Candidates) -> Compiled {
        let compiled = renderer.compile(job.note.source) { link in index.position(of: link.id, in: CaseCollection(link.kind)) }
        // A note may name the same missing record many times: one suggestion for each.
        var nearests: [CaseLink.Kind: [String: String?]] = [:]
        let problems = compiled.brokenLinks.filter { !unchecked.contains(CaseCollection($0.kind)) }.map { link -> Diagnostic in
            let nearest = nearests[link.kind]?[link.id] ?? Suggestion.nearest(to: link.id, in: candidates[link.kind])
            nearests[link.kind, default: [:]][link.id] = .some(nearest)
            let (message, fix): (UIText, UIText) = switch link.kind {
            case .animal: (.messageNoAnimal, .fixBrokenAnimalLink)
            case .bulletin: (.messageNoBulletin, .fixBrokenBulletinLink)
            case .fruit: (.messageNoFruit, .fixBrokenFruitLink)
            }
            return Diagnostic(
                rule: .brokenReference,
                phrase: Phrase(message, ["id": .text(link.id)], nearest: nearest),
                location: SourceLocation(path: job.note.path, line: link.line, column: link.column),
                collection: job.note.collection, recordID: job.note.recordID, value: "\(link.kind.rawValue):\(link.id)",
                fix: Phrase(fix))
        }
        return Compiled(job: job, html: compiled.note, problems: problems)
    }
}

extension CaseCollection {
    /// The collection a case link of `kind` names a record of.
    public init(_ kind: CaseLink.Kind) {
        self = switch kind {
        case .animal: .animals
        case .bulletin: .bulletins
        case .fruit: .fruits
        }
    }
}

/// The collection and record id a note's path names (`…/notes/animals/fish.md`: animal `fish`).
package struct NoteKey: Sendable, Hashable {
    package var collection: CaseCollection
    /// The record's id as the file names it (it may name no record: an orphan note).
    package var recordID: String

    /// Nil for a path that is no note's (not `notes/animals/…` or `notes/bulletins/…`, or not `.md`).
    package init?(path: String) {
        let parts = path.split(separator: "/")
        guard parts.count >= 3, parts[parts.count - 3] == "notes", parts.last!.hasSuffix(".md"),
              let collection = CaseCollection(rawValue: String(parts[parts.count - 2])),
              collection != .fruits else { return nil }
        self.collection = collection
        self.recordID = String(parts.last!.dropLast(3))
    }
}
