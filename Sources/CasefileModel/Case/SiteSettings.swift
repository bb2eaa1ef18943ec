/// site.yaml: the settings of one case's site.
public struct SiteSettings: Sendable, Hashable {
    public var title: String
    public var description: String?
    public var baseURL: String?
    /// An IANA time zone name; sleep schedules are wall-clock times in it.
    public var timeZone: String = "UTC"
    public var language: String = "en"
    /// Rows per table page (and per listing page). 50: a page of a hundred records, each with its
    /// inspector panel, came to 1 MB and 21,000 elements, and a phone took twice as long to tick a
    /// chip on it as on a page of fifty (Scripts/reader-bench.py).
    public var pageSize: Int = 50
    public var inspector = InspectorSettings()
    public var sheet = SheetSettings()
    /// Pass raw HTML in notes through.
    public var unsafeHTML = false
    /// Write the data exports (`data/`) and link them from the tables.
    public var exports = true
    /// Write `bulletins.atom` and link it from the pages.
    public var feed = true
    /// How many bulletins the feed holds, the newest first (`feed: {limit: N}`); 0 holds every one.
    public var feedLimit = 50
    /// Filter chips above the tables (and, for a table longer than a page, a listing per value).
    public var filters = true
    /// Every table in every column's order, linked from the column headers.
    public var orders = true
    /// The order each table's pages list their records in; a table not named follows its file.
    public var defaultOrder: [SiteTable: TableOrder] = [:]
    /// The largest data file and note the loader reads.
    public var limits = ReadLimits()
    /// Severity overrides by rule id; nil turns a rule off.
    public var ruleSeverities: [Rule: Severity?] = [:]

    public init(title: String) {
        self.title = title
    }

    /// Whether a rule is on in this case.
    public func reports(_ rule: Rule) -> Bool { severity(of: rule) != nil }

    /// The severity a rule has in this case, nil when it is off.
    public func severity(of rule: Rule) -> Severity? {
        if let override = ruleSeverities[rule] { return override }
        return rule.defaultSeverity
    }
}

public struct InspectorSettings: Sendable, Hashable {
    public enum Placement: String, Sendable, Hashable, CaseIterable {
        case fullHeight, underToolbar
    }

    public var minWidth: Double = 200
    public var idealWidth: Double = 300
    public var maxWidth: Double = 400
    public var placement: Placement = .fullHeight
    public var presented = true
    public var compactBelow: Double = 700
    /// From `compactBelow` up to this width the column overlays the table instead of narrowing
    /// it (as SwiftUI's inspector does in iPad split screen); at or below `compactBelow`, never.
    public var overlayBelow: Double = 1000

    public init() {}

    /// The fragment that page links carry while the toolbar's switch is not in its starting state
    /// (`presented`), so that the next page starts the same way: `_collapsed`, or `_presented`.
    public var carriedFragment: String { presented ? "_collapsed" : "_presented" }
}

public struct SheetSettings: Sendable, Hashable {
    public var detents: [Detent] = [.height(200), .medium, .large]
    /// At this detent and lower the page behind is not dimmed; nil (`none`) dims at every detent.
    public var backgroundInteractionUpThrough: Detent? = .height(200)
    /// The radius of the sheet's top corners in CSS px, as `presentationCornerRadius` sets it.
    public var cornerRadius: Double = 12
    /// What the sheet is made of, as `presentationBackground` sets it.
    public var background: SheetBackground = .material(.regularMaterial)

    public init() {}

    /// Whether the sheet dims the page behind it when resting at `detent`.
    public func dims(at detent: Detent) -> Bool {
        guard let limit = backgroundInteractionUpThrough,
              let limitIndex = detents.firstIndex(of: limit),
              let index = detents.firstIndex(of: detent) else { return true }
        return index > limitIndex
    }
}

/// A height the bottom sheet rests at.
public enum Detent: Sendable, Hashable, CustomStringConvertible {
    case height(Double)
    case medium
    case large

    /// The name in site.yaml and in `data-detent`: `200`, `medium`, `large`.
    public var description: String {
        switch self {
        case let .height(h): h == h.rounded() ? String(Int(h)) : String(h)
        case .medium: "medium"
        case .large: "large"
        }
    }

    package init?(name: String) {
        switch name {
        case "medium": self = .medium
        case "large": self = .large
        default:
            guard let h = Double(name), h.isFinite, h > 0, h < 100_000 else { return nil }
            self = .height(h)
        }
    }
}

/// The sheet's background: one of SwiftUI's materials (a translucent tint over the page, blurred
/// where the engine can), or a colour (opaque).
public enum SheetBackground: Sendable, Hashable {
    case material(Material)
    /// A CSS colour, checked (`CSSColor.isValid`).
    case color(String)

    public enum Material: String, Sendable, CaseIterable {
        case ultraThinMaterial, thinMaterial, regularMaterial, thickMaterial
    }

    /// Reads `thinMaterial` or a CSS colour; nil for anything else.
    public init?(name: String) {
        if let material = Material(rawValue: name) {
            self = .material(material)
        } else if CSSColor.isValid(name) {
            self = .color(name)
        } else {
            return nil
        }
    }
}
