import CasefileModel
import CasefileMustache
import CasefileSite

/// Records' own pages, at the addresses their ids give them (`suspects/id/fish.html`): each
/// record as its inspector panel shows it, with the site's toolbar, a link to its row in its
/// table, and mentions and note links that open the other records' own pages. No inspector, no
/// sheet: a page reads, prints and can be linked to on its own, however the case is reordered.
///
/// One value renders a run of one collection's pages. They share a folder, so their links, and
/// everything a page holds but its title, record and canonical address, are made once a run.
struct RecordPages {
    let frame: PageFrame
    let collection: CaseCollection
    /// What every page of the run shows: the toolbar, the heading, the inspector's settings.
    private let shared: Fields

    /// `frame` is any page of the folder (`SiteLayout.record`): links are made relative to it.
    init(frame: PageFrame, collection: CaseCollection) {
        self.frame = frame
        self.collection = collection
        let kind = collection.pageKind
        var fields = frame.chrome(heading: PageFrame.tableName(kind, frame.strings), title: "", page: "record")
        fields.removeAll { $0.0 == .pageTitle }
        fields += [
            (.onRecordPage, .bool(true)),
            (.hasInspector, .bool(false)),
            (.inspector, .fields([
                (.presented, .bool(frame.site.inspector.presented)),
                (.carry, .string(frame.site.inspector.carriedFragment)),
                (.placement, .string(frame.site.inspector.placement.rawValue)),
            ])),
        ]
        shared = Fields(fields)
    }

    /// The page of the record at `index`, whose own page is `path`.
    func context(_ index: Int, path: String) -> PageView {
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
        var fields: [(TemplateField, MustacheValue)] = [
            (.pageTitle, .string(frame.pageTitle(name))),
            (.placeHref, .string(frame.link(to: collection.pageKind, recordAt: index, fragment: v.fragments[collection][index]))),
            (panel, row),
        ]
        if let baseURL = frame.output.baseURL { fields.append((.canonical, .string(baseURL + path))) }
        return PageView(fields: Fields(fields, below: shared), rows: .list([row]))
    }
}
