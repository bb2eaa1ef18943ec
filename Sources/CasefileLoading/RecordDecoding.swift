import CasefileLocalization
import CasefileModel

/// Turns the fields of one record into a model value, with the field-level rules that need the
/// place a value was written: ids, blank names, ranges, enumerations, times, dates, colours.
package enum RecordDecoding {
                
    package static func fruit(_ r: inout FieldReader, _ places: inout FieldPlaces) -> Fruit? {
        guard let id = identifier(&r) else { return nil }
        let name = nonBlank(&r, .name)
        let color = r.string(.color, required: true)
        if let color, !CSSColor.isValid(color) {
            r.report(Diagnostic(rule: .invalidColor,
                                phrase: Phrase(.messageInvalidColor, ["value": .text(color)],
                                               nearest: Suggestion.nearest(to: color, in: CSSColor.names)),
                                location: r.location(of: .color), collection: .fruits, recordID: id, field: .color,
                                value: color, fix: Phrase(.fixInvalidColor)))
        }
        return Fruit(id: Fruit.ID(id), name: name, color: color ?? "")
    }

    package static func animal(_ r: inout FieldReader, _ places: inout FieldPlaces) -> Animal? {
        guard let id = identifier(&r) else { return nil }
        var animal = Animal(id: Animal.ID(id), name: nonBlank(&r, .name), species: nonBlank(&r, .species))
        if let emoji = r.string(.emoji) {
            animal.emoji = emoji
            if emoji.count != 1 {
                r.report(Diagnostic(rule: .emoji, phrase: Phrase(.messageEmoji, ["count": .text(String(emoji.count)), "value": .text(emoji)]),
                                    location: r.location(of: .emoji), collection: .animals, recordID: id,
                                    field: .emoji, value: emoji, fix: Phrase(.fixEmoji)))
            }
        }
        if let paw = r.string(.pawSize) {
            if let size = Animal.PawSize(rawValue: paw) {
                animal.pawSize = size
            } else {
                r.report(Diagnostic(rule: .pawSize,
                                    phrase: Phrase(.messagePawSize, ["value": .text(paw)],
                                                   nearest: Suggestion.nearest(to: paw, in: Animal.PawSize.allCases.map(\.rawValue))),
                                    location: r.location(of: .pawSize), collection: .animals, recordID: id,
                                    field: .pawSize, value: paw, fix: Phrase(.fixPawSize)))
            }
        }
        if let fruits = r.stringList(.favoriteFruits) {
            var seen: Set<String> = []
            for (fruit, place) in fruits {
                if !seen.insert(fruit).inserted {
                    r.report(Diagnostic(rule: .duplicateFruit, phrase: Phrase(.messageDuplicateFavourite, ["id": .text(fruit)]),
                                        location: place, collection: .animals, recordID: id, field: .favoriteFruits,
                                        value: fruit, fix: Phrase(.fixDuplicateFavourite, ["id": .text(fruit)])))
                } else {
                    animal.favoriteFruits.append(Fruit.ID(fruit))
                    places.favoriteFruits.append(FieldPlace(place))
                }
            }
        }
        if let level = r.number(.suspicionLevel) {
            animal.suspicionLevel = level
            places.suspicionLevel = r.place(of: .suspicionLevel)
            if !(0...1).contains(level) {
                r.report(Diagnostic(rule: .suspicionRange,
                                    phrase: Phrase(.messageSuspicionRange, ["value": .text(Numbers.plain(level))]),
                                    location: r.location(of: .suspicionLevel), collection: .animals, recordID: id,
                                    field: .suspicionLevel, value: Numbers.plain(level),
                                    fix: Phrase(.fixSuspicionRange)))
            }
        }
        animal.alibi = r.string(.alibi)
        if var s = r.nested(.sleepSchedule, known: FieldName.scheduleFields) {
            let sleep = clockTime(&s, .sleep), wake = clockTime(&s, .wake)
            r.merge(s)
            if let sleep, let wake {
                animal.sleepSchedule = SleepSchedule(sleep: sleep, wake: wake)
                if sleep == wake {
                    r.report(Diagnostic(rule: .sleepEqualsWake,
                                        phrase: Phrase(.messageSleepEqualsWake, ["time": .text(sleep.description)]),
                                        location: r.location(of: .sleepSchedule), collection: .animals, recordID: id,
                                        field: .sleepSchedule, value: sleep.description,
                                        fix: Phrase(.fixSleepEqualsWake)))
                }
            }
        }
        return animal
    }

    package static func bulletin(_ r: inout FieldReader, _ places: inout FieldPlaces) -> Bulletin? {
        guard let id = identifier(&r) else { return nil }
        let fruit = r.string(.fruit, required: true) ?? ""
        var when: Timestamp?
        if let text = r.string(.nibbledAt, required: true) {
            when = Timestamp(iso8601: text)
            if when == nil {
                r.report(Diagnostic(rule: .invalidDate,
                                    phrase: Phrase(.messageInvalidDate, ["value": .text(text)]),
                                    location: r.location(of: .nibbledAt), collection: .bulletins, recordID: id,
                                    field: .nibbledAt, value: text,
                                    fix: Phrase(.fixInvalidDate)))
            }
        }
        let location = nonBlank(&r, .location)
        var bulletin = Bulletin(id: Bulletin.ID(id), fruit: Fruit.ID(fruit), nibbledAt: when, location: location)
        if let bites = r.integer(.bites) {
            if bites >= 1 {
                bulletin.bites = bites
            } else {
                r.invalid(.bites, expected: "a whole number of at least 1", got: String(bites),
                           fix: "Write how many bites, 1 or more, or leave bites out.")
            }
        }
        bulletin.reportedBy = r.string(.reportedBy).map { Animal.ID($0) }
        (places.fruit, places.reportedBy) = (r.place(of: .fruit), r.place(of: .reportedBy))
        return bulletin
    }

    /// The record's id: required, and a slug. A record without one cannot be shown or linked, so
    /// it is left out (the diagnostic says so).
    private static func identifier(_ r: inout FieldReader) -> String? {
        guard let id = r.string(.id, required: true) else { return nil }
        if !Slug.isValid(id) {
            r.report(Diagnostic(rule: .invalidID, phrase: Phrase(.messageInvalidID, ["id": .text(id)]),
                                location: r.location(of: .id), collection: r.collection, recordID: id, field: .id,
                                value: id, fix: Phrase(.fixInvalidID, ["id": .text(Slug.suggested(for: id))])))
        }
        return id
    }

    private static func nonBlank(_ r: inout FieldReader, _ field: FieldName) -> String {
        let key = field.key
        guard let text = r.string(field, required: true) else { return "" }
        if text.allSatisfy(\.isWhitespace) {
            r.report(Diagnostic(rule: .blankName, phrase: Phrase(.messageBlank, ["field": .text(key)]), location: r.location(of: field),
                                collection: r.collection, recordID: r.recordID, field: field, value: text,
                                fix: Phrase(.fixBlank, ["field": .text(key)])))
        }
        return text
    }

    private static func clockTime(_ r: inout FieldReader, _ field: FieldName) -> ClockTime? {
        let key = field.key
        guard let text = r.string(field, required: true) else { return nil }
        guard let time = ClockTime(text) else {
            r.report(Diagnostic(rule: .invalidTime, phrase: Phrase(.messageInvalidTime, ["field": .text(key), "value": .text(text)]),
                                location: r.location(of: field), collection: .animals, recordID: r.recordID,
                                field: FieldName.sleepSchedule.member(field), value: text,
                                fix: Phrase(.fixInvalidTime)))
            return nil
        }
        return time
    }
}
