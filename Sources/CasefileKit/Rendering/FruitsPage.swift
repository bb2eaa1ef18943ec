/// The rows of one page of the Fruits table.
struct FruitsPage {
    let frame: PageFrame

    func context(range: Range<Int>) -> [String: Any] {
        let v = frame.validated
        let table = frame.rows(range, collection: .fruits, record: { (v.caseFile.fruits[$0].id, v.fragments.fruits[$0]) }) { f in
            let fruit = v.caseFile.fruits[f]
            let fans = v.index.fans[f].map(frame.animal)
            let bulletins = v.index.fruitBulletins[f].map(frame.bulletin)
            return [
                "name": fruit.name, "color": fruit.color,
                "fans": PageFrame.capped(fans).shown, "moreFans": PageFrame.capped(fans).more,
                "fanCount": fans.count, "hasFans": !fans.isEmpty,
                "bulletins": PageFrame.capped(bulletins).shown, "moreBulletins": PageFrame.capped(bulletins).more,
                "bulletinCount": bulletins.count, "hasBulletins": !bulletins.isEmpty,
            ]
        }
        return frame.context(heading: "Fruits", placeholder: "Select a fruit to inspect",
                             caption: "Fruit catalog (\(v.caseFile.fruits.count))",
                             emptyMessage: "No fruits yet: add them to fruits.yaml.",
                             rows: table.rows, selection: table.selection)
    }
}
