import Foundation
import Yams
import CasefileLocalization
import CasefileModel

/// What loading a case folder produced: the case (every record that has an id), where each
/// record was written, and every problem found on the way.
public struct LoadedCase: Sendable {
    public var caseContent: CaseContent
    public var sourceMap: SourceMap
    public var diagnostics: [Diagnostic]
    /// The files read, as shown in diagnostics.
    public var files: [String]
    /// The text of site.yaml and of each collection file, by path, for source excerpts.
    public var dataTexts: [String: String]
    /// The collections whose file exists but could not be read as a list of records (it does not
    /// parse, or holds something else): references to them cannot be checked.
    public var unreadCollections: Set<CaseCollection> = []

    package init(caseContent: CaseContent, sourceMap: SourceMap, diagnostics: [Diagnostic], files: [String],
                 dataTexts: [String: String], unreadCollections: Set<CaseCollection> = []) {
        self.caseContent = caseContent
        self.sourceMap = sourceMap
        self.diagnostics = diagnostics
        self.files = files
        self.dataTexts = dataTexts
        self.unreadCollections = unreadCollections
    }
}

/// Reads a case folder (the README's "The case file"): site.yaml, the three collections in YAML or JSON, and the
/// notes. Files are named relative to the folder, and only files the folder owns are read
/// (`CaseFolder`). Problems in the content become diagnostics; only a folder that cannot be read
/// at all throws.
public struct ContentLoader: Sendable {
    public let directory: URL
    /// How the user named the folder (`Content`): in errors printed on the terminal only.
    public let displayPath: String
    package let folder: CaseFolder

    public init(directory: URL, displayPath: String? = nil) {
        self.directory = directory.standardizedFileURL
        self.displayPath = displayPath ?? directory.relativePath
        self.folder = CaseFolder(url: directory, shownAs: self.displayPath)
    }

    public func load() async throws(CasefileError) -> LoadedCase {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: directory.path, isDirectory: &isDir), isDir.boolValue else {
            throw CasefileError.unreadable(displayPath, reason: "no such folder")
        }
        guard folder.exists(CaseLayout.siteFile) else { throw CasefileError.notAFolder(displayPath) }

        var problems: [Diagnostic] = []
        var files: [String] = []
        var sourceMap = SourceMap()

        let sitePath = CaseLayout.siteFile
        files.append(sitePath)
        let siteFile = try readDataFile(sitePath, limit: ReadLimits.siteFileBytes, problems: &problems)
        var texts = [sitePath: siteFile.text]
        let site = Self.decodeSite(siteFile, path: sitePath, problems: &problems)
        let translations = try readTranslations(limit: site.limits.dataFileBytes, problems: &problems, files: &files, texts: &texts)
        problems += Self.checkLanguage(site, translations, siteFile: siteFile)

        // The three collections and the notes are independent: read them side by side (the notes
        // fill the core that a small collection leaves idle while a large one is parsed).
        let limits = site.limits
        let results: [CollectionResult]
        let notesRead: NotesResult
        do {
            let collections = { @Sendable () async throws -> [CollectionResult] in
                try await Parallel.map([CaseCollection.fruits, .animals, .bulletins], chunkSize: 1) { collection in
                    try self.loadCollection(collection, limit: limits.dataFileBytes)
                }
            }
            if Parallel.width > 1 {
                async let notes = loadNotes(limit: limits.noteBytes)
                results = try await collections()
                notesRead = try await notes
            } else {
                results = try await collections()
                notesRead = try await loadNotes(limit: limits.noteBytes)
            }
        } catch { throw CasefileError.from(error) }
        var fruits: [Fruit] = [], animals: [Animal] = [], bulletins: [Bulletin] = []
        var unread: Set<CaseCollection> = []
        for result in results {
            problems += result.problems
            if result.unread { unread.insert(result.collection) }
            if let path = result.path {
                files.append(path)
                sourceMap.files[result.collection] = path
                texts[path] = result.text
            }
            switch result.records {
            case let .fruits(list): fruits = list
            case let .animals(list): animals = list
            case let .bulletins(list): bulletins = list
            }
            switch result.collection {
            case .fruits: sourceMap.fruits = result.origins
            case .animals: sourceMap.animals = result.origins
            case .bulletins: sourceMap.bulletins = result.origins
            }
        }

