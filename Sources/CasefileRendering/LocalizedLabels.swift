import CasefileLocalization
import CasefileModel
import CasefileSite
import CasefileValidation

/// The words the pages show for the case's enumerated values, in the site's language.
extension UIStrings {
    func label(_ label: Suspicion.Label) -> String { text(label.word) }

    func label(_ severity: Severity) -> String {
        switch severity {
        case .error: text(.severityError)
        case .warning: text(.severityWarning)
        case .note: text(.severityNote)
        }
    }

    func label(_ paw: Animal.PawSize) -> String {
        switch paw {
        case .small: text(.pawSmall)
        case .medium: text(.pawMedium)
        case .large: text(.pawLarge)
        }
    }

    /// A problem's message in these strings' language (as written, for one only English has).
    func message(_ problem: Diagnostic) -> String {
        problem.phrase.map { text($0) } ?? problem.message
    }

    /// How to fix a problem, in these strings' language.
    func fix(_ problem: Diagnostic) -> String? {
        problem.fixPhrase.map { text($0) } ?? problem.fix
    }

    /// A moment as the pages show it: for English as Casefile always wrote it ("Mon 5 Jun 2023,
    /// 23:10"), for any other tag (en-US too) as CLDR writes a short weekday, date and time in it.
    func when(_ local: LocalDateTime) -> String {
        guard language.description != "en" else { return local.display }
        let date = local.date
        return dates.dateTime(year: date.year, month: date.month, day: date.day, weekday: local.weekday,
                              hour: local.hour, minute: local.minute)
    }

    /// What `rule` checks.
    func summary(_ rule: Rule) -> String {
        text(rule.summaryText)
    }
}

extension PlacedCase {
    /// The UI strings of the case's language: the built-in tables and the case's own.
    var strings: UIStrings {
        UIStrings.resolve(language: caseContent.site.language, caseTables: caseContent.translations).strings
    }
}
