import CasefileModel

/// The URL fragment of each record: its id when the id is a slug (the common case, so URLs read
/// `index.html#fish`), otherwise a safe spelling of it; a repeated id gets `__2`, `__3`. Fragments
/// never contain `_` unless generated, so they cannot clash with detent markers (`fish_medium`).
public struct Fragments: Sendable {
    public let fruits: [String]
    public let animals: [String]
    public let bulletins: [String]

    public init(_ caseContent: CaseContent) {
        fruits = Self.make(caseContent.fruits.map(\.id.rawValue))
        animals = Self.make(caseContent.animals.map(\.id.rawValue))
        bulletins = Self.make(caseContent.bulletins.map(\.id.rawValue))
    }

    public subscript(collection: CaseCollection) -> [String] {
        switch collection {
        case .fruits: fruits
        case .animals: animals
        case .bulletins: bulletins
        }
    }

    static func make(_ ids: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return ids.map { id in
            let base = safe(id)
            let n = (seen[base] ?? 0) + 1
            seen[base] = n
            return n == 1 ? base : "\(base)__\(n)"
        }
    }

    /// A slug as it is; anything else as `_x` and the hex of its UTF-8 bytes.
    static func safe(_ id: String) -> String {
        if Slug.isValid(id) { return id }
        let hexDigits = Array("0123456789abcdef")
        var out = "_x"
        for byte in id.utf8 {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 15)])
        }
        return out
    }
}
