import Foundation
import CasefileLocalization
import CasefileModel
import CasefileMustache

/// An edit form as the editor template shows it: a record kind's fields (from its
/// `RecordSchema`) in the inspector's sections, each with the input its type takes, the value the
/// form holds, and the problem found at it. What it is given decides everything shown; it reads
/// no file.
public struct RecordForm: Sendable {
    public var schema: RecordSchema
    public var state: FormState
    /// The panel's id: the record's fragment (its page's marker), so that the page's selection
    /// shows the form where the record's panel was.
    public var panelID: String
    public var title: String
    public var action: String
    public var cancelHref: String
    public var deleteHref: String?
    public var hidden: [(name: String, value: String)]
    /// The problems at each input (by its name), and those of the record as a whole.
    public var errors: [String: String] = [:]
    public var warnings: [String: String] = [:]
    /// After an id was changed: how many records name the old one, and whether the form asks to
    /// change them in the same save.
    public var renameOffer: (count: Int, ticked: Bool)?
    /// After a conflict: what the file holds now, by input, where it differs from the form.
    public var onDisk: [String: String] = [:]
    public var alert: [(inputName: String?, message: String)] = []
    public var alertHeading: String?
    public var notice: String?
    /// The note's text in the form (nil: the record kind has no notes), and its preview's HTML.
    public var note: String?
    public var notePreview: String?
    /// The records a reference may name, as (id, name), by collection.
    public var choices: [CaseCollection: [(id: String, name: String)]] = [:]
    public var grabbers = ""

    public init(schema: RecordSchema, state: FormState, panelID: String, title: String, action: String, cancelHref: String,
                hidden: [(name: String, value: String)]) {
        self.schema = schema
        self.state = state
        self.panelID = panelID
        self.title = title
        self.action = action
        self.cancelHref = cancelHref
        self.hidden = hidden
    }

    /// Above this many records, a reference is typed with suggestions (a `<datalist>`) rather
    /// than picked from a `<select>`, which would hold every record on every form.
    public static let selectLimit = 300

    /// The inspector's sections for each kind, by the fields' keys.
    static func sections(_ collection: CaseCollection) -> [(UIText, [FieldName])] {
        switch collection {
        case .animals: [(.identity, [.id, .name, .species, .emoji, .pawSize, .favoriteFruits]),
                        (.interview, [.alibi, .sleepSchedule, .suspicionLevel])]
        case .bulletins: [(.bulletin, [.id, .fruit, .nibbledAt, .location, .bites, .reportedBy])]
        case .fruits: [(.fruit, [.id, .name, .color])]
        }
    }

    /// The template's context.
    public func context(_ strings: UIStrings) -> MustacheValue {
        let sections = Self.sections(schema.collection).map { heading, names -> MustacheValue in
            let fields = names.compactMap { schema.field($0) }.map { field(for: $0, strings) }
            return .object(MustacheDictionary(["heading": .string(strings.text(heading)), "fields": .list(fields)]))
        }
        var values: [String: MustacheValue] = [
            "panelID": .string(panelID), "title": .string(title), "action": .string(action),
            "cancelHref": .string(cancelHref), "grabbers": .text(HTMLText(trusted: grabbers)),
            "hidden": .list(hidden.map { .object(MustacheDictionary(["name": .string($0.name), "value": .string($0.value)])) }),
            "sections": .list(sections),
            "deleteHref": deleteHref.map(MustacheValue.string) ?? .bool(false),
            "notice": notice.map(MustacheValue.string) ?? .bool(false),
        ]
        if let alertHeading {
            let items = alert.map { item -> MustacheValue in
                var entry: [String: MustacheValue] = ["message": .string(item.message)]
                if let name = item.inputName {
                    entry["inputID"] = .string(inputID(name))
                    entry["label"] = .string(label(ofInput: name, strings))
                }
                return .object(MustacheDictionary(entry))
            }
            values["alert"] = .object(MustacheDictionary(["heading": .string(alertHeading), "items": .list(items),
                                                          "hasItems": .bool(!items.isEmpty)]))
        }
        if let note {
            values["note"] = .object(MustacheDictionary(["text": .string(note),
                                                         "preview": notePreview.map { .text(HTMLText(trusted: $0)) } ?? .bool(false)]))
        }
        return .object(MustacheDictionary(values))
    }

    /// An input's id: unique in the page (the panel's id first, then the input's name).
    func inputID(_ name: String) -> String {
        panelID + "__" + name.replacingOccurrences(of: ".", with: "-")
    }

