/// A field of a record or of site.yaml, by the key a case file writes it with. Readers ask for
/// fields by these constants, so a misspelt key is a compile error rather than a field that is
/// silently never read; the lists of each mapping's known keys are made of them too.
public struct FieldName: Sendable, Hashable, CustomStringConvertible {
    public let key: String

    private init(_ key: String) {
        self.key = key
    }

    /// A rule's entry in site.yaml's `validation.rules`.
    public init(rule: Rule) {
        self.key = rule.id
    }

    public var description: String { key }

    /// A key as a file wrote it, for a problem about a key Casefile does not know (an unknown
    /// field, a string table's key). Code that names a field it knows uses the constants.
    public init(asWritten key: String) {
        self.key = key
    }

    /// A field of a nested mapping, `parent.child` (`sleepSchedule.sleep`, `sheet.detents`).
    public func member(_ child: FieldName) -> FieldName {
        FieldName(key + "." + child.key)
    }

    // A record of any collection
    public static let id = FieldName("id")
    public static let name = FieldName("name")

    // fruits
    public static let color = FieldName("color")

    // animals
    public static let species = FieldName("species")
    public static let emoji = FieldName("emoji")
    public static let pawSize = FieldName("pawSize")
    public static let favoriteFruits = FieldName("favoriteFruits")
    public static let suspicionLevel = FieldName("suspicionLevel")
    public static let alibi = FieldName("alibi")
    public static let sleepSchedule = FieldName("sleepSchedule")

    // an animal's sleepSchedule
    public static let sleep = FieldName("sleep")
    public static let wake = FieldName("wake")

    // bulletins
    public static let fruit = FieldName("fruit")
    public static let nibbledAt = FieldName("nibbledAt")
    public static let location = FieldName("location")
    public static let bites = FieldName("bites")
    public static let reportedBy = FieldName("reportedBy")

    // site.yaml
    public static let title = FieldName("title")
    public static let description = FieldName("description")
    public static let baseURL = FieldName("baseURL")
    public static let timeZone = FieldName("timeZone")
    public static let language = FieldName("language")
    public static let pageSize = FieldName("pageSize")
    public static let exports = FieldName("exports")
    public static let feed = FieldName("feed")
    public static let limit = FieldName("limit")
    public static let filters = FieldName("filters")
    public static let orders = FieldName("orders")
    public static let defaultOrder = FieldName("defaultOrder")
    public static let inspector = FieldName("inspector")
    public static let sheet = FieldName("sheet")
    public static let markdown = FieldName("markdown")
    public static let validation = FieldName("validation")
    public static let limits = FieldName("limits")

    // site.yaml's inspector
    public static let minWidth = FieldName("minWidth")
    public static let idealWidth = FieldName("idealWidth")
    public static let maxWidth = FieldName("maxWidth")
    public static let placement = FieldName("placement")
    public static let presented = FieldName("presented")
    public static let compactBelow = FieldName("compactBelow")
    public static let overlayBelow = FieldName("overlayBelow")

    // site.yaml's sheet
    public static let detents = FieldName("detents")
    public static let cornerRadius = FieldName("cornerRadius")
    public static let background = FieldName("background")
    public static let backgroundInteractionUpThrough = FieldName("backgroundInteractionUpThrough")

    // site.yaml's markdown, limits and validation
    public static let unsafeHTML = FieldName("unsafeHTML")
    public static let dataFileMB = FieldName("dataFileMB")
    public static let noteMB = FieldName("noteMB")
    public static let rules = FieldName("rules")

    /// A table's entry in site.yaml's `defaultOrder`.
    public init(table: SiteTable) {
        self.key = table.rawValue
    }

    /// The keys each mapping may hold (a record's, from its kind's `RecordSchema`).
    public static var fruitFields: [FieldName] { RecordSchema.fruits.keys }
    public static var animalFields: [FieldName] { RecordSchema.animals.keys }
    public static var scheduleFields: [FieldName] { RecordSchema.animals.field(.sleepSchedule)?.type.members.map(\.name) ?? [] }
    public static var bulletinFields: [FieldName] { RecordSchema.bulletins.keys }
    public static let siteFields: [FieldName] = [.title, .description, .baseURL, .timeZone, .language, .pageSize, .exports,
                                                 .feed, .filters, .orders, .defaultOrder, .inspector, .sheet, .markdown,
                                                 .validation, .limits]
    public static let inspectorFields: [FieldName] = [.minWidth, .idealWidth, .maxWidth, .placement, .presented, .compactBelow,
                                                      .overlayBelow]
    public static let sheetFields: [FieldName] = [.detents, .backgroundInteractionUpThrough, .cornerRadius, .background]
}
