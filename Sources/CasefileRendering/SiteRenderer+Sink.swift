import CasefileModel
import CasefileOutput
import CasefileValidation

extension SiteRenderer {
    /// Renders `only` into `sink`, then lets the sink clear what is stale among `complete`; the
    /// paths rendered, and those whose bytes changed or were removed.
    package func render(_ validated: ValidatedCase, only: PageSet, refs: RecordRefs, into sink: inout some OutputSink,
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
