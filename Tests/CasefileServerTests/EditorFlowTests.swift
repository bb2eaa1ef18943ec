import Foundation
import CasefileTestSupport
import Testing

/// The editor as a person uses it, through a preview server on loopback (in process, over a copy
/// of the sample): each form is read from the page the server answers, a field typed over, and
/// the form posted as a browser posts it. What is checked is what matters to the person: the
/// answer (a redirect, or the form again with its problems at their fields) and the bytes of the
/// case's files, which change exactly where the edit says and nowhere else.
@Suite struct EditorFlowTests {
    static let fishForm = "/index.html?edit=animals/fish"

    @Test func anEditedFieldChangesOnlyItsValueBytes() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = try workspace.read("animals.yaml")
        try await workspace.withEditor { client in
            let form = try await client.form(Self.fishForm)
            #expect(form["name"] == "Fabrizio")
            #expect(form.target == "/index.html?edit=animals/fish")
            let saved = try await client.submit(form.setting("name", "Fred Fin"))
            #expect(saved.status == 303, "\(saved.body)")
            let location = try #require(saved.header("Location"))
            #expect(location.wholeMatch(of: #/\/index\.html\?saved=\d+#fish/#) != nil, "\(location)")

            let after = try workspace.read("animals.yaml")
            let expected = try Bytes.replacing("Fabrizio", with: "Fred Fin", after: "- id: fish", in: before)
            #expect(after == expected)
            let difference = Bytes.difference(Array(before.utf8), Array(after.utf8))
            #expect(difference.removed == "abrizio" && difference.added == "red Fin", "one range, the name's bytes")

            let page = try await client.get(location)
            #expect(page.status == 200)
            let panel = try #require(EditorSaveTests.panel("fish", in: page.body))
            #expect(panel.contains("Fred Fin"))
            let row = try #require(page.body.range(of: "<tr data-record-id=\"fish\"").flatMap { start in
                page.body[start.lowerBound...].range(of: "</tr>").map { page.body[start.lowerBound..<$0.upperBound] }
            })
            #expect(row.contains("Fred Fin") && !row.contains("Fabrizio"), "the table's row shows the new name")
            #expect(page.body.contains("data-saved-banner") && page.body.contains("data-undo"), "the banner with its Undo")
        }
    }

    /// The message `casefile validate` gives for record `fish` with `old` replaced by `new` in
    /// animals.yaml, at `field`.
    static func validatorMessage(_ workspace: Workspace, _ old: String, _ new: String, field: String) throws -> String {
        let copy = workspace.root.appendingPathComponent("validate-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: workspace.content, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let text = try workspace.read("animals.yaml")
        try Data(try Bytes.replacing(old, with: new, after: "- id: fish", in: text).utf8)
            .write(to: copy.appendingPathComponent("animals.yaml"))
        let run = try BinaryRun.run(["validate", "--content", copy.path, "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run.err)")
        let problems = try #require(json["problems"] as? [[String: Any]])
        let problem = try #require(problems.first {
            $0["record"] as? String == "fish" && $0["field"] as? String == field && $0["severity"] as? String == "error"
        }, "validate reports \(field) of fish: \(problems)")
        return try #require(problem["message"] as? String)
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        var field: String
        /// What is typed (nil: an extra value of a list, as only a crafted POST sends it).
        var typed: String?
        var added: String?
        /// The same value written into the file, for `validate`.
        var old: String, new: String
        var testDescription: String { "\(field) \(typed ?? added ?? "")" }
    }

    @Test(arguments: [
        Invalid(field: "suspicionLevel", typed: "1.5", old: "suspicionLevel: 0.3", new: "suspicionLevel: 1.5"),
        Invalid(field: "name", typed: "", old: "name: Fabrizio", new: "name: \"\""),
        Invalid(field: "favoriteFruits", added: "no-such-fruit", old: "elstar]", new: "elstar, no-such-fruit]"),
    ])
    func anInvalidValueIsRefusedAtItsFieldWithValidatesMessage(_ invalid: Invalid) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let message = try Self.validatorMessage(workspace, invalid.old, invalid.new, field: invalid.field)
        let before = Bytes.snapshot(workspace.root)
        try await workspace.withEditor { client in
            var form = try await client.form(Self.fishForm)
            if let typed = invalid.typed { form = form.setting(invalid.field, typed) }
            if let added = invalid.added { form = form.adding(invalid.field, added) }
            let answer = try await client.submit(form)
            #expect(answer.status == 422)
            let alert = try #require(answer.elements("data-edit-alert").first, "the form's alert")
            #expect(alert.contains("role=\"alert\""))
            let error = try #require(answer.elements("data-field-error=\"\(invalid.field)\"").first, "the field's message")
            #expect(PageForm.unescape(String(error)).contains(message), "\(error) says what validate says: \(message)")
            let errorID = try #require(error.firstMatch(of: #/ id="([^"]+)"/#)?.output.1)
            let described = answer.elements("aria-describedby=\"\(errorID)\"")
            #expect(!described.isEmpty, "an input is described by the message")
            #expect(described.allSatisfy { $0.contains("aria-invalid=\"true\"") })
            let shown = try #require(PageForm(answer.body))
            if let typed = invalid.typed { #expect(shown[invalid.field] == typed, "what was typed is kept") }
            if let added = invalid.added { #expect(shown.values(invalid.field).contains(added), "what was sent is kept") }
        }
        #expect(Bytes.changed(before, Bytes.snapshot(workspace.root)).isEmpty, "nothing was written")
    }

    @Test func aNewRecordIsAppendedInTheFilesStyleWithAnIDFromItsName() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = try workspace.read("fruits.yaml")
        try await workspace.withEditor { client in
            let form = try await client.form("/fruits/index.html?new=fruits")
            #expect(form.target == "/fruits/index.html?new=fruits")
            // A fruit's colour is required: the name alone is refused at the colour.
            let nameOnly = try await client.submit(form.setting("name", "Star Fruit"))
            #expect(nameOnly.status == 422)
            #expect(!nameOnly.elements("data-field-error=\"color\"").isEmpty)
            #expect(try workspace.read("fruits.yaml") == before, "nothing was written")

            let filled = form.setting("name", "Star Fruit").setting("color", "orange")
            let first = try await client.submit(filled)
            #expect(first.status == 303)
            #expect(first.header("Location")?.wholeMatch(of: #/\/fruits\/index\.html\?saved=\d+#star-fruit/#) != nil,
                    "\(first.header("Location") ?? "")")
            let second = try await client.submit(filled)
            #expect(second.status == 303)
            #expect(second.header("Location")?.hasSuffix("#star-fruit-2") == true, "\(second.header("Location") ?? "")")
            let page = try await client.get(try #require(second.header("Location")))
            #expect(EditorSaveTests.panel("star-fruit-2", in: page.body) != nil)
        }
        #expect(try workspace.read("fruits.yaml") == before + "- id: star-fruit\n  name: Star Fruit\n  color: orange\n"
            + "- id: star-fruit-2\n  name: Star Fruit\n  color: orange\n")
    }

    /// The mouse: no bulletin names it and no note links to it, so the case stays without errors
    /// and its pages are built again without it.
    @Test func aDeleteTakesItsCommentsAndNoteAndUndoBringsThemBack() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let original = try workspace.read("animals.yaml")
        try workspace.write("animals.yaml", original.replacingOccurrences(of: "- id: mouse\n",
                                                                          with: "# Seen at dawn,\n# twice.\n- id: mouse\n"))
        let before = try workspace.read("animals.yaml")
        let note = try workspace.bytes("notes/animals/mouse.md")
        let all = Bytes.snapshot(workspace.content)
        try await workspace.withEditor { client in
            let confirm = try await client.get("/index.html?delete=animals/mouse")
            #expect(confirm.status == 200)
            #expect(confirm.body.contains("data-confirm-delete"))
            #expect(!confirm.body.contains("data-delete-references"), "nothing names the mouse")
            let form = try #require(PageForm(confirm.body, marker: "data-delete-form"))
            #expect(form["_deleteNote"] == "1", "the note is ticked to go with it")
            let deleted = try await client.submit(form, "delete")
            #expect(deleted.status == 303)
            let location = try #require(deleted.header("Location"))
            let number = try #require(location.firstMatch(of: #/saved=(\d+)/#).map { String($0.output.1) })

            let mouse = try #require(before.range(of: "# Seen at dawn")), hedgehog = try #require(before.range(of: "- id: hedgehog\n"))
            #expect(try workspace.read("animals.yaml") == String(before[..<mouse.lowerBound] + before[hedgehog.lowerBound...]))
            #expect(!FileManager.default.fileExists(atPath: workspace.url("notes/animals/mouse.md").path))
            #expect(Bytes.changed(all, Bytes.snapshot(workspace.content)) == ["animals.yaml", "notes/animals/mouse.md"])
            let without = try await client.get("/index.html").body
            #expect(EditorSaveTests.panel("mouse", in: without) == nil && !without.contains(EditorSaveTests.banner))

            let edits = try await client.get("/_casefile/edits")
            #expect(edits.body.contains("data-edit-entry=\"\(number)\""))
            let secret = try #require(form["_secret"])
            let undone = try await client.post("/_casefile/undo", PageForm.encode([("_secret", secret), ("edit", number)]))
            #expect(undone.status == 303)
            #expect(try workspace.read("animals.yaml") == before)
            #expect(try workspace.bytes("notes/animals/mouse.md") == note)
            #expect(Bytes.changed(all, Bytes.snapshot(workspace.content)).isEmpty)
            #expect(EditorSaveTests.panel("mouse", in: try await client.get("/index.html").body) != nil)
        }
    }

    @Test func aRecordChangedOnDiskSinceItsFormOpenedIsNotOverwritten() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.withEditor { client in
            let form = try await client.form(Self.fishForm)
            let disk = try Bytes.replacing("Fabrizio", with: "Fabian", after: "- id: fish", in: try workspace.read("animals.yaml"))
            try workspace.write("animals.yaml", disk)
            let answer = try await client.submit(form.setting("suspicionLevel", "0.4"))
            #expect(answer.status == 409)
            #expect(!answer.elements("data-edit-alert").isEmpty)
            let onDisk = try #require(answer.elements("data-on-disk=\"name\"").first, "the name on disk is shown")
            #expect(onDisk.contains("Fabian"))
            // The favourites were not touched: their boxes come in the catalogue's order, not the
            // file's, which is no difference.
            #expect(answer.elements("data-on-disk=\"favoriteFruits\"").isEmpty, "only what differs is shown")
            #expect(try workspace.read("animals.yaml") == disk, "the file keeps the disk's version")
            // The form shown again keeps what was typed and carries the disk's version: saved
            // again, knowingly, it applies as shown (the form's name over the disk's).
            let again = try #require(PageForm(answer.body))
            #expect(again["suspicionLevel"] == "0.4" && again["name"] == "Fabrizio")
            let resaved = try await client.submit(again)
            #expect(resaved.status == 303)
            let typed = try Bytes.replacing("Fabian", with: "Fabrizio", after: "- id: fish",
                                            in: try Bytes.replacing("0.3", with: "0.4", after: "- id: fish", in: disk))
            #expect(try workspace.read("animals.yaml") == typed)
        }
    }

    @Test func aChangeToAnotherRecordOnDiskIsKept() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.withEditor { client in
            let form = try await client.form(Self.fishForm)
            let disk = try Bytes.replacing("Soloman", with: "Solomon", after: "- id: snail", in: try workspace.read("animals.yaml"))
            try workspace.write("animals.yaml", disk)
            let answer = try await client.submit(form.setting("name", "Fred Fin"))
            #expect(answer.status == 303, "\(answer.body)")
            let both = try Bytes.replacing("Fabrizio", with: "Fred Fin", after: "- id: fish", in: disk)
            #expect(try workspace.read("animals.yaml") == both)
        }
    }

    /// The two saves come from one form version; the editor checks each against the file as it is
    /// when it writes, so the second finds the record changed by the first and is refused, rather
    /// than writing its copy of the old bytes over the first's.
    @Test func twoSavesAtOnceLoseNoWrite() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.withEditor { client in
            for round in 1...3 {
                let form = try await client.form("/index.html?edit=animals/snail")
                let name = try #require(form["name"]) + "\(round)", species = "Slug \(round)"
                async let first = client.submit(form.setting("name", name))
                async let second = client.submit(form.setting("species", species))
                let statuses = [try await first.status, try await second.status].sorted()
                let text = try workspace.read("animals.yaml")
                let snail = try #require(text.range(of: "- id: snail")).lowerBound
                let record = text[snail..<(try #require(text.range(of: "- id: dove")).lowerBound)]
                #expect(statuses == [303, 409], "round \(round): one save applies, the other is refused")
                if statuses == [303, 303] {
                    #expect(record.contains("name: \(name)\n") && record.contains("species: \(species)\n"),
                            "round \(round): both were applied, so both are in the file: \(record)")
                } else {
                    #expect(record.contains("name: \(name)\n") != record.contains("species: \(species)\n"),
                            "round \(round): exactly one applied: \(record)")
                }
            }
        }
    }

    @Test func aNoteEditWritesOnlyTheNoteAndItsPreviewWritesNothing() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = Bytes.snapshot(workspace.root)
        let text = "# Interview: Fabrizio Fish\n\nHe **blew bubbles** at [the Elstar](fruit:elstar).\n"
        try await workspace.withEditor { client in
            let form = try await client.form(Self.fishForm).setting("_note", text)
            let preview = try await client.submit(form, "preview")
            #expect(preview.status == 200)
            let shown = try #require(preview.elements("data-note-preview").first)
            #expect(preview.body.contains("<strong>blew bubbles</strong>"), "\(shown)")
            #expect(PageForm(preview.body)?["_note"] == text, "the note typed is kept")
            #expect(Bytes.changed(before, Bytes.snapshot(workspace.root)).isEmpty, "a preview writes nothing")

            let saved = try await client.submit(form)
            #expect(saved.status == 303)
        }
        #expect(Bytes.changed(before, Bytes.snapshot(workspace.root)) == ["Content/notes/animals/fish.md"])
        #expect(try workspace.read("notes/animals/fish.md") == text)
    }

    /// A fruit's colour picker starts at its colour, a named one too (mariposa is `red` in the
    /// sample), and a form saved with the picker left there changes nothing.
    @Test func theColourPickerStartsAtANamedColoursValue() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = Bytes.snapshot(workspace.root)
        try await workspace.withEditor { client in
            let form = try await client.form("/fruits/index.html?edit=fruits/mariposa")
            #expect(form["color"] == "red")
            #expect(form["_colorPicker"] == "#ff0000")
            #expect(form["_colorPickerStart"] == "#ff0000")
            let saved = try await client.submit(form)
            #expect(saved.status == 303, "\(saved.body)")
        }
        #expect(Bytes.changed(before, Bytes.snapshot(workspace.root)).isEmpty, "nothing moved, nothing written")
    }
}
