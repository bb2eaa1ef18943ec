/// The three record collections of a case.
public enum CaseCollection: String, Sendable, Hashable, CaseIterable, Codable {
    case fruits, animals, bulletins

    /// "a fruit", "an animal", "a bulletin".
    public var withArticle: String {
        (self == .animals ? "an " : "a ") + singular
    }

    /// The singular used in case links (`animal:ID`) and messages.
    public var singular: String {
        switch self {
        case .fruits: "fruit"
        case .animals: "animal"
        case .bulletins: "bulletin"
        }
    }
}
