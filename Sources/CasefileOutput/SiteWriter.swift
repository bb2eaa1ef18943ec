import Foundation
import CasefileModel

/// Writes a rendered site into its output folder. It keeps a manifest of what it wrote
/// (`.casefile-manifest`), so that a later build removes the pages it no longer makes — and
/// never a file it did not write.
public struct SiteWriter: Sendable {
    public static let manifestName = ".casefile-manifest"

    public let directory: URL
    public let displayPath: String
    /// Every write passes it, when there is one (a publish's staging folder, which Ctrl-C removes).
    public let gate: WriteGate?

    public init(directory: URL, displayPath: String, gate: WriteGate? = nil) {
        self.directory = directory.standardizedFileURL
        self.displayPath = displayPath
        self.gate = gate
    }

    /// Refuses an output folder that is, or holds, a folder the build reads from.
    public func checkSafe(against inputs: [URL]) throws {
        let out = directory.resolvingSymlinksInPath().path
        for input in inputs {
            let path = input.standardizedFileURL.resolvingSymlinksInPath().path
            if path == out || path.hasPrefix(out.hasSuffix("/") ? out : out + "/") {
                throw CasefileError.unwritable(displayPath, reason: "it is or contains \(input.relativePath), which the build reads; choose another --output")
            }
        }
    }

    /// Starts writing: creates the folder and reads what the previous build wrote.
    public func begin() throws(CasefileError) -> Session {
        try gate.pass(displayPath) { () throws(CasefileError) in
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw CasefileError.unwritable(displayPath, reason: FileBytes.reason(of: error))
            }
        }
        return Session(writer: self, previous: Self.manifest(of: directory) ?? [])
    }

    /// The paths the manifest of `folder` lists; nil when the folder has none (Casefile did not
    /// write it).
    package static func manifest(of folder: URL) -> Set<String>? {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(manifestName), encoding: .utf8) else {
            return nil
        }
        return Set(text.split(separator: "\n").map(String.init))
    }

    /// One build's writing: files as they come (written where they were rendered, through
    /// `concurrentWriter`), then the clean-up and the manifest.
    public struct Session: OutputSink {
        let writer: SiteWriter
        let previous: Set<String>
        private var written: [String] = []
        public let concurrentWriter: ConcurrentFileWriter?

        init(writer: SiteWriter, previous: Set<String>) {
            self.writer = writer
            self.previous = previous
            // The output folder's path, to which each file's relative path is joined as text: a
            // `URL` per file cost more than the write itself at 25,000 files.
            concurrentWriter = ConcurrentFileWriter(root: writer.directory.path, displayPath: writer.displayPath,
                                                    gate: writer.gate)
        }

        public var count: Int { written.count }

        @discardableResult
        public mutating func write(_ file: OutputFile) throws(CasefileError) -> Bool {
            try concurrentWriter?.write(file)
            return try wrote(file)
        }

        public mutating func wrote(_ file: OutputFile) throws(CasefileError) -> Bool {
            written.append(file.path)
            return true
        }

        /// Removes what the last build wrote and this one did not (a build renders everything,
        /// so `complete` is all), and writes the manifest.
        public mutating func finish(rendered: Set<String>, complete: PageSet) throws(CasefileError) -> [String] {
            let paths = written.sorted()
            let stale = previous.subtracting(paths).sorted().filter(SiteWriter.isSafeRelative)
            let manifest = writer.directory.appendingPathComponent(SiteWriter.manifestName)
            let display = "\(writer.displayPath)/\(SiteWriter.manifestName)"
            try writer.gate.pass(display) { () throws(CasefileError) in
                for path in stale {
                    try? FileManager.default.removeItem(at: writer.directory.appendingPathComponent(path))
                }
                do {
                    try Data((paths.joined(separator: "\n") + "\n").utf8).write(to: manifest)
                } catch {
                    throw CasefileError.unwritable(display, reason: FileBytes.reason(of: error))
                }
            }
            return stale
        }
    }

    /// A manifest line names a file below the folder, never outside it.
    package static func isSafeRelative(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }
}
