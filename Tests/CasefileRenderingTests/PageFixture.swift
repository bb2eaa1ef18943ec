import Foundation
import CasefileLoading
import CasefileModel
import CasefileOutput
import CasefileMustache
import CasefileSite
import CasefileValidation
@testable import CasefileRendering

/// A small case, made in code or loaded from a few files, placed on its pages; and the view
/// model of any one page, made as `SiteRenderer` makes it, for tests that read the values a
/// template receives rather than the HTML a build writes.
struct PageFixture {
    let placed: PlacedCase
    let refs: RecordRefs
    let problems: ProblemIndex
    var output: PageFrame.Output

    init(placed: PlacedCase, baseURL: String? = nil) {
        self.placed = placed
        refs = RecordRefs(placed)
        problems = ProblemIndex(placed.diagnostics)
        output = PageFrame.Output(stylesheet: "casefile.test.css", baseURL: baseURL,
                                  detents: placed.caseContent.site.sheet.detents)
        output.indexes = NameIndex.defaultOrders(placed, tables: Set(SiteTable.allCases), strings: output.strings)
    }

    /// `content` validated as if loaded from three JSON files, one record a line.
    static func make(_ content: CaseContent, baseURL: String? = nil) async -> PageFixture {
        PageFixture(placed: PlacedCase(await ExportPartsTests.validate(content)), baseURL: baseURL)
    }

    /// `files` (name to text) written into a temporary case folder, loaded, validated and placed.
    static func load(_ files: [String: String]) async throws -> PageFixture {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-rendering-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let loaded = try await ContentLoader(directory: folder, displayPath: "Case").load()
        return PageFixture(placed: PlacedCase(await Validator().validate(loaded)))
    }

    /// The frame of page `number` of `kind` (nil: the 404 page), at `path` if given.
    func frame(_ kind: SiteTable?, page number: Int = 1, path: String? = nil, pageCount: Int? = nil) -> PageFrame {
        PageFrame(validated: placed, problems: problems, refs: refs, kind: kind,
                  path: path ?? kind.map { SiteLayout.page($0, number: number) } ?? SiteLayout.notFound,
                  pageNumber: number, pageCount: pageCount, output: output)
    }

    /// Page `number` of `kind`, as the build makes its context.
    func page(_ kind: SiteTable, _ number: Int = 1) -> PageView {
        let frame = frame(kind, page: number)
        let records = placed.pagePlan.records(kind, page: number)
        return switch kind {
        case .suspects: SuspectsPage(frame: frame).context(records: records)
        case .bulletins: BulletinsPage(frame: frame).context(records: records)
        case .fruits: FruitsPage(frame: frame).context(records: records)
        case .validation:
            ValidationPage(frame: frame, lines: placed.validated.sources.mapValues { SourceLines($0) },
                           summary: ValidationPage.summary(of: placed)).context(records: records)
        }
    }

    /// The 404 page's context, as the build makes it.
    func notFound() -> PageView {
        let frame = frame(nil)
        return frame.context(heading: frame.strings.text(.pageNotFound), placeholder: "", caption: "", empty: .none,
                             rows: [], selection: [])
    }

    /// The built-in templates.
    static let templates = try! TemplateSet.load(directory: nil)

    /// `context` rendered through the built-in template `name`.
    static func html(_ context: some TemplateView, _ name: TemplateName) -> String {
        String(decoding: templates.render(context, template: name), as: UTF8.self)
    }
}

extension MustacheValue {
    /// The value a template finds under `field` in this object (nil for no object, or no such name).
    subscript(_ field: TemplateField) -> MustacheValue? {
        guard case let .object(object) = self else { return nil }
        return object.value(for: MustacheKey(name: "\(field)", code: field.rawValue))
    }

    /// Text as given (what `{{{name}}}` prints).
    var raw: String? {
        if case let .text(text) = self { text.raw } else { nil }
    }

    /// Text as `{{name}}` prints it.
    var escaped: String? {
        if case let .text(text) = self { text.escaped } else { nil }
    }

    var items: [MustacheValue] {
        if case let .list(list) = self { list } else { [] }
    }

    var flag: Bool? {
        if case let .bool(flag) = self { flag } else { nil }
    }

    var isNull: Bool {
        if case .null = self { true } else { false }
    }
}

extension PageView {
    subscript(_ field: TemplateField) -> MustacheValue? { value(field) }

    /// The page's rows.
    var rowList: [MustacheValue] { rows.items }
}
