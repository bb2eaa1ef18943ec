import CasefileKit
import Foundation
import NIOCore
import CasefileModel
import CasefileReports

/// What `serve` prints as it rebuilds: one line a rebuild, the errors, template errors with
/// their file:line:col, and, whenever templates were loaded, what the checks of the overrides found
/// (those are on no page).
struct RebuildReport: Sendable {
    let terminal: Terminal
    /// The case folder as the user named it: paths are shown below it.
    let folder: String
    /// The templates folder as the user named it, for the overrides' problems.
    var templates = "Templates"
    /// At most this many problems printed a rebuild; the validation page has them all.
    let shown = 20

    func problems(_ update: PreviewUpdate) {
        if let failure = update.failure {
            terminal.error("error: \(failure)")
            terminal.error("Serving the last pages that rendered; fix it and save to rebuild.")
            return
        }
        let text = TextReport(colour: terminal.colour, folder: folder)
        let errors = update.diagnostics.filter { $0.severity == .error }
        for diagnostic in errors.prefix(shown) { terminal.error(text.line(diagnostic)) }
        if errors.count > shown { terminal.error("… and \(errors.count - shown) more on the validation page") }
        if !update.diagnostics.isEmpty { terminal.error(TextReport.summary(update.diagnostics)) }
        let overrides = TextReport(colour: terminal.colour, folder: templates)
        for diagnostic in update.templateDiagnostics { terminal.error(overrides.line(diagnostic)) }
    }

    func rebuilt(_ update: PreviewUpdate) {
        let ms = Int((update.seconds * 1000).rounded())
        let what: String = switch update.scope {
        case .nothing: "nothing"
        case .everything: "everything"
        case let .notes(paths): paths.map { SourceLocation(path: $0, line: 1, column: 1).under(folder).path }.joined(separator: ", ")
        case let .templates(names): names.map(\.fileName).joined(separator: ", ")
        case let .records(files): files.joined(separator: ", ")
        }
        if update.failure == nil {
            terminal.print("Rebuilt for \(what): \(Numbers.count(update.rendered, "file")) rendered, "
                + "\(update.changed.count) changed, in \(ms) ms")
        }
        problems(update)
    }
}
