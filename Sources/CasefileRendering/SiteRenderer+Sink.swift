import CasefileModel
import CasefileSite
import CasefileOutput
import CasefileValidation

extension SiteRenderer {
    /// Renders `only` into `sink`, then lets the sink clear what is stale among `complete`; the
    /// paths rendered, and those whose bytes changed or were removed. `refs` nil: the mentions
    /// are made a page depth at a time (`SiteRenderer.render(_:only:refs:progress:examine:into:)`).
    package func render(_ validated: PlacedCase, only: PageSet, refs: RecordRefs?, into sink: inout some OutputSink,
                complete: PageSet, progress: ((Int, Int) -> Void)? = nil)
        async throws(CasefileError) -> (rendered: Set<String>, changed: [String]) {
        try await render(validated, only: only, refs: refs, into: &sink, complete: complete, progress: progress,
                         examine: { _ in () }, found: { _ in })
    }

    /// The same, each file examined on the core that rendered it (`examine`), and what was found
    /// handed to `found` on the calling task as the file is written.
    package func render<Finding: Sendable>(_ validated: PlacedCase, only: PageSet, refs: RecordRefs?,
                                           into sink: inout some OutputSink, complete: PageSet,
                                           progress: ((Int, Int) -> Void)? = nil,
                                           examine: @escaping @Sendable (OutputFile) -> Finding,
                                           found: (Finding) -> Void)
        async throws(CasefileError) -> (rendered: Set<String>, changed: [String]) {
        var rendered: Set<String> = []
        var changed: [String] = []
        var target = sink
        // Written where it was rendered when the sink can (a build's folder), so that the cores
        // share the writing; what failed there is thrown here, as the sink's own write would.
        let direct = target.concurrentWriter
        do {
            try await render(validated, only: only, refs: refs, progress: progress, examine: { file in
                var failure: CasefileError?
                if let direct {
                    do throws(CasefileError) { try direct.write(file) } catch { failure = error }
                }
                return Examined(finding: examine(file), failure: failure)
            }) { file, examined in
                if let failure = examined.failure { throw failure }
                found(examined.finding)
                rendered.insert(file.path)
                if try direct == nil ? target.write(file) : target.wrote(file) { changed.append(file.path) }
            }
        } catch {
            throw CasefileError.from(error)
        }
        changed += try target.finish(rendered: rendered, complete: complete)
        sink = target
        return (rendered, changed)
    }
}

/// What happened to a file on the core that rendered it: what `examine` found, and the error of
/// writing it there, if any.
private struct Examined<Finding: Sendable>: Sendable {
    var finding: Finding
    var failure: CasefileError?
}
