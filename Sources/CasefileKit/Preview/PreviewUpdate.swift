import CasefileModel
import CasefileOutput

/// What one preview rebuild did, for the server (reload, banner) and the terminal.
public struct PreviewUpdate: Sendable {
    public enum Scope: Sendable, Equatable {
        /// Nothing the build reads changed.
        case nothing
        /// Loaded, validated and rendered again.
        case everything
        /// Only these notes were read again; only the pages showing them rendered (or every page,
        /// when the problems changed).
        case notes([String])
        /// Only these collections' files were read again; the pages their changed records can
        /// change rendered (or every page, when the problems changed).
        case records([String])
        /// Only templates were parsed again; the pages using them rendered.
        case templates([TemplateName])
    }

    public var scope: Scope = .nothing
    /// What was rendered: everything, or the pages of edited notes and templates (and the
    /// validation pages).
    public var pages = PageSet()
    /// Files rendered, and those among them whose bytes changed on disk (or were removed).
    public var rendered = 0
    public var changed: [String] = []
    public var diagnostics: [Diagnostic] = []
    /// When templates were loaded (the first build, a template saved): what `TemplateCheck` found
    /// in the case's overrides, places relative to the templates folder.
    public var templateDiagnostics: [Diagnostic] = []
    /// Why nothing could be rendered (a template that does not parse, with its file:line:col, an
    /// unreadable folder); the pages on disk are the last ones rendered.
    public var failure: String?
    /// The case has errors, so only the validation pages were updated: the other pages are those
    /// of the last build without errors.
    public var keptLastGoodPages = false
    /// The collection files changed elsewhere that were read again record by record: only the
    /// record that changed was parsed, the others kept from the file's last reading.
    public var readAlone: [String] = []
    public var seconds = 0.0

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    public init() {}
}
