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
                                message: "color \"\(color)\" is not a CSS named colour or hex\(Suggestion.phrase(for: color, in: CSSColor.names))",
                                location: r.location(of: .color), collection: .fruits, recordID: id, field: "color",
                                value: color, fix: "Use a CSS colour name such as red, or #rgb / #rrggbb."))
        }
        return Fruit(id: Fruit.ID(id), name: name, color: color ?? "")
    }

    package static func animal(_ r: inout FieldReader, _ places: inout FieldPlaces) -> Animal? {
        guard let id = identifier(&r) else { return nil }
        var animal = Animal(id: Animal.ID(id), name: nonBlank(&r, .name), species: nonBlank(&r, .species))
        if let emoji = r.string(.emoji) {
            animal.emoji = emoji
            if emoji.count != 1 {
                r.report(Diagnostic(rule: .emoji, message: "emoji should be one character, got \(emoji.count): \"\(emoji)\"",
                                    location: r.location(of: .emoji), collection: .animals, recordID: id,
                                    field: "emoji", value: emoji, fix: "Keep a single emoji, such as 🦊."))
            }
        }
        if let paw = r.string(.pawSize) {
            if let size = Animal.PawSize(rawValue: paw) {
                animal.pawSize = size
            } else {
                r.report(Diagnostic(rule: .pawSize,
                                    message: "pawSize must be small, medium or large, got \"\(paw)\"\(Suggestion.phrase(for: paw, in: Animal.PawSize.allCases.map(\.rawValue)))",
                                    location: r.location(of: .pawSize), collection: .animals, recordID: id,
                                    field: "pawSize", value: paw, fix: "Write small, medium or large."))
            }
        }
        if let fruits = r.stringList(.favoriteFruits) {
            var seen: Set<String> = []
            for (fruit, place) in fruits {
                if !seen.insert(fruit).inserted {
                    r.report(Diagnostic(rule: .duplicateFruit, message: "\"\(fruit)\" is listed twice in favoriteFruits",
                                        location: place, collection: .animals, recordID: id, field: "favoriteFruits",
                                        value: fruit, fix: "Remove the second \"\(fruit)\"."))
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
                                    message: "suspicionLevel must be between 0 and 1, got \(Numbers.plain(level))",
                                    location: r.location(of: .suspicionLevel), collection: .animals, recordID: id,
                                    field: "suspicionLevel", value: Numbers.plain(level),
                                    fix: "Write a number from 0 (not suspicious) to 1 (certain)."))
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
                                        message: "sleep and wake are both \(sleep): the schedule never sleeps",
                                        location: r.location(of: .sleepSchedule), collection: .animals, recordID: id,
                                        field: "sleepSchedule", value: sleep.description,
                                        fix: "Give different sleep and wake times, or remove sleepSchedule."))
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
                                    message: "nibbledAt must be an ISO 8601 date-time with an offset, got \"\(text)\"",
                                    location: r.location(of: .nibbledAt), collection: .bulletins, recordID: id,
                                    field: "nibbledAt", value: text,
                                    fix: "Write it like 2023-06-05T23:10:00-07:00 (or …Z for UTC)."))
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
            r.report(Diagnostic(rule: .invalidID, message: "id \"\(id)\" is not a slug (lowercase letters, digits and hyphens)",
                                location: r.location(of: .id), collection: r.collection, recordID: id, field: "id",
                                value: id, fix: "Try \"\(Slug.suggested(for: id))\"."))
        }
        return id
    }

    private static func nonBlank(_ r: inout FieldReader, _ field: FieldName) -> String {
        let key = field.key
        guard let text = r.string(field, required: true) else { return "" }
        if text.allSatisfy(\.isWhitespace) {
            r.report(Diagnostic(rule: .blankName, message: "\(key) is blank", location: r.location(of: field),
                                collection: r.collection, recordID: r.recordID, field: key, value: text,
                                fix: "Write a \(key)."))
        }
        return text
    }

    private static func clockTime(_ r: inout FieldReader, _ field: FieldName) -> ClockTime? {
        let key = field.key
        guard let text = r.string(field, required: true) else { return nil }
        guard let time = ClockTime(text) else {
            r.report(Diagnostic(rule: .invalidTime, message: "\(key) must be a time HH:MM (24 h), got \"\(text)\"",
                                location: r.location(of: field), collection: .animals, recordID: r.recordID,
                                field: "sleepSchedule.\(key)", value: text,
                                fix: "Write it like \"22:30\", in quotes."))
            return nil
        }
        return time
    }
}
