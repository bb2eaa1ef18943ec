import Hummingbird
import NIOCore

/// The fields of an `application/x-www-form-urlencoded` body, in the order sent, a name that
/// comes more than once kept each time (a list such as `favoriteFruits` is sent that way).
/// `+` is a space and `%XX` a byte; the bytes of each name and value must be UTF-8.
public struct FormFields: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            (self.name, self.value) = (name, value)
        }
    }

    public private(set) var fields: [Field]

    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// The first value of `name`, if any.
    public subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    /// Why a body is not a form within the limits.
    public enum Failure: Error, Sendable, Equatable {
        case tooLarge(bytes: Int)
        case tooManyFields
        case nameTooLong
        case valueTooLong
        case badEscape
        case notUTF8

        /// 413 for a form past a bound, 400 for one that is not well formed.
        public var refusal: Refusal {
            switch self {
            case .tooLarge(let bytes):
                Refusal(.contentTooLarge, "The form is larger than \(bytes) bytes, the most casefile serve reads. Nothing was written.")
            case .tooManyFields: Refusal(.contentTooLarge, "The form has too many fields. Nothing was written.")
            case .nameTooLong: Refusal(.contentTooLarge, "A field's name is too long. Nothing was written.")
            case .valueTooLong: Refusal(.contentTooLarge, "A field's value is too long. Nothing was written.")
            case .badEscape:
                Refusal(.badRequest, "The form has a % not followed by two hexadecimal digits. Nothing was written.")
            case .notUTF8: Refusal(.badRequest, "The form is not UTF-8. Nothing was written.")
            }
        }
    }

    /// Parses `body` (the bytes after the request head), within `limits`.
    public init(parsing body: some Collection<UInt8>, limits: FormLimits = FormLimits()) throws(Failure) {
        guard body.count <= limits.bodyBytes else { throw .tooLarge(bytes: limits.bodyBytes) }
        var fields: [Field] = []
        for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            guard fields.count < limits.fields else { throw .tooManyFields }
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            let name = try Self.decode(pair[..<(equals ?? pair.endIndex)], limit: limits.nameBytes, tooLong: .nameTooLong)
            var value = ""
            if let equals {
                value = try Self.decode(pair[pair.index(after: equals)...], limit: limits.valueBytes, tooLong: .valueTooLong)
            }
            fields.append(Field(name, value))
        }
        self.fields = fields
    }

    /// Parses a collected body.
    public init(parsing body: ByteBuffer, limits: FormLimits = FormLimits()) throws(Failure) {
        try self.init(parsing: body.readableBytesView, limits: limits)
    }

    private static func decode(_ encoded: some Collection<UInt8>, limit: Int, tooLong: Failure) throws(Failure) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(encoded.count, limit))
        var index = encoded.startIndex
        while index != encoded.endIndex {
            let byte = encoded[index]
            encoded.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index != encoded.endIndex, let high = hexValue(encoded[index]) else { throw .badEscape }
                encoded.formIndex(after: &index)
                guard index != encoded.endIndex, let low = hexValue(encoded[index]) else { throw .badEscape }
                encoded.formIndex(after: &index)
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
            guard bytes.count <= limit else { throw tooLong }
        }
        // Strict: no overlong forms, no surrogates, nothing cut short.
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break decoding
            case .error: throw .notUTF8
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
