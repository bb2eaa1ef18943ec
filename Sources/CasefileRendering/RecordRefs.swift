import CasefileMustache
import Synchronization
import CasefileLocalization
import CasefileModel
import CasefileSite
import CasefileValidation

/// Every record as other pages mention it (a name, a swatch, a link), built and escaped once per
/// build for each of the two page depths, so that a page listing thousands of mentions copies
/// references. They are immutable classes: a mention in a list is one pointer, not a copy of
/// a dozen strings.
package struct RecordRefs: Sendable {
    final class FruitMention: TemplateView, MustacheObject {
        let id, name, color, href: HTMLText
        /// The colour for CSS: `color` when it is a valid colour, else `transparent`.
        let swatchColor: HTMLText
        let known: Bool
        private let slots = AtomicLazyReference<MemoSlots>()
        /// Kept for the pages of a pass (`RecordRefs.kept`): its sections are remembered.
        private let remembered: Bool

        init(id: HTMLText, name: HTMLText, color: String, href: HTMLText, known: Bool, remembered: Bool = false) {
            (self.id, self.name, self.href, self.known, self.remembered) = (id, name, href, known, remembered)
            self.color = HTMLText(color)
            self.swatchColor = HTMLText(trusted: CSSColor.forCSS(color))
        }

        func value(_ field: TemplateField) -> MustacheValue? {
            switch field {
            case .id: .text(id)
            case .name: .text(name)
            case .color: .text(color)
            case .swatchColor: .text(swatchColor)
            case .href: .text(href)
            case .known: .bool(known)
            default: nil
            }
        }

        var memo: MemoIdentity? { remembered ? MemoIdentity(.of(slots)) : nil }
    }

    final class AnimalMention: TemplateView, MustacheObject {
        let id, name, emoji, species, href: HTMLText
        private let slots = AtomicLazyReference<MemoSlots>()
        private let remembered: Bool

        init(id: HTMLText, name: HTMLText, emoji: HTMLText, species: HTMLText, href: HTMLText, remembered: Bool = false) {
            (self.id, self.name, self.emoji, self.species, self.href) = (id, name, emoji, species, href)
            self.remembered = remembered
        }

        func value(_ field: TemplateField) -> MustacheValue? {
            switch field {
            case .id: .text(id)
            case .name: .text(name)
            case .emoji: .text(emoji)
            case .species: .text(species)
            case .href: .text(href)
            default: nil
            }
        }

        var memo: MemoIdentity? { remembered ? MemoIdentity(.of(slots)) : nil }
    }

    final class BulletinMention: TemplateView, MustacheObject {
        let id, href, when, datetime, location, fruitName: HTMLText
        private let slots = AtomicLazyReference<MemoSlots>()
        private let remembered: Bool

        init(id: HTMLText, href: HTMLText, when: HTMLText, datetime: HTMLText, location: HTMLText, fruitName: HTMLText,
             remembered: Bool = false) {
            (self.id, self.href, self.when, self.datetime, self.location, self.fruitName) = (id, href, when, datetime, location, fruitName)
            self.remembered = remembered
        }

        func value(_ field: TemplateField) -> MustacheValue? {
            switch field {
            case .id: .text(id)
            case .href: .text(href)
            case .when: .text(when)
            case .datetime: .text(datetime)
            case .location: .text(location)
            case .fruitName: .text(fruitName)
            default: nil
            }
        }

        var memo: MemoIdentity? { remembered ? MemoIdentity(.of(slots)) : nil }
    }

    /// A mention with whether the animal was asleep at that bulletin.
    final class Flagged: TemplateView, MustacheObject {
        let base: any TemplateView & MustacheObject
        let asleep: Bool

        init(base: any TemplateView & MustacheObject, asleep: Bool) {
            self.base = base
            self.asleep = asleep
        }

        func value(_ field: TemplateField) -> MustacheValue? {
            field == .asleep ? .bool(asleep) : base.value(field)
        }

        /// Its mention's, told apart by `asleep`: a flag made for each pair of records is
        /// remembered as one of the two flags of its mention.
        var memo: MemoIdentity? { base.memo.map { MemoIdentity($0.slots, variant: asleep ? 1 : 2) } }
    }

    /// By depth less one (1: a page one folder down, 2: a record's own page, whose mentions open
    /// the records' own pages), then by record index; nil for a depth not kept, whose mentions
    /// are made when asked. Depth 0, the pages at the root (the first page of the first table),
    /// is never kept: those pages mention a few hundred records, and keeping every record's
    /// mention for them took a third of this (66 MB at 100k).
    private let fruits: [[MustacheValue]?]
    private let animalViews: [[AnimalMention]?]
    private let bulletinViews: [[BulletinMention]?]
    private let whens: [(display: HTMLText, iso: HTMLText)]
    /// The charts above the Suspects and Bulletins tables (nil for an empty collection): they
    /// depend on the collections only, so they are made once too.
    let suspicionChart: MustacheValue?
    let nibbleChart: MustacheValue?
    /// Makes the mentions of a depth not kept.
    private let make: Maker

    /// Every record's mention at each of `depths` (of `kept`); at other depths they are made
    /// when asked. A build keeps one depth at a time, the one its pages of the moment link
    /// from (`keeping(_:)`): at 100k each depth's mentions are about 75 MB.
    package init(_ v: PlacedCase, depths: Set<Int> = Set(kept)) {
        let make = Maker(v)
        let c = v.caseContent
        whens = c.bulletins.indices.map(make.when)
        self.make = make
        (fruits, animalViews, bulletinViews) = Self.mentions(make, depths, whens)
        (suspicionChart, nibbleChart) = Self.charts(v)
    }

    /// The same mentions, keeping `depths` only: the times and charts are shared, a depth kept by
    /// both is shared, and another one is made.
    package func keeping(_ depths: Set<Int>) -> RecordRefs {
        RecordRefs(self, depths: depths)
    }

    private init(_ refs: RecordRefs, depths: Set<Int>) {
        (whens, suspicionChart, nibbleChart, make) = (refs.whens, refs.suspicionChart, refs.nibbleChart, refs.make)
        let made = Self.mentions(make, depths, whens, except: Set(Self.kept.filter { refs.animalViews[$0 - 1] != nil }))
        fruits = Self.kept.map { depths.contains($0) ? made.0[$0 - 1] ?? refs.fruits[$0 - 1] : nil }
        animalViews = Self.kept.map { depths.contains($0) ? made.1[$0 - 1] ?? refs.animalViews[$0 - 1] : nil }
        bulletinViews = Self.kept.map { depths.contains($0) ? made.2[$0 - 1] ?? refs.bulletinViews[$0 - 1] : nil }
    }

    /// Each record's mention at each kept depth of `depths`, but those in `except` (nil there).
    private static func mentions(_ make: Maker, _ depths: Set<Int>, _ whens: [(display: HTMLText, iso: HTMLText)],
                                 except: Set<Int> = []) -> ([[MustacheValue]?], [[AnimalMention]?], [[BulletinMention]?]) {
        let c = make.v.caseContent
        let wanted = { (depth: Int) in depths.contains(depth) && !except.contains(depth) }
        return (kept.map { depth in wanted(depth) ? c.fruits.indices.map { make.fruit($0, depth: depth, kept: true) } : nil },
                kept.map { depth in wanted(depth) ? c.animals.indices.map { make.animal($0, depth: depth, kept: true) } : nil },
                kept.map { depth in
                    wanted(depth) ? c.bulletins.indices.map { make.bulletin($0, depth: depth, when: whens[$0], kept: true) } : nil
                })
    }

    /// The mentions of `v`, from `old`, the mentions of `b`: a placement of the same records (the
    /// same ids in the same order, the same settings) before a preview's edit of some of them.
    /// Only the mentions of records whose values or page changed, and of bulletins whose fruit's
    /// name did, are made again (at the depths `old` kept).
    package init(_ v: PlacedCase, updating old: RecordRefs, from b: PlacedCase) {
        let make = Maker(v)
        let c = v.caseContent, cb = b.caseContent
        func changed<R: Equatable>(_ x: [R], _ y: [R], _ kind: SiteTable) -> [Int] {
            x.indices.filter { x[$0] != y[$0] || b.pagePlan.page(kind, ofRecordAt: $0) != v.pagePlan.page(kind, ofRecordAt: $0) }
        }
        let xf = changed(cb.fruits, c.fruits, .fruits), xa = changed(cb.animals, c.animals, .suspects)
        var xb = Set(changed(cb.bulletins, c.bulletins, .bulletins))
        for f in xf where cb.fruits[f].name != c.fruits[f].name {
            xb.formUnion(b.index.fruitBulletins[f]); xb.formUnion(v.index.fruitBulletins[f])
        }
        var (fruits, animalViews, bulletinViews, whens) = (old.fruits, old.animalViews, old.bulletinViews, old.whens)
        for b in xb { whens[b] = make.when(b) }
        for (k, depth) in Self.kept.enumerated() {
            for f in xf { fruits[k]?[f] = make.fruit(f, depth: depth, kept: true) }
            for a in xa { animalViews[k]?[a] = make.animal(a, depth: depth, kept: true) }
            for b in xb { bulletinViews[k]?[b] = make.bulletin(b, depth: depth, when: whens[b], kept: true) }
        }
        (self.fruits, self.animalViews, self.bulletinViews, self.whens) = (fruits, animalViews, bulletinViews, whens)
        (suspicionChart, nibbleChart) = Self.charts(v)
        self.make = make
    }

    /// Fruit `f` as pages at `depth` mention it.
    func fruit(_ f: Int, depth: Int) -> MustacheValue {
        if depth > 0, let kept = fruits[depth - 1] { return kept[f] }
        return make.fruit(f, depth: depth)
    }

    /// Animal `a` as pages at `depth` mention it.
    func animalView(_ a: Int, depth: Int) -> AnimalMention {
        if depth > 0, let kept = animalViews[depth - 1] { return kept[a] }
        return make.animal(a, depth: depth)
    }

    /// Bulletin `b` as pages at `depth` mention it.
    func bulletinView(_ b: Int, depth: Int) -> BulletinMention {
        if depth > 0, let kept = bulletinViews[depth - 1] { return kept[b] }
        return make.bulletin(b, depth: depth, when: whens[b])
    }

    /// When bulletin `b` was nibbled, as shown and as ISO 8601.
    func when(_ b: Int) -> (display: HTMLText, iso: HTMLText) { whens[b] }

    func animal(_ a: Int, depth: Int) -> MustacheValue { .object(animalView(a, depth: depth)) }

    func bulletin(_ b: Int, depth: Int) -> MustacheValue { .object(bulletinView(b, depth: depth)) }

    /// The depths whose mentions are kept: a depth-0 mention is a depth-1 one with `../` taken
    /// off its link, so comparing the kept depths compares it too (`RecordEdit`).
    static let kept = 1...2

    /// The depth of a record's own page.
    static let recordDepth = 2

    private static func charts(_ v: PlacedCase) -> (MustacheValue?, MustacheValue?) {
        let c = v.caseContent
        return (c.animals.isEmpty ? nil : Charts.suspicion(c.animals, v.strings),
                c.bulletins.isEmpty ? nil : Charts.nibbleHours(v.index, v.strings))
    }

    /// Makes one record's mention, as pages at `depth` link it.
    private struct Maker: Sendable {
        let v: PlacedCase
        /// Resolved once: `v.strings` looks the tables up again each time.
        let strings: UIStrings
        let unknownTime: HTMLText
        let fruitNames: [HTMLText]

        init(_ v: PlacedCase) {
            self.v = v
            strings = v.strings
            unknownTime = HTMLText(strings.text(.unknownTime))
            fruitNames = v.caseContent.fruits.map { HTMLText($0.name) }
        }

        func href(_ kind: SiteTable, _ i: Int, _ fragment: String, depth: Int) -> HTMLText {
            if depth == RecordRefs.recordDepth, let collection = CaseCollection(kind) {
                return HTMLText(SiteLayout.root(depth: depth) + v.recordLink(collection, i))
            }
            return HTMLText(SiteLayout.root(depth: depth) + v.pagePlan.path(kind, recordAt: i) + "#" + fragment)
        }

        func when(_ b: Int) -> (display: HTMLText, iso: HTMLText) {
            v.index.localTimes[b].map { (display: HTMLText(strings.when($0)), iso: HTMLText($0.iso8601)) }
                ?? (display: unknownTime, iso: HTMLText.empty)
        }

        /// `kept`: the mention is kept for a pass, and remembers its sections (`MemoSlots`).
        func fruit(_ f: Int, depth: Int, kept: Bool = false) -> MustacheValue {
            let fruit = v.caseContent.fruits[f]
            return .object(FruitMention(id: HTMLText(fruit.id.rawValue), name: fruitNames[f], color: fruit.color,
                                 href: href(.fruits, f, v.fragments.fruits[f], depth: depth), known: true, remembered: kept))
        }

        func animal(_ a: Int, depth: Int, kept: Bool = false) -> AnimalMention {
            let animal = v.caseContent.animals[a]
            return AnimalMention(id: HTMLText(animal.id.rawValue), name: HTMLText(animal.name), emoji: HTMLText(animal.emoji ?? ""),
                          species: HTMLText(animal.species), href: href(.suspects, a, v.fragments.animals[a], depth: depth),
                          remembered: kept)
        }

        func bulletin(_ b: Int, depth: Int, when: (display: HTMLText, iso: HTMLText), kept: Bool = false) -> BulletinMention {
            let bulletin = v.caseContent.bulletins[b]
            let fruitName = v.index.fruitPosition[bulletin.fruit].map { fruitNames[$0] }
                ?? HTMLText(bulletin.fruit.rawValue)
            return BulletinMention(id: HTMLText(bulletin.id.rawValue), href: href(.bulletins, b, v.fragments.bulletins[b], depth: depth),
                            when: when.display, datetime: when.iso, location: HTMLText(bulletin.location), fruitName: fruitName,
                            remembered: kept)
        }
    }

    /// A fruit by id; an id the catalog lacks shows as itself, unlinked.
    func fruit(_ id: Fruit.ID, index: CaseIndex, depth: Int) -> MustacheValue {
        guard let f = index.fruitPosition[id] else {
            return .object(FruitMention(id: HTMLText(id.rawValue), name: HTMLText(id.rawValue), color: "", href: .empty, known: false))
        }
        return fruit(f, depth: depth)
    }
}
