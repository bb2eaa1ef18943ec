@testable import CasefileMarkdown
import Testing

/// Where every broken case link of `source` is reported (no link resolves).
private func places(_ source: String) -> [CaseLink] {
    MarkdownRenderer().render(source) { _ in nil }.brokenLinks
}

/// The place of every `[` in `source`, counted independently of the renderer: 1-based lines
/// ending at "\n", "\r\n" or "\r", 1-based columns in Unicode scalars. For sources whose only
/// `[` open case links.
private func bracketPlaces(_ source: String) -> [(line: Int, column: Int)] {
    var found: [(line: Int, column: Int)] = []
    var line = 1, column = 1
    var previous: Unicode.Scalar?
    for scalar in source.unicodeScalars {
        defer { previous = scalar }
        if scalar == "\n", previous == "\r" { continue }  // the second half of a "\r\n"
        if scalar == "\n" || scalar == "\r" { line += 1; column = 1; continue }
        if scalar == "[" { found.append((line, column)) }
        column += 1
    }
    return found
}

/// Columns of case links are 1-based and count Unicode scalars of their line, whatever comes
/// before them on the line and however the lines end.
@Suite("Case link columns")
struct CaseLinkColumnTests {
    @Test func multiByteCharactersBeforeSeveralLinksOnOneLine() {
        // "Café 🐟 " is 7 scalars (11 bytes): the first `[` is column 8.
        let source = "Café 🐟 [a](animal:one) naïve [b](animal:two) 日本 [c](fruit:three)"
        let links = places(source)
        #expect(links.map(\.id) == ["one", "two", "three"])
        #expect(links.map(\.line) == [1, 1, 1])
        #expect(links.map(\.column) == [8, 30, 49])
        #expect(links.map(\.column) == bracketPlaces(source).map(\.column))
    }

    @Test func combiningMarksAndJoinedEmojiCountEveryScalar() {
        // 👩‍👩‍👧 is 5 scalars (one character), "é" written as e + U+0301 is 2: 9 scalars before `[`.
        let links = places("👩\u{200D}👩\u{200D}👧 e\u{301} [x](animal:nope)")
        #expect(links.map(\.column) == [10])
    }

    @Test func linksAtTheStartOfLines() {
        let source = "[a](animal:one)\n\nüber\n[b](animal:two)é[c](animal:three)\n- [d](animal:four)"
        let links = places(source)
        #expect(links.map(\.line) == [1, 4, 4, 5])
        #expect(links.map(\.column) == [1, 1, 17, 3])
    }

    @Test func crlfLineEndings() {
        // Line 2: "Café " is 5 scalars (6 bytes) → column 6; line 4: "Ä " is 2 → 3, then 19.
        let source = "line one\r\nCafé [x](animal:one)\r\n\r\nÄ [y](animal:two) [z](fruit:three)\r\n"
        let links = places(source)
        #expect(links.map(\.line) == [2, 4, 4])
        #expect(links.map(\.column) == [6, 3, 19])
    }

    @Test func loneCarriageReturnsEndLinesToo() {
        let source = "é\rü [x](animal:one)\r\r[y](animal:two)"
        let links = places(source)
        #expect(links.map(\.line) == [2, 4])
        #expect(links.map(\.column) == [3, 1])
    }

    @Test func thousandsOfLinksOnOneLineWithMultiByteTextBetween() {
        let source = (0..<3000).map { i in
            ["ß [l](animal:a\(i)) ", "🐟🐟 [m](bulletin:b\(i)) ", "[n](fruit:f\(i))", " x [o](animal:c\(i)) é"][i % 4]
        }.joined()
        let links = places(source)
        let expected = bracketPlaces(source)
        #expect(links.count == 3000)
        #expect(links.map(\.line) == expected.map(\.line))
        #expect(links.map(\.column) == expected.map(\.column))
    }

    @Test func manyLinesAndLinksInBlocks() {
        let source = (0..<500).map { i in
            ["é [a](animal:x\(i))", "> ü [b](animal:y\(i)) [c](fruit:z\(i))", "- 日本 [d](bulletin:w\(i))\r", ""][i % 4]
        }.joined(separator: "\n")
        let links = places(source)
        let expected = bracketPlaces(source)
        #expect(links.count == expected.count)
        #expect(links.map(\.line) == expected.map(\.line))
        #expect(links.map(\.column) == expected.map(\.column))
    }

    @Test func conversionTakesPlacesInAnyOrder() {
        // Byte columns: line 1 "aé b" → the byte column 5 is the scalar column 4; line 3 "ü" → 2 → 2.
        let source = "aé b\nx\nüz"
        let columns = ScalarColumns.convert([(3, 3), (1, 5), (1, 1), (1, 4), (3, 3)], in: source)
        #expect(columns == [2, 4, 1, 3, 2])
    }

    @Test func conversionKeepsPlacesOutsideTheText() {
        // A line the text does not have keeps its column; a column past its line's end counts
        // the whole line ("aé" is 2 scalars → 3).
        let columns = ScalarColumns.convert([(5, 9), (1, 40), (0, 7)], in: "aé\nb")
        #expect(columns == [9, 3, 7])
    }
}
