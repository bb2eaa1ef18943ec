import CasefileServer
import Testing

/// The editor's form parser: names and values as a browser encodes them, within bounds.
@Suite struct FormFieldsTests {
    static func parse(_ body: String, _ limits: FormLimits = FormLimits()) throws(FormFields.Failure) -> FormFields {
        try FormFields(parsing: Array(body.utf8), limits: limits)
    }

    @Test func repeatedNamesAreKeptInOrder() throws {
        let form = try Self.parse("name=Rex&favoriteFruits=elstar&favoriteFruits=jonagold&favoriteFruits=")
        #expect(form.values("favoriteFruits") == ["elstar", "jonagold", ""])
        #expect(form["name"] == "Rex")
        #expect(form.fields.map(\.name) == ["name", "favoriteFruits", "favoriteFruits", "favoriteFruits"])
    }

    @Test func plusIsASpaceAndEscapesAreBytes() throws {
        let form = try Self.parse("note=a+b%2Bc%20d%0D%0A%C3%A9%E2%82%AC&%6E%61me=x%3Dy%26z&empty&=v&&")
        #expect(form["note"] == "a b+c d\r\né€")
        #expect(form["name"] == "x=y&z")
        #expect(form["empty"] == "")
        #expect(form[""] == "v")
        #expect(form.fields.count == 4)
    }

    @Test(arguments: ["a=%", "a=%4", "a=%G0", "a=%4g", "%zz=1"])
    func aBadEscapeIsRefused(body: String) {
        #expect(throws: FormFields.Failure.badEscape) { try Self.parse(body) }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: FormFields.Failure.notUTF8) { try Self.parse("a=%C3%28") }
        #expect(throws: FormFields.Failure.notUTF8) { try Self.parse("a=%ED%A0%80") }
        #expect(throws: FormFields.Failure.notUTF8) { try FormFields(parsing: [0x61, 0x3d, 0xff]) }
    }

    @Test func fieldsBeyondTheBoundAreRefused() throws {
        let limits = FormLimits(fields: 3)
        #expect(try Self.parse("a=1&b=2&c=3", limits).fields.count == 3)
        #expect(throws: FormFields.Failure.tooManyFields) { try Self.parse("a=1&b=2&c=3&d=4", limits) }
    }

    @Test func longNamesAndValuesAreRefused() throws {
        let limits = FormLimits(valueBytes: 8, nameBytes: 4)
        #expect(try Self.parse("abcd=12345678", limits)["abcd"] == "12345678")
        #expect(throws: FormFields.Failure.nameTooLong) { try Self.parse("abcde=1", limits) }
        #expect(throws: FormFields.Failure.valueTooLong) { try Self.parse("a=123456789", limits) }
        // Counted decoded: nine escaped bytes are nine bytes, not 27.
        #expect(throws: FormFields.Failure.valueTooLong) { try Self.parse("a=" + String(repeating: "%41", count: 9), limits) }
        #expect(try Self.parse("a=" + String(repeating: "%41", count: 8), limits)["a"] == "AAAAAAAA")
    }

    @Test func anOversizeBodyIs413() throws {
        let limits = FormLimits(valueBytes: 100, bodyBytes: 16)
        #expect(throws: FormFields.Failure.tooLarge(bytes: 16)) { try Self.parse("a=123456789012345", limits) }
        #expect(try Self.parse("a=12345678901234", limits)["a"] == "12345678901234")
        #expect(FormFields.Failure.tooLarge(bytes: 16).refusal.status == .contentTooLarge)
        #expect(FormFields.Failure.badEscape.refusal.status == .badRequest)
    }

    @Test func theDefaultBoundFitsANoteSentPercentEncoded() {
        let limits = FormLimits()
        #expect(limits.valueBytes == 8 << 20)
        #expect(limits.bodyBytes == 3 * (8 << 20) + (64 << 10))
    }

    /// The default bounds follow the case's note limit; bounds given stay as given.
    @Test func theDefaultBoundFollowsTheCasesNoteLimit() {
        let fitted = FormLimits(fields: 5).forCase(noteBytes: 2 << 20)
        #expect(fitted.valueBytes == 2 << 20 && fitted.bodyBytes == 3 * (2 << 20) + (64 << 10) && fitted.fields == 5)
        #expect(fitted.forCase(noteBytes: 8 << 20) == FormLimits(fields: 5), "fitted again, to the default")
        let given = FormLimits(valueBytes: 100)
        #expect(given.forCase(noteBytes: 2 << 20) == given)
        let body = FormLimits(bodyBytes: 1000)
        #expect(body.forCase(noteBytes: 2 << 20) == body)
    }
}
