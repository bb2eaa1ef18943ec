import Foundation
import Testing
@testable import CasefileKit
import CasefileTestSupport

/// The validation page of a case with problems: the summary, and each problem's inspector with
/// its places and source lines.
@Suite struct ValidationPageTests {
    @Test func aDuplicateIDShowsBothPlacesAndTheSource() async throws {
        let content = try SiteBuildTests.variant { folder in
            try SampleProblems.remove(in: folder)
            let fruits = folder.appendingPathComponent("fruits.yaml")
            let text = try String(contentsOf: fruits, encoding: .utf8)
            try (text + "- id: elstar\n  name: Elstar again\n  color: red\n").write(to: fruits, atomically: true, encoding: .utf8)
        }
        let (summary, site) = try await SiteBuildTests.build(content: content)
        defer {
            try? FileManager.default.removeItem(at: content)
            try? FileManager.default.removeItem(at: site)
        }
        #expect(summary.diagnostics.map(\.ruleID) == ["duplicate-id"])

        let lines = try String(contentsOf: content.appendingPathComponent("fruits.yaml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.hasSuffix("id: elstar") }) + 1
        let second = try #require(lines.lastIndex { $0.hasSuffix("id: elstar") }) + 1
        #expect(first < second)

        let page = try SiteBuildTests.page(site, "validation/index.html")
        #expect(page.contains("<dt>Location</dt><dd><code class=\"cf-opt\">fruits.yaml:\(second):7</code>"))
        #expect(page.contains("<dt>Also at</dt><dd><code class=\"cf-related\">fruits.yaml:\(first):7</code>"))
        // The excerpt marks the line of the second id, with a caret under its column.
        #expect(page.contains("<span class=\"cf-line cf-marked\"><span class=\"cf-ln\">\(second)</span>- id: elstar</span>"))
        #expect(page.contains("<span class=\"cf-line cf-caret-line\"><span class=\"cf-ln\"></span>      ^</span>"))
        // The summary: one error, and 27 of 28 rules passed.
        #expect(page.contains("data-count=\"1\"><span class=\"cf-stat-value\">1</span>"))
        #expect(page.contains("<span class=\"cf-stat-value\">27<span class=\"cf-stat-of\">/28</span></span>"))
    }

    @Test func aLongLineIsExcerptedAroundTheProblem() async throws {
        // One line of 4,021 characters with a broken link at column 2,001: the excerpt shows 240
        // characters around it, cut with "…", and the caret stays under the link's `[`.
        let line = String(repeating: "x ", count: 1000) + "[ghost](animal:ghost)" + String(repeating: " y", count: 1000)
        let content = try SiteBuildTests.variant { folder in
            try (line + "\nsecond line\n").write(to: folder.appendingPathComponent("notes/animals/cat.md"),
                                                 atomically: true, encoding: .utf8)
        }
        let (summary, site) = try await SiteBuildTests.build(content: content)
        defer {
            try? FileManager.default.removeItem(at: content)
            try? FileManager.default.removeItem(at: site)
        }
        let broken = try #require(summary.diagnostics.first { $0.ruleID == "broken-reference" })
        #expect(broken.location?.line == 1)
        #expect(broken.location?.column == 2001)
        let page = try SiteBuildTests.page(site, "validation/index.html")
        let shown = String(line.unicodeScalars.dropFirst(1880).prefix(240))
        #expect(page.contains("<span class=\"cf-ln\">1</span>…\(shown)…</span>"))
        #expect(page.contains("<span class=\"cf-ln\"></span>\(String(repeating: " ", count: 121))^</span>"))
        #expect(page.contains("<span class=\"cf-ln\">2</span>second line</span>"))
        #expect(!page.contains(String(repeating: "x ", count: 200)))
    }

    @Test func aCleanCaseHasNoRelatedRow() async throws {
        let content = try SiteBuildTests.variant { try SampleProblems.remove(in: $0) }
        let (summary, site) = try await SiteBuildTests.build(content: content)
        defer {
            try? FileManager.default.removeItem(at: content)
            try? FileManager.default.removeItem(at: site)
        }
        #expect(summary.diagnostics.isEmpty)
        let page = try SiteBuildTests.page(site, "validation/index.html")
        #expect(!page.contains("Also at"))
        #expect(page.contains("<h2 class=\"cf-empty-title\">No problems</h2>"))
        #expect(page.contains("<p class=\"cf-empty-guidance\">Every rule passed.</p>"))
    }
}
