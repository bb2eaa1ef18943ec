import CasefileOutput
import CasefileModel
import CasefileTemplates
import Foundation
import Testing
@testable import CasefileKit
import CasefileSiteCheck

/// `casefile publish` over an already-published sample, with a fault planted in a custom
/// template: the real binary must refuse it (exit 1), name the staged page with the line and
/// column of the fault and the check's id, close with "Publish changed nothing", and leave the
/// output byte-identical. And the same checks must let valid links and ids through.
///
/// Where a fault is expected on the page: each plant is one line of markup without Mustache tags,
/// so it is rendered verbatim; its line and column are found in the page `casefile build` renders
/// with the same templates (build runs no checks), at the place the check points to — the start
/// of the attribute's name for an attribute, the `<` of the tag for an element.
///
/// The last tests here hold a hole found in review of the in-memory check, now refused: one it
/// had opened (a `%23` taken for a fragment); those the earlier read-back check had too are in
/// PlantedFaultTests+Review.swift.
@Suite struct PlantedFaultTests {
    /// A fault to plant, what the check must say about it, and where.
    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        /// One line of markup added to the suspects page's content.
        var markup: String
        /// The text (unique on the page) that starts where the failure points.
        var at: String
        var message: String
        var check: PublishCheck

        var testDescription: String { name }
    }

    static let faults: [Fault] = [
        Fault(name: "a link to a missing file",
              markup: #"<p><a href="gone/missing.html">planted</a></p>"#, at: #"href="gone/missing.html""#,
              message: #"broken link "gone/missing.html" (no such file)"#, check: .brokenLink),
        Fault(name: "a #fragment another page lacks",
              markup: #"<p><a href="bulletins/index.html#no-such-id">planted</a></p>"#,
              at: #"href="bulletins/index.html#no-such-id""#,
              message: #"broken link "bulletins/index.html#no-such-id" (bulletins/index.html has no id "no-such-id")"#,
              check: .missingFragment),
        Fault(name: "a #fragment the same page lacks",
              markup: ##"<p><a href="#no-such-id">planted</a></p>"##, at: ##"href="#no-such-id""##,
              message: ##"broken link "#no-such-id" (this page has no id "no-such-id")"##, check: .missingFragment),
        Fault(name: "a <script> element",
              markup: #"<p>planted</p><script>document.title = "planted";</script>"#, at: "<script>",
              message: "a <script> element is not allowed in a published site", check: .script),
        Fault(name: "an onclick= attribute",
              markup: #"<p><button type="button" onclick="alert(1)">planted</button></p>"#, at: "onclick=",
              message: "an event handler attribute onclick= on <button> is not allowed", check: .eventHandler),
        Fault(name: "a javascript: URL",
              markup: #"<p><a href="javascript:alert(1)">planted</a></p>"#, at: #"href="javascript:"#,
              message: "a javascript: URL in href= on <a> is not allowed", check: .javascriptURL),
        Fault(name: "a javascript: URL with its j written &#106;",
              markup: #"<p><a href="&#106;avascript:alert(1)">planted</a></p>"#, at: #"href="&#106;"#,
              message: "a javascript: URL in href= on <a> is not allowed", check: .javascriptURL),
        Fault(name: "a javascript: URL with its j written &#x6A;, in upper case",
              markup: #"<p><a href="&#x6A;AVASCRIPT:alert(1)">planted</a></p>"#, at: #"href="&#x6A;"#,
              message: "a javascript: URL in href= on <a> is not allowed", check: .javascriptURL),
        Fault(name: "a javascript: URL with a tab inside and a space before",
              markup: "<p><a href=\" java\tscript:alert(1)\">planted</a></p>", at: "href=\" java\t",
              message: "a javascript: URL in href= on <a> is not allowed", check: .javascriptURL),
        Fault(name: "a style= with expression(",
              markup: #"<p style="width: EXPRESSION (alert(1))">planted</p>"#, at: #"style="width"#,
              message: "CSS that runs script (expression() in style= on <p> is not allowed", check: .cssScript),
        Fault(name: "a path with a character reference, to a missing file",
              markup: #"<p><a href="bulletins/page-9&#46;html">planted</a></p>"#, at: #"href="bulletins/page-9&#46;"#,
              message: #"broken link "bulletins/page-9.html" (no such file)"#, check: .brokenLink),
        Fault(name: "a link that leaves the site",
              markup: #"<p><a href="../../x.html">planted</a></p>"#, at: #"href="../../x.html""#,
              message: #"broken link "../../x.html" (leads outside the site)"#, check: .brokenLink),
        // What review asked about; each is still caught.
        Fault(name: "a link to the other page's name in upper case (.HTML)",
              markup: #"<p><a href="bulletins/index.HTML">planted</a></p>"#, at: #"href="bulletins/index.HTML""#,
              message: #"broken link "bulletins/index.HTML" (no such file)"#, check: .brokenLink),
        Fault(name: "a ?query before a #fragment another page lacks",
              markup: #"<p><a href="bulletins/index.html?view=all#no-such-id">planted</a></p>"#,
              at: #"href="bulletins/index.html?view"#,
              message: #"broken link "bulletins/index.html?view=all#no-such-id" (bulletins/index.html has no id "no-such-id")"#,
              check: .missingFragment),
        Fault(name: "a same-page #fragment written with the page's own file name",
              markup: #"<p><a href="./index.html?x#no-such-id">planted</a></p>"#, at: #"href="./index.html"#,
              message: #"broken link "./index.html?x#no-such-id" (this page has no id "no-such-id")"#,
              check: .missingFragment),
        Fault(name: "a name= on an element other than <a> is no target",
              markup: ##"<p><span name="plant-n">n</span><a href="#plant-n">planted</a></p>"##, at: ##"href="#plant-n""##,
              message: ##"broken link "#plant-n" (this page has no id "plant-n")"##, check: .missingFragment),
        Fault(name: "an id written with a character reference, linked to as another",
              markup: ##"<p><span id="x&amp;y">n</span><a href="#x&amp;z">planted</a></p>"##, at: ##"href="#x&amp;z""##,
              message: ##"broken link "#x&z" (this page has no id "x&z")"##, check: .missingFragment),
        Fault(name: "one missing target written two ways on a page, reported at the first",
              markup: #"<p><a href="gone.html">a</a> <a href="./gone.html">b</a> <a href="gone.html?x">c</a></p>"#,
              at: #"href="gone.html""#,
              message: #"broken link "gone.html" (no such file)"#, check: .brokenLink),
    ]

    @Test(arguments: faults)
    func aPlantedFaultIsRefusedNamingItsPlace(fault: Fault) throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let arguments = ["publish", "--content", scratch.content.path, "--output", "public"]
        try #require(try CommandLineTests.run(arguments, in: scratch.root).status == 0)
        let before = try PublishScratch.snapshot(scratch.output)
        try #require(before["index.html"] != nil)

        try scratch.plant(fault.markup)
        let place = try Self.place(of: fault.at, on: "index.html", scratch: scratch)
        let result = try CommandLineTests.run(arguments, in: scratch.root)
        #expect(result.status == 1)
        let staged = Self.stagedLines(result.err)
        #expect(staged.count == 1, "\(result.err)")
        let line = try #require(staged.first)
        let expected = ":index.html:\(place.line):\(place.column): error: \(fault.message) [\(fault.check.rawValue)]"
        #expect(Self.strippingStaging(line) == expected, "\(line)")
        #expect(Self.lines(result.err).last == "Publish changed nothing: 1 check failed in the staged site (now removed); public is as it was.")
        #expect(result.out.isEmpty)
        #expect(try PublishScratch.snapshot(scratch.output) == before, "the output is byte-identical")
        #expect(try scratch.leftovers().isEmpty, "the staging folder is removed")
    }

    /// A broken link on every suspects page is reported once, at the first page, with how many
    /// other pages link to it: the sample's animals at `pageSize: 3` make ⌈animals / 3⌉ pages.
    @Test func aBrokenLinkOnEverySuspectsPageIsReportedOnceAtTheFirst() throws {
        let pageSize = 3
        let scratch = try PublishScratch(siteYAMLAddition: "pageSize: \(pageSize)")
        defer { scratch.remove() }
        let animals = try String(contentsOf: scratch.content.appendingPathComponent("animals.yaml"), encoding: .utf8)
            .split(separator: "\n").count { $0.hasPrefix("- id:") }
        let pages = (animals + pageSize - 1) / pageSize
        try #require(pages >= 3, "the sample makes several suspects pages")
        let arguments = ["publish", "--content", scratch.content.path, "--output", "public"]
        try #require(try CommandLineTests.run(arguments, in: scratch.root).status == 0)
        let before = try PublishScratch.snapshot(scratch.output)
        for n in 2...pages {
            try #require(before[SiteLayout.page(.suspects, number: n)] != nil, "suspects page \(n) was published")
        }
        #expect(before[SiteLayout.page(.suspects, number: pages + 1)] == nil)

        try scratch.plant(#"<p><a href="{{root}}gone/missing.html">planted</a></p>"#)
        let place = try Self.place(of: #"href="gone/missing.html""#, on: "index.html", scratch: scratch)
        let result = try CommandLineTests.run(arguments, in: scratch.root)
        #expect(result.status == 1)
        let staged = Self.stagedLines(result.err)
        #expect(staged.count == 1, "\(result.err)")
        let others = pages - 1
        #expect(staged.map(Self.strippingStaging) == [
            ":index.html:\(place.line):\(place.column): error: broken link \"gone/missing.html\" "
                + "(no such file; \(others) more \(others == 1 ? "page links" : "pages link") to it) [broken-link]",
        ], "\(result.err)")
        #expect(Self.lines(result.err).last == "Publish changed nothing: 1 check failed in the staged site (now removed); public is as it was.")
        #expect(try PublishScratch.snapshot(scratch.output) == before)
        #expect(try scratch.leftovers().isEmpty)
    }

    /// Valid links and ids of every form review asked about publish: no false positives.
    @Test func validLinksAndIdsPublish() throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let arguments = ["publish", "--content", scratch.content.path, "--output", "public"]
        try #require(try CommandLineTests.run(arguments, in: scratch.root).status == 0)
        // `cf_heading` is the layout's <h1 id>, on every table page.
        let markup = [
            ##"<a id="plant-x" href="#plant-x">x</a>"##,
            ##"<a name="plant-y"></a><a href="#plant-y">y</a>"##,
            #"<a href="index.html#plant-x">own name</a>"#,
            #"<a href="./index.html?view=all#plant-y">own name, query</a>"#,
            #"<a href="bulletins/index.html#cf_heading">other page</a>"#,
            #"<a href="./bulletins/../bulletins/index.html?view=all#cf_heading">other page, roundabout</a>"#,
            #"<a href="bulletins/index&#46;html#cf&#95;heading">character references</a>"#,
            #"<a href="fruits/index.html#%63f_heading">percent-encoded fragment</a>"#,
            ##"<span id="a&amp;b"></span><a href="#a&amp;b">amp</a><a href="#a%26b">pct</a>"##,
            #"<a href="https://example.org/elsewhere.html#nowhere">external</a>"#,
            // Files rendered outside the pages' parallel loop, and files that are not pages (a
            // fragment of one is not checked): the reports, and the digest and the previous
            // publish's report and digest that a publish after another writes.
            #"<a href="validation/report.json">r</a><a href="validation/report.sarif">s</a>"#,
            #"<a href="validation/digest.json">d</a><a href="validation/previous/report.json">pr</a>"#,
            #"<a href="validation/previous/digest.json">pd</a><a href="data/case.json#anything">c</a>"#,
            ##"<a href="#">top</a>"##,
        ].joined(separator: " ")
        try scratch.plant("<p>\(markup)</p>")
        let result = try CommandLineTests.run(arguments, in: scratch.root)
        #expect(result.status == 0, "\(result.err)")
        #expect(Self.stagedLines(result.err).isEmpty)
        let page = try String(contentsOf: scratch.output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains(markup), "the planted links were published")
    }

    /// The 404 page links by the site's base URL; a broken fragment written so is still caught.
    @Test func aBrokenBaseURLLinkOnThe404PageIsRefused() throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let base = "https://example.org/case/"
        let arguments = ["publish", "--content", scratch.content.path, "--output", "public", "--base-url", base]
        try #require(try CommandLineTests.run(arguments, in: scratch.root).status == 0)
        let before = try PublishScratch.snapshot(scratch.output)

        // A valid one first: no false positive.
        try Self.plant(#"<p><a href="{{root}}bulletins/index.html#cf_heading">valid</a> <a href="{{root}}sitemap.xml">map</a></p>"#,
                       in: "notfound", scratch: scratch)
        let valid = try CommandLineTests.run(arguments, in: scratch.root)
        #expect(valid.status == 0, "\(valid.err)")
        let published = try String(contentsOf: scratch.output.appendingPathComponent("404.html"), encoding: .utf8)
        #expect(published.contains(#"<a href="\#(base)bulletins/index.html#cf_heading">valid</a> <a href="\#(base)sitemap.xml">map</a>"#))
        let after = try PublishScratch.snapshot(scratch.output)
        #expect(after != before)

        try Self.plant(#"<p><a href="{{root}}bulletins/index.html#no-such-id">planted</a></p>"#, in: "notfound", scratch: scratch)
        let place = try Self.place(of: #"href="\#(base)bulletins/index.html#no-such-id""#, on: "404.html", scratch: scratch,
                                   extra: ["--base-url", base])
        let result = try CommandLineTests.run(arguments, in: scratch.root)
        #expect(result.status == 1)
        #expect(Self.stagedLines(result.err).map(Self.strippingStaging) == [
            ":404.html:\(place.line):\(place.column): error: broken link \"\(base)bulletins/index.html#no-such-id\" "
                + "(bulletins/index.html has no id \"no-such-id\") [missing-fragment]",
        ], "\(result.err)")
        #expect(try PublishScratch.snapshot(scratch.output) == after)
    }

    // MARK: - Holes found in review, now refused

    /// Found in review, fixed (a regression of the in-memory check): a link's file key and a
    /// fragment's key were hashed into one space, so `bulletins/index.html%23cf_heading` (a file named `index.html#cf_heading`,
    /// which does not exist: a browser asks for it and gets a 404) has the key of
    /// `bulletins/index.html#cf_heading`. Written after the valid link on the same page, the page's `seen`
    /// set takes it for that target and never checks it. The old check compared the resolved path with the
    /// site's files and refused it.
    @Test func aPercentEncodedHashNamesAFileNotAFragmentOnOnePage() throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let arguments = ["publish", "--content", scratch.content.path, "--output", "public"]
        try #require(try CommandLineTests.run(arguments, in: scratch.root).status == 0)
        let before = try PublishScratch.snapshot(scratch.output)
        try scratch.plant(#"<p><a href="bulletins/index.html#cf_heading">valid</a> <a href="bulletins/index.html%23cf_heading">broken</a></p>"#)
        let place = try Self.place(of: #"href="bulletins/index.html%23"#, on: "index.html", scratch: scratch)
        let result = try CommandLineTests.run(arguments, in: scratch.root)
        #expect(result.status == 1, "a link to the missing file bulletins/index.html#cf_heading was published")
        #expect(Self.stagedLines(result.err).map(Self.strippingStaging) == [
            ":index.html:\(place.line):\(place.column): error: broken link \"bulletins/index.html%23cf_heading\" (no such file) [broken-link]",
        ], "\(result.err)")
        #expect(try PublishScratch.snapshot(scratch.output) == before)
    }

    /// Found in review, fixed (the in-memory check had taken it for a fragment), the same across pages: the ledger keeps one use per key, with the file and "has a
    /// fragment" of the first page added. With `--jobs 1` pages arrive in plan order, the suspects page
    /// (valid `bulletins/index.html#cf_heading`) before the fruits page (broken
    /// `../bulletins/index.html%23cf_heading`), so the broken link is counted as a second use of the valid
    /// target. With more jobs the outcome depends on which page finishes first.
    @Test func aPercentEncodedHashNamesAFileNotAFragmentAcrossPages() throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let arguments = ["publish", "--content", scratch.content.path, "--output", "public", "--jobs", "1"]
        try #require(try CommandLineTests.run(arguments, in: scratch.root).status == 0)
        let before = try PublishScratch.snapshot(scratch.output)
        try scratch.plant(#"<p><a href="bulletins/index.html#cf_heading">valid</a></p>"#)
        try Self.plant(#"<p><a href="../bulletins/index.html%23cf_heading">broken</a></p>"#, in: "fruits", scratch: scratch)
        let place = try Self.place(of: #"href="../bulletins/index.html%23"#, on: "fruits/index.html", scratch: scratch)
        let result = try CommandLineTests.run(arguments, in: scratch.root)
        #expect(result.status == 1, "a link to the missing file bulletins/index.html#cf_heading was published")
        #expect(Self.stagedLines(result.err).map(Self.strippingStaging) == [
            ":fruits/index.html:\(place.line):\(place.column): error: broken link \"../bulletins/index.html%23cf_heading\" (no such file) [broken-link]",
        ], "\(result.err)")
        #expect(try PublishScratch.snapshot(scratch.output) == before)
    }

    // MARK: - Helpers

    /// Overrides the built-in template `name` with `extra` added to its content block.
    static func plant(_ extra: String, in name: String, scratch: PublishScratch) throws {
        let text = try #require(BuiltinTemplates.templates[name])
        let planted = text.replacingOccurrences(of: "{{/content}}", with: extra + "\n{{/content}}")
        try #require(planted != text)
        try FileManager.default.createDirectory(at: scratch.templates, withIntermediateDirectories: true)
        try planted.write(to: scratch.templates.appendingPathComponent("\(name).mustache"), atomically: true, encoding: .utf8)
    }

    /// The 1-based line and byte column where `needle` (once on the page) starts in `page` as
    /// `casefile build` renders it with the scratch's content and templates.
    static func place(of needle: String, on page: String, scratch: PublishScratch, extra: [String] = []) throws -> (line: Int, column: Int) {
        let side = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-planted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: side) }
        let build = try CommandLineTests.run(["build", "--content", scratch.content.path, "--templates", scratch.templates.path,
                                              "--output", side.path, "--quiet"] + extra)
        try #require(build.status == 0, "\(build.err)")
        let bytes = [UInt8](try Data(contentsOf: side.appendingPathComponent(page)))
        let target = Array(needle.utf8)
        var starts: [Int] = []
        if bytes.count >= target.count {
            for i in 0...(bytes.count - target.count) where bytes[i] == target[0] && bytes[i..<(i + target.count)].elementsEqual(target) {
                starts.append(i)
            }
        }
        try #require(starts.count == 1, "\(needle) is on \(page) once (found \(starts.count))")
        let offset = starts[0]
        let before = bytes[..<offset]
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return (line, offset - lineStart + 1)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    /// The lines of standard error that name a file of the staging folder.
    static func stagedLines(_ err: String) -> [String] {
        lines(err).filter { $0.hasPrefix(".public.staging-") }
    }

    /// `.public.staging-PID/PATH…` as `:PATH…`, once the staging folder's name is checked.
    static func strippingStaging(_ line: String) -> String {
        let matched = SiteBuildTests.matches(#"^\.public\.staging-[0-9]+/"#, in: line)
        guard let prefix = matched.first else { return "(no staging folder) " + line }
        return ":" + line.dropFirst(prefix.count)
    }
}
