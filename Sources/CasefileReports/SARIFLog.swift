import CasefileModel

/// The part of a SARIF 2.1.0 log that the SARIF report writes: one run, its tool's rules, its
/// results with their places. Names are SARIF's own.
struct SARIFLog: Encodable {
    struct Text: Encodable { var text: String }
    struct Configuration: Encodable { var level: String }
    struct RuleDescriptor: Encodable {
        var id: String
        var shortDescription: Text
        var fullDescription: Text
        var defaultConfiguration: Configuration
    }
    struct Driver: Encodable {
        var name = "casefile"
        var version = CasefileVersion.current
        var rules: [RuleDescriptor]
    }
    struct Tool: Encodable { var driver: Driver }
    struct ArtifactLocation: Encodable { var uri: String }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }
    struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Text?
    }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var relatedLocations: [Location]?
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }

    var schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema", version, runs
    }
}
