import Foundation

/// One inotify event parsed from the bytes read off an inotify descriptor (struct inotify_event:
/// wd, mask, cookie, len as 32-bit host-order integers, then `len` bytes of NUL-padded name).
struct InotifyEvent: Sendable, Equatable {
    var watch: Int32
    var mask: UInt32
    var name: String

    static let headerSize = 16

    /// Every whole event in `data`.
    static func parse(_ data: Data) -> [InotifyEvent] {
        let bytes = [UInt8](data)
        var events: [InotifyEvent] = []
        var offset = 0
        while offset + headerSize <= bytes.count {
            let length = Int(word(bytes, offset + 12))
            guard offset + headerSize + length <= bytes.count else { break }
            let nameBytes = bytes[(offset + headerSize)..<(offset + headerSize + length)].prefix { $0 != 0 }
            events.append(InotifyEvent(watch: Int32(bitPattern: word(bytes, offset)), mask: word(bytes, offset + 4),
                                       name: String(decoding: nameBytes, as: UTF8.self)))
            offset += headerSize + length
        }
        return events
    }

    /// A 32-bit integer in the machine's byte order (little-endian on every Linux Swift runs on).
    private static func word(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        let value = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        return UInt32(littleEndian: value)
    }
}
