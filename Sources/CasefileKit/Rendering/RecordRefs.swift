import Mustache

/// Every record as other pages mention it (a name, a swatch, a link), built once per build for
/// each of the two page depths, so that a page listing thousands of mentions copies references
/// instead of building a dictionary for each. Templates read them like dictionaries.
struct RecordRefs: Sendable {
    struct Fruit: MustacheParent, Sendable {
        let id, name, color, href: String
        let known: Bool

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "name": self.name
            case "color": color
            case "href": href
            case "known": known
            default: nil
            }
        }
    }

    struct Animal: MustacheParent, Sendable {
        let id, name, emoji, species, href: String

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "name": self.name
            case "emoji": emoji
            case "species": species
            case "href": href
            default: nil
            }
        }
    }

    struct Bulletin: MustacheParent, Sendable {
        let id, href, when, datetime, location, fruitName: String

        func child(named name: String) -> Any? {
            switch name {
            case "id": id
            case "href": href
            case "when": when
            case "datetime": datetime
            case "location": location
            case "fruitName": fruitName
            default: nil
            }
        }
    }

    /// A mention with whether the animal was asleep at that bulletin.
    struct Flagged<Base: MustacheParent & Sendable>: MustacheParent, Sendable {
        let base: Base
        let asleep: Bool

        func child(named name: String) -> Any? {
            name == "asleep" ? asleep : base.child(named: name)
        }
    }

    /// By depth (0: a page at the root, 1: a page one folder down), then by record index.
    let fruits: [[Fruit]]
    let animals: [[Animal]]
    let bulletins: [[Bulletin]]
    let whens: [(display: String, iso: String)]

    init(_ v: ValidatedCase) {
        let c = v.caseFile
        let whens = v.index.localTimes.map { local in
            local.map { (display: $0.display, iso: $0.iso8601) } ?? (display: "unknown time", iso: "")
        }
        func href(_ kind: SiteMap.Kind, _ i: Int, _ fragment: String, depth: Int) -> String {
            String(repeating: "../", count: depth) + v.siteMap.path(kind, recordAt: i) + "#" + fragment
        }
        fruits = (0...1).map { depth in
            c.fruits.enumerated().map { f, fruit in
                Fruit(id: fruit.id, name: fruit.name, color: fruit.color,
                      href: href(.fruits, f, v.fragments.fruits[f], depth: depth), known: true)
            }
        }
        animals = (0...1).map { depth in
            c.animals.enumerated().map { a, animal in
                Animal(id: animal.id, name: animal.name, emoji: animal.emoji ?? "", species: animal.species,
                       href: href(.suspects, a, v.fragments.animals[a], depth: depth))
            }
        }
        bulletins = (0...1).map { depth in
            c.bulletins.enumerated().map { b, bulletin in
                let fruitName = v.index.fruitIndex[bulletin.fruit].map { c.fruits[$0].name } ?? bulletin.fruit
                return Bulletin(id: bulletin.id, href: href(.bulletins, b, v.fragments.bulletins[b], depth: depth),
                                when: whens[b].display, datetime: whens[b].iso, location: bulletin.location,
                                fruitName: fruitName)
            }
        }
        self.whens = whens
    }

    /// A fruit by id; an id the catalog lacks shows as itself, unlinked.
    func fruit(_ id: String, index: CaseIndex, depth: Int) -> Fruit {
        guard let f = index.fruitIndex[id] else {
            return Fruit(id: id, name: id, color: "transparent", href: "", known: false)
        }
        return fruits[depth][f]
    }
}
