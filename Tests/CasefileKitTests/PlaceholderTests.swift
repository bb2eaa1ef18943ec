import Foundation
import CasefileTemplates
import Testing

/// The inspector's placeholder on each table's page of the built sample, as SwiftUI's
/// ContentUnavailableView: a symbol hidden from assistive technology, then the page's title and
/// its line of description, both the English string table's.
@Suite struct PlaceholderTests {
    /// A key's text in the built-in English table (`key: "text"`).
    static func english(_ key: String) throws -> String {
        let table = try #require(BuiltinTemplates.stringTables["en"])
        let line = try #require(table.split(separator: "\n").first { $0.hasPrefix("\(key): \"") }, "en.yaml has no \(key)")
        return String(line.dropFirst(key.count + 3).dropLast())
    }

    @Test func eachTablesPlaceholderHasASymbolATitleAndADescription() async throws {
        let (_, site) = try await SiteBuildTests.build()
        defer { try? FileManager.default.removeItem(at: site) }
        let pages = [("index.html", "selectSuspect"), ("bulletins/index.html", "selectBulletin"),
                     ("fruits/index.html", "selectFruit"), ("validation/index.html", "selectProblem")]
        for (path, key) in pages {
            let html = try SiteBuildTests.page(site, path)
            let placeholder = try #require(SiteBuildTests.matches(#"(?s)<div data-inspector-empty[^>]*>(.*?)\n</div>"#, in: html).first,
                                           "\(path) has no placeholder")
            let symbol = SiteBuildTests.matches(#"<span class="cf-unavailable-symbol" aria-hidden="true"><svg "#, in: placeholder)
            #expect(symbol.count == 1, "\(path): the placeholder's symbol is not one aria-hidden SVG")
            let title = SiteBuildTests.matches(#"<p class="cf-unavailable-title">([^<]*)</p>"#, in: placeholder)
            let description = SiteBuildTests.matches(#"<p class="cf-unavailable-description">([^<]*)</p>"#, in: placeholder)
            #expect(title == [try Self.english(key)], "\(path): title \(title)")
            #expect(description == [try Self.english(key + "Description")], "\(path): description \(description)")
        }
    }
}
