/// The rows of one page of the Fruits table.
struct FruitsPage {
    let frame: PageFrame

    func context(range: Range<Int>) -> [String: Any] {
        let v = frame.validated
        var rows: [[String: Any]] = []
        var selection: [(String, String)] = []
        for f in range {
            let fruit = v.caseFile.fruits[f]
            let fragment = v.fragments.fruits[f]
            selection.append((fragment, fruit.id))
            var row = frame.rowBase(collection: .fruits, recordID: fruit.id, fragment: fragment)
            let fans = v.index.fans[f].map(frame.animal)
            let bulletins = v.index.fruitBulletins[f].map(frame.bulletin)
            row.merge([
                "name": fruit.name, "color": fruit.color,
                "fans": PageFrame.capped(fans).shown, "moreFans": PageFrame.capped(fans).more,
                "fanCount": fans.count, "hasFans": !fans.isEmpty,
                "bulletins": PageFrame.capped(bulletins).shown, "moreBulletins": PageFrame.capped(bulletins).more,
                "bulletinCount": bulletins.count, "hasBulletins": !bulletins.isEmpty,
            ]) { _, new in new }
            rows.append(row)
        }
        return frame.context(heading: "Fruits", placeholder: "Select a fruit to inspect",
                             caption: "Fruit catalog (\(v.caseFile.fruits.count))",
                             emptyMessage: "No fruits yet: add them to fruits.yaml.",
                             rows: rows, selection: selection)
    }
}
