import Foundation

/// Where a URL found on a page leads, resolved the way a browser resolves it against the page:
/// outside the site, to a fragment of the same page, or to a file of the site (and a fragment).
enum LinkTarget: Equatable {
    case external
    case samePage(fragment: String)
    case file(path: String, fragment: String?)
    /// A link publish refuses, and why.
    case invalid(String)

    /// The fragment that names nothing on purpose: following it clears the inspector's selection
    /// (Templates/README.md, "How selection works").
    static let clearingFragment = "_"

    /// Resolves `url` found on the page at `page` (a path from the site's root). A URL starting
    /// with the site's `baseURL` is a link into the site, written absolutely (the 404 page's).
    static func resolve(_ url: String, from page: String, baseURL: String?) -> LinkTarget {
        var url = url.trimmingCharacters(in: .whitespacesAndNewlines)
        var fromRoot = false
        if let baseURL, url.hasPrefix(baseURL) {
            url = String(url.dropFirst(baseURL.count))
            fromRoot = true
        } else if url.hasPrefix("//") || SafetyCheck.scheme(of: url) != nil {
            return .external
        }
        var fragment: String?
        if let hash = url.firstIndex(of: "#") {
            fragment = String(url[url.index(after: hash)...])
            url = String(url[..<hash])
        }
        if let query = url.firstIndex(of: "?") { url = String(url[..<query]) }
        let decodedFragment = fragment.map { $0.removingPercentEncoding ?? $0 }
        if url.isEmpty, !fromRoot {
            return .samePage(fragment: decodedFragment ?? "")
        }
        if url.hasPrefix("/") {
            return .invalid("starts at the server's root, so it breaks when the site is served under a sub-path or opened from a file")
        }
        var parts = fromRoot ? [] : page.split(separator: "/").dropLast().map(String.init)
        for part in url.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".", "": continue
            case "..":
                if parts.isEmpty { return .invalid("leads outside the site") }
                parts.removeLast()
            default: parts.append(part.removingPercentEncoding ?? String(part))
            }
        }
        if url.hasSuffix("/") || url == "." || url == ".." || parts.isEmpty {
            return .invalid("names a folder, not a file: file:// cannot open a folder, so link to its index.html")
        }
        return .file(path: parts.joined(separator: "/"), fragment: decodedFragment)
    }
}
