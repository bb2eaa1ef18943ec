import CasefileMustache

/// A page's context: the fields every page has (`PageFrame.context`) and its rows.
struct PageView: TemplateView {
    let fields: Fields
    let rows: MustacheValue

    func value(_ field: TemplateField) -> MustacheValue? {
        field == .rows ? rows : fields.value(field)
    }
}
