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
}
