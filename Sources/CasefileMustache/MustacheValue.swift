/// A name as a template wrote it, resolved once when the template is parsed: its text, and its
/// place in the vocabulary the library was made with (`code`), or -1 when the vocabulary does not
/// have it. Typed view models switch on `code`; dictionary-like values look up `name`.
public struct MustacheKey: Sendable, Hashable {
    public let name: String
    public let code: Int

    public init(name: String, code: Int) {
        self.name = name
        self.code = code
    }
}

/// Something a template can look names up in: a page, a row, a link. `value(for:)` answers nil
/// for a name it does not have, and the lookup goes on down the context stack; asked the same
/// name again it answers the same (a rendering may remember an answer). Objects are classes: a
/// value on the context stack, or in a list, is one reference to copy.
public protocol MustacheObject: AnyObject, Sendable {
    func value(for key: MustacheKey) -> MustacheValue?
    /// What a section rendered for this object is remembered by (`MemoSlots`), or nil (the
    /// default): only for an object whose answers never change.
    var memo: MemoIdentity? { get }
}

/// A value in a template's context.
///
/// Sections follow the dialect this project's templates were written for (Templates/README.md): only
/// `false`, a missing name and an empty list are falsy; any text (even empty) and any object
/// render a section once, pushed on the context stack; a list renders it once per element;
/// `true` renders it once without pushing anything.
public enum MustacheValue: Sendable {
    case text(HTMLText)
    case bool(Bool)
    case list([MustacheValue])
    case object(any MustacheObject)
    /// A present name with no value: prints nothing, is falsy, and stops the lookup.
    case null

    public static func string(_ s: String) -> MustacheValue { .text(HTMLText(s)) }
    public static func int(_ n: Int) -> MustacheValue { .text(HTMLText(trusted: String(n))) }
}

/// A context made of a dictionary: for values whose keys are data (tests, the Mustache
/// specification's cases), not for pages, which have typed view models.
public final class MustacheDictionary: MustacheObject {
    public let values: [String: MustacheValue]

    public init(_ values: [String: MustacheValue]) {
        self.values = values
    }

    public func value(for key: MustacheKey) -> MustacheValue? {
        values[key.name]
    }
}
