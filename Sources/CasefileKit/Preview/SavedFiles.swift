import Foundation
import CasefileModel
import CasefileLoading
import CasefileValidation
import CasefileEditing

/// What the editor knows of the files a save has just written, handed to the preview's rebuild
/// so that it does not work it out again: each collection file's reading (what the loader makes
/// of its bytes, which the edit's read-back checked), and the case as the save's check validated
/// it. The rebuild takes a reading only while its file is still as written, and the validation
/// only when it started from the case the rebuild starts from and every file was as written.
public struct SavedFiles: Sendable {
    var readings: [SavedReading] = []
    /// The validated case, with the generation of the preview's case the check started from.
    var checked: (generation: Int, validated: ValidatedCase)?

    public init() {}
}

/// A collection's file as the editor has just written it, with what the loader makes of it and
/// the parse it was made from (which the preview keeps for the file's next change).
struct SavedReading: Sendable {
    /// The file's absolute path.
    let path: String
    /// The file as the write left it (device, inode, size, time).
    let stamp: FileStamp?
    let result: ContentLoader.CollectionResult
    let editor: SourceEditor?

    init(path: String, result: ContentLoader.CollectionResult, editor: SourceEditor? = nil) {
        self.path = URL(fileURLWithPath: path).standardizedFileURL.path
        self.stamp = FileStamp.of(self.path)
        self.result = result
        self.editor = editor
    }

    /// The reading of the file at `path` (standardized), if it is still as written and within
    /// the loader's limit of bytes (else the loader reads it, and reports it).
    static func reading(for path: String, in readings: [SavedReading], limit: Int) -> SavedReading? {
        guard let reading = readings.first(where: { $0.path == path }), reading.stamp != nil,
              reading.result.text.utf8.count <= limit, FileStamp.of(path) == reading.stamp else { return nil }
        return reading
    }
}
