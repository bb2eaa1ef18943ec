import Foundation

/// Where a URL found on a page leads, resolved the way a browser resolves it against the page:
/// outside the site, to a fragment of the same page, or to a file of the site (and a fragment).
enum LinkTarget: Equatable {
    case external
    case samePage(fragment: String)
    case file(path: String, fragment: String?)
    /// A link publish refuses, and why.
    case invalid(String)

    /// Resolves `url` found on the page at `page` (a path from the site's root). A URL starting
    /// with the site's `baseURL` is a link into the site, written absolutely (the 404 page's).
    static func resolve(_ url: String, from page: String, baseURL: String?) -> LinkTarget {
        Resolver(page: page, baseURL: baseURL).resolve(url)
    }

    /// Resolves the URLs of one page (its folder split once).
    struct Resolver {
        let folder: [String]
        let baseURL: String?

        init(page: String, baseURL: String?) {
            folder = page.split(separator: "/").dropLast().map(String.init)
            self.baseURL = baseURL
        }

        func resolve(_ url: String) -> LinkTarget {
            var url = Substring(url)
            if url.first?.isWhitespace == true || url.last?.isWhitespace == true {
                url = Substring(url.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            var fromRoot = false
            if let baseURL, url.hasPrefix(baseURL) {
                url = url.dropFirst(baseURL.count)
                fromRoot = true
            } else if url.utf8.starts(with: "//".utf8) || SafetyCheck.scheme(of: String(url)) != nil {
                return .external
            }
            var fragment: String?
            if let hash = url.utf8.firstIndex(of: UInt8(ascii: "#")) {
                fragment = decoded(url[url.utf8.index(after: hash)...])
                url = url[..<hash]
            }
            if let query = url.utf8.firstIndex(of: UInt8(ascii: "?")) { url = url[..<query] }
            if url.isEmpty, !fromRoot {
                return .samePage(fragment: fragment ?? "")
            }
            if url.utf8.first == UInt8(ascii: "/") {
                return .invalid("starts at the server's root, so it breaks when the site is served under a sub-path or opened from a file")
            }
            var parts = fromRoot ? [] : folder
            for part in url.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                if part.isEmpty || part.elementsEqual(".".utf8) { continue }
                if part.elementsEqual("..".utf8) {
                    if parts.isEmpty { return .invalid("leads outside the site") }
                    parts.removeLast()
                } else {
                    parts.append(decoded(Substring(part)))
                }
            }
            let last = url.utf8.last
            if last == UInt8(ascii: "/") || last == UInt8(ascii: ".") && (url == "." || url.hasSuffix("/.") || url.hasSuffix("..")) || parts.isEmpty {
                return .invalid("names a folder, not a file: file:// cannot open a folder, so link to its index.html")
            }
            return .file(path: parts.joined(separator: "/"), fragment: fragment)
        }

        private func decoded(_ text: Substring) -> String {
            text.utf8.contains(UInt8(ascii: "%")) ? (text.removingPercentEncoding ?? String(text)) : String(text)
        }
    }
}
