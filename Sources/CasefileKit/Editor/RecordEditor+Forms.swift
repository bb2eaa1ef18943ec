import Foundation
import CasefileLocalization
import CasefileModel
import CasefileMarkdown

/// What the editor's forms say: titles and messages, each problem at its input, a proposed id,
/// and the note's preview.
extension RecordEditor {
    static func noRecord(_ target: EditTarget) -> String {
        "There is no \(target.collection.singular) \"\(target.id ?? "")\" in the case (any more)."
    }

    static func newTitle(_ collection: CaseCollection) -> UIText {
        switch collection {
        case .animals: .newSuspect
        case .bulletins: .newBulletin
        case .fruits: .newFruit
        }
    }

    /// A new collection's file, when the case has none yet: YAML, as the sample writes it.
    static func newFile(_ collection: CaseCollection, _ base: EditorBase) -> String {
        collection.rawValue + ".yaml"
    }

    /// An id made from `name` by the slug rules, unique among `taken` (`-2`, `-3`… appended).
    static func proposedID(_ name: String, taken: Set<String>) -> String {
        var stem = Slug.suggested(for: name)
        if stem.isEmpty || !Slug.isValid(stem) { stem = "record" }
        var id = stem, n = 2
        while taken.contains(id) { id = "\(stem)-\(n)"; n += 1 }
        return id
    }

    /// Puts each problem at its input (the first one per input), and, when `heading`, lists
    /// them all in the form's alert.
    func mark(_ problems: [Diagnostic], on form: inout RecordForm, _ strings: UIStrings, heading: Bool) {
        let inputs = Set(form.schema.fields.flatMap(FormState.inputNames) + form.schema.fields.map(\.key))
        for problem in problems {
            let message = problem.phrase.map { strings.text($0) } ?? problem.message
            let input = problem.field.map(\.key).flatMap { inputs.contains($0) ? $0 : nil }
            if let input {
                if problem.severity == .error {
                    if form.errors[input] == nil { form.errors[input] = message }
                } else if form.warnings[input] == nil {
                    form.warnings[input] = message
                }
            }
            let elsewhere = problem.recordID.map { $0 != form.state[FieldName.id.key] || problem.collection != form.schema.collection }
                ?? false
            let shown = elsewhere ? "\(problem.collection?.singular ?? "") \(problem.recordID ?? ""): \(message)" : message
            if heading { form.alert.append((elsewhere ? nil : input, shown)) }
        }
        if heading { form.alertHeading = strings.count(.notSaved, problems.count) }
    }

    /// The note rendered as a page renders it, its case links to the records' pages.
    func preview(_ text: String, _ base: EditorBase) -> String {
        let renderer = MarkdownRenderer(unsafeHTML: base.loaded.caseContent.site.unsafeHTML, topHeadingLevel: 4)
        return renderer.render(text) { link in
            let collection: CaseCollection = switch link.kind {
            case .animal: .animals
            case .bulletin: .bulletins
            case .fruit: .fruits
            }
            guard let i = base.position(of: link.id, in: collection) else { return nil }
            let place = base.place(of: i, in: collection)
            return "/" + place.page + "#" + place.fragment
        }.html
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension FieldValue {
    /// The text, for a text value.
    var text: String? {
        if case let .text(text) = self { return text }
        return nil
    }
}
