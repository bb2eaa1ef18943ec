import CasefileMustache
import Foundation
import Testing

// The official Mustache specification's cases (github.com/mustache/spec, `specs/*.json`), run
// against CasefileMustache. The specification's text is not part of this repository: these tests
// run only when the environment variable MUSTACHE_SPEC_DIR names a folder holding the spec's
// JSON files (interpolation, sections, inverted, comments, partials, delimiters, ~inheritance),
// and the suite is disabled otherwise:
//
//     MUSTACHE_SPEC_DIR=/path/to/spec/specs swift test --filter CasefileMustacheTests
//
// Lambdas (`~lambdas.json`) and dynamic names (`~dynamic-names.json`) are not part of this
// dialect; leave those files out of the folder.

/// One case of the specification: where it comes from, and what it needs.
struct SpecificationCase: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let data: MustacheValue
    let template: String
    let partials: [String: String]
    let expected: String
    /// Set when the file could not be read as specification cases: the case then fails with it.
    var problem: String? = nil

    var testDescription: String { "\(file): \(name)" }

    /// The folder named by MUSTACHE_SPEC_DIR, if any.
    static let directory: URL? = {
        guard let path = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path, isDirectory: true)
    }()

    /// Every case of every `*.json` file in `directory`, in file order; a second case of the same
    /// name in one file gets its ordinal appended, so that each is reported on its own.
    static let all: [SpecificationCase] = {
        guard let directory else { return [] }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }
            .sorted()
        var cases: [SpecificationCase] = []
        for file in files {
            let url = directory.appendingPathComponent(file)
            guard let data = try? Data(contentsOf: url),
                  let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let tests = root["tests"] as? [[String: Any]]
            else {
                cases.append(SpecificationCase(file: file, name: "(unreadable)", data: .null, template: "", partials: [:],
                                               expected: "", problem: "not a specification file: no \"tests\" array"))
                continue
            }
            let stem = String(file.dropLast(".json".count))
            var seen: [String: Int] = [:]
            for test in tests {
                let name = test["name"] as? String ?? "?"
                seen[name, default: 0] += 1
                cases.append(SpecificationCase(
                    file: stem,
                    name: seen[name]! > 1 ? "\(name) (\(seen[name]!))" : name,
                    data: value(test["data"] ?? NSNull()),
                    template: test["template"] as? String ?? "",
                    partials: test["partials"] as? [String: String] ?? [:],
                    expected: test["expected"] as? String ?? ""
                ))
            }
        }
        return cases
    }()

    /// A JSON value as a template context: object → MustacheDictionary, array → list, string →
    /// text, true/false → bool, null → null, number → text of the number as the specification
    /// prints it (integers without a decimal point: 85 → "85"; 1.21 → "1.21").
    static func value(_ json: Any) -> MustacheValue {
        switch json {
        case let object as [String: Any]:
            return .object(MustacheDictionary(object.mapValues(value)))
        case let array as [Any]:
            return .list(array.map(value))
        case let string as String:
            return .string(string)
        case let number as NSNumber:
            // JSONSerialization gives true and false as boolean NSNumbers ("c"), integers as
            // integer ones and decimals as doubles.
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            let double = number.doubleValue
            if double == double.rounded(), abs(double) < 1e15 {
                return .text(HTMLText(String(number.int64Value)))
            }
            return .text(HTMLText("\(double)"))
        default:
            return .null
        }
    }
}

@Suite("Mustache specification", .enabled(if: SpecificationCase.directory != nil, "MUSTACHE_SPEC_DIR names no folder of the spec's JSON files"))
struct SpecificationTests {
    @Test("The folder holds specification cases")
    func folderHasCases() {
        #expect(!SpecificationCase.all.isEmpty, "no *.json file with cases in \(SpecificationCase.directory?.path ?? "?")")
    }

    @Test("Specification case", arguments: SpecificationCase.all)
    func specificationCase(_ spec: SpecificationCase) throws {
        if let problem = spec.problem {
            Issue.record("\(spec.file): \(problem)")
            return
        }
        var library = MustacheLibrary()
        for (name, source) in spec.partials {
            try library.register(source, named: name)
        }
        try library.register(spec.template, named: "(template)")
        let output = library.render(spec.data, template: "(template)")
        #expect(output == spec.expected, "template: \(spec.template.debugDescription)")
    }
}
