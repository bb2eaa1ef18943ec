import CasefileMustache
import CasefileLocalization
import CasefileModel
import CasefileSite
import CasefileValidation

/// Every record as other pages mention it (a name, a swatch, a link), built and escaped once per
/// build for each of the two page depths, so that a page listing thousands of mentions copies
/// references. They are immutable classes: a mention in a list is one pointer, not a copy of
/// a dozen strings.
package struct RecordRefs: Sendable {
    final class Fruit: TemplateView, MustacheObject {
        let id, name, color, href: HTMLText
        /// The colour for CSS: `color` when it is a valid colour, else `transparent`.
        let swatchColor: HTMLText
        let known: Bool

        init(id: HTMLText, name: HTMLText, color: String, href: HTMLText, known: Bool) {
            (self.id, self.name, self.href, self.known) = (id, name, href, known)
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
    }

    final class Animal: TemplateView, MustacheObject {
        let id, name, emoji, species, href: HTMLText

        init(id: HTMLText, name: HTMLText, emoji: HTMLText, species: HTMLText, href: HTMLText) {
            (self.id, self.name, self.emoji, self.species, self.href) = (id, name, emoji, species, href)
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
    }

    final class Bulletin: TemplateView, MustacheObject {
        let id, href, when, datetime, location, fruitName: HTMLText

        init(id: HTMLText, href: HTMLText, when: HTMLText, datetime: HTMLText, location: HTMLText, fruitName: HTMLText) {
            (self.id, self.href, self.when, self.datetime, self.location, self.fruitName) = (id, href, when, datetime, location, fruitName)
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
    }

    /// By depth (0: a page at the root, 1: a page one folder down), then by record index; each
    /// an `.object` already, so a list of mentions is an array copy.
    let fruits: [[MustacheValue]]
    let animals: [[MustacheValue]]
    let bulletins: [[MustacheValue]]
    let animalViews: [[Animal]]
    let bulletinViews: [[Bulletin]]
    let whens: [(display: HTMLText, iso: HTMLText)]
    /// The charts above the Suspects and Bulletins tables (nil for an empty collection): they
    /// depend on the collections only, so they are made once too.
    let suspicionChart: MustacheValue?
    let nibbleChart: MustacheValue?

    package init(_ v: PlacedCase) {
        let c = v.caseContent, strings = v.strings
        let unknownTime = HTMLText(strings.text(.unknownTime))
        let whens = v.index.localTimes.map { local in
            local.map { (display: HTMLText(strings.when($0)), iso: HTMLText($0.iso8601)) } ?? (display: unknownTime, iso: HTMLText.empty)
        }
        func href(_ kind: PagePlan.Kind, _ i: Int, _ fragment: String, depth: Int) -> HTMLText {
            HTMLText(SiteLayout.root(depth: depth) + v.pagePlan.path(kind, recordAt: i) + "#" + fragment)
        }
        let fruitNames = c.fruits.map { HTMLText($0.name) }
        fruits = (0...1).map { depth in
            c.fruits.enumerated().map { f, fruit in
                .object(Fruit(id: HTMLText(fruit.id.rawValue), name: fruitNames[f], color: fruit.color,
                              href: href(.fruits, f, v.fragments.fruits[f], depth: depth), known: true))
            }
        }
        let animalNames = c.animals.map { (name: HTMLText($0.name), id: HTMLText($0.id.rawValue), emoji: HTMLText($0.emoji ?? ""),
                                           species: HTMLText($0.species)) }
        animalViews = (0...1).map { depth in
            c.animals.indices.map { a in
                Animal(id: animalNames[a].id, name: animalNames[a].name, emoji: animalNames[a].emoji,
                       species: animalNames[a].species, href: href(.suspects, a, v.fragments.animals[a], depth: depth))
            }
        }
        animals = animalViews.map { $0.map { .object($0) } }
        bulletinViews = (0...1).map { depth in
            c.bulletins.enumerated().map { b, bulletin in
                let fruitName = v.index.fruitPosition[bulletin.fruit].map { fruitNames[$0] } ?? HTMLText(bulletin.fruit.rawValue)
                return Bulletin(id: HTMLText(bulletin.id.rawValue), href: href(.bulletins, b, v.fragments.bulletins[b], depth: depth),
                                when: whens[b].display, datetime: whens[b].iso, location: HTMLText(bulletin.location),
                                fruitName: fruitName)
            }
        }
        bulletins = bulletinViews.map { $0.map { .object($0) } }
        self.whens = whens
        suspicionChart = c.animals.isEmpty ? nil : Charts.suspicion(c.animals, strings)
        nibbleChart = c.bulletins.isEmpty ? nil : Charts.nibbleHours(v.index, strings)
    }

    /// A fruit by id; an id the catalog lacks shows as itself, unlinked.
    func fruit(_ id: CasefileModel.Fruit.ID, index: CaseIndex, depth: Int) -> MustacheValue {
        guard let f = index.fruitPosition[id] else {
            return .object(Fruit(id: HTMLText(id.rawValue), name: HTMLText(id.rawValue), color: "", href: .empty, known: false))
        }
        return fruits[depth][f]
    }
}
