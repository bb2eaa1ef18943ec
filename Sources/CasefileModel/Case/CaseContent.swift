/// Everything a case folder holds, loaded: the settings, the three collections in file order,
/// and the notes. Values only; where each record was written is kept in `origins`.
public struct CaseContent: Sendable, Hashable {
    public var site: SiteSettings
    public var fruits: [Fruit]
    public var animals: [Animal]
    public var bulletins: [Bulletin]
    /// Notes by collection, then by the record id their file names (which may name no record).
    public var notes: [CaseCollection: [String: Note]]
    /// The case's own UI string tables (`i18n/<tag>.yaml`), which override or add to the built-in ones.
    public var translations: [StringTable]

    public init(site: SiteSettings, fruits: [Fruit] = [], animals: [Animal] = [], bulletins: [Bulletin] = [],
                notes: [CaseCollection: [String: Note]] = [:], translations: [StringTable] = []) {
        self.site = site
        self.fruits = fruits
        self.animals = animals
        self.bulletins = bulletins
        self.notes = notes
        self.translations = translations
    }

    /// The interview note of an animal, if it has one.
    public func note(for id: Animal.ID) -> Note? { notes[.animals]?[id.rawValue] }

    /// The note of a bulletin, if it has one.
    public func note(for id: Bulletin.ID) -> Note? { notes[.bulletins]?[id.rawValue] }
}

/// Where each record of each collection was written, parallel to the collections' arrays.
public struct SourceMap: Sendable, Hashable {
    public var fruits: [RecordOrigin] = []
    public var animals: [RecordOrigin] = []
    public var bulletins: [RecordOrigin] = []
    /// The file each collection was read from, when it exists.
    public var files: [CaseCollection: String] = [:]

    public init() {}

    public subscript(collection: CaseCollection) -> [RecordOrigin] {
        switch collection {
        case .fruits: fruits
        case .animals: animals
        case .bulletins: bulletins
        }
    }
}
