import Testing
@testable import CasefileModel

/// Byte offsets of a text to 1-based lines and byte columns.
@Suite struct LineTableTests {
    @Test func offsetsToLinesAndColumns() {
        // a b \n c d \n \n x: lines start at offsets 0, 3, 6 and 7.
        let table = LineTable(Array("ab\ncd\n\nx".utf8))
        let at = { (offset: Int) in table.location(of: offset) }
        #expect(at(0) == LineColumn(line: 1, column: 1))
        #expect(at(1) == LineColumn(line: 1, column: 2))
        #expect(at(2) == LineColumn(line: 1, column: 3))  // the line's own "\n"
        #expect(at(3) == LineColumn(line: 2, column: 1))
        #expect(at(5) == LineColumn(line: 2, column: 3))
        #expect(at(6) == LineColumn(line: 3, column: 1))  // the empty line
        #expect(at(7) == LineColumn(line: 4, column: 1))
        #expect(at(8) == LineColumn(line: 4, column: 2))  // the end of the text
    }

    @Test func columnsCountBytes() {
        // "é" is two bytes: "b" after it is column 3; the line after starts at offset 4.
        let table = LineTable(Array("éb\nc".utf8))
        #expect(table.location(of: 2) == LineColumn(line: 1, column: 3))
        #expect(table.location(of: 4) == LineColumn(line: 2, column: 1))
    }

    @Test func anEmptyTextIsOneLine() {
        #expect(LineTable([]).location(of: 0) == LineColumn(line: 1, column: 1))
        // A text that ends in "\n" has an empty last line.
        #expect(LineTable(Array("a\n".utf8)).location(of: 2) == LineColumn(line: 2, column: 1))
    }

    @Test func aLongTextAgreesWithCountingByHand() {
        // Lines of lengths 0, 1, 2, … 199 (each plus its "\n"): binary search against a walk.
        let text = (0..<200).map { String(repeating: "x", count: $0) }.joined(separator: "\n")
        let bytes = Array(text.utf8)
        let table = LineTable(bytes)
        var line = 1, column = 1
        for offset in 0..<bytes.count {
            #expect(table.location(of: offset) == LineColumn(line: line, column: column))
            if bytes[offset] == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
    }
}
