import CasefileMustache
import CasefileLocalization
import CasefileModel

/// The rows of one page of the Fruits table.
struct FruitsPage {
    let frame: PageFrame

    struct Row: TemplateView {
        let common: RowCommon
        let name, color: HTMLText
        /// The colour for CSS: `color` when it is a valid colour, else `transparent`.
        let swatchColor: HTMLText
        /// The swatch's name for a screen reader: "Colour: red", in the site's language.
        let swatchLabel: HTMLText
        let fans, moreFans, bulletins, moreBulletins: MustacheValue
        let fanCount, bulletinCount: Int

        func value(_ field: TemplateField) -> MustacheValue? {
            switch field {
            case .name: .text(name)
            case .color: .text(color)
            case .swatchColor: .text(swatchColor)
            case .swatchLabel: .text(swatchLabel)
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

    /// The rows of `records`, and the (fragment, id) pairs the selection rules need; one row
    /// alone is a record's own page.
    func table(_ records: [Int]) -> (rows: [MustacheValue], selection: [(fragment: String, recordID: String)]) {
        let v = frame.validated
        return frame.rows(records, collection: .fruits, record: { (v.caseContent.fruits[$0].id.rawValue, v.fragments.fruits[$0]) }) { f, common in
            let fruit = v.caseContent.fruits[f]
            let fans = v.index.fans[f], bulletins = v.index.fruitBulletins[f]
            let cappedFans = frame.capped(fans.prefix(PageFrame.mentionLimit + 1).map(frame.animal), count: fans.count,
                                          more: .moreFans)
            let cappedBulletins = frame.capped(bulletins.prefix(PageFrame.mentionLimit + 1).map(frame.bulletin),
                                               count: bulletins.count, more: .moreBulletins)
            return .view(Row(common: common, name: HTMLText(fruit.name), color: HTMLText(fruit.color),
                       swatchColor: HTMLText(trusted: CSSColor.forCSS(fruit.color)),
                       swatchLabel: HTMLText(frame.strings.text(.swatchLabel, ["colour": fruit.color])),
                       fans: cappedFans.shown, moreFans: cappedFans.more,
                       bulletins: cappedBulletins.shown, moreBulletins: cappedBulletins.more,
                       fanCount: fans.count, bulletinCount: bulletins.count))
        }
    }

    func context(records: [Int]) -> PageView {
        let v = frame.validated
        let table = table(records)
        let s = frame.strings
        return frame.context(heading: s.text(.fruits), placeholder: s.text(.selectFruit),
                             caption: s.text(.fruitsCaption, ["count": s.number(v.caseContent.fruits.count)]),
                             empty: EmptyState(title: s.text(.noFruitsYet), guidance: s.text(.noFruitsGuidance)),
                             rows: table.rows, selection: table.selection, records: records)
    }
}
