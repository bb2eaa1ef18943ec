import Foundation

/// A BCP 47 language tag as `site.yaml` writes it (`de-CH`, `zh-Hant-TW`, `ar`): its subtags, the
/// chain of tags its strings fall back through, and the direction its script is written in.
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// The tag as written, with `_` read as `-`.
    public let description: String
    /// The subtags, lowercased: `["de", "ch"]`.
    public let subtags: [String]

    /// Nil when `text` is not a well-formed tag: a primary language subtag of 2–3 (or 5–8)
    /// letters, then subtags of 1–8 letters or digits.
    public init?(_ text: String) {
        let parts = text.replacingOccurrences(of: "_", with: "-").split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count) || (5...8).contains(first.count),
              first.allSatisfy({ $0.isASCII && $0.isLetter }),
              parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        self.description = parts.joined(separator: "-")
        self.subtags = parts.map { $0.lowercased() }
    }

    /// The primary language: `de` for `de-CH`.
    public var language: String { subtags[0] }

    /// The tags to look a string up in, most specific first, ending at the bare language:
    /// `de-ch` → `["de-ch", "de"]`. (English, every table's last resort, is not in it.)
    public var fallbackChain: [String] {
        (1...subtags.count).reversed().map { subtags.prefix($0).joined(separator: "-") }
    }

    /// Whether the language is written right to left: Arabic, Hebrew, Persian, Urdu and the other
    /// languages whose usual script runs that way, or any tag naming such a script (`-Arab`,
    /// `-Hebr`); a Latin or Cyrillic script subtag makes it left to right (`az-Latn`).
    public var isRightToLeft: Bool {
        for subtag in subtags.dropFirst() where subtag.count == 4 {
            return Self.rightToLeftScripts.contains(subtag)
        }
        return Self.rightToLeftLanguages.contains(language)
    }

    /// `rtl` or `ltr`, for `<html dir>`.
    public var direction: String { isRightToLeft ? "rtl" : "ltr" }

    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ku", "lrc", "mzn", "nqo", "pa-arab", "ps", "sd", "syr",
        "ug", "ur", "yi",
    ]
    static let rightToLeftScripts: Set<String> = ["arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg", "mand", "samr"]
}
