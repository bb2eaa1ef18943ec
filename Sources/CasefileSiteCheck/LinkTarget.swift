import Foundation
import CasefileOutput
import CasefileModel

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
        /// The page's folder with 0, 1, 2… levels taken off (each ending in `/`, or empty), hashed.
        private let ancestorKeys: [FNV64]

        init(page: String, baseURL: String?) {
            let folder = page.split(separator: "/").dropLast().map(String.init)
            self.folder = folder
            self.baseURL = baseURL
            ancestorKeys = (0...folder.count).map { up in
                var key = FNV64()
                key.add(folder.dropLast(up).map { $0 + "/" }.joined())
                return key
            }
        }

        func resolve(_ url: String) -> LinkTarget {
            var bytes = ArraySlice(url.utf8)
            // Spaces around a URL do not count; plain ASCII ends are read as bytes, others as text.
            if let first = bytes.first, let last = bytes.last, first <= 0x20 || last <= 0x20 || first >= 0x80 || last >= 0x80 {
                bytes = ArraySlice(url.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
            }
            var fromRoot = false
            if let baseURL, bytes.starts(with: baseURL.utf8) {
                bytes = bytes.dropFirst(baseURL.utf8.count)
                fromRoot = true
            } else if bytes.starts(with: "//".utf8) || SafetyCheck.scheme(ofBytes: bytes) != nil {
                return .external
            }
            var fragment: String?
            if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
                fragment = decoded(bytes[(hash + 1)...])
                bytes = bytes[..<hash]
            }
            if let query = bytes.firstIndex(of: UInt8(ascii: "?")) { bytes = bytes[..<query] }
            if bytes.isEmpty, !fromRoot {
                return .samePage(fragment: fragment ?? "")
            }
            if bytes.first == UInt8(ascii: "/") {
                return .invalid("starts at the server's root, so it breaks when the site is served under a sub-path or opened from a file")
            }
            var parts = fromRoot ? [] : folder
            for part in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                if part.isEmpty || part.elementsEqual(".".utf8) { continue }
                if part.elementsEqual("..".utf8) {
                    if parts.isEmpty { return .invalid("leads outside the site") }
                    parts.removeLast()
                } else {
                    parts.append(decoded(part))
                }
            }
            let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/")
            let namesFolder = bytes.last == slash || bytes.last == dot
                && (bytes.count == 1 || bytes.dropLast().last == slash || bytes.dropLast().last == dot)
            if namesFolder || parts.isEmpty {
                return .invalid("names a folder, not a file: file:// cannot open a folder, so link to its index.html")
            }
            return .file(path: parts.joined(separator: "/"), fragment: fragment)
        }

        /// Where a link of the form nearly every link of a site has leads, as keys (`LinkKey`),
        /// read from its bytes without making a string: `../` some times, then segments of
        /// letters, digits, `-`, `_`, `.` and `~` (none of them empty, `.` or `..`), then perhaps
        /// `#` and a fragment without spaces or `%`. The file's key, and the fragment's when there
        /// is one to check (a non-empty fragment of a page); nil for any other form, which
        /// `resolve` reads. `Tests/CasefileKitTests/LinkCheckTests` holds the two to agreeing.
        func plainKeys(_ raw: ArraySlice<UInt8>) -> (file: UInt64, fragment: UInt64?)? {
            let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/"), hash = UInt8(ascii: "#")
            let end = raw.endIndex
            var i = raw.startIndex, ups = 0
            while i + 3 <= end, raw[i] == dot, raw[i + 1] == dot, raw[i + 2] == slash {
                ups += 1
                i += 3
            }
            guard ups < ancestorKeys.count, i < end else { return nil }
            var key = ancestorKeys[ups]
            var segment = i
            func isDots(_ from: Int, _ to: Int) -> Bool {
                (to - from == 1 && raw[from] == dot) || (to - from == 2 && raw[from] == dot && raw[from + 1] == dot)
            }
            while i < end, raw[i] != hash {
                let b = raw[i]
                if b == slash {
                    guard i > segment, !isDots(segment, i) else { return nil }
                    segment = i + 1
                } else {
                    let letter = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
                    let digit = b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
                    guard letter || digit || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == dot || b == UInt8(ascii: "~")
                    else { return nil }
                }
                key.add(b)
                i += 1
            }
            guard i > segment, !isDots(segment, i) else { return nil }
            let file = key.value
            guard i + 1 < end else { return (file, nil) }
            key.add(hash)
            for k in (i + 1)..<end {
                let b = raw[k]
                if b <= 0x20 || b == UInt8(ascii: "%") { return nil }
                key.add(b)
            }
            let pageExtension = SiteLayout.pageExtension.utf8, n = pageExtension.count
            let page = i - segment >= n && raw[(i - n)..<i].elementsEqual(pageExtension)
            return (file, page ? LinkKey.fragment(key) : nil)
        }

        private func decoded(_ bytes: ArraySlice<UInt8>) -> String {
            let text = String(decoding: bytes, as: UTF8.self)
            return bytes.contains(UInt8(ascii: "%")) ? (text.removingPercentEncoding ?? text) : text
        }
    }
}

/// Where links lead, as 64-bit hashes (FNV-1a) of the resolved path, and of the path, `#` and the
/// fragment (set apart from the files' by a constant): publish compares these with the keys of the
/// site's files and ids instead of strings.
/// Two different targets share a key with a chance of about one in 2^64 over the ids of a site;
/// then a broken link would pass.
enum LinkKey {
    static func file(_ path: String) -> UInt64 {
        var key = FNV64()
        key.add(path)
        return key.value
    }

    static func fragment(_ path: String, _ id: String) -> UInt64 {
        var key = FNV64()
        key.add(path)
        key.add(UInt8(ascii: "#"))
        key.add(id)
        return fragment(key)
    }

    /// A fragment's key from the hash of `path#id`, set apart from the files' keys: a file whose
    /// name holds a `#` (written `%23`) hashes its name as `path#id` does, and must not pass for
    /// that id.
    static func fragment(_ hash: FNV64) -> UInt64 {
        hash.value ^ 0x5bd1_e995_9e37_79b9
    }
}
