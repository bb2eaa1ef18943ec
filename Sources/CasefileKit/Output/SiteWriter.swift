import Foundation

/// Writes a rendered site into its output folder. It keeps a manifest of what it wrote
/// (`.casefile-manifest`), so that a later build removes the pages it no longer makes — and
/// never a file it did not write.
public struct SiteWriter: Sendable {
    public static let manifestName = ".casefile-manifest"

    public let directory: URL
    public let displayPath: String

    public init(directory: URL, displayPath: String) {
        self.directory = directory.standardizedFileURL
        self.displayPath = displayPath
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

    public func write(_ files: [OutputFile]) throws {
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CasefileError.unwritable(displayPath, reason: error.localizedDescription)
        }
        let manifestURL = directory.appendingPathComponent(Self.manifestName)
        let previous = (try? String(contentsOf: manifestURL, encoding: .utf8))
            .map { Set($0.split(separator: "\n").map(String.init)) } ?? []
        let paths = files.map(\.path).sorted()
        var folders: Set<String> = []
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            let folder = url.deletingLastPathComponent().path
            do {
                if folders.insert(folder).inserted {
                    try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
                try Data(file.contents.utf8).write(to: url)
            } catch {
                throw CasefileError.unwritable("\(displayPath)/\(file.path)", reason: error.localizedDescription)
            }
        }
        for stale in previous.subtracting(paths).sorted() where Self.isSafeRelative(stale) {
            try? fm.removeItem(at: directory.appendingPathComponent(stale))
        }
        do {
            try Data((paths.joined(separator: "\n") + "\n").utf8).write(to: manifestURL)
        } catch {
            throw CasefileError.unwritable("\(displayPath)/\(Self.manifestName)", reason: error.localizedDescription)
        }
    }

    /// A manifest line names a file below the folder, never outside it.
    static func isSafeRelative(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }
}
