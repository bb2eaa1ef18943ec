/// Parses CLDR's plural rule syntax (UTS #35, "Plural rules syntax"), without the samples:
///
///     condition  = and_condition ('or' and_condition)*
///     and_condition = relation ('and' relation)*
///     relation   = expr ('=' | '!=' | 'is' ['not'] | ['not'] 'in' | ['not'] 'within') range_list
///     expr       = operand (('mod' | '%') value)?      operand = n i v w f t c e
///     range_list = (value '..' value | value) (',' range_list)*
struct PluralRuleParser {
    private let rule: String
    private var tokens: [Substring]
    private var position = 0

    static func parse(_ rule: String) throws(PluralRuleSyntaxError) -> PluralCondition {
        var parser = try PluralRuleParser(rule)
        return try parser.condition()
    }

    private init(_ rule: String) throws(PluralRuleSyntaxError) {
        self.rule = rule
        self.tokens = []
        var rest = Substring(rule)
        while let first = rest.first {
            if first == " " { rest = rest.dropFirst(); continue }
            let length: Int
            if first.isASCII && first.isLetter {
                length = rest.prefix { $0.isASCII && $0.isLetter }.count
            } else if first.isASCII && first.isNumber {
                length = rest.prefix { $0.isASCII && $0.isNumber }.count
            } else if rest.hasPrefix("!=") || rest.hasPrefix("..") {
                length = 2
            } else if "=%,".contains(first) {
                length = 1
            } else {
                throw PluralRuleSyntaxError(rule: rule, reason: "unexpected \"\(first)\"")
            }
            tokens.append(rest.prefix(length))
            rest = rest.dropFirst(length)
        }
    }

    private var next: Substring? { position < tokens.count ? tokens[position] : nil }

    private mutating func take(_ token: Substring) -> Bool {
        guard next == token else { return false }
        position += 1
        return true
    }

    private func failure(_ expected: String) -> PluralRuleSyntaxError {
        PluralRuleSyntaxError(rule: rule, reason: "expected \(expected) at \"\(next.map(String.init) ?? "end")\"")
    }

    private mutating func condition() throws(PluralRuleSyntaxError) -> PluralCondition {
        guard next != nil else { return PluralCondition(alternatives: []) }
        var alternatives: [[PluralCondition.Relation]] = []
        repeat {
            var relations = [try relation()]
            while take("and") { relations.append(try relation()) }
            alternatives.append(relations)
        } while take("or")
        guard next == nil else { throw failure("`and`, `or` or the end") }
        return PluralCondition(alternatives: alternatives)
    }

    private mutating func relation() throws(PluralRuleSyntaxError) -> PluralCondition.Relation {
        var relation = PluralCondition.Relation(operand: try operand())
        if take("mod") || take("%") {
            relation.modulus = try value()
            guard relation.modulus > 0 else { throw PluralRuleSyntaxError(rule: rule, reason: "a modulus of 0") }
        }
        if take("=") {
        } else if take("!=") {
            relation.negated = true
        } else if take("is") {
            relation.negated = take("not")
            let single = try value()
            relation.ranges = [single...single]
            return relation
        } else {
            relation.negated = take("not")
            if take("within") { relation.within = true } else if !take("in") { throw failure("=, !=, is, in or within") }
        }
        relation.ranges = try rangeList()
        return relation
    }

    private mutating func operand() throws(PluralRuleSyntaxError) -> PluralCondition.Operand {
        let operands: [Substring: PluralCondition.Operand] = ["n": .n, "i": .i, "v": .v, "w": .w, "f": .f, "t": .t, "c": .e, "e": .e]
        guard let token = next, let operand = operands[token] else { throw failure("an operand (n i v w f t c e)") }
        position += 1
        return operand
    }

    private mutating func value() throws(PluralRuleSyntaxError) -> Int {
        guard let token = next, token.first?.isNumber == true, let value = Int(token) else { throw failure("a number") }
        position += 1
        return value
    }

    private mutating func rangeList() throws(PluralRuleSyntaxError) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        repeat {
            let low = try value()
            let high = take("..") ? try value() : low
            guard low <= high else { throw failure("a range whose start is not above its end") }
            ranges.append(low...high)
        } while take(",")
        return ranges
    }
}
