import CasefileOutput

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

/// One save of the editor, as its undo list keeps it: what it did, and for each file only the
/// bytes that differ (a save changes a value's bytes, not the file), so that a thousand saves of a
/// large file hold kilobytes, not copies of it.
public struct EditRecord: Sendable, Equatable {
    /// A file as a save writes it: its bytes before and after (nil: no file).
    public struct FileChange: Sendable, Equatable {
        public var path: String
        public var before: [UInt8]?
        public var after: [UInt8]?

        /// The path as the list of saves shows it: from the case folder's name on.
        public var shown: String { StoredChange.shown(path) }
    }

    /// What a save changed in one file: from `start`, `removed` was there before and `inserted`
    /// after; and a fingerprint of the whole file after, to tell whether it is still as left.
    public struct StoredChange: Sendable, Equatable {
        public var path: String
        var start: Int
        var removed: [UInt8]
        var inserted: [UInt8]
        var existedBefore: Bool
        var existsAfter: Bool
        var afterHash: String

        init(_ change: FileChange) {
            path = change.path
            let old = change.before ?? [], new = change.after ?? []
            var prefix = 0
            while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
                suffix += 1
            }
            start = prefix
            removed = Array(old[prefix..<(old.count - suffix)])
            inserted = Array(new[prefix..<(new.count - suffix)])
            existedBefore = change.before != nil
            existsAfter = change.after != nil
            afterHash = Self.fingerprint(new)
        }

        /// Whether `current` (nil: no file) is the file as this save left it.
        func isAsLeft(_ current: [UInt8]?) -> Bool {
            guard let current else { return !existsAfter }
            return existsAfter && Self.fingerprint(current) == afterHash
        }

        /// The file as it was before the save, made from the file as the save left it.
        func before(from current: [UInt8]) -> [UInt8]? {
            guard existedBefore else { return nil }
            guard start + inserted.count <= current.count else { return nil }
            return Array(current[..<start]) + removed + Array(current[(start + inserted.count)...])
        }

        public var shown: String { Self.shown(path) }

        static func shown(_ path: String) -> String {
            let parts = path.split(separator: "/")
            guard let notes = parts.lastIndex(of: "notes"), notes > 0 else { return parts.suffix(2).joined(separator: "/") }
            return parts[(notes - 1)...].joined(separator: "/")
        }

        static func fingerprint(_ bytes: [UInt8]) -> String {
            String(bytes.count) + ":" + ContentHash.hex16(bytes: bytes)
        }
    }

    public let number: Int
    public let summary: String
    public let files: [StoredChange]
    public var undone = false

    init(number: Int, summary: String, files: [FileChange]) {
        self.number = number
        self.summary = summary
        self.files = files.map(StoredChange.init)
    }
}
