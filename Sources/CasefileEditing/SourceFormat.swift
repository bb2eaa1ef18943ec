/// How a case file is written: YAML or JSON, as its extension says.
public enum SourceFormat: Sendable, Hashable {
    case yaml, json

    /// The format of a file named `name`: JSON for `.json`, YAML otherwise (`.yaml`, `.yml`).
    public init(fileName name: String) {
        self = name.lowercased().hasSuffix(".json") ? .json : .yaml
    }
}
