import CasefileMustache
import CasefileLocalization
import CasefileModel

/// The rows of one page of the Suspects table.
struct SuspectsPage {
    let frame: PageFrame

    struct Row: TemplateView {
        let common: RowCommon
        let name, species, emoji, pawSize, alibi, sleep, wake: HTMLText
        let hasSchedule: Bool
        let suspicion: MustacheValue
        let fruits, fruitsPreview: MustacheValue
        let fruitCount: Int
        let noteHTML: HTMLText?
        let bulletins, moreBulletins: MustacheValue
        let bulletinCount: Int

        func value(_ field: TemplateField) -> MustacheValue? {
            switch field {
            case .name: .text(name)
            case .species: .text(species)
            case .emoji: .text(emoji)
            case .hasEmoji: .bool(!emoji.raw.isEmpty)
            case .pawSize: .text(pawSize)
            case .alibi: .text(alibi)
            case .hasAlibi: .bool(!alibi.raw.isEmpty)
            case .sleep: .text(sleep)
            case .wake: .text(wake)
            case .hasSchedule: .bool(hasSchedule)
            case .suspicion: suspicion
            case .fruits: fruits
            case .hasFruits: .bool(fruitCount > 0)
            case .fruitsPreview: fruitsPreview
            case .moreFruits: .int(max(0, fruitCount - 3))
            case .hasMoreFruits: .bool(fruitCount > 3)
            case .noteHTML: .text(noteHTML ?? .empty)
            case .hasNote: .bool(noteHTML != nil)
            case .bulletins: bulletins
            case .moreBulletins: moreBulletins
            case .hasBulletins: .bool(bulletinCount > 0)
            case .bulletinCount: .int(bulletinCount)
            default: common.value(field)
            }
        }
    }

    /// The rows of `records`, and the (fragment, id) pairs the selection rules need; one row
    /// alone is a record's own page.
    func table(_ records: [Int]) -> (rows: [MustacheValue], selection: [(fragment: String, recordID: String)]) {
        let v = frame.validated
        return frame.rows(records, collection: .animals, record: { (v.caseContent.animals[$0].id.rawValue, v.fragments.animals[$0]) }) { a, common in
            let animal = v.caseContent.animals[a]
            let suspicion = animal.suspicion
            let fruits = animal.favoriteFruits.map(frame.fruit)
            let involved: [MustacheValue] = v.index.involvements(a, limit: PageFrame.mentionLimit + 1).map { inv in
                .object(RecordRefs.Flagged(base: frame.refs.bulletinView(inv.bulletin, depth: frame.depth), asleep: inv.asleep))
            }
            let capped = frame.capped(involved, count: v.index.involvementCount(a), more: .moreBulletins)
            let level = min(max(animal.suspicionLevel, 0), 1)
            return .view(Row(
                common: common,
                name: HTMLText(animal.name), species: HTMLText(animal.species), emoji: HTMLText(animal.emoji ?? ""),
                pawSize: HTMLText(frame.strings.label(animal.pawSize)), alibi: HTMLText(animal.alibi ?? ""),
                sleep: HTMLText(animal.sleepSchedule?.sleep.description ?? ""),
                wake: HTMLText(animal.sleepSchedule?.wake.description ?? ""),
                hasSchedule: animal.sleepSchedule != nil,
                suspicion: .fields([
                    (.value, .string(Numbers.plain(level))),
                    (.written, .string(Numbers.plain(animal.suspicionLevel))),
                    (.percent, .int(Int((level * 100).rounded()))),
                    (.label, .string(frame.strings.label(suspicion.label))), (.tone, .string(suspicion.label.tone)),
                    (.bars, Self.bars[min(max(suspicion.filledBars, 0), 4)]),
                ]),
                fruits: .list(fruits), fruitsPreview: .list(Array(fruits.prefix(3))), fruitCount: fruits.count,
                noteHTML: v.note(.animals, a, onRecordPage: frame.onRecordPage).map { HTMLText(trusted: $0) },
                bulletins: capped.shown, moreBulletins: capped.more, bulletinCount: v.index.involvementCount(a)))
        }
    }

    func context(records: [Int]) -> PageView {
        let v = frame.validated
        let table = table(records)
        var extra: [(TemplateField, MustacheValue)] = []
        if let chart = frame.refs.suspicionChart { extra.append((.chart, chart)) }
        let s = frame.strings
        return frame.context(heading: s.text(.suspects), placeholder: s.text(.selectSuspect),
                             caption: s.text(.suspectsCaption, ["count": s.number(v.caseContent.animals.count)]),
                             empty: EmptyState(title: s.text(.noSuspectsYet), guidance: s.text(.noSuspectsGuidance)),
                             rows: table.rows, selection: table.selection, records: records, extra: extra)
    }

    /// The four bars of the suspicion meter for 0…4 filled bars, made once.
    private static let bars: [MustacheValue] = (0...4).map { filled in
        .list((1...4).map { .fields([(.filled, .bool($0 <= filled)), (.level, .int($0))]) })
    }
}
