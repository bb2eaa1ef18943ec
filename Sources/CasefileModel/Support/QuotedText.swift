/// Text written between double quotes for another language to read back, each character it
/// cannot hold as is escaped: the one loop behind JSON strings and YAML double-quoted scalars
/// (the editor's writes) and CSS strings (the stylesheet's phrases). Each caller says only which
/// characters it escapes, and how.
package enum QuotedText {
    /// `text` between double quotes, each character for which `escape` gives a replacement
    /// written as that replacement, the others as they are.
    package static func quoted(_ text: String, escape: (Unicode.Scalar) -> String?) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            if let escaped = escape(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
        }
        return out + "\""
    }

    /// The backslash escapes JSON and YAML share: `\"`, `\\`, `\n`, `\t`, `\r`; nil for the
    /// other characters.
    package static func backslashed(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        case "\n": "\\n"
        case "\t": "\\t"
        case "\r": "\\r"
        default: nil
        }
    }

    /// `value` in uppercase hexadecimal, with leading zeros to `digits` digits.
    package static func hex(_ value: UInt32, digits: Int = 1) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
