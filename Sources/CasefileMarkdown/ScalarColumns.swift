/// Turns the byte columns cmark reports into the columns people and editors count: 1-based, in
/// Unicode scalars of the line. All the places of one note are converted in one pass over its
/// text, so the cost is linear in the text (plus sorting the places), however many places share
/// a line: counting each one from its line's start made a long line full of links quadratic.
enum ScalarColumns {
    /// The scalar column of each 1-based (line, byte column) place in `source`, in the order
    /// given. Lines end at "\n", "\r\n" or a lone "\r", as cmark counts them. A place on a line
    /// the text does not have, or at byte column 1 or less, keeps its column; a column past the
    /// end of its line counts the whole line.
    static func convert(_ places: [(line: Int, byteColumn: Int)], in source: String) -> [Int] {
        guard !places.isEmpty else { return [] }
        var columns = places.map(\.byteColumn)
        let order = places.indices.sorted {
            (places[$0].line, places[$0].byteColumn) < (places[$1].line, places[$1].byteColumn)
        }
        var text = source
        text.withUTF8 { bytes in
            let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
            var line = 1, lineStart = 0
            // How far `line` has been read: `offset` bytes of the text, `scalars` of them on the line.
            var offset = 0, scalars = 0
            for i in order {
                let (wanted, byteColumn) = places[i]
                guard wanted >= 1, byteColumn > 1 else { continue }
                // Move to the start of the wanted line; past the last line the column stays.
                while line < wanted, offset < bytes.count {
                    let b = bytes[offset]
                    offset += 1
                    guard b == lf || b == cr else { continue }
                    if b == cr, offset < bytes.count, bytes[offset] == lf { offset += 1 }
                    line += 1
                    lineStart = offset
                    scalars = 0
                }
                guard line == wanted else { continue }
                // Count the scalars before the column, stopping at the line's end.
                let target = lineStart + byteColumn - 1
                while offset < target, offset < bytes.count, bytes[offset] != lf, bytes[offset] != cr {
                    if bytes[offset] & 0xC0 != 0x80 { scalars += 1 }
                    offset += 1
                }
                columns[i] = scalars + 1
            }
        }
        return columns
    }
}
