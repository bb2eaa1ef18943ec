import Testing
@testable import CasefileLocalization

/// The operands and the rule syntax of UTS #35 (Part 3, "Language Plural Rules"): expected
/// operand values are those of its "Plural Operand Examples" table.
@Suite("CLDR plural rule syntax")
struct PluralSyntaxTests {
    private func operands(_ text: String) -> [Int]? {
        PluralOperands(text).map { [$0.i, $0.v, $0.w, $0.f, $0.t, $0.e] }
    }

    @Test func operandsOfDecimals() {
        //                         i  v  w  f    t   e
        #expect(operands("1") == [1, 0, 0, 0, 0, 0])
        #expect(operands("1.0") == [1, 1, 0, 0, 0, 0])
        #expect(operands("1.00") == [1, 2, 0, 0, 0, 0])
        #expect(operands("1.3") == [1, 1, 1, 3, 3, 0])
        #expect(operands("1.30") == [1, 2, 1, 30, 3, 0])
        #expect(operands("1.03") == [1, 2, 2, 3, 3, 0])
        #expect(operands("1.230") == [1, 3, 2, 230, 23, 0])
        #expect(operands("1200000") == [1_200_000, 0, 0, 0, 0, 0])
        #expect(operands("1.2c6") == [1_200_000, 0, 0, 0, 0, 6])
        #expect(operands("123c6") == [123_000_000, 0, 0, 0, 0, 6])
        #expect(operands("1.2c3") == [1200, 0, 0, 0, 0, 3])
        #expect(operands("1.0000001c6") == [1_000_000, 1, 1, 1, 1, 6])
        #expect(operands("-1.5") == [1, 1, 1, 5, 5, 0])
    }

    @Test(arguments: ["", "-", "1.", ".5", "1,5", "1.5.2", "abc", "1c", "1e1234"])
    func notDecimals(_ text: String) {
        #expect(PluralOperands(text) == nil)
        #expect(PluralRules(LanguageTag("ar")!).category(text) == .other)
    }

    private func holds(_ rule: String, _ number: String) throws -> Bool {
        try PluralRuleParser.parse(rule).holds(for: #require(PluralOperands(number)))
    }

    @Test func theWholeSyntax() throws {
        #expect(try holds("", "7"))
        #expect(try holds("n mod 10 is 3", "23"))
        #expect(try !holds("n mod 10 is not 3", "23"))
        #expect(try holds("n in 2..4,7", "7"))
        #expect(try !holds("n in 2..4,7", "3.5"))
        #expect(try holds("n not in 2..4,7", "5"))
        #expect(try holds("n within 2..4", "3.5"))
        #expect(try !holds("n within 2..4", "4.5"))
        #expect(try holds("n not within 2..4", "4.5"))
        #expect(try holds("n % 100 != 11..19", "111.5"))
        #expect(try holds("w = 0 and c = 6 and i = 1500000", "1.5c6"))
        #expect(try holds("w = 1 and e = 6", "1.0000001c6"))
        #expect(try holds("i = 5 and v = 0 or t = 2", "0.20"))
        #expect(try !holds("i = 5 and v = 0 or t = 3", "5.20"))
        #expect(try holds("n = 0..1", "1.0"))
        #expect(try !holds("n = 0..1", "1.5"))
    }

    @Test(arguments: ["n", "n =", "x = 1", "n = 1 and", "n = 2..1", "n % 0 = 1", "n = 1 or or n = 2", "n = 1;", "n in", "n is 1..2"])
    func malformedRulesThrow(_ rule: String) {
        #expect(throws: PluralRuleSyntaxError.self) { try PluralRuleParser.parse(rule) }
    }
}