    func label(ofInput name: String, _ strings: UIStrings) -> String {
        let parts = name.split(separator: ".").map(String.init)
        guard let first = parts.first, let field = schema.fields.first(where: { $0.key == first }) else { return name }
        if parts.count == 2, let member = field.type.members.first(where: { $0.key == parts[1] }) {
            return strings.text(field.label) + " · " + strings.text(member.label)
        }
        return strings.text(field.label)
    }

    private func field(for field: FieldSpec, _ strings: UIStrings) -> MustacheValue {
        let name = field.key
        var values: [String: MustacheValue] = [
            "name": .string(name), "inputID": .string(inputID(name)), "label": .string(strings.text(field.label)),
            "value": .string(state[name]), "required": .bool(field.required),
            "error": errors[name].map(MustacheValue.string) ?? .bool(false),
            "warning": warnings[name].map(MustacheValue.string) ?? .bool(false),
            "onDisk": (onDisk[name] ?? field.type.members.lazy.compactMap { onDisk[name + "." + $0.key] }.first)
                .map(MustacheValue.string) ?? .bool(false),
            "stacked": .bool([.textArea, .checkboxes, .group].contains(field.input)),
        ]
        if field.name == .id, let offer = renameOffer {
            values["renameOffer"] = .object(MustacheDictionary([
                "text": .string(strings.count(.renameReferences, offer.count)), "ticked": .bool(offer.ticked)]))
        }
        var kind = "isText"
        switch field.type {
        case let .reference(collection):
            let records = choices[collection] ?? []
            if records.count > Self.selectLimit {
                values["listID"] = .string(inputID(name) + "__list")
                values["datalist"] = .bool(true)
                values["options"] = .list(records.map { option($0.id, "\($0.name) (\($0.id))", false) })
            } else {
                kind = "isSelect"
                let current = state[name]
                var options = records.map { option($0.id, $0.name, $0.id == current) }
                if !field.required || current.isEmpty { options.insert(option("", strings.text(.none), current.isEmpty), at: 0) }
                if !current.isEmpty, !records.contains(where: { $0.id == current }) {
                    options.append(option(current, current, true))
                }
                values["options"] = .list(options)
            }
        case let .references(collection):
            kind = "isChecks"
            let chosen = Set(state.list(name))
            var options = (choices[collection] ?? []).map { option($0.id, $0.name, chosen.contains($0.id)) }
            let known = Set((choices[collection] ?? []).map(\.id))
            options += state.list(name).filter { !known.contains($0) }.map { option($0, $0, true) }
            values["options"] = .list(options)
        case let .choice(words):
            kind = field.input == .segmented ? "isChoice" : "isSelect"
            let current = state[name]
            values["options"] = .list(words.map { option($0, choiceLabel($0, strings), $0 == current) })
        case let .number(range):
            kind = "isNumber"
            values["min"] = .string(Numbers.plain(range.lowerBound))
            values["max"] = .string(Numbers.plain(range.upperBound))
            values["step"] = .string("any")
        case let .wholeNumber(minimum):
            kind = "isNumber"
            values["min"] = .string(String(minimum))
            values["max"] = .bool(false)
            values["step"] = .string("1")
        case .dateTime: kind = "isDateTime"
        case .clockTime: kind = "isTime"
        case .color:
            kind = "isColor"
            values["pickerValue"] = .string(CSSColor.hex(state[name]) ?? "#000000")
        case .longText: kind = "isTextArea"
        case .group(let members):
            kind = "isGroup"
            let firstError = errors[name] ?? members.lazy.compactMap { errors[name + "." + $0.key] }.first
            if let firstError { values["error"] = .string(firstError) }
            values["members"] = .list(members.map { member in
                let input = name + "." + member.key
                return .object(MustacheDictionary([
                    "name": .string(input), "inputID": .string(inputID(input)), "label": .string(strings.text(member.label)),
                    "value": .string(state[input]), "error": .bool(errors[input] != nil || firstError != nil),
                ]))
            })
            if firstError != nil {
                // The message is described by the first member's input.
                values["inputID"] = .string(inputID(name + "." + (members.first?.key ?? "")))
            }
        case .id, .text, .emoji: break
        }
        values[kind] = .bool(true)
        values["isSingle"] = .bool(kind != "isGroup" && kind != "isChoice" && kind != "isChecks")
        return .object(MustacheDictionary(values))
    }

    private func option(_ value: String, _ label: String, _ selected: Bool) -> MustacheValue {
        .object(MustacheDictionary(["value": .string(value), "label": .string(label), "selected": .bool(selected)]))
    }

    private func choiceLabel(_ word: String, _ strings: UIStrings) -> String {
        switch Animal.PawSize(rawValue: word) {
        case .small: strings.text(.pawSmall)
        case .medium: strings.text(.pawMedium)
        case .large: strings.text(.pawLarge)
        case nil: word
        }
    }
}
