import Foundation

/// How the JSON and SARIF reports are written: indented, keys sorted (so that two reports of one
/// case are the same bytes), slashes as they are, and a newline at the end.
enum ReportEncoding {
    static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
