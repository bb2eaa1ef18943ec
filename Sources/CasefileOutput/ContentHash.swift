/// A short, stable fingerprint of a file's bytes, for names that change when the content does
/// (`casefile.1a2b3c4d.css`): 64-bit FNV-1a, the first 8 hex digits. Not cryptographic — it only
/// has to tell versions of one file apart, so that a browser never keeps a stale stylesheet.
package enum ContentHash {
    package static func hex8(_ text: String) -> String {
        String(hex16(text).prefix(8))
    }

    /// All 16 hex digits (a record's fingerprint in `validation/digest.json`).
    package static func hex16(_ text: String) -> String {
        hex16(bytes: Array(text.utf8))
    }

    /// Of bytes in an array: a plain loop (over a generic sequence, unspecialised across modules,
    /// each byte cost a call through its witness table: 2.5 % of a publish's CPU on the 10k case).
    package static func hex16(bytes: [UInt8]) -> String {
        var hash = FNV64()
        var i = 0
        while i < bytes.count {
            hash.add(bytes[i])
            i += 1
        }
        let hex = String(hash.value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// 64-bit FNV-1a, fed a byte at a time: a hash that can be carried on from a prefix (publish's
/// checks hash a page's folder once and each link's path from there).
package struct FNV64: Hashable, Sendable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    @inline(__always)
    package mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    package mutating func add(_ text: String) {
        for byte in text.utf8 { add(byte) }
    }
}
