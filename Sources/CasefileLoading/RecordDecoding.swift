import CasefileModel

/// Turns the fields of one record into a model value. The fields are read by the record kind's
/// description (`RecordSchema`, through `FieldDecoding`), each by its type and with the rule its
/// description names for a value the type refuses; what is left here is building the value, and
/// the places later rules report at, from what was read.
///
/// To add a field to a record kind:
/// 1. Add its `FieldName` and a `FieldSpec` entry to the kind's `RecordSchema` (its label's
///    string-table key, type, whether required, default; a `FieldCheck` when its type refuses
///    values and the rule differs from the type's standard one — its message and fix phrases go
///    in the string tables).
/// 2. Add the model property, and set it below from the decoded value (`v.text(.alibi)`,
///    `case let .number(level) = v[.suspicionLevel]`).
/// 3. Give it its `value(of:)` case (`FieldValue.swift`) and its entry in `Schemas/`, and test
///    it: a value read, a value refused.
package enum RecordDecoding {
    package static func fruit(_ r: inout FieldReader, _ places: inout FieldPlaces) -> Fruit? {
        guard let v = FieldDecoding.record(RecordSchema.fruits.fields, &r) else { return nil }
        return Fruit(id: Fruit.ID(v.id), name: v.text(.name) ?? "", color: v.text(.color) ?? "")
    }

    package static func animal(_ r: inout FieldReader, _ places: inout FieldPlaces) -> Animal? {
        guard let v = FieldDecoding.record(RecordSchema.animals.fields, &r) else { return nil }
        var animal = Animal(id: Animal.ID(v.id), name: v.text(.name) ?? "", species: v.text(.species) ?? "")
        animal.emoji = v.text(.emoji)
        if let size = v.text(.pawSize).flatMap(Animal.PawSize.init(rawValue:)) { animal.pawSize = size }
        let favoriteFruits = v.ids(.favoriteFruits)
        animal.favoriteFruits = favoriteFruits.ids.map { Fruit.ID($0) }
        places.favoriteFruits = favoriteFruits.places
        if case let .number(level) = v[.suspicionLevel] {
            animal.suspicionLevel = level
            places.suspicionLevel = r.place(of: .suspicionLevel)
        }
        animal.alibi = v.text(.alibi)
        if case let .group(schedule) = v[.sleepSchedule],
           case let .time(sleep) = schedule[.sleep], case let .time(wake) = schedule[.wake] {
            animal.sleepSchedule = SleepSchedule(sleep: sleep, wake: wake)
        }
        return animal
    }

    package static func bulletin(_ r: inout FieldReader, _ places: inout FieldPlaces) -> Bulletin? {
        guard let v = FieldDecoding.record(RecordSchema.bulletins.fields, &r) else { return nil }
        var bulletin = Bulletin(id: Bulletin.ID(v.id), fruit: Fruit.ID(v.text(.fruit) ?? ""), nibbledAt: nil,
                                location: v.text(.location) ?? "")
        if case let .date(date) = v[.nibbledAt] { bulletin.nibbledAt = date }
        if case let .whole(bites) = v[.bites] { bulletin.bites = bites }
        bulletin.reportedBy = v.text(.reportedBy).map { Animal.ID($0) }
        (places.fruit, places.reportedBy) = (r.place(of: .fruit), r.place(of: .reportedBy))
        return bulletin
    }
}
