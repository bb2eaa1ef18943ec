import Foundation
import CasefileKit
import CasefileModel
import Hummingbird
import NIOCore

/// What a request asks of the editor, by its query on a table page: `?edit=animals/fish` (the
/// record's form), `?new=animals` (a new record's), `?delete=animals/fish` (the confirmation).
/// The same address takes the form's POST, so that the answer — the form again, with its
/// problems — is the same page, its links and its selection working as before.
enum EditorAction: Sendable, Equatable {
    case edit(EditTarget), new(EditTarget), delete(EditTarget)

    /// `query` looks a query parameter up by name.
    init?(_ query: (String) -> String?) {
        if let value = query("edit"), let target = EditTarget(query: value), target.id != nil {
            self = .edit(target)
        } else if let value = query("new"), let target = EditTarget(query: value), target.id == nil {
            self = .new(target)
        } else if let value = query("delete"), let target = EditTarget(query: value), target.id != nil {
            self = .delete(target)
        } else {
            return nil
        }
    }

    static func isEditor(_ query: String?) -> Bool {
        guard let query else { return false }
        return query.split(separator: "&").contains { $0.hasPrefix("edit=") || $0.hasPrefix("new=") || $0.hasPrefix("delete=") }
    }
}

/// The editor's side of the preview server: its forms shown in the pages (GET), their saves
/// (POST, which the write guard has checked before this runs), the banner after a save with its
/// Undo, the list of saves (`/_casefile/edits`) and undo (`/_casefile/undo`). Passes every other
/// request on; does nothing while editing is off.
struct EditorMiddleware: RouterMiddleware {
    typealias Context = PreviewRequestContext
    let editor: RecordEditor
    let files: SiteFiles
    let bound: BoundGuard

