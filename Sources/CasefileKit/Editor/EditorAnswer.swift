/// What the editor answers a request with; the server turns it into HTTP.
public enum EditorAnswer: Sendable, Equatable {
    /// A panel (a form, a confirmation) to show in the place of record panel `panelID` on the
    /// page the request was for, with this status (200, or 409/422 for a form shown again).
    case panel(html: String, panelID: String, status: Int)
    /// Done: go to this address (303), the page that shows the result.
    case redirect(String)
    /// No such record (404), with a message for the reader.
    case missing(String)
    /// Refused (409): the case or file cannot be edited now, with why.
    case refused(String)
}

/// One save of the editor, as its undo list shows it: what it did, and each file's bytes before
/// and after (nil: no file).
public struct EditRecord: Sendable, Equatable {
    public struct FileChange: Sendable, Equatable {
        public var path: String
        public var before: [UInt8]?
        public var after: [UInt8]?

        /// The path as the list of saves shows it: from the case folder's name on.
        public var shown: String {
            let parts = path.split(separator: "/")
            guard let notes = parts.lastIndex(of: "notes"), notes > 0 else { return parts.suffix(2).joined(separator: "/") }
            return parts[(notes - 1)...].joined(separator: "/")
        }
    }

    public let number: Int
    public let summary: String
    public let files: [FileChange]
    public var undone = false
}
