/// A short, stable fingerprint of a file's bytes, for names that change when the content does
/// (`casefile.1a2b3c4d.css`): 64-bit FNV-1a, the first 8 hex digits. Not cryptographic — it only
/// has to tell versions of one file apart, so that a browser never keeps a stale stylesheet.
package enum ContentHash {
    package static func hex8(_ text: String) -> String {
        String(hex16(text).prefix(8))
    }

    /// All 16 hex digits (a record's fingerprint in `validation/digest.json`).
    package static func hex16(_ text: String) -> String {
        hex16(bytes: text.utf8)
    }

    package static func hex16(bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
