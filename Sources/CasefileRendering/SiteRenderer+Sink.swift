import CasefileModel
import CasefileSite
import CasefileOutput
import CasefileValidation

extension SiteRenderer {
    /// Renders `only` into `sink`, then lets the sink clear what is stale among `complete`; the
    /// paths rendered, and those whose bytes changed or were removed.
    package func render(_ validated: PlacedCase, only: PageSet, refs: RecordRefs, into sink: inout some OutputSink,
                complete: PageSet, progress: ((Int, Int) -> Void)? = nil)
        async throws(CasefileError) -> (rendered: Set<String>, changed: [String]) {
        try await render(validated, only: only, refs: refs, into: &sink, complete: complete, progress: progress,
                         examine: { _ in () }, found: { _ in })
    }

    /// The same, each file examined on the core that rendered it (`examine`), and what was found
    /// handed to `found` on the calling task as the file is written.
    package func render<Finding: Sendable>(_ validated: PlacedCase, only: PageSet, refs: RecordRefs,
                                           into sink: inout some OutputSink, complete: PageSet,
                                           progress: ((Int, Int) -> Void)? = nil,
                                           examine: @escaping @Sendable (OutputFile) -> Finding,
                                           found: (Finding) -> Void)
        async throws(CasefileError) -> (rendered: Set<String>, changed: [String]) {
        var rendered: Set<String> = []
        var changed: [String] = []
        var target = sink
        do {
            try await render(validated, only: only, refs: refs, progress: progress, examine: examine) { file, finding in
                found(finding)
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
