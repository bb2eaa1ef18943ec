/// The bytes of a case file as text: UTF-8 only, a leading byte-order mark skipped (editors on
/// Windows write one), and where the bytes are not UTF-8, the place of the first bad one.
enum TextDecoding {
    enum Result: Sendable, Equatable {
        case text(String)
        /// The first byte that is not UTF-8, as editors count: line, and column in characters.
        case invalid(line: Int, column: Int)
    }

    static func decode(_ bytes: [UInt8]) -> Result {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let body = bytes[start...]
        if let text = String(validating: body, as: UTF8.self) { return .text(text) }
        // Not UTF-8: walk the scalars to the first bad byte, counting lines and columns.
        var line = 1, column = 1
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = body.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(scalar):
                if scalar.count == 1, scalar.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .error:
                return .invalid(line: line, column: column)
            case .emptyInput:
                return .invalid(line: line, column: column)
            }
        }
    }

    /// A note's text: like `decode`, but a note that is not UTF-8 is still read, each bad
    /// sequence shown as U+FFFD, and the place of the first one returned beside it.
    static func note(_ bytes: [UInt8]) -> (text: String, invalidAt: (line: Int, column: Int)?) {
        switch decode(bytes) {
        case let .text(text): return (text, nil)
        case let .invalid(line, column):
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            return (String(decoding: bytes[start...], as: UTF8.self), (line, column))
        }
    }
}
