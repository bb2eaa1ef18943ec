import CasefileLocalization
import CasefileMustache

/// The rows of one page of the Bulletins table.
struct BulletinsPage {
    let frame: PageFrame

    struct Row: TemplateView {
        let common: RowCommon
        let when, datetime: HTMLText
        let fruit: MustacheValue
        let location: HTMLText
        let bites: Int?
        let suspects, moreSuspects: MustacheValue
        let suspectCount, asleepCount: Int
        let noteHTML: HTMLText?
        let reporter: MustacheValue
        let strings: UIStrings

        func value(_ field: TemplateField) -> MustacheValue? {
            switch field {
            case .when: .text(when)
            case .datetime: .text(datetime)
            case .hasTime: .bool(!datetime.raw.isEmpty)
            case .fruit: fruit
            case .location: .text(location)
            case .bites: .text(bites.map { HTMLText(trusted: String($0)) } ?? .empty)
            case .hasBites: .bool(bites != nil)
            case .suspects: suspects
            case .moreSuspects: moreSuspects
            case .hasSuspects: .bool(suspectCount > 0)
            case .awakeCount: .int(suspectCount - asleepCount)
            case .asleepCount: .int(asleepCount)
            case .awakeLabel: .string(strings.count(.awakeCount, suspectCount - asleepCount))
            case .asleepLabel: .string(strings.count(.asleepCount, asleepCount))
            case .noteHTML: .text(noteHTML ?? .empty)
            case .hasNote: .bool(noteHTML != nil)
            case .reporter: reporter
            default: common.value(field)
            }
        }
    }

    /// The rows of `records`, and the (fragment, id) pairs the selection rules need; one row
    /// alone is a record's own page.
    func table(_ records: [Int]) -> (rows: [MustacheValue], selection: [(fragment: String, recordID: String)]) {
        let v = frame.validated
        return frame.rows(records, collection: .bulletins, record: { (v.caseContent.bulletins[$0].id.rawValue, v.fragments.bulletins[$0]) }) { b, common in
            let bulletin = v.caseContent.bulletins[b]
            let suspects: [MustacheValue] = v.index.suspects(b, limit: PageFrame.mentionLimit + 1).map { suspect in
                .object(RecordRefs.Flagged(base: frame.refs.animalView(suspect.animal, depth: frame.depth), asleep: suspect.asleep))
            }
            let capped = frame.capped(suspects, count: v.index.suspectCount(b), more: .moreSuspects)
            let when = frame.refs.when(b)
            let reporter: MustacheValue = if let id = bulletin.reportedBy {
                if let r = v.index.animalPosition[id] {
                    frame.animal(r)
                } else {
                    .object(RecordRefs.AnimalMention(id: HTMLText(id.rawValue), name: HTMLText(id.rawValue), emoji: .empty, species: .empty, href: .empty))
                }
            } else {
                .bool(false)
            }
            return .view(Row(common: common, when: when.display, datetime: when.iso, fruit: frame.fruit(bulletin.fruit),
                       location: HTMLText(bulletin.location), bites: bulletin.bites,
                       suspects: capped.shown, moreSuspects: capped.more,
                       suspectCount: v.index.suspectCount(b), asleepCount: v.index.asleepSuspectCount(b),
                       noteHTML: v.note(.bulletins, b, onRecordPage: frame.onRecordPage).map { HTMLText(trusted: $0) }, reporter: reporter,
                       strings: frame.strings))
        }
    }

    func context(records: [Int]) -> PageView {
        let v = frame.validated
        let table = table(records)
        var extra: [(TemplateField, MustacheValue)] = []
        if let chart = frame.refs.nibbleChart { extra.append((.chart, chart)) }
        let s = frame.strings
        return frame.context(heading: s.text(.bulletins), placeholder: s.text(.selectBulletin),
                             caption: s.text(.bulletinsCaption, ["count": s.number(v.caseContent.bulletins.count)]),
                             empty: EmptyState(title: s.text(.noBulletinsYet), guidance: s.text(.noBulletinsGuidance)),
                             rows: table.rows, selection: table.selection, records: records, extra: extra)
    }
}
