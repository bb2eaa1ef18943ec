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
    /// Rebuilds after a save (the preview's own rebuild, which reloads the open pages), given the
    /// paths written and the readings of the collection files among them.
    let rebuild: @Sendable ([String], SavedFiles) async -> Void
    /// Each collection file this editor parsed that the preview has no parse of (a save refused
    /// by the rules), by path below the case folder: a save of a file that still holds those
    /// bytes starts from that parse (a large file parses in hundreds of milliseconds). A saved
    /// file's parse goes to the preview with the save (`SavedReading.editor`), and is taken from
    /// it (`EditorBase.sources`). At most one a collection.
    var parsed: [String: SourceEditor] = [:]
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

    public init(build: PreviewBuild, rebuild: @escaping @Sendable ([String], SavedFiles) async -> Void) {
        self.build = build
        self.rebuild = rebuild
    }

    /// The limits the case is read within, which bound a form's note as they bound the note's
    /// file; nil while the case is not loaded. Not isolated: a form being received does not wait
    /// for a save.
    public nonisolated func readLimits() async -> ReadLimits? { await build.readLimits }

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
                edited = try sourceEditor(target.collection, path: path, bytes: bytes, base).apply(.append(fields: fields))
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
        let checked = replaced.isEmpty ? (problems: base.placed.diagnostics, shared: nil) : await EditCheck.check(base, replacing: replaced)
        let after = checked.problems
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
        var saved = SavedFiles()
        saved.readings = replaced.map { _, name, result in
            SavedReading(path: base.options.content.appendingPathComponent(name).path, result: result,
                         editor: name == path && newBytes != bytes ? edited?.editor : nil)
        }
        saved.checked = checked.shared.map { (base.generation, $0) }
        if newBytes != bytes { parsed[path] = nil }
        let number = (log.last?.number ?? 0) + 1
        remember(EditRecord(number: number, summary: summary, files: files))
        await rebuild(files.map(\.path), saved)
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
                               note: hasNote ? CaseLayout.note(target.collection, id: id) : nil)
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
        let deleted: SourceEditor.Result
        do {
            deleted = try found.editor.apply(.delete(item: found.item))
        } catch {
            return .refused(error.message)
        }
        let newBytes = deleted.bytes
        var files = [EditRecord.FileChange(path: url.path, before: bytes, after: newBytes)]
        if pairs.contains(where: { $0.name == Self.deleteNoteField }), target.collection != .fruits,
           let note = Self.notePath(target.collection, id, base), let old = try? Self.read(note) {
            files.append(EditRecord.FileChange(path: note.path, before: old, after: nil))
        }
        if let failure = Self.apply(files) { return .refused(failure) }
        parsed[path] = nil
        let number = (log.last?.number ?? 0) + 1
        remember(EditRecord(number: number, summary: strings.text(.deletedRecord, ["name": found.name]), files: files))
        var saved = SavedFiles()
        saved.readings = [SavedReading(path: url.path, result: deleted.decoded, editor: deleted.editor)]
        await rebuild(files.map(\.path), saved)
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
        await rebuild(back.map(\.path), SavedFiles())
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


}