    static let editsPath = "/_casefile/edits"
    static let undoPath = "/_casefile/undo"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard bound.access.isEnabled else { return try await next(request, context) }
        let path = request.uri.path, query = request.uri.queryParameters
        let post = request.method == .post
        if path == Self.editsPath, !post { return await editsPage() }
        if path == Self.undoPath, post {
            let form = try context.requireEditForm()
            guard let number = form["edit"].flatMap(Int.init) else { return Self.text(.badRequest, "Which save? The form names none.") }
            return await answer(await editor.undo(number), page: nil)
        }
        guard let action = EditorAction({ query[$0[...]].map(String.init) }) else {
            if !post, let saved = query["saved"].flatMap({ Int($0) }) { return try await banner(saved, request, context, next: next) }
            return try await next(request, context)
        }
        let pagePath = path.hasSuffix("/") ? path + "index.html" : path
        guard SiteLayout.isPage(pagePath), let file = files.getFileIdentifier(pagePath),
              let bytes = try await file.page(files.state) else {
            return Self.text(.notFound, "There is no page \(path) to edit on.")
        }
        let page = EditorPage(html: Self.withoutReload(String(decoding: bytes, as: UTF8.self)))
        let secret = [("_secret", bound.access.secret.hex)]
        let pairs = post ? try context.requireEditForm().fields.map { (name: $0.name, value: $0.value) } : []
        switch action {
        case let .edit(target):
            let id = target.id ?? ""
            guard page.panel(id) != nil else { return Self.text(.notFound, "This page does not list \(target.query).") }
            let marker = page.largestMarker(id)
            let here = pagePath + "?edit=" + target.query + "#" + marker
            let cancel = pagePath + "#" + marker
            let delete = pagePath + "?delete=" + target.query + "#" + marker
            let result = post
                ? await editor.submit(target, pairs: pairs, action: here, cancel: cancel, deleteHref: delete,
                                      grabbers: page.grabbers(id), hidden: secret)
                : await editor.form(target, action: here, cancel: cancel, deleteHref: delete, grabbers: page.grabbers(id),
                                    hidden: secret)
            return await answer(result, page: page)
        case let .new(target):
            let here = pagePath + "?new=" + target.query + "#_new"
            let result = post
                ? await editor.submit(target, pairs: pairs, action: here, cancel: pagePath + "#_", deleteHref: nil,
                                      grabbers: "", hidden: secret)
                : await editor.form(target, action: here, cancel: pagePath + "#_", deleteHref: nil, grabbers: "", hidden: secret)
            return await answer(result, page: page)
        case let .delete(target):
            let id = target.id ?? ""
            guard page.panel(id) != nil else { return Self.text(.notFound, "This page does not list \(target.query).") }
            let marker = page.largestMarker(id)
            if post { return await answer(await editor.delete(target, pairs: pairs), page: nil) }
            let result = await editor.confirmDelete(target, action: pagePath + "?delete=" + target.query + "#" + marker,
                                                    cancel: pagePath + "?edit=" + target.query + "#" + marker,
                                                    grabbers: page.grabbers(id), hidden: secret)
            return await answer(result, page: page)
        }
    }

    private func answer(_ answer: EditorAnswer, page: EditorPage?) async -> Response {
        switch answer {
        case let .panel(html, panelID, status):
            guard var page else { return Self.text(.internalServerError, "No page to show the form in.") }
            let placed = panelID.hasPrefix("_") ? page.addPanel(panelID, html) : page.replacePanel(panelID, with: html)
            guard placed else { return Self.text(.notFound, "This page has no place for the form.") }
            return Self.html(page.html, status: HTTPResponse.Status(code: status))
        case let .redirect(location):
            return Response(status: .seeOther, headers: [.location: location, .contentLength: "0", .cacheControl: "no-store"])
        case let .missing(message):
            return Self.text(.notFound, message)
        case let .refused(message):
            return Self.text(.conflict, message)
        }
    }

    /// The page after a save: as it is, with a banner naming the save and its Undo.
    private func banner(_ number: Int, _ request: Request, _ context: Context,
                        next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path.hasSuffix("/") ? request.uri.path + "index.html" : request.uri.path
        guard let record = await editor.edit(number), SiteLayout.isPage(path), let file = files.getFileIdentifier(path),
              let bytes = try await file.page(files.state) else { return try await next(request, context) }
        var page = EditorPage(html: String(decoding: bytes, as: UTF8.self))
        page.addBanner(Self.savedBanner(record, secret: bound.access.secret.hex, undo: await editor.undoLabel()))
        return Self.html(page.html, status: .ok)
    }

    static func savedBanner(_ record: EditRecord, secret: String, undo: String) -> String {
        let button = record.undone ? "" : """
             · <form method="post" action="\(undoPath)" style="display:inline"><input type="hidden" name="_secret" value="\(secret)">\
            <input type="hidden" name="edit" value="\(record.number)"><button type="submit" data-undo \
            style="font:inherit;color:inherit;background:none;border:0;padding:0;text-decoration:underline;cursor:pointer">\
            \(PageDecoration.escape(undo))</button></form>
            """
        // Fixed across the top, the page moved down by its height: the wide layout is a grid of
        // the viewport's height whose rows the banner must not join. Below the error banner
        // (`PageDecoration`) while the case has errors, the page moved down by both.
        let height = PageDecoration.bannerHeight
        return "<style>body:has(> [data-saved-banner]){padding-top:\(height);box-sizing:border-box}"
            + "body:has(> #casefile-serve-banner) > [data-saved-banner]{top:\(height)!important}"
            + "body:has(> #casefile-serve-banner):has(> [data-saved-banner]){padding-top:calc(2 * \(height))}</style>"
            + "<div data-saved-banner role=\"status\" style=\"position:fixed;top:0;left:0;right:0;z-index:1000;margin:0;"
            + "min-height:2.5rem;box-sizing:border-box;padding:.5rem 1rem;background:#1c7332;color:#fff;"
            + "font:14px/1.4 system-ui,sans-serif\">" + PageDecoration.escape(record.summary) + button + "</div>"
    }

    /// The saves since the preview started, newest first, each with its Undo.
    private func editsPage() async -> Response {
        let (title, empty, undo, undone) = await editor.editsLabels()
        let secret = bound.access.secret.hex
        var rows = ""
        for record in await editor.edits {
            let files = record.files.map { "<code>\(PageDecoration.escape($0.shown))</code>" }.joined(separator: ", ")
            let action = record.undone ? "<em>\(PageDecoration.escape(undone))</em>"
                : "<form method=\"post\" action=\"\(Self.undoPath)\"><input type=\"hidden\" name=\"_secret\" value=\"\(secret)\">"
                + "<input type=\"hidden\" name=\"edit\" value=\"\(record.number)\"><button type=\"submit\" data-undo>"
                + PageDecoration.escape(undo) + "</button></form>"
            rows += "<li data-edit-entry=\"\(record.number)\"><strong>\(PageDecoration.escape(record.summary))</strong> — \(files) \(action)</li>\n"
        }
        let body = rows.isEmpty ? "<p>\(PageDecoration.escape(empty))</p>" : "<ol reversed>\n\(rows)</ol>"
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(PageDecoration.escape(title))</title>
            <style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:48rem;padding:0 1rem}li{margin:.5rem 0}\
            form{display:inline}button{font:inherit}</style></head>
            <body><h1>\(PageDecoration.escape(title))</h1>
            <p><a href="/">←</a></p>
            \(body)
            </body></html>

            """
        return Self.html(html, status: .ok)
    }

    /// The page without the live-reload snippet: a form must not be reloaded away while typed in.
    static func withoutReload(_ html: String) -> String {
        var page = html
        if let snippet = page.firstRange(of: PageDecoration.snippet) { page.removeSubrange(snippet) }
        return page
    }

    static func html(_ text: String, status: HTTPResponse.Status) -> Response {
        // The page carries the form's secret: never stored.
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                                           .contentLength: "\(text.utf8.count)"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let text = message + "\n"
        return Response(status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store",
                                                  .contentLength: "\(text.utf8.count)"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
