import CasefileMustache
import CasefileModel

/// The rows of one page of the Fruits table.
struct FruitsPage {
    let frame: PageFrame

    struct Row: TemplateView {
        let common: RowCommon
        let name, color: HTMLText
        /// The colour for CSS: `color` when it is a valid colour, else `transparent`.
        let swatchColor: HTMLText
        let fans, moreFans, bulletins, moreBulletins: MustacheValue
        let fanCount, bulletinCount: Int

        func value(_ field: TemplateField) -> MustacheValue? {
            switch field {
            case .name: .text(name)
            case .color: .text(color)
            case .swatchColor: .text(swatchColor)
            case .fans: fans
            case .moreFans: moreFans
            case .fanCount: .int(fanCount)
            case .hasFans: .bool(fanCount > 0)
            case .bulletins: bulletins
            case .moreBulletins: moreBulletins
            case .bulletinCount: .int(bulletinCount)
            case .hasBulletins: .bool(bulletinCount > 0)
            default: common.value(field)
            }
        }
    }

    func context(records: [Int]) -> PageView {
        let v = frame.validated
        let table = frame.rows(records, collection: .fruits, record: { (v.caseContent.fruits[$0].id.rawValue, v.fragments.fruits[$0]) }) { f, common in
            let fruit = v.caseContent.fruits[f]
            let fans = v.index.fans[f], bulletins = v.index.fruitBulletins[f]
            let cappedFans = PageFrame.capped(fans.prefix(PageFrame.mentionLimit + 1).map(frame.animal), count: fans.count)
            let cappedBulletins = PageFrame.capped(bulletins.prefix(PageFrame.mentionLimit + 1).map(frame.bulletin),
                                                   count: bulletins.count)
            return .view(Row(common: common, name: HTMLText(fruit.name), color: HTMLText(fruit.color),
                       swatchColor: HTMLText(trusted: CSSColor.forCSS(fruit.color)),
                       fans: cappedFans.shown, moreFans: cappedFans.more,
                       bulletins: cappedBulletins.shown, moreBulletins: cappedBulletins.more,
                       fanCount: fans.count, bulletinCount: bulletins.count))
        }
        return frame.context(heading: "Fruits", placeholder: "Select a fruit to inspect",
                             caption: "Fruit catalog (\(v.caseContent.fruits.count))",
                             empty: EmptyState(title: "No fruits yet", guidance: "Add them to fruits.yaml and they appear here."),
                             rows: table.rows, selection: table.selection, records: records)
    }
}
