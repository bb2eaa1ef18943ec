/// One reason a publish stopped: a check that failed on a page of the staged site, at a line and
/// column of that page when there is one.
public struct PublishFailure: Sendable, Hashable {
    public var check: PublishCheck
    /// The file, relative to the site's root.
    public var page: String
    public var line: Int?
    public var column: Int?
    public var message: String

    /// `STAGING/suspects/page-3.html:12:5: error: broken link "…" (no such file) [broken-link]`.
    public func line(in folder: String) -> String {
        var place = folder.isEmpty ? page : folder + "/" + page
        if let line, let column { place += ":\(line):\(column)" }
        return "\(place): error: \(message) [\(check.rawValue)]"
    }
}

/// The checks publish runs on a staged site, by the id printed after a failure.
public enum PublishCheck: String, Sendable, Hashable, CaseIterable {
    case brokenLink = "broken-link"
    case missingFragment = "missing-fragment"
    case script
    case eventHandler = "event-handler"
    case javascriptURL = "javascript-url"
    case cssScript = "css-script"
    case webassembly
}
