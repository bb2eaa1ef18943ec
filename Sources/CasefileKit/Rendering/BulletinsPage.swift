/// The rows of one page of the Bulletins table.
struct BulletinsPage {
    let frame: PageFrame

    func context(range: Range<Int>) -> [String: Any] {
        let v = frame.validated
        let table = frame.rows(range, collection: .bulletins, record: { (v.caseFile.bulletins[$0].id, v.fragments.bulletins[$0]) }) { b in
            let bulletin = v.caseFile.bulletins[b]
            let suspects = v.index.suspects[b].map { suspect in
                RecordRefs.Flagged(base: frame.animal(suspect.animal), asleep: suspect.asleep)
            }
            let asleep = v.index.suspects[b].count(where: \.asleep)
            let when = frame.refs.whens[b]
            var row: [String: Any] = [
                "when": when.display, "datetime": when.iso, "hasTime": !when.iso.isEmpty,
                "fruit": frame.fruit(bulletin.fruit),
                "location": bulletin.location,
                "bites": bulletin.bites.map(String.init) ?? "", "hasBites": bulletin.bites != nil,
                "suspects": PageFrame.capped(suspects).shown, "moreSuspects": PageFrame.capped(suspects).more,
                "hasSuspects": !suspects.isEmpty,
                "awakeCount": suspects.count - asleep, "asleepCount": asleep,
                "noteHTML": v.bulletinNotes[b] ?? "", "hasNote": v.bulletinNotes[b] != nil,
            ]
            if let reporter = bulletin.reportedBy {
                if let r = v.index.animalIndex[reporter] {
                    row["reporter"] = frame.animal(r)
                } else {
                    row["reporter"] = RecordRefs.Animal(id: reporter, name: reporter, emoji: "", species: "", href: "")
                }
            } else {
                row["reporter"] = false
            }
            return row
        }
        var context = frame.context(heading: "Bulletins", placeholder: "Select a bulletin to inspect",
                             caption: "Nibble bulletins (\(v.caseFile.bulletins.count))",
                             emptyMessage: "No bulletins yet: add nibbles to bulletins.yaml.",
                             rows: table.rows, selection: table.selection)
        if !v.caseFile.bulletins.isEmpty { context["chart"] = Charts.nibbleHours(v.index) }
        return context
    }
}
