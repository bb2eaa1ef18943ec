import Testing
import CasefileModel
import CasefileMustache
import CasefileSite
import CasefileValidation
@testable import CasefileRendering

/// The record mentions a preview updates after an edit (only the records whose values or page
/// changed made again) against those made whole for the edited case, field by field — in file
/// order and in a default order that moves records between pages.
struct RecordRefsTests {
    static func fields(_ value: MustacheValue) -> [String] {
        guard case let .object(object) = value, let view = object as? any TemplateView else { return ["not a view"] }
        return TemplateField.allCases.map { field in
            switch view.value(field) {
            case let .text(text)?: "\(field)=\(text.escaped)"
            case let .bool(flag)?: "\(field)=\(flag)"
            case nil: ""
            default: "\(field)=other"
            }
        }
    }

    /// Every mention at every depth (the root's, made when asked, too), field by field.
    static func snapshot(_ refs: RecordRefs, _ v: PlacedCase) -> [[String]] {
        let c = v.caseContent
        var rows: [[String]] = []
        for depth in 0...2 {
            let fruits: [[String]] = c.fruits.indices.map { fields(refs.fruit($0, depth: depth)) }
            let animals: [[String]] = c.animals.indices.map { fields(refs.animal($0, depth: depth)) }
            let bulletins: [[String]] = c.bulletins.indices.map { fields(refs.bulletin($0, depth: depth)) }
            rows += fruits + animals + bulletins
        }
        return rows + [refs.whens.map { $0.display.escaped + " " + $0.iso.escaped }]
    }

    @Test(arguments: [false, true])
    func updatedMentionsEqualWholeOnes(sorted: Bool) async {
        var rng = SplitMix(seed: sorted ? 11 : 12)
        var content = ExportPartsTests.makeCase(&rng)
        content.site.pageSize = 7
        if sorted {
            // By name and by time: a renamed animal or a moved bulletin changes page.
            content.site.defaultOrder = [.suspects: TableOrder(column: 0, descending: false),
                                         .bulletins: TableOrder(column: 1, descending: true)]
        }
        var before = PlacedCase(await ExportPartsTests.validate(content))
        var refs = RecordRefs(before)
        var moved = 0
        for step in 0..<30 {
            ExportPartsTests.edit(&content, &rng)
            let after = PlacedCase(await ExportPartsTests.validate(content))
            let updated = RecordRefs(after, updating: refs, from: before)
            let whole = RecordRefs(after)
            #expect(Self.snapshot(updated, after) == Self.snapshot(whole, after), "step \(step)")
            if Self.snapshot(whole, after) != Self.snapshot(refs, before) { moved += 1 }
            (before, refs) = (after, updated)
        }
        // Most edits change a mention (else the comparison proves little).
        #expect(moved > 10)
    }
}
