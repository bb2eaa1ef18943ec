import Foundation
import Yams
import CasefileModel

/// One YAML or JSON file of the case, parsed into Yams nodes with their positions kept: YAML by
/// Yams' composer, JSON (a `.json` file) by `JSONReader`, strictly. A file that does not parse
/// gives a `syntax` diagnostic at the place the parser stopped, never a trap.
package struct DataFile {
    /// The path below the case folder (`animals.yaml`).
    let path: String
    package let root: Node?
    /// The text as read (empty when it was not UTF-8).
    package var text = ""

    static let syntaxFix = "Fix the syntax at this place; the rest of the file was not read."

    /// Parses the bytes of a data file: JSON when `json`, else YAML. A UTF-8 byte-order mark is
    /// skipped; bytes that are not UTF-8 are a `syntax` problem at the first of them.
    package static func parse(_ bytes: [UInt8], path: String, json: Bool, problems: inout [Diagnostic]) -> DataFile {
        let text: String
        switch TextDecoding.decode(bytes) {
        case let .text(decoded):
            text = decoded
        case let .invalid(line, column):
            problems.append(Diagnostic(rule: .syntax, message: "the file is not UTF-8 text: the bytes here are not UTF-8",
                                       location: SourceLocation(path: path, line: line, column: column),
                                       fix: "Save the file as UTF-8."))
            return DataFile(path: path, root: nil)
        }
        if json {
            do {
                return DataFile(path: path, root: try JSONReader.read(text), text: text)
            } catch {
                problems.append(Diagnostic(rule: .syntax, message: error.message,
                                           location: SourceLocation(path: path, line: error.line, column: error.column),
                                           fix: syntaxFix))
            }
            return DataFile(path: path, root: nil, text: text)
        }
        do {
            return DataFile(path: path, root: try Yams.compose(yaml: text), text: text)
        } catch let error as YamlError {
            problems.append(syntaxDiagnostic(error, path: path, text: text))
        } catch {
            problems.append(Diagnostic(rule: .syntax, message: "\(error)", location: SourceLocation(path: path, line: 1, column: 1)))
        }
        return DataFile(path: path, root: nil, text: text)
    }

    private static func syntaxDiagnostic(_ error: YamlError, path: String, text: String) -> Diagnostic {
        var message = "the file does not parse"
        var location = SourceLocation(path: path, line: 1, column: 1)
        switch error {
        case let .scanner(context, problem, m, _), let .parser(context, problem, m, _), let .composer(context, problem, m, _):
            message = problem + (context.map { " \($0.text)" } ?? "")
            location = SourceLocation(path: path, mark: m)
        case let .reader(problem, offset, _, _):
            message = problem
            if let offset { location = locationAt(byteOffset: offset, in: text, path: path) }
        case let .duplicatedKeysInMapping(duplicates, context):
            message = "duplicate key \(duplicates.map { "\"\($0)\"" }.joined(separator: ", ")) \(context.text)"
            location = SourceLocation(path: path, mark: context.mark)
        default:
            message = "\(error)"
        }
        return Diagnostic(rule: .syntax, message: message.trimmingCharacters(in: .whitespaces),
                          location: location,
                          fix: syntaxFix)
    }

    private static func locationAt(byteOffset: Int, in text: String, path: String) -> SourceLocation {
        let bytes = text.utf8.prefix(byteOffset)
        let line = bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lastLine = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).last ?? []
        let column = (String(decoding: lastLine, as: UTF8.self).unicodeScalars.count) + 1
        return SourceLocation(path: path, line: line, column: column)
    }
}
