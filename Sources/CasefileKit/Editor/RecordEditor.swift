import Foundation
import CasefileLocalization
import CasefileModel
import CasefileLoading
import CasefileMarkdown
import CasefileMustache
import CasefileTemplates
import CasefileEditing
import CasefileOutput

/// The preview's editor: the forms that edit, add and delete records, and the saves they post.
/// A save is checked with the rules of `casefile validate` before anything is written; it
/// changes only the bytes of the values that changed (`SourceEditor`), writes atomically, and is
/// kept on an undo list. Saves (and deletes and undos) run one after the other, each from reading
/// its files to writing them and rebuilding. The case folder's files are the only truth: each
/// save reads its file again, and a record whose bytes changed since its form opened is not
/// overwritten.
public actor RecordEditor {
    let build: PreviewBuild
    /// Rebuilds after a save (the preview's own rebuild, which reloads the open pages).
    let rebuild: @Sendable ([String]) async -> Void
    private var log: [EditRecord] = []
    private var libraries: [String: MustacheLibrary] = [:]
    /// Whether a save is under way, and the saves waiting for it: the actor's methods wait for
    /// the checks and the rebuild, and another save must not run in between (it would write over
    /// a file this one read).
    private var saving = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private func beginSave() async {
        if saving {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            saving = true
        }
    }

    private func endSave() {
        if waiting.isEmpty { saving = false } else { waiting.removeFirst().resume() }
    }

    public init(build: PreviewBuild, rebuild: @escaping @Sendable ([String]) async -> Void) {
        self.build = build
        self.rebuild = rebuild
    }

    /// The saves since the preview started, newest first.
    public var edits: [EditRecord] { log.reversed() }

    /// The words of the editor's links in the pages: Edit, and New … by collection.
    public func labels() async -> (edit: String, new: [String: String]) {
        let strings = await build.editorBase().map(strings) ?? .english
        return (strings.text(.edit), [CaseCollection.animals.rawValue: strings.text(.newSuspect),
                                      CaseCollection.bulletins.rawValue: strings.text(.newBulletin),
                                      CaseCollection.fruits.rawValue: strings.text(.newFruit)])
    }

    /// Undo, in the site's language.
    public func undoLabel() async -> String {
        (await build.editorBase().map(strings) ?? .english).text(.undo)
    }

    /// The words of the list of saves: its title, its empty state, Undo and Undone.
    public func editsLabels() async -> (title: String, empty: String, undo: String, undone: String) {
        let strings = await build.editorBase().map(strings) ?? .english
        return (strings.text(.edits), strings.text(.noEdits), strings.text(.undo), strings.text(.undoneRecord))
    }

    /// The save numbered `number`.
    public func edit(_ number: Int) -> EditRecord? { log.first { $0.number == number } }

    // MARK: Forms

    /// The form of record `target`, to show in its panel's place; `action` is where it posts
    /// (the page's own address with its query and the panel's marker).
    public func form(_ target: EditTarget, action: String, cancel: String, deleteHref: String?, grabbers: String,
                     hidden: [(name: String, value: String)]) async -> EditorAnswer {
        guard let base = await build.editorBase() else { return .refused(Self.notLoaded) }
        if let broken = Self.unreadable(target.collection, base) { return .refused(broken) }
        guard let id = target.id else {
            let schema = RecordSchema.of(target.collection)
            var form = RecordForm(schema: schema, state: FormState(defaultsFor: schema), panelID: Self.newPanel,
                                  title: strings(base).text(Self.newTitle(target.collection)), action: action, cancelHref: cancel,
                                  hidden: hidden)
            form.grabbers = grabbers
            form.choices = base.choices
            if target.collection != .fruits { form.note = "" }
            return render(form, base, status: 200)
        }
        guard let found = opened(target.collection, id: id, base) else { return .missing(Self.noRecord(target)) }
        var form = RecordForm(schema: RecordSchema.of(target.collection), state: found.state, panelID: id,
                              title: strings(base).text(.editTitle, ["name": found.name]), action: action, cancelHref: cancel,
                              hidden: hidden + [(Self.versionField, found.version)])
        form.grabbers = grabbers
        form.deleteHref = deleteHref
        form.choices = base.choices
        if target.collection != .fruits { form.note = readNote(target.collection, id, base) ?? "" }
        let problems = base.placed.diagnostics.filter { $0.collection == target.collection && $0.recordID == id }
        mark(problems, on: &form, strings(base), heading: false)
        return render(form, base, status: 200)
    }

    // MARK: Saving

    /// A submitted form (`pairs`, as posted): saved and rebuilt, answered with the record's page;
    /// or its problems at their fields, nothing written; or the note's preview, nothing written.
    /// `page(id, fragment)` makes the address of the record's page after the save.
    public func submit(_ target: EditTarget, pairs: [(name: String, value: String)], action: String, cancel: String,
                       deleteHref: String?, grabbers: String, hidden: [(name: String, value: String)]) async -> EditorAnswer {
        await beginSave()
        defer { endSave() }
        guard let base = await build.editorBase() else { return .refused(Self.notLoaded) }
        if let broken = Self.unreadable(target.collection, base) { return .refused(broken) }
        let strings = strings(base)
        let schema = RecordSchema.of(target.collection)
        let submitted = FormState(submitted: pairs, schema: schema)
        let value = { (name: String) in pairs.first { $0.name == name }?.value }
        let noteText = value(Self.noteField).map { $0.replacingOccurrences(of: "\r\n", with: "\n") }
        guard let path = base.file(of: target.collection) ?? (target.id == nil ? Self.newFile(target.collection, base) : nil) else {
            return .missing(Self.noRecord(target))
        }
        let url = base.options.content.appendingPathComponent(path)
        if let refusal = Self.refuseLink(url, path) { return .refused(refusal) }
        let bytes = (try? Self.read(url)) ?? []

        var form = RecordForm(schema: schema, state: submitted, panelID: target.id ?? Self.newPanel, title: "", action: action,
                              cancelHref: cancel, hidden: hidden)
        form.grabbers = grabbers
        form.deleteHref = deleteHref
        form.choices = base.choices
        if target.collection != .fruits { form.note = noteText ?? "" }

        let edited: SourceEditor.Result?
        let oldID = target.id
        var found: Found?
        do {
            if let id = oldID {
                guard let record = try current(target.collection, id: id, base, bytes: bytes) else {
                    return .missing(Self.noRecord(target))
                }
                found = record
                form.title = strings.text(.editTitle, ["name": record.name])
                form.hidden.append((Self.versionField, value(Self.versionField) ?? record.version))
                if value(Self.versionField) != record.version {
                    // Changed on disk since the form opened: nothing is written. The form keeps what
                    // was typed, shows beside each field what the file holds now, and carries the
                    // new version, so that saving it again is a choice made with both in view.
                    form.alertHeading = strings.text(.conflictTitle)
                    form.alert = [(nil, strings.text(.conflictHelp))]
                    form.hidden.removeAll { $0.name == Self.versionField }
                    form.hidden.append((Self.versionField, record.version))
                    let disk = record.state(base.zone)
                    // Ticked boxes come in the catalogue's order: a list differs when its ids do.
                    let lists = Set(schema.fields.filter { if case .references = $0.type { true } else { false } }.map(\.key))
                    for (name, values) in disk.values
                    where lists.contains(name) ? Set(values) != Set(submitted.list(name)) : values != submitted.list(name) {
                        form.onDisk[name] = values.joined(separator: ", ")
                    }
                    for (name, values) in submitted.values where disk.values[name] == nil && !values.isEmpty {
                        form.onDisk[name] = "—"
                    }
                    return render(form, base, status: 409)
                }
                let changes = FormChanges.changes(schema, submitted: submitted, original: record.state(base.zone), zone: base.zone)
                edited = changes.isEmpty ? nil : try record.editor.apply(.set(fields: changes, item: record.item))
            } else {
                form.title = strings.text(Self.newTitle(target.collection))
                var fields = FormChanges.newRecord(schema, submitted: submitted, zone: base.zone)
                // An id left empty is proposed from the name (the place, for a bulletin).
                fields.removeAll { $0.key == FieldName.id.key && $0.value == .text("") }
                if !fields.contains(where: { $0.key == FieldName.id.key }) {
                    let id = Self.proposedID(submitted[FieldName.name.key].isEmpty ? submitted[FieldName.location.key]
                                                 : submitted[FieldName.name.key], taken: Set(base.choices[target.collection]?.map(\.id) ?? []))
                    fields.insert(EditField(FieldName.id.key, .text(id)), at: 0)
                    form.state = FormState(values: submitted.values.merging([FieldName.id.key: [id]]) { $1 })
                }
                let editor = SourceEditor(bytes: bytes, format: SourceFormat(fileName: path), collection: target.collection, path: path)
                edited = try editor.apply(.append(fields: fields))
            }
        } catch let error as EditRefusal {
            form.alertHeading = strings.count(.notSaved, 1)
            form.alert = [(error.field, error.message)]
            if let field = error.field { form.errors[field] = error.message }
            return render(form, base, status: 422)
        } catch {
            return .refused("\(path) could not be read: \(error)")
        }
        let newBytes = edited?.bytes ?? bytes
        let newID = form.state[FieldName.id.key].trimmingCharacters(in: .whitespaces)

        if value("_action") == "preview" {
            form.notePreview = preview(noteText ?? "", base)
            return render(form, base, status: 200)
        }

        // A renamed id: the records that name it, changed in the same save when asked.
        var renames: [(collection: CaseCollection, path: String, before: [UInt8], after: [UInt8])] = []
        var noteRenames: [EditRecord.FileChange] = []
        if let oldID, newID != oldID {
            let naming = Self.references(to: target.collection, id: oldID, base)
            let notes = Self.linkingNotes(target.collection, id: oldID, base)
            if !naming.isEmpty || !notes.isEmpty {
                let ticked = value(Self.renameField) != nil
                form.renameOffer = (naming.count + notes.count, ticked)
                if ticked {
                    switch Self.renaming(naming, from: oldID, to: newID, base) {
                    case let .success(files): renames = files
                    case let .failure(refusal): return .refused(refusal.message)
                    }
                    noteRenames = Self.renamingLinks(in: notes, collection: target.collection, from: oldID, to: newID, base)
                }
            }
        }
        var replaced = renames.map { ($0.collection, $0.path, EditCheck.decode($0.collection, path: $0.path, bytes: $0.after)) }
        if let edited, edited.bytes != bytes { replaced.append((target.collection, path, edited.decoded)) }
        let after = replaced.isEmpty ? base.placed.diagnostics : await EditCheck.problems(base, replacing: replaced)
        let blocking = EditCheck.blocking(after, before: base.placed.diagnostics, collection: target.collection, id: newID)
        if !blocking.isEmpty {
            let own = after.filter { $0.collection == target.collection && $0.recordID == newID }
            mark(own.filter { $0.severity != .error }, on: &form, strings, heading: false)
            mark(blocking, on: &form, strings, heading: true)
            return render(form, base, status: 422)
        }

        // Valid: write the data file (when it changed) and the note (when it changed).
        var files: [EditRecord.FileChange] = []
        if newBytes != bytes {
            files.append(EditRecord.FileChange(path: url.path, before: base.file(of: target.collection) == nil ? nil : bytes,
                                               after: newBytes))
        }
        for rename in renames {
            files.append(EditRecord.FileChange(path: base.options.content.appendingPathComponent(rename.path).path,
                                               before: rename.before, after: rename.after))
        }
        files += noteRenames
        if target.collection != .fruits, let noteText {
            let notes = Self.noteChanges(target.collection, oldID: oldID, newID: newID, text: noteText, base)
            files += notes
        }
        let summaryName = form.state[target.collection == .bulletins ? FieldName.location.key : FieldName.name.key]
        let summary = strings.text(oldID == nil ? .addedRecord : .savedRecord, ["name": summaryName.isEmpty ? newID : summaryName])
        if files.isEmpty, let found { return .redirect(found.address(base, saved: nil)) }
        if let failure = Self.apply(files) { return .refused(failure) }
        let number = (log.last?.number ?? 0) + 1
        remember(EditRecord(number: number, summary: summary, files: files))
        await rebuild(files.map(\.path))
        guard let rebuilt = await build.editorBase(), let i = rebuilt.position(of: newID, in: target.collection) else {
            return .redirect("/?saved=\(number)")
        }
        let place = rebuilt.place(of: i, in: target.collection)
        return .redirect("/" + place.page + "?saved=\(number)#" + place.fragment)
    }

    // MARK: Deleting

    /// The confirmation of a delete: what names the record, and what becomes of it.
    public func confirmDelete(_ target: EditTarget, action: String, cancel: String, grabbers: String,
                              hidden: [(name: String, value: String)]) async -> EditorAnswer {
        guard let base = await build.editorBase() else { return .refused(Self.notLoaded) }
        guard let id = target.id, let found = opened(target.collection, id: id, base) else {
            return .missing(Self.noRecord(target))
        }
        let strings = strings(base)
        let names = Self.namedBy(target.collection, id: id, base) + Self.linkingNotes(target.collection, id: id, base)
        let hasNote = target.collection != .fruits && readNote(target.collection, id, base) != nil
        let page = DeletePanel(panelID: id, title: strings.text(.deleteTitle, ["name": found.name]), action: action, cancel: cancel,
                               grabbers: grabbers, hidden: hidden + [(Self.versionField, found.version)], references: names,
                               note: hasNote ? "notes/\(target.collection.rawValue)/\(id).md" : nil)
        return .panel(html: library(base).render(page.context(strings), template: "editor-delete"), panelID: id, status: 200)
    }

    /// Deletes the record (and its note when `deleteNote` was ticked).
    public func delete(_ target: EditTarget, pairs: [(name: String, value: String)]) async -> EditorAnswer {
        await beginSave()
        defer { endSave() }
        guard let base = await build.editorBase() else { return .refused(Self.notLoaded) }
        if let broken = Self.unreadable(target.collection, base) { return .refused(broken) }
        guard let id = target.id, let path = base.file(of: target.collection) else { return .missing(Self.noRecord(target)) }
        let url = base.options.content.appendingPathComponent(path)
        if let refusal = Self.refuseLink(url, path) { return .refused(refusal) }
        guard let bytes = try? Self.read(url), let found = try? current(target.collection, id: id, base, bytes: bytes) else {
            return .missing(Self.noRecord(target))
        }
        let strings = strings(base)
        if pairs.first(where: { $0.name == Self.versionField })?.value != found.version {
            return .refused(strings.text(.conflictTitle) + ". " + strings.text(.conflictHelp))
        }
        let newBytes: [UInt8]
        do {
            newBytes = try found.editor.delete(item: found.item)
        } catch {
            return .refused(error.message)
        }
        var files = [EditRecord.FileChange(path: url.path, before: bytes, after: newBytes)]
        if pairs.contains(where: { $0.name == Self.deleteNoteField }), target.collection != .fruits,
           let note = Self.notePath(target.collection, id, base), let old = try? Self.read(note) {
            files.append(EditRecord.FileChange(path: note.path, before: old, after: nil))
        }
        if let failure = Self.apply(files) { return .refused(failure) }
        let number = (log.last?.number ?? 0) + 1
        remember(EditRecord(number: number, summary: strings.text(.deletedRecord, ["name": found.name]), files: files))
        await rebuild(files.map(\.path))
        return .redirect("/" + SiteLayout.page(target.collection.pageKind) + "?saved=\(number)")
    }

    // MARK: Undo

    /// Puts back the files of save `number` as they were before it, when each is still as the
    /// save left it; else nothing is written and the answer says which file changed since.
    public func undo(_ number: Int) async -> EditorAnswer {
        await beginSave()
        defer { endSave() }
        guard let index = log.firstIndex(where: { $0.number == number }), !log[index].undone else {
            return .missing("There is no save \(number) to undo.")
        }
        let base = await build.editorBase()
        let strings = base.map(strings) ?? .english
        var back: [EditRecord.FileChange] = []
        for file in log[index].files {
            let current = try? Self.read(URL(fileURLWithPath: file.path))
            guard file.isAsLeft(current) else { return .refused(strings.text(.undoConflict, ["file": file.shown])) }
            back.append(EditRecord.FileChange(path: file.path, before: current, after: file.before(from: current ?? [])))
        }
        if let failure = Self.apply(back) { return .refused(failure) }
        log[index].undone = true
        await rebuild(back.map(\.path))
        return .redirect("/_casefile/edits")
    }

    // MARK: Helpers

    /// How many saves the undo list keeps (the oldest go first).
    static let logLimit = 200

    private func remember(_ record: EditRecord) {
        log.append(record)
        if log.count > Self.logLimit { log.removeFirst(log.count - Self.logLimit) }
    }

    static let versionField = "_version"
    static let noteField = "_note"
    static let deleteNoteField = "_deleteNote"
    static let renameField = "_renameReferences"
    static let newPanel = "_new"
    static let notLoaded = "The case does not load, so nothing can be edited: fix the error in the file (the terminal and the "
        + "validation page say where) and save it."

    static func noRecord(_ target: EditTarget) -> String {
        "There is no \(target.collection.singular) \"\(target.id ?? "")\" in the case (any more)."
    }

    static func newTitle(_ collection: CaseCollection) -> UIText {
        switch collection {
        case .animals: .newSuspect
        case .bulletins: .newBulletin
        case .fruits: .newFruit
        }
    }

    /// A new collection's file, when the case has none yet: YAML, as the sample writes it.
    static func newFile(_ collection: CaseCollection, _ base: EditorBase) -> String {
        collection.rawValue + ".yaml"
    }

    /// An id made from `name` by the slug rules, unique among `taken` (`-2`, `-3`… appended).
    static func proposedID(_ name: String, taken: Set<String>) -> String {
        var stem = Slug.suggested(for: name)
        if stem.isEmpty || !Slug.isValid(stem) { stem = "record" }
        var id = stem, n = 2
        while taken.contains(id) { id = "\(stem)-\(n)"; n += 1 }
        return id
    }

    struct Found: Sendable {
        var record: any DescribedRecord
        var item: Int
        var index: Int
        var version: String
        var name: String
        var collection: CaseCollection
        /// The file as read, parsed once: the edit of the record starts from it.
        var editor: SourceEditor

        func state(_ zone: TimeZone) -> FormState {
            switch record {
            case let animal as Animal: FormState(record: animal, zone: zone)
            case let bulletin as Bulletin: FormState(record: bulletin, zone: zone)
            case let fruit as Fruit: FormState(record: fruit, zone: zone)
            default: FormState()
            }
        }

        func address(_ base: EditorBase, saved: Int?) -> String {
            guard let i = base.position(of: record.value(of: .id).text ?? "", in: collection) else { return "/" }
            let place = base.place(of: i, in: collection)
            return "/" + place.page + (saved.map { "?saved=\($0)" } ?? "") + "#" + place.fragment
        }
    }

    /// Record `id` as the file holds it now: read again (from `bytes`, or from disk), so that an
    /// edit made elsewhere since the last build is seen; nil when the file has no such record.
    func current(_ collection: CaseCollection, id: String, _ base: EditorBase, bytes given: [UInt8]? = nil) throws -> Found? {
        guard let path = base.file(of: collection) else { return nil }
        let bytes = try given ?? Self.read(base.options.content.appendingPathComponent(path))
        let editor = SourceEditor(bytes: bytes, format: SourceFormat(fileName: path), collection: collection, path: path)
        guard let result = editor.decoded else { return nil }
        let records: [any DescribedRecord]
        switch result.records {
        case let .fruits(list): records = list
        case let .animals(list): records = list
        case let .bulletins(list): records = list
        }
        guard let i = records.firstIndex(where: { $0.value(of: .id) == .text(id) }) else { return nil }
        let item = result.origins[i].item
        let version = Self.version(of: i, origins: result.origins, bytes: bytes)
        let record = records[i]
        let name = record.value(of: collection == .bulletins ? .location : .name).text ?? id
        return Found(record: record, item: item, index: i, version: version, name: name, collection: collection, editor: editor)
    }

    /// The version of record `i` of a file read into `origins`: a fingerprint of its bytes, from
    /// where it starts to where the next record starts (or the file ends). A form carries it; a
    /// save whose record's bytes have another is a conflict. Found from the records' places, without
    /// parsing the file, so that a form of a record in a large file opens at once.
    static func version(of i: Int, origins: [RecordOrigin], bytes: [UInt8]) -> String {
        guard origins.indices.contains(i) else { return "" }
        let starts = [origins[i].location] + (i + 1 < origins.count ? [origins[i + 1].location] : [])
        let offsets = byteOffsets(of: starts.map { ($0.line, $0.column) }, in: bytes)
        let start = min(offsets.first ?? 0, bytes.count), end = max(start, min(offsets.count > 1 ? offsets[1] : bytes.count, bytes.count))
        return String(end - start) + ":" + ContentHash.hex16(bytes: Array(bytes[start..<end]))
    }

    /// The byte offsets of (line, column) places, ascending, as the loader counts them: lines from
    /// 1, columns in Unicode scalars from 1, after a byte-order mark.
    static func byteOffsets(of places: [(line: Int, column: Int)], in bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var line = 1, i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for place in places {
            while line < place.line, i < bytes.count {
                if bytes[i] == 0x0A { line += 1 }
                i += 1
            }
            var j = i, column = 1
            while column < place.column, j < bytes.count, bytes[j] != 0x0A {
                j += 1
                while j < bytes.count, bytes[j] & 0xC0 == 0x80 { j += 1 }
                column += 1
            }
            offsets.append(j)
        }
        return offsets
    }

    /// Record `id` as the preview last loaded it, with the version of its bytes on disk: what a
    /// form opens with, without parsing the file again (a save reads it again, and a record
    /// changed since is a conflict then).
    func opened(_ collection: CaseCollection, id: String, _ base: EditorBase) -> (state: FormState, version: String, name: String)? {
        guard let i = base.position(of: id, in: collection), let path = base.file(of: collection),
              let bytes = try? Self.read(base.options.content.appendingPathComponent(path)) else { return nil }
        let c = base.loaded.caseContent
        let state: FormState, name: String
        switch collection {
        case .fruits: (state, name) = (FormState(record: c.fruits[i], zone: base.zone), c.fruits[i].name)
        case .animals: (state, name) = (FormState(record: c.animals[i], zone: base.zone), c.animals[i].name)
        case .bulletins: (state, name) = (FormState(record: c.bulletins[i], zone: base.zone), c.bulletins[i].location)
        }
        return (state, Self.version(of: i, origins: base.loaded.sourceMap[collection], bytes: bytes), name)
    }

    /// The records that name record `id` of `collection`: which collection, which record, which field.
    static func references(to collection: CaseCollection, id: String, _ base: EditorBase)
        -> [(collection: CaseCollection, id: String, field: FieldName)] {
        let c = base.loaded.caseContent
        switch collection {
        case .animals:
            return c.bulletins.filter { $0.reportedBy?.rawValue == id }.map { (.bulletins, $0.id.rawValue, .reportedBy) }
        case .fruits:
            return c.animals.filter { $0.favoriteFruits.contains { $0.rawValue == id } }.map { (.animals, $0.id.rawValue, .favoriteFruits) }
                + c.bulletins.filter { $0.fruit.rawValue == id }.map { (.bulletins, $0.id.rawValue, .fruit) }
        case .bulletins:
            return []
        }
    }

    /// The files of the records in `naming`, each with the old id changed to the new one in the
    /// field that names it (only those bytes).
    static func renaming(_ naming: [(collection: CaseCollection, id: String, field: FieldName)], from oldID: String,
                         to newID: String, _ base: EditorBase)
        -> Result<[(collection: CaseCollection, path: String, before: [UInt8], after: [UInt8])], EditRefusal> {
        var files: [(collection: CaseCollection, path: String, before: [UInt8], after: [UInt8])] = []
        for collection in CaseCollection.allCases {
            let mine = naming.filter { $0.collection == collection }
            guard !mine.isEmpty, let path = base.file(of: collection),
                  let bytes = try? read(base.options.content.appendingPathComponent(path)) else { continue }
            var current = bytes
            for reference in mine {
                guard let i = base.position(of: reference.id, in: collection) else { continue }
                let item = base.loaded.sourceMap[collection][i].item
                let change: FieldChange
                if reference.field == .favoriteFruits, let animal = base.loaded.caseContent.animals[safe: i] {
                    change = FieldChange(reference.field.key, .list(animal.favoriteFruits.map { $0.rawValue == oldID ? newID : $0.rawValue }))
                } else {
                    change = FieldChange(reference.field.key, .text(newID))
                }
                do {
                    current = try SourceEditor(bytes: current, format: SourceFormat(fileName: path), collection: collection)
                        .set(fields: [change], item: item)
                } catch {
                    return .failure(error)
                }
            }
            files.append((collection, path, bytes, current))
        }
        return .success(files)
    }

    /// The notes at `paths` with their case links to record `oldID` (`fruit:elstar`) made to
    /// link to `newID`, and nothing else of them changed.
    static func renamingLinks(in paths: [String], collection: CaseCollection, from oldID: String, to newID: String,
                              _ base: EditorBase) -> [EditRecord.FileChange] {
        let old = collection.singular + ":" + oldID, new = collection.singular + ":" + newID
        return paths.compactMap { path in
            let url = base.options.content.appendingPathComponent(path)
            guard let status = FileStatus.of(link: url.path), status.kind == .regular, let bytes = try? read(url) else { return nil }
            var text = String(decoding: bytes, as: UTF8.self)
            for end in [")", " ", ">"] { text = text.replacingOccurrences(of: old + end, with: new + end) }
            let after = Array(text.utf8)
            return after == bytes ? nil : EditRecord.FileChange(path: url.path, before: bytes, after: after)
        }
    }

    /// Why the collection's file cannot be edited now: it does not parse (broken by hand, or
    /// half-saved by another program). The editor never repairs a file: it says where the
    /// problem is, as `casefile validate` does, and writes nothing.
    static func unreadable(_ collection: CaseCollection, _ base: EditorBase) -> String? {
        // The preview loads the case again on every change of its files: its last load says.
        guard base.loaded.unreadCollections.contains(collection), let path = base.file(of: collection) else { return nil }
        let problem = base.loaded.diagnostics.first { $0.location?.path == path && ($0.rule == .syntax || $0.rule == .typeMismatch) }
        let place = problem?.location.map { "\($0.path):\($0.line):\($0.column): " } ?? "\(path): "
        return "\(place)\(problem?.message ?? "the file is not a list of records"). Fix the file in your editor: this form "
            + "writes nothing while it does not load."
    }

    /// The records that name record `id`, as lines for the delete confirmation.
    static func namedBy(_ collection: CaseCollection, id: String, _ base: EditorBase) -> [String] {
        let c = base.loaded.caseContent
        switch collection {
        case .animals:
            return c.bulletins.filter { $0.reportedBy?.rawValue == id }.map { "\($0.location) (\($0.id.rawValue)), reportedBy" }
        case .fruits:
            return c.animals.filter { $0.favoriteFruits.contains { $0.rawValue == id } }.map { "\($0.name) (\($0.id.rawValue)), favoriteFruits" }
                + c.bulletins.filter { $0.fruit.rawValue == id }.map { "\($0.location) (\($0.id.rawValue)), fruit" }
        case .bulletins:
            return []
        }
    }

    /// The notes whose text links to record `id` (`animal:id`, `bulletin:id`, `fruit:id`).
    static func linkingNotes(_ collection: CaseCollection, id: String, _ base: EditorBase) -> [String] {
        let link = collection.singular + ":" + id
        return base.loaded.caseContent.notes.values.flatMap(\.values)
            .filter { note in note.source.contains(link + ")") || note.source.contains(link + " ") || note.source.contains(link + ">") }
            .map(\.path).sorted()
    }

    private func strings(_ base: EditorBase) -> UIStrings {
        UIStrings.resolve(language: base.loaded.caseContent.site.language, caseTables: base.loaded.caseContent.translations).strings
    }

    /// The editor's template with the site's strings (`t`), made once per language.
    private func library(_ base: EditorBase) -> MustacheLibrary {
        let strings = strings(base)
        let key = base.loaded.caseContent.site.language + "\u{1F}" + String(base.loaded.caseContent.translations.count)
        if let library = libraries[key] { return library }
        var texts: [String: MustacheValue] = [:]
        for name in strings.entries.keys { texts[name] = strings[name].map(MustacheValue.string) }
        var library = MustacheLibrary(constants: ["t": .object(MustacheDictionary(texts))])
        for (name, source) in BuiltinTemplates.editor { try? library.register(source, named: name) }
        libraries[key] = library
        return library
    }

    private func render(_ form: RecordForm, _ base: EditorBase, status: Int) -> EditorAnswer {
        let html = library(base).render(form.context(strings(base)), template: "editor")
        return .panel(html: html, panelID: form.panelID, status: status)
    }

    /// Puts each problem at its input (the first one per input), and, when `heading`, lists
    /// them all in the form's alert.
    private func mark(_ problems: [Diagnostic], on form: inout RecordForm, _ strings: UIStrings, heading: Bool) {
        let inputs = Set(form.schema.fields.flatMap(FormState.inputNames) + form.schema.fields.map(\.key))
        for problem in problems {
            let message = problem.phrase.map { strings.text($0) } ?? problem.message
            let input = problem.field.map(\.key).flatMap { inputs.contains($0) ? $0 : nil }
            if let input {
                if problem.severity == .error {
                    if form.errors[input] == nil { form.errors[input] = message }
                } else if form.warnings[input] == nil {
                    form.warnings[input] = message
                }
            }
            let elsewhere = problem.recordID.map { $0 != form.state[FieldName.id.key] || problem.collection != form.schema.collection }
                ?? false
            let shown = elsewhere ? "\(problem.collection?.singular ?? "") \(problem.recordID ?? ""): \(message)" : message
            if heading { form.alert.append((elsewhere ? nil : input, shown)) }
        }
        if heading { form.alertHeading = strings.count(.notSaved, problems.count) }
    }

    /// The note's text on disk, or nil when the record has none.
    private func readNote(_ collection: CaseCollection, _ id: String, _ base: EditorBase) -> String? {
        guard let url = Self.notePath(collection, id, base), let bytes = try? Self.read(url) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where the note of record `id` lives — `notes/<collection>/<id>.md` inside the case folder
    /// — or nil when that folder is a link out of the case, or the note a link or not a file.
    static func notePath(_ collection: CaseCollection, _ id: String, _ base: EditorBase) -> URL? {
        guard Slug.isValid(id) else { return nil }
        let folder = ContentLoader(directory: base.options.content, displayPath: base.options.contentDisplay).folder
        let relative = "notes/\(collection.rawValue)"
        if folder.exists(relative), !folder.holds(folder: relative) { return nil }
        let url = base.options.content.appendingPathComponent("\(relative)/\(id).md")
        if let status = FileStatus.of(link: url.path), status.kind != .regular { return nil }
        return url
    }

    static func noteChanges(_ collection: CaseCollection, oldID: String?, newID: String, text: String,
                            _ base: EditorBase) -> [EditRecord.FileChange] {
        var changes: [EditRecord.FileChange] = []
        let oldURL = oldID.flatMap { notePath(collection, $0, base) }
        let oldBytes = oldURL.flatMap { try? read($0) }
        let wanted: [UInt8]? = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : Array(text.utf8)
        let normalized = oldBytes.map { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n") }
        if oldID == newID {
            guard let url = notePath(collection, newID, base), normalized != (wanted == nil ? nil : text) else { return [] }
            if oldBytes == nil, wanted == nil { return [] }
            changes.append(EditRecord.FileChange(path: url.path, before: oldBytes, after: wanted))
        } else {
            // A renamed record takes its note along.
            if let oldURL, oldBytes != nil { changes.append(EditRecord.FileChange(path: oldURL.path, before: oldBytes, after: nil)) }
            if let wanted, let url = notePath(collection, newID, base) {
                changes.append(EditRecord.FileChange(path: url.path, before: try? read(url), after: wanted))
            }
        }
        return changes
    }

    /// Writes each file's `after` (atomically) or removes it; the first failure stops and is returned.
    static func apply(_ files: [EditRecord.FileChange]) -> String? {
        for file in files {
            let url = URL(fileURLWithPath: file.path)
            do {
                if let bytes = file.after {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try AtomicFile.write(bytes, to: url)
                } else if FileManager.default.fileExists(atPath: url.path) {
                    try FileManager.default.removeItem(at: url)
                }
            } catch {
                return "Nothing more was saved: \(error)"
            }
        }
        return nil
    }

    /// A data file that is a link is not edited (a write would replace the link with a file).
    static func refuseLink(_ url: URL, _ path: String) -> String? {
        guard let status = FileStatus.of(link: url.path) else { return nil }
        if status.kind == .symbolicLink { return "\(path) is a link: edit the file it points to in your editor." }
        if status.kind != .regular { return "\(path) is not a file." }
        return nil
    }

    static func read(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    /// The note rendered as a page renders it, its case links to the records' pages.
    private func preview(_ text: String, _ base: EditorBase) -> String {
        let renderer = MarkdownRenderer(unsafeHTML: base.loaded.caseContent.site.unsafeHTML, topHeadingLevel: 4)
        return renderer.render(text) { link in
            let collection: CaseCollection = switch link.kind {
            case .animal: .animals
            case .bulletin: .bulletins
            case .fruit: .fruits
            }
            guard let i = base.position(of: link.id, in: collection) else { return nil }
            let place = base.place(of: i, in: collection)
            return "/" + place.page + "#" + place.fragment
        }.html
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension FieldValue {
    /// The text, for a text value.
    var text: String? {
        if case let .text(text) = self { return text }
        return nil
    }
}
