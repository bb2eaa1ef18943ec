/// The rows of one page of the Suspects table.
struct SuspectsPage {
    let frame: PageFrame

    func context(range: Range<Int>) -> [String: Any] {
        let v = frame.validated
        let table = frame.rows(range, collection: .animals, record: { (v.caseFile.animals[$0].id, v.fragments.animals[$0]) }) { a in
            let animal = v.caseFile.animals[a]
            let suspicion = animal.suspicion
            let fruits = animal.favoriteFruits.map(frame.fruit)
            let involved = v.index.involvements[a].map { inv in
                RecordRefs.Flagged(base: frame.bulletin(inv.bulletin), asleep: inv.asleep)
            }
            return [
                "name": animal.name, "species": animal.species, "emoji": animal.emoji ?? "",
                "hasEmoji": !(animal.emoji ?? "").isEmpty,
                "pawSize": animal.pawSize.rawValue,
                "alibi": animal.alibi ?? "", "hasAlibi": !(animal.alibi ?? "").isEmpty,
                "sleep": animal.sleepSchedule?.sleep.description ?? "",
                "wake": animal.sleepSchedule?.wake.description ?? "",
                "hasSchedule": animal.sleepSchedule != nil,
                "suspicion": [
                    "value": RecordDecoding.format(min(max(animal.suspicionLevel, 0), 1)),
                    "written": RecordDecoding.format(animal.suspicionLevel),
                    "percent": Int((min(max(animal.suspicionLevel, 0), 1) * 100).rounded()),
                    "label": suspicion.label.rawValue, "tone": suspicion.label.tone,
                    "bars": (1...4).map { ["filled": $0 <= suspicion.filledBars, "level": $0] },
                ] as [String: Any],
                "fruits": fruits, "hasFruits": !fruits.isEmpty,
                "fruitsPreview": Array(fruits.prefix(3)),
                "moreFruits": max(0, fruits.count - 3), "hasMoreFruits": fruits.count > 3,
                "noteHTML": v.animalNotes[a] ?? "", "hasNote": v.animalNotes[a] != nil,
                "bulletins": PageFrame.capped(involved).shown, "moreBulletins": PageFrame.capped(involved).more,
                "hasBulletins": !involved.isEmpty,
                "bulletinCount": involved.count,
            ]
        }
        var context = frame.context(heading: "Suspects", placeholder: "Select a suspect to inspect",
                             caption: "Suspects (\(v.caseFile.animals.count))",
                             emptyMessage: "No suspects yet: add animals to animals.yaml.",
                             rows: table.rows, selection: table.selection)
        if !v.caseFile.animals.isEmpty { context["chart"] = Charts.suspicion(v.caseFile.animals) }
        return context
    }
}
