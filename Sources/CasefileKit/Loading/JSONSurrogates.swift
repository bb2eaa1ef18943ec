/// libyaml, which reads Casefile's JSON too, refuses a surrogate pair written as two escapes
/// (`"\ud83e\udd8a"`), which ASCII-only JSON exporters write for every emoji. Such pairs are
/// rewritten as the one YAML escape for the same character (`\U0001F98A`); everything else,
/// escaped backslashes included, is left as it is. Only a text that holds one pays. The rewrite
/// is two characters shorter than the pair, so it says where, to put columns back as written.
enum JSONSurrogates {
    struct Rewritten: Sendable {
        var text: String
        var shifts = ColumnShifts()
    }

    static func rewrite(_ text: String) -> Rewritten {
        guard hasSurrogateEscape(text) else { return Rewritten(text: text) }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var shifts = ColumnShifts()
        // The line and column (in Unicode scalars, as libyaml counts) of the next byte written.
        var line = 1, column = 1
        func write(_ written: some Sequence<UInt8>) {
            for byte in written {
                out.append(byte)
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
        }
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            guard b == UInt8(ascii: "\\"), i + 1 < bytes.count else {
                write(CollectionOfOne(b))
                i += 1
                continue
            }
            if bytes[i + 1] == UInt8(ascii: "u"), let high = hex4(bytes, i + 2), (0xD800...0xDBFF).contains(high),
               i + 11 < bytes.count, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u"),
               let low = hex4(bytes, i + 8), (0xDC00...0xDFFF).contains(low) {
                let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                var hex = String(scalar, radix: 16, uppercase: true)
                while hex.count < 8 { hex = "0" + hex }
                write("\\U\(hex)".utf8)
                shifts.add(line: line, column: column)
                i += 12
            } else {
                // Any other escape, `\\` included, is copied whole so that its second character is
                // never read as the start of an escape.
                write([b, bytes[i + 1]])
                i += 2
            }
        }
        return Rewritten(text: String(decoding: out, as: UTF8.self), shifts: shifts)
    }

    /// Whether `\ud` or `\uD` occurs: one pass over the bytes, copying nothing (Foundation's
    /// `contains` cost a tenth of loading a large clean case). An escaped backslash before `ud`
    /// also says yes; `rewrite` then leaves it as it is.
    private static func hasSurrogateEscape(_ text: String) -> Bool {
        var last: UInt8 = 0, beforeLast: UInt8 = 0
        for byte in text.utf8 {
            if beforeLast == UInt8(ascii: "\\"), last == UInt8(ascii: "u"),
               byte == UInt8(ascii: "d") || byte == UInt8(ascii: "D") {
                return true
            }
            beforeLast = last
            last = byte
        }
        return false
    }

    private static func hex4(_ bytes: [UInt8], _ at: Int) -> Int? {
        guard at + 4 <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[at..<(at + 4)] {
            guard let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { return nil }
            value = value * 16 + digit
        }
        return value
    }
}

/// Where a rewrite made lines shorter: each rewritten surrogate pair is 2 characters shorter than
/// the 12 the author wrote, so a place after it on the same line is put back by 2.
struct ColumnShifts: Sendable, Hashable {
    /// By line, the columns (1-based, in the rewritten text) just after each rewritten pair.
    private var after: [Int: [Int]] = [:]

    var isEmpty: Bool { after.isEmpty }

    mutating func add(line: Int, column: Int) {
        after[line, default: []].append(column)
    }

    /// The place as the author wrote it.
    func original(_ place: SourceLocation) -> SourceLocation {
        guard let columns = after[place.line] else { return place }
        let shortened = columns.count { $0 <= place.column }
        return SourceLocation(path: place.path, line: place.line, column: place.column + 2 * shortened)
    }
}
