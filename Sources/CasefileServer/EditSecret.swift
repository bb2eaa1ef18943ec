/// The secret of one run of `casefile serve`: 32 random bytes, written as 64 hexadecimal digits.
/// The editor's forms carry it in their `_secret` field, so that only a page this very run served
/// can write: a page from elsewhere cannot read it, and a secret from an earlier run, or from
/// another server, does not match.
public struct EditSecret: Sendable, CustomStringConvertible {
    /// The 64 lowercase hexadecimal digits, as a form carries them.
    public let hex: String

    /// A new secret from the system's random number generator.
    public init() {
        var generator = SystemRandomNumberGenerator()
        hex = (0..<32).map { _ in Self.hexByte(UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// A given secret (tests); nil unless it is 64 hexadecimal digits.
    public init?(hex: String) {
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ Self.isHexDigit($0) }) else { return nil }
        self.hex = hex.lowercased()
    }

    /// Whether `candidate` is this secret. The time taken does not depend on where the two first
    /// differ (only on the candidate's length), so the secret cannot be guessed digit by digit.
    public func matches(_ candidate: String) -> Bool {
        let expected = Array(hex.utf8)
        let given = Array(candidate.utf8)
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= expected[index] ^ given[index] }
        return difference == 0
    }

    /// Never the secret itself, so that it does not end up in a log.
    public var description: String { "EditSecret(…)" }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte)
    }
}
