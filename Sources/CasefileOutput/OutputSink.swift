import CasefileModel

/// Where a render's files go. The pipeline is one (load, validate, render); what differs between
/// commands is the sink: `build` and `publish` write a folder and its manifest
/// (`SiteWriter.Session`), `serve` keeps a folder equal to the latest render, touching only
/// files whose bytes changed (`MirrorWriter`); `validate` renders nothing.
public protocol OutputSink {
    /// Takes one file; true when it changed what the sink holds.
    mutating func write(_ file: OutputFile) throws(CasefileError) -> Bool

    /// After the render: removes what an earlier render wrote that `rendered` lacks, among the
    /// files `complete` covers (those this render made all of); returns what it removed.
    mutating func finish(rendered: Set<String>, complete: PageSet) throws(CasefileError) -> [String]

    /// What of `write` can run on the core that rendered a file, several files at once (its
    /// bytes put in place), when the sink can do that; nil when `write` does it all. With one,
    /// the renderer hands each file to it where the file was made, then to `wrote(_:)` in place of
    /// `write(_:)`.
    var concurrentWriter: ConcurrentFileWriter? { get }

    /// After `concurrentWriter` wrote `file`: what `write` would have kept of it. True when it
    /// changed what the sink holds.
    mutating func wrote(_ file: OutputFile) throws(CasefileError) -> Bool
}

extension OutputSink {
    public var concurrentWriter: ConcurrentFileWriter? { nil }

    public mutating func wrote(_ file: OutputFile) throws(CasefileError) -> Bool {
        try write(file)
    }
}