        problems += notesRead.problems
        files += notesRead.files
        let caseContent = CaseContent(site: site, fruits: fruits, animals: animals, bulletins: bulletins, notes: notesRead.notes,
                                      translations: translations)
        return LoadedCase(caseContent: caseContent, sourceMap: sourceMap, diagnostics: problems, files: files, dataTexts: texts,
                          unreadCollections: unread)
    }

    /// The case's own string tables: `i18n/<tag>.yaml` (or `.yml`, `.json`), each named for the
    /// language it holds strings for (`CaseLayout.stringTableLanguage`).
    private func readTranslations(limit: Int, problems: inout [Diagnostic], files: inout [String],
                                  texts: inout [String: String]) throws(CasefileError) -> [StringTable] {
        let folderPath = directory.appendingPathComponent(CaseLayout.stringTablesFolder).path
        guard folder.exists(CaseLayout.stringTablesFolder), let names = try? FileManager.default.contentsOfDirectory(atPath: folderPath) else { return [] }
        var tables: [StringTable] = []
        for name in names.sorted() {
            guard let language = CaseLayout.stringTableLanguage(fileName: name) else { continue }
            let path = CaseLayout.stringTable(name)
            let file = try readDataFile(path, limit: limit, problems: &problems)
            files.append(path)
            texts[path] = file.text
            tables.append(StringTableDecoding.decode(file, language: language, problems: &problems))
        }
        return tables
    }

    /// What resolving the site's strings finds: a language no table has, keys a table lacks.
    package static func checkLanguage(_ site: SiteSettings, _ translations: [StringTable], siteFile: DataFile) -> [Diagnostic] {
        let problems = UIStrings.resolve(language: site.language, caseTables: translations).problems
        guard !problems.isEmpty else { return [] }
        var languageMark: Mark?
        if case let .mapping(mapping)? = siteFile.root {
            for (key, value) in mapping where key.string == FieldName.language.key { languageMark = value.mark }
        }
        let place = SourceLocation(path: siteFile.path, mark: languageMark)
        return problems.map { problem in
            switch problem.kind {
            case let .unknownLanguage(tag):
                let known = (BuiltinStrings.languages + translations.map(\.language)).sorted()
                // A value that is not a tag is not repeated: it may be anything (markup, a path).
                let wellFormed = LanguageTag(tag) != nil
                return Diagnostic(rule: .unknownLanguage,
                                  message: wellFormed ? "no strings for language \"\(tag)\": the pages are in English"
                                      : "language is not a BCP 47 language tag (such as en, de-CH or ja): the pages are in English",
                                  location: place, field: .language, value: wellFormed ? tag : nil,
                                  fix: "Use one of \(Set(known).sorted().joined(separator: ", ")), or add i18n/\(LanguageTag(tag)?.language ?? "xx").yaml with the strings of en.yaml translated.")
            case let .missingKey(key, path):
                return Diagnostic(rule: .missingTranslation,
                                  message: "\(path) has no \"\(key)\": the pages show it in English",
                                  location: SourceLocation(path: path, line: 1, column: 1), field: FieldName(asWritten: key),
                                  fix: "Add `\(key): \"…\"` to \(path).")
            }
        }
    }

    /// Reads and parses one data file; a file the folder does not own, or too large, is a problem.
    private func readDataFile(_ path: String, limit: Int, problems: inout [Diagnostic]) throws(CasefileError) -> DataFile {
        switch try folder.read(path, limit: limit) {
        case let .bytes(bytes):
            return DataFile.parse(bytes, path: path, json: CaseLayout.isJSON(path), problems: &problems)
        case let .refused(problem):
            problems.append(problem)
            return DataFile(path: path, root: nil)
        }
    }

    /// site.yaml's settings from its parsed file (the defaults where it cannot be read), with
    /// the problems found added to `problems`.
    package static func decodeSite(_ file: DataFile, path: String, problems: inout [Diagnostic]) -> SiteSettings {
        var site = SiteSettings(title: "Untitled case")
        if let root = file.root,
           var reader = FieldReader.make(root, path: path, collection: nil, what: CaseLayout.siteFile,
                                         known: FieldName.siteFields, problems: &problems) {
            site = SiteSettingsDecoding.decode(&reader)
            problems += reader.diagnostics
        } else if file.root == nil, !problems.contains(where: { $0.location?.path == path }) {
            problems.append(Diagnostic(rule: .missingField, message: "site.yaml is empty: it needs at least a title",
                                       location: SourceLocation(path: path, line: 1, column: 1), field: .title,
                                       fix: "Add `title: …`."))
        }
        return site
    }

    package enum Records: Sendable {
        case fruits([Fruit]), animals([Animal]), bulletins([Bulletin])
    }

    /// One collection as its file gave it: the records, where each came from, the problems
    /// (reading's and decoding's), and whether the file could not be read as a list at all.
    package struct CollectionResult: Sendable {
        package var collection: CaseCollection
        package var path: String?
        package var records: Records
        package var origins: [RecordOrigin]
        package var problems: [Diagnostic]
        package var text = ""
        package var unread = false
    }

    /// Reads and decodes one collection's file, as `load` does (a preview reads an edited one
    /// again alone).
    package func loadCollection(_ collection: CaseCollection, limit: Int) throws(CasefileError) -> CollectionResult {
        let candidates = collectionFiles(collection)
        var result = CollectionResult(collection: collection, records: .fruits([]), origins: [], problems: [])
        switch collection {
        case .fruits: result.records = .fruits([])
        case .animals: result.records = .animals([])
        case .bulletins: result.records = .bulletins([])
        }
        guard let name = candidates.first else { return result }
        if candidates.count > 1 { throw CasefileError.twoFiles(folder.shown(candidates[0]), folder.shown(candidates[1])) }
        var problems: [Diagnostic] = []
        let file = try readDataFile(name, limit: limit, problems: &problems)
        return Self.decodeCollection(collection, file, path: name, problems: problems)
    }

    /// The files the case folder holds for `collection` (`animals.yaml`, `.yml`, `.json`): one, or
    /// none, or two that `loadCollection` refuses.
    private func collectionFiles(_ collection: CaseCollection) -> [String] {
        CaseLayout.collectionFiles(collection).filter(folder.exists)
    }

    /// The bytes of `collection`'s file as `loadCollection` reads them (within `limit`, by the
    /// folder's rules for links), with its name; nil where it would report a problem instead (no
    /// file or two, one too large or outside the folder): `loadCollection` then says which.
    package func collectionBytes(_ collection: CaseCollection, limit: Int) -> (path: String, bytes: [UInt8])? {
        let candidates = collectionFiles(collection)
        guard candidates.count == 1, case let .bytes(bytes)? = try? folder.read(candidates[0], limit: limit) else { return nil }
        return (candidates[0], bytes)
    }

    /// One collection's records from its parsed file (`problems`: what reading it found).
    package static func decodeCollection(_ collection: CaseCollection, _ file: DataFile, path: String,
                                         problems: [Diagnostic]) -> CollectionResult {
        var result = CollectionResult(collection: collection, records: .fruits([]), origins: [], problems: problems)
        switch collection {
        case .fruits: result.records = .fruits([])
        case .animals: result.records = .animals([])
        case .bulletins: result.records = .bulletins([])
        }
        result.path = path
        result.text = file.text
        guard let root = file.root else {
            result.unread = !result.problems.isEmpty
            return result
        }
        guard case let .sequence(items) = root else {
            result.unread = true
            result.problems.append(Diagnostic(rule: .typeMismatch,
                                              message: "\(collection.rawValue) must be a list of records, got \(root.kindDescription)",
                                              location: SourceLocation(path: path, mark: root.mark),
                                              fix: "Start each record with `- id: …` (YAML) or write a JSON array."))
            return result
        }
        switch collection {
        case .fruits:
            let (list, origins) = decode(items, path: path, collection: collection, fields: FieldName.fruitFields,
                                         problems: &result.problems, RecordDecoding.fruit)
            result.records = .fruits(list)
            result.origins = origins
        case .animals:
            let (list, origins) = decode(items, path: path, collection: collection, fields: FieldName.animalFields,
                                         problems: &result.problems, RecordDecoding.animal)
            result.records = .animals(list)
            result.origins = origins
        case .bulletins:
            let (list, origins) = decode(items, path: path, collection: collection, fields: FieldName.bulletinFields,
                                         problems: &result.problems, RecordDecoding.bulletin)
            result.records = .bulletins(list)
            result.origins = origins
        }
        return result
    }

    package static func decode<Record>(_ items: Node.Sequence, path: String, collection: CaseCollection, fields: [FieldName],
                                problems: inout [Diagnostic],
                                _ decodeOne: (inout FieldReader, inout FieldPlaces) -> Record?) -> ([Record], [RecordOrigin]) {
        var records: [Record] = []
        var origins: [RecordOrigin] = []
        records.reserveCapacity(items.count)
        origins.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard var reader = FieldReader.make(item, path: path, collection: collection, what: collection.withArticle,
                                                known: fields, problems: &problems) else { continue }
            var places = FieldPlaces()
            places.id = reader.place(of: .id)
            let record = decodeOne(&reader, &places)
            problems += reader.diagnostics
            if let record {
                records.append(record)
                origins.append(RecordOrigin(location: reader.start, item: i, places: places))
            }
        }
        return (records, origins)
    }

    /// `notes/animals/<id>.md` and `notes/bulletins/<id>.md`; read in parallel, as a large case
    /// has tens of thousands.
    private func loadNotes(limit: Int) async throws(CasefileError) -> NotesResult {
        var result = NotesResult()
        for collection in CaseLayout.notedCollections {
            let notesFolder = CaseLayout.notesFolder(collection)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(notesFolder).path)
            else { continue }
            let ids = names.sorted().compactMap(CaseLayout.noteID(fileName:))
            let held = folder.holds(folder: notesFolder)
            let loaded: [NoteRead]
            do {
                loaded = try await Parallel.map(ids, chunkSize: 256) { id throws(CasefileError) -> NoteRead in
                    try readNote(CaseLayout.note(collection, id: id), collection: collection, id: id, limit: limit, inHeldFolder: held)
                }
            } catch { throw CasefileError.from(error) }
            var byID: [String: Note] = [:]
            for read in loaded {
                result.problems += read.problems
                guard let note = read.note else { continue }
                byID[note.recordID] = note
                result.files.append(note.path)
            }
            result.notes[collection] = byID
        }
        return result
    }

    /// Every note read, by collection and record id; the files read; the problems found.
    private struct NotesResult: Sendable {
        var notes: [CaseCollection: [String: Note]] = [:]
        var files: [String] = []
        var problems: [Diagnostic] = []
    }

    /// A note read, or the problems that kept it from being read (an invalid byte is both).
    package struct NoteRead: Sendable {
        package var note: Note?
        package var problems: [Diagnostic] = []
    }

    /// Reads the note at `path` (below the case folder): the loader's and the preview's one way.
    package func readNote(_ path: String, collection: CaseCollection, id: String, limit: Int,
                  inHeldFolder: Bool = false) throws(CasefileError) -> NoteRead {
        switch try folder.read(path, limit: limit, inHeldFolder: inHeldFolder) {
        case let .refused(problem):
            return NoteRead(note: nil, problems: [problem])
        case let .bytes(bytes):
            let (text, invalid) = TextDecoding.note(bytes)
            var read = NoteRead(note: Note(collection: collection, recordID: id, path: path, source: text))
            if let invalid {
                read.problems.append(Diagnostic(
                    rule: .syntax, message: "the note is not UTF-8 text: the bytes here are not UTF-8 (shown as \u{FFFD})",
                    location: SourceLocation(path: path, line: invalid.line, column: invalid.column),
                    fix: "Save the note as UTF-8."))
            }
            return read
        }
    }
}
