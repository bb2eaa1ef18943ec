import Testing
import CasefileLocalization
@testable import CasefileRendering

/// The index of an order by a text column: its entries, the page each links to, and the names
/// each page holds.
@Suite struct NameIndexTests {
    /// The records of `names` in the order a text column sorts them (case folded, then by Unicode
    /// scalars, ties in file order), reversed when descending.
    static func order(_ names: [String], descending: Bool = false) -> [Int] {
        let ascending = names.indices.sorted { (names[$0].lowercased(), $0) < (names[$1].lowercased(), $1) }
        return descending ? ascending.reversed() : ascending
    }

    /// Each entry's page, worked out from the order: the page of the first record whose name
    /// files under it.
    static func firstPages(_ names: [String], _ order: [Int], pageSize: Int) -> [String: Int] {
        var pages: [String: Int] = [:]
        for (place, record) in order.enumerated() where pages[NameIndex.label(names[record])] == nil {
            pages[NameIndex.label(names[record])] = place / pageSize + 1
        }
        return pages
    }

    @Test func initialsFileUnderTheirCapitalKanaUnderTheirRowTheRestUnderHash() {
        #expect(NameIndex.label("ada") == "A")
        #expect(NameIndex.label("Ärger") == "Ä")
        #expect(NameIndex.label("ärger") == "Ä")
        #expect(NameIndex.label("Émile") == "É")
        #expect(NameIndex.label("がく") == "か")
        #expect(NameIndex.label("ぱんだ") == "は")
        #expect(NameIndex.label("キツネ") == "カ")
        #expect(NameIndex.label("ヲ") == "ワ")
        #expect(NameIndex.label("山田") == "山")
        #expect(NameIndex.label("1st") == "#")
        #expect(NameIndex.label("(none)") == "#")
        #expect(NameIndex.label("") == "#")
    }

    @Test(arguments: [false, true])
    func aGermanCaseListsAToZThenUmlautsWhereTheOrderPutsThem(_ descending: Bool) {
        let names = ["Zora", "Ärger", "anna", "Öko", "Bert", "Ähm", "Otto", "Albert", "7 Zwerge", "Zacharias"]
        let order = Self.order(names, descending: descending)
        let index = NameIndex(order: order, texts: names, pageSize: 2, descending: descending)
        let used = Self.firstPages(names, order, pageSize: 2)
        // A to Z in the order's direction, then the letters the order puts after them, then #.
        let latin = NameIndex.latin
        let expected = (descending ? ["Ö", "Ä"] + latin.reversed() : latin + ["Ä", "Ö"]) + ["#"]
        #expect(index.entries.map(\.label) == expected)
        for entry in index.entries {
            #expect(entry.page == used[entry.label], "\(entry.label): page \(String(describing: entry.page))")
        }
        // Each used letter's page holds a name with that initial and none before it in the order.
        for entry in index.entries where entry.page != nil {
            let page = entry.page!
            let onPage = order[(page - 1) * 2..<min(order.count, page * 2)].map { names[$0] }
            #expect(onPage.contains { NameIndex.label($0) == entry.label }, "\(entry.label) → page \(page): \(onPage)")
            let before = order[..<((page - 1) * 2)].map { names[$0] }
            #expect(!before.contains { NameIndex.label($0) == entry.label }, "\(entry.label) starts before page \(page)")
        }
    }

    @Test func aJapaneseCaseListsItsKanaRowsAndKanjiWithNoLatinLetters() {
        let names = ["さくら", "あおい", "かな", "がく", "たろう", "アキラ", "山田", "1号", "ぎん"]
        let order = Self.order(names)
        let index = NameIndex(order: order, texts: names, pageSize: 3, descending: false)
        // The order by scalars: 1号, あおい, かな, がく, ぎん, さくら, たろう, アキラ, 山田.
        #expect(order.map { names[$0] } == ["1号", "あおい", "かな", "がく", "ぎん", "さくら", "たろう", "アキラ", "山田"])
        #expect(index.entries.map(\.label) == ["あ", "か", "さ", "た", "ア", "山", "#"])
        #expect(index.entries.map(\.page) == [1, 1, 2, 3, 3, 3, 1])
    }

    /// The same whether the index made each page's names when it was made (with the site's
    /// strings, as a build does) or makes them when asked.
    @Test(arguments: [false, true])
    func aPageSaysItsFirstAndLastName(madeWithStrings: Bool) {
        let names = ["Bea", "Ada", "Cleo", "Dan", "Eve"]
        let strings = UIStrings.english
        let index = NameIndex(order: Self.order(names), texts: names, pageSize: 2, descending: false,
                              strings: madeWithStrings ? strings : nil)
        #expect(index.names(page: 1, strings: strings) == "Ada – Bea")
        #expect(index.names(page: 2, strings: strings) == "Cleo – Dan")
        // A page of one name says it once.
        #expect(index.names(page: 3, strings: strings) == "Eve")
        #expect(index.pageCount == 3)
    }

    /// What the preview compares to know whether an edited name changes every page of its order:
    /// the index's entries and each page's first and last name, and nothing else.
    @Test func twoIndexesShowTheSameOnlyWithTheSameEntriesAndPageEnds() {
        let names = ["Bea", "Ada", "Cleo", "Dan", "Eve", "Finn"]
        func index(_ n: [String]) -> NameIndex {
            NameIndex(order: Self.order(n), texts: n, pageSize: 3, descending: false)
        }
        let base = index(names)
        #expect(base.showsSame(as: index(names)))
        // Bea stands between Ada and Cleo on page 1 and keeps its initial: nothing shown changes.
        var inside = names; inside[0] = "Bob"
        #expect(base.showsSame(as: index(inside)))
        // Cleo ends page 1: page 1's link says "Ada – Cora" now.
        var end = names; end[2] = "Cora"
        #expect(!base.showsSame(as: index(end)))
        // Dan starts page 2.
        var start = names; start[3] = "Dot"
        #expect(!base.showsSame(as: index(start)))
        // Bea becomes Gus: she moves to the last page and B no longer links anywhere.
        var entry = names; entry[0] = "Gus"
        #expect(!base.showsSame(as: index(entry)))
        // A name between others that starts a new initial: the index gains an entry.
        var initial = ["Ada", "Bob", "Dan", "Eve", "Finn", "Gus"]
        let withB = index(initial)
        initial[1] = "Cal"
        #expect(!withB.showsSame(as: index(initial)))
        // Another page size, or another number of records, is another index.
        #expect(!base.showsSame(as: NameIndex(order: Self.order(names), texts: names, pageSize: 2, descending: false)))
        #expect(!base.showsSame(as: index(names + ["Gus"])))
    }
}
