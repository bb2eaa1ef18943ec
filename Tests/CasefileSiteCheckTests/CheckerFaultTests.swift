import Testing
import CasefileOutput
@testable import CasefileSiteCheck

/// Faults found in review in the checker's own pieces, each fixed and kept here: the ledger that
/// keeps links to files and to fragments apart, and references that spell a scheme.
@Suite struct CheckerFaultTests {
    /// Found in review, fixed (the in-memory check had taken it for a fragment), the ledger on its own (no binary, no order of threads): two pages' scans added in
    /// one order; the second's link to a missing file is not reported.
    @Test func theLedgerKeepsFilesAndFragmentsApart() throws {
        let valid = Array(#"<html><body><a href="bulletins/index.html#top">ok</a></body></html>"#.utf8)
        let broken = Array(#"<html><body><a href="../bulletins/index.html%23top">broken</a></body></html>"#.utf8)
        let target = Array(#"<html><body><h1 id="top">Bulletins</h1></body></html>"#.utf8)
        var ledger = SiteCheck.Ledger()
        let files = ["index.html": valid, "fruits/index.html": broken, "bulletins/index.html": target]
        for path in ["index.html", "fruits/index.html", "bulletins/index.html"] {
            ledger.add(SiteCheck.scan(OutputFile(path: path, bytes: files[path]!), baseURL: nil))
        }
        let failures = ledger.failures(baseURL: nil) { files[$0] }
        #expect(failures.map(\.page) == ["fruits/index.html"])
        #expect(failures.map(\.check) == [.brokenLink])
        #expect(failures.first?.message == #"broken link "../bulletins/index.html%23top" (no such file)"#)
    }

    /// Found in review, fixed (the read-back check missed it too, masked as a broken link): numeric character references a browser decodes
    /// that `HTMLScanner.decodeEntities` does not — one without its `;` (a parse error, decoded all the
    /// same), and ones whose `#`, digits and `;` run past the 12 characters it looks at. As with `&Tab;`, a
    /// publish is refused only as a broken link; here the safety check alone.
    @Test(arguments: ["&#106avascript:alert(1)", "&#00000000106;avascript:alert(1)", "&#x000000006a;avascript:alert(1)"])
    func numericReferencesDoNotHideAJavascriptURL(url: String) throws {
        let page = Array(#"<a href="\#(url)">x</a>"#.utf8)
        var found: [String] = []
        HTMLScanner(bytes: page).scan { _, _ in } attribute: { a in
            if let bad = SafetyCheck.attribute(a) { found.append(bad.check.rawValue) }
        }
        #expect(found == ["javascript-url"], "\(url) is read as \(found)")
    }
}
