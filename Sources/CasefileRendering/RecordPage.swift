import CasefileModel
import CasefileMustache
import CasefileSite

/// A record's own page, at the address its id gives it (`suspects/id/fish.html`): the record as
/// its inspector panel shows it, with the site's toolbar, a link to its row in its table, and
/// mentions and note links that open the other records' own pages. No inspector, no sheet: it
/// reads, prints and can be linked to on its own, however the case is reordered.
struct RecordPage {
    let frame: PageFrame
    let collection: CaseCollection
    let index: Int

    func context() -> PageView {
        let v = frame.validated
        let row: MustacheValue, panel: TemplateField, name: String
        switch collection {
        case .animals:
            row = SuspectsPage(frame: frame).table([index]).rows[0]
            (panel, name) = (.suspectPanel, v.caseContent.animals[index].name)
        case .bulletins:
            row = BulletinsPage(frame: frame).table([index]).rows[0]
            let bulletin = v.caseContent.bulletins[index]
            let fruit = v.index.fruitPosition[bulletin.fruit].map { v.caseContent.fruits[$0].name } ?? bulletin.fruit.rawValue
            (panel, name) = (.bulletinPanel, frame.strings.text(.feedEntryTitle, ["fruit": fruit, "location": bulletin.location]))
        case .fruits:
            row = FruitsPage(frame: frame).table([index]).rows[0]
            (panel, name) = (.fruitPanel, v.caseContent.fruits[index].name)
        }
        let kind = collection.pageKind
        var fields = frame.chrome(heading: PageFrame.tableName(kind, frame.strings), title: frame.pageTitle(name), page: "record")
        fields += [
            (.onRecordPage, .bool(true)),
            (.hasInspector, .bool(false)),
            (.inspector, .fields([
                (.presented, .bool(frame.site.inspector.presented)),
                (.carry, .string(frame.site.inspector.carriedFragment)),
                (.placement, .string(frame.site.inspector.placement.rawValue)),
            ])),
            (.placeHref, .string(frame.link(to: kind, recordAt: index, fragment: v.fragments[collection][index]))),
            (panel, row),
        ]
        if let baseURL = frame.output.baseURL { fields.append((.canonical, .string(baseURL + frame.path))) }
        return PageView(fields: Fields(fields), rows: .list([row]))
    }
}
