import CasefileMarkdown
import Testing

/// A note that exercises the inline extensions whose special characters libcmark-gfm registers
/// process-wide while a document is finished (strikethrough's `~`, autolinks, task lists, tables).
private func document(_ i: Int) -> String {
    var parts = ["# Note \(i)", "The ~~struck \(i)~~ clue, seen at https://example.org/\(i) by [someone](animal:a\(i % 7))."]
    if i % 2 == 0 {
        parts.append("| id | bites |\n|----|-------|\n| r\(i) | \(i % 13) |\n| s\(i) | ~~\(i % 5)~~ |")
    }
    if i % 3 == 0 {
        parts.append("- [x] asked \(i)\n- [ ] checked ~~alibi~~ \(i)\n- www.example.com/\(i)")
    }
    if i % 5 == 0 {
        parts.append("> *quoted* ~~\(i)~~ and **bold** [gone](fruit:missing-\(i))")
    }
    return parts.joined(separator: "\n\n") + "\n"
}

private let resolve: @Sendable (CaseLink) -> String? = { link in
    link.id.hasPrefix("missing") ? nil : "index.html#\(link.id)"
}

/// Every source rendered by a task of its own, all at once; the results in the sources' order.
private func renderAtOnce(_ sources: [String], _ renderer: MarkdownRenderer) async -> [RenderedNote?] {
    await withTaskGroup(of: (Int, RenderedNote).self) { group in
        for i in sources.indices {
            group.addTask { (i, renderer.render(sources[i], resolve: resolve)) }
        }
        var results = [RenderedNote?](repeating: nil, count: sources.count)
        for await (i, note) in group { results[i] = note }
        return results
    }
}

@Suite("Rendering from many tasks at once")
struct ConcurrentRenderingTests {
    /// libcmark-gfm toggles a process-wide table of special characters inside
    /// the C library's parser-finish call (github/cmark-gfm#176): without the renderer's lock, documents
    /// finished at the same time lose their `<del>` (and other inlines) at random.
    @Test func concurrentOutputEqualsSerialOutput() async {
        let count = 4000
        let sources = (0..<count).map(document)
        let renderer = MarkdownRenderer()

        let serial = sources.map { renderer.render($0, resolve: resolve) }
        // The serial rendering is right to begin with (so equal means right).
        for (i, note) in serial.enumerated() {
            #expect(note.html.contains("<del>struck \(i)</del>"), "document \(i)")
            #expect(note.html.contains("<a href=\"https://example.org/\(i)\" class=\"cf-link-shows-address\">"), "document \(i)")
            if i % 2 == 0 { #expect(note.html.contains("<table>"), "document \(i)") }
            if i % 3 == 0 { #expect(note.html.contains("checked=\"\""), "document \(i)") }
            #expect(note.brokenLinks.count == (i % 5 == 0 ? 1 : 0), "document \(i)")
            if i >= 20 { break }
        }
        #expect(serial.allSatisfy { $0.html.contains("<del>") })

        let concurrent = await renderAtOnce(sources, renderer)

        var mismatches: [Int] = []
        for i in 0..<count where concurrent[i] != serial[i] { mismatches.append(i) }
        #expect(mismatches.isEmpty, "\(mismatches.count) documents differ, first \(mismatches.prefix(10))")
    }

    @Test func concurrentRenderingOfOneDocumentFromManyTasks() async {
        // The same document from many tasks, in batches, with the safe and unsafe renderers mixed.
        let source = document(30)
        let safe = MarkdownRenderer(), unsafe = MarkdownRenderer(unsafeHTML: true)
        let expectedSafe = safe.render(source, resolve: resolve)
        let expectedUnsafe = unsafe.render(source, resolve: resolve)
        let differing = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<1000 {
                group.addTask {
                    let useSafe = i % 2 == 0
                    let note = (useSafe ? safe : unsafe).render(source, resolve: resolve)
                    return note != (useSafe ? expectedSafe : expectedUnsafe)
                }
            }
            var differing = 0
            for await differs in group where differs { differing += 1 }
            return differing
        }
        #expect(differing == 0)
    }

    /// Notes without a `~` finish in parallel, without the lock: their tables, autolinks and task
    /// lists still come out as they do one at a time, while notes with `~` finish meanwhile.
    @Test func notesWithoutTildesRenderInParallelAsAlone() async {
        let count = 3000
        let sources = (0..<count).map { i in
            i % 4 == 0 ? document(i)
                : "Seen at https://example.org/\(i) and www.example.com/\(i).\n\n| id | n |\n|----|---|\n| r\(i) | \(i) |\n\n- [x] asked \(i)\n"
        }
        let renderer = MarkdownRenderer()
        let serial = sources.map { renderer.render($0, resolve: resolve) }
        for i in [1, 2, 3, 5] {
            #expect(serial[i].html.contains("<table>"), "document \(i)")
            #expect(serial[i].html.contains("<a href=\"https://example.org/\(i)\" class=\"cf-link-shows-address\">"), "document \(i)")
            #expect(serial[i].html.contains("<a href=\"http://www.example.com/\(i)\" class=\"cf-link-shows-address\">"), "document \(i)")
            #expect(serial[i].html.contains("checked=\"\""), "document \(i)")
        }
        let concurrent = await renderAtOnce(sources, renderer)
        let mismatches = (0..<count).filter { concurrent[$0] != serial[$0] }
        #expect(mismatches.isEmpty, "\(mismatches.count) documents differ, first \(mismatches.prefix(10))")
    }
}
