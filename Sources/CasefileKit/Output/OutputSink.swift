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

extension SiteRenderer {
    /// Renders `only` into `sink`, then lets the sink clear what is stale among `complete`; the
    /// paths rendered, and those whose bytes changed or were removed.
    func render(_ validated: ValidatedCase, only: PageSet, refs: RecordRefs, into sink: inout some OutputSink,
                complete: PageSet, progress: ((Int, Int) -> Void)? = nil)
        async throws(CasefileError) -> (rendered: Set<String>, changed: [String]) {
        var rendered: Set<String> = []
        var changed: [String] = []
        var target = sink
        do {
            try await render(validated, only: only, refs: refs, progress: progress) { file in
                rendered.insert(file.path)
                if try target.write(file) { changed.append(file.path) }
            }
        } catch {
            throw CasefileError.from(error)
        }
        changed += try target.finish(rendered: rendered, complete: complete)
        sink = target
        return (rendered, changed)
    }
}
