import CasefileKit
import CasefileMarkdown

/// libFuzzer calls this with each input: a first byte of options (bit 0: `unsafeHTML`), then a
/// note's Markdown. Case links to ids starting with `x` name no record (they become broken links),
/// the others resolve. Rendering must neither trap nor hang; broken links must have places from
/// line 1, column 1 on; and without `unsafeHTML` the HTML must hold nothing publish would refuse
/// as executable (a `<script>`, an `on…=` attribute, a `javascript:` URL, script in CSS).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let options = input.first else { return 0 }
    let unsafeHTML = options & 1 == 1
    let source = String(decoding: input.dropFirst(), as: UTF8.self)
    let note = MarkdownRenderer(unsafeHTML: unsafeHTML).render(source) { link in
        link.id.hasPrefix("x") ? nil : "../\(link.kind.rawValue)s/index.html#\(link.kind.rawValue)-\(link.id)"
    }
    for link in note.brokenLinks {
        guard link.line >= 1 && link.column >= 1 else { fatalError("\(link)") }
    }
    if !unsafeHTML {
        let executable = FuzzEntry.checkPage(Array(note.html.utf8))
            .filter { [.script, .eventHandler, .javascriptURL, .cssScript].contains($0.check) }
        guard executable.isEmpty else { fatalError("executable HTML from a note without unsafeHTML: \(executable)") }
    }
    return 0
}
