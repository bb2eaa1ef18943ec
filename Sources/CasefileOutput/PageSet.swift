import CasefileModel

/// Which output files a render makes: all of them, or the pages at some paths, the pages some
/// templates render, and the validation pages. A value rather than a predicate, so that a
/// rebuild can be inspected (and tested) for what it will render.
public struct PageSet: Sendable, Hashable {
    public var everything = false
    /// Pages by their path in the site (a page showing an edited note).
    public var paths: Set<String> = []
    /// Templates by name (`suspects`, `partials/toolbar`, `casefile.css`): the files they render.
    public var templates: Set<TemplateName> = []
    /// The validation pages and reports.
    public var validation = false

    public init(everything: Bool = false, paths: Set<String> = [], templates: Set<TemplateName> = [], validation: Bool = false) {
        (self.everything, self.paths, self.templates, self.validation) = (everything, paths, templates, validation)
    }

    public static let all = PageSet(everything: true)
    public static let validationPages = PageSet(validation: true)

    public var isEmpty: Bool { !everything && paths.isEmpty && templates.isEmpty && !validation }

    public func contains(_ path: String) -> Bool {
        everything || paths.contains(path) || (validation && SiteLayout.isValidation(path))
            || templates.contains { $0.renders(path) }
    }

    public func union(_ other: PageSet) -> PageSet {
        PageSet(everything: everything || other.everything, paths: paths.union(other.paths),
                templates: templates.union(other.templates), validation: validation || other.validation)
    }
}
