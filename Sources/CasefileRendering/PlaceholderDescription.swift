import CasefileLocalization
import CasefileModel

extension PageFrame {
    /// The inspector placeholder's line of description, under its title (as SwiftUI's
    /// ContentUnavailableView has one): what the column shows once a row of this page is
    /// selected, or, on a table's first page with no rows, that there is nothing to select.
    /// Empty on the pages with no inspector (the 404 page, the listings).
    func placeholderDescription(noRows: Bool) -> String {
        guard let kind else { return "" }
        if noRows { return strings.text(.nothingToInspectDescription) }
        return switch kind {
        case .suspects: strings.text(.selectSuspectDescription)
        case .bulletins: strings.text(.selectBulletinDescription)
        case .fruits: strings.text(.selectFruitDescription)
        case .validation: strings.text(.selectProblemDescription)
        }
    }
}
