import Testing
import CasefileModel
import CasefileMustache
import CasefileSite
import CasefileValidation
@testable import CasefileRendering

/// The record mentions a preview updates after an edit (only the records whose values or page
/// changed made again) against those made whole for the edited case, field by field — in file
/// order and in a default order that moves records between pages. And the mentions a build
/// keeps a depth at a time: the same as those kept at every depth, kept where asked only.
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
        return rows + [c.bulletins.indices.map { refs.when($0).display.escaped + " " + refs.when($0).iso.escaped }]
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

    static func placed(_ seed: UInt64) async -> PlacedCase {
        var rng = SplitMix(seed: seed)
        var content = ExportPartsTests.makeCase(&rng)
        content.site.pageSize = 7
        return PlacedCase(await ExportPartsTests.validate(content))
    }

    /// Kept at some depths, made when asked at the others, or kept one depth after another as a
    /// build does: every mention reads the same as when every depth is kept.
    @Test func mentionsKeptOrMadeWhenAskedReadTheSame() async {
        let v = await Self.placed(21)
        let whole = Self.snapshot(RecordRefs(v), v)
        #expect(whole.joined().count { $0.hasPrefix("href=") } > 300)
        for depths: Set<Int> in [[], [1], [2], [1, 2]] {
            #expect(Self.snapshot(RecordRefs(v, depths: depths), v) == whole, "depths \(depths)")
        }
        let none = RecordRefs(v, depths: [])
        #expect(Self.snapshot(none.keeping([1]), v) == whole)
        #expect(Self.snapshot(none.keeping([1]).keeping([2]), v) == whole)
    }

    /// A kept depth's mention is one object, asked for twice; a depth not kept makes a new one
    /// each time it is asked; `keeping` shares a depth both keep and lets the others go.
    @Test func keepsOnlyTheDepthsAskedFor() async {
        let v = await Self.placed(22)
        let tables = RecordRefs(v, depths: [1])
        #expect(tables.animalView(3, depth: 1) === tables.animalView(3, depth: 1))
        #expect(tables.bulletinView(4, depth: 1) === tables.bulletinView(4, depth: 1))
        #expect(tables.animalView(3, depth: 2) !== tables.animalView(3, depth: 2))
        #expect(tables.bulletinView(4, depth: 2) !== tables.bulletinView(4, depth: 2))
        let both = tables.keeping([1, 2])
        #expect(both.animalView(3, depth: 1) === tables.animalView(3, depth: 1))
        #expect(both.animalView(3, depth: 2) === both.animalView(3, depth: 2))
        let records = tables.keeping([2])
        #expect(records.animalView(3, depth: 2) === records.animalView(3, depth: 2))
        #expect(records.animalView(3, depth: 1) !== records.animalView(3, depth: 1))
        #expect(records.bulletinView(4, depth: 1) !== records.bulletinView(4, depth: 1))
    }

    /// A render that makes the mentions a depth at a time (a build's) writes the same files as
    /// one given every depth's (a preview's).
    @Test func aRenderMakingMentionsADepthAtATimeWritesTheSameSite() async throws {
        let v = await Self.placed(23)
        var byDepth: [String: [UInt8]] = [:], given: [String: [UInt8]] = [:]
        let renderer = SiteRenderer(templates: PageFixture.templates)
        try await renderer.render(v, only: .all, refs: nil) { byDepth[$0.path] = $0.bytes }
        try await renderer.render(v, only: .all, refs: RecordRefs(v)) { given[$0.path] = $0.bytes }
        #expect(byDepth.keys.count { SiteLayout.isRecord($0) } == 50 + 60 + v.caseContent.fruits.count)
        #expect(byDepth.keys.count { SiteLayout.isListing($0) } > 10)
        #expect(byDepth == given)
    }

    /// The kept mentions remember the sections rendered for them (`MemoSlots`) and copy them
    /// on the next pages; those made for one page do not. A site rendered three times with the
    /// same mentions, the third time mostly copied, is the first one, byte for byte.
    @Test func rememberedMentionsWriteTheSameSiteAgain() async throws {
        let v = await Self.placed(24)
        let refs = RecordRefs(v)
        #expect(refs.animalView(3, depth: 1).memo != nil && refs.bulletinView(4, depth: 2).memo != nil)
        #expect(refs.animalView(3, depth: 0).memo == nil && refs.bulletinView(4, depth: 0).memo == nil)
        var renders: [[String: [UInt8]]] = []
        let renderer = SiteRenderer(templates: PageFixture.templates)
        for _ in 0..<3 {
            var site: [String: [UInt8]] = [:]
            try await renderer.render(v, only: .all, refs: refs) { site[$0.path] = $0.bytes }
            renders.append(site)
        }
        let kept = v.caseContent.bulletins.indices.reduce(0) { $0 + (refs.bulletinView($1, depth: 1).memo?.slots.kept.count ?? 0) }
        #expect(kept > v.caseContent.bulletins.count / 2)
        #expect(renders[2] == renders[0])
    }

    /// A preview's mentions after an edit: those of unchanged records are the same objects,
    /// with the sections they remembered before the edit. The site rendered with them reads as
    /// one rendered with mentions made afresh (which remember nothing yet), edit after edit.
    @Test func mentionsCarriedAcrossAnEditRenderAsFreshOnes() async throws {
        var rng = SplitMix(seed: 25)
        var content = ExportPartsTests.makeCase(&rng)
        content.site.pageSize = 7
        var before = PlacedCase(await ExportPartsTests.validate(content))
        var refs = RecordRefs(before)
        let renderer = SiteRenderer(templates: PageFixture.templates)
        func site(_ v: PlacedCase, _ refs: RecordRefs) async throws -> [String: [UInt8]] {
            var files: [String: [UInt8]] = [:]
            try await renderer.render(v, only: .all, refs: refs) { files[$0.path] = $0.bytes }
            return files
        }
        _ = try await site(before, refs)
        _ = try await site(before, refs)
        var carried = 0
        for step in 0..<6 {
            ExportPartsTests.edit(&content, &rng)
            let after = PlacedCase(await ExportPartsTests.validate(content))
            let updated = RecordRefs(after, updating: refs, from: before)
            carried += after.caseContent.animals.indices.count { updated.animalView($0, depth: 1) === refs.animalView($0, depth: 1) }
            let fresh = try await site(after, RecordRefs(after))
            #expect(try await site(after, updated) == fresh, "step \(step)")
            (before, refs) = (after, updated)
        }
        // Most mentions were carried over (else the comparison proves little).
        #expect(carried > 6 * 40)
    }
}
