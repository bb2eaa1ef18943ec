import Foundation
import CasefileTestSupport
import Testing

/// A form as a browser would send it, read from a page's HTML: each named `<input>` (a checkbox
/// or radio only when `checked`), each `<textarea>`'s text and each `<select>`'s selected option,
/// in the page's order. Submit buttons are left out: `submit(_:)` adds the one pressed.
struct PageForm {
    var action: String
    var pairs: [(name: String, value: String)]

    /// The first form whose opening tag has `marker` (`data-edit-form`, `data-delete-form`).
    init?(_ html: String, marker: String = "data-edit-form") {
        guard let open = html.range(of: "<form \(marker)"), let tagEnd = html[open.upperBound...].firstIndex(of: ">"),
              let close = html[tagEnd...].range(of: "</form>") else { return nil }
        let tag = Self.attributes(html[open.upperBound..<tagEnd])
        action = Self.unescape(tag["action"] ?? "")
        pairs = []
        let body = html[tagEnd..<close.lowerBound]
        for match in body.matches(of: #/<(input|textarea|select)\b([^>]*)>/#) {
            let attributes = Self.attributes(match.output.2)
            guard let name = attributes["name"].map(Self.unescape) else { continue }
            switch match.output.1 {
            case "input":
                let type = attributes["type"] ?? "text"
                if type == "submit" || type == "button" { continue }
                if type == "checkbox" || type == "radio", attributes["checked"] == nil { continue }
                pairs.append((name, Self.unescape(attributes["value"] ?? "")))
            case "textarea":
                let rest = body[match.range.upperBound...]
                let text = rest.range(of: "</textarea>").map { rest[..<$0.lowerBound] } ?? ""
                pairs.append((name, Self.unescape(String(text))))
            default:
                let rest = body[match.range.upperBound...]
                let options = rest.range(of: "</select>").map { rest[..<$0.lowerBound] } ?? ""
                let all = options.matches(of: #/<option\b([^>]*)>/#).map { Self.attributes($0.output.1) }
                let chosen = all.first { $0["selected"] != nil } ?? all.first
                pairs.append((name, Self.unescape(chosen?["value"] ?? "")))
            }
        }
    }

    /// The action without its fragment, which a browser does not send.
    var target: String { String(action.prefix { $0 != "#" }) }

    /// The first value of `name`.
    subscript(name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// Every value of `name`.
    func values(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    /// The form with `name`'s value typed over (its first input).
    func setting(_ name: String, _ value: String) -> PageForm {
        var form = self
        if let index = form.pairs.firstIndex(where: { $0.name == name }) {
            form.pairs[index].value = value
        } else {
            form.pairs.append((name, value))
        }
        return form
    }

    func adding(_ name: String, _ value: String) -> PageForm {
        var form = self
        form.pairs.append((name, value))
        return form
    }

    /// The body sent when the button `_action=action` is pressed.
    func submit(_ action: String = "save") -> String {
        Self.encode(pairs + [("_action", action)])
    }

    /// `application/x-www-form-urlencoded`: every byte but the unreserved ones as `%XX`.
    static func encode(_ pairs: [(name: String, value: String)]) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        func escape(_ text: String) -> String {
            text.utf8.map { byte in
                unreserved.contains(byte) ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }.joined()
        }
        return pairs.map { escape($0.name) + "=" + escape($0.value) }.joined(separator: "&")
    }

    /// A tag's attributes; one without a value (`checked`) maps to "".
    static func attributes(_ tag: Substring) -> [String: String] {
        var found: [String: String] = [:]
        for match in tag.matches(of: #/([\w-]+)(?:="([^"]*)")?/#) {
            found[String(match.output.1)] = match.output.2.map(String.init) ?? ""
        }
        return found
    }

    /// Text with the entities the templates write (`&amp;` `&lt;` `&gt;` `&quot;` `&#39;`) read back.
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// Requests to a preview server on loopback as its own pages send them: Host and Origin name
/// `127.0.0.1:PORT`, forms are url-encoded.
struct EditorClient: Sendable {
    let port: Int
    var origin: String { "http://127.0.0.1:\(port)" }

    func get(_ path: String) async throws -> RawHTTP.Answer {
        try await RawHTTP.send(port, "GET", path)
    }

    /// The form of a page (`GET path`), which must answer 200 with one.
    func form(_ path: String, marker: String = "data-edit-form") async throws -> PageForm {
        let page = try await get(path)
        try #require(page.status == 200, "GET \(path): \(page.status) \(page.body.prefix(300))")
        return try #require(PageForm(page.body, marker: marker), "GET \(path) has no <form \(marker)>")
    }

    func post(_ path: String, _ body: String, origin: String? = nil, host: String? = nil) async throws -> RawHTTP.Answer {
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Origin": origin ?? self.origin]
        if let host { headers["Host"] = host }
        return try await RawHTTP.send(port, "POST", path, headers: headers, body: body)
    }

    /// Sends `form` to its own address, as its button `action` does.
    func submit(_ form: PageForm, _ action: String = "save") async throws -> RawHTTP.Answer {
        try await post(form.target, form.submit(action))
    }
}

/// The bytes of files, to tell exactly what a save changed.
enum Bytes {
    static func of(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    /// Every regular file below `folder`, by its path inside it, with its bytes.
    static func snapshot(_ folder: URL) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let base = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return files
        }
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let path = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            files[path] = try? of(url)
        }
        return files
    }

    /// The paths whose bytes differ between two snapshots (added and removed ones too).
    static func changed(_ before: [String: [UInt8]], _ after: [String: [UInt8]]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    /// `text` with the first `old` found after `anchor` replaced by `new`: what a file must hold
    /// when exactly that value's bytes changed.
    static func replacing(_ old: String, with new: String, after anchor: String, in text: String) throws -> String {
        let start = try #require(text.range(of: anchor), "\(anchor) in the file")
        let range = try #require(text[start.lowerBound...].range(of: old), "\(old) after \(anchor)")
        return text.replacingCharacters(in: range, with: new)
    }

    /// The one range in which `after` differs from `before`: the length of their common prefix,
    /// and the bytes each has between it and their common suffix.
    static func difference(_ before: [UInt8], _ after: [UInt8]) -> (prefix: Int, removed: String, added: String) {
        var prefix = 0
        while prefix < min(before.count, after.count), before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(before.count, after.count) - prefix, before[before.count - 1 - suffix] == after[after.count - 1 - suffix] {
            suffix += 1
        }
        return (prefix, String(decoding: before[prefix..<(before.count - suffix)], as: UTF8.self),
                String(decoding: after[prefix..<(after.count - suffix)], as: UTF8.self))
    }
}

extension Workspace {
    /// A preview session with the editor's links on, its server on a free loopback port for the
    /// length of `body`.
    func withEditor<T: Sendable>(_ body: @Sendable @escaping (EditorClient) async throws -> T) async throws -> T {
        let session = try await session()
        defer { session.removeFolder() }
        await session.enableEditing()
        return try await withLiveServer(session) { port in try await body(EditorClient(port: port)) }
    }

    func bytes(_ path: String) throws -> [UInt8] { try Bytes.of(url(path)) }
}

extension RawHTTP.Answer {
    /// The elements of the body that carry `attribute` (`data-field-error="name"`), each from its
    /// `<` to the end of its first line.
    func elements(_ attribute: String) -> [Substring] {
        body.ranges(of: attribute).compactMap { range in
            guard let open = body[..<range.lowerBound].lastIndex(of: "<") else { return nil }
            let end = body[range.upperBound...].firstIndex(of: "\n") ?? body.endIndex
            return body[open..<end]
        }
    }
}
