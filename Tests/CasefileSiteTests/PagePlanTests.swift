import Testing
import CasefileModel
import CasefileSite

/// Which page of its table holds each record, in file order and in a default order.
@Suite struct PagePlanTests {
    /// Five suspects, no bulletin, four fruits and three problems, two to a page.
    static let plan = PagePlan(pageSize: 2, suspects: 5, bulletins: 0, fruits: 4, problems: 3)

    @Test func everyTableHasItsPagesAndAnEmptyOneHasOne() {
        #expect(Self.plan.pageCount(.suspects) == 3)
        #expect(Self.plan.pageCount(.fruits) == 2)
        #expect(Self.plan.pageCount(.validation) == 2)
        #expect(Self.plan.pageCount(.bulletins) == 1)
        #expect(Self.plan.records(.bulletins, page: 1) == [])
    }

    @Test func pagesListTheRecordsInFileOrder() {
        #expect(Self.plan.records(.suspects, page: 1) == [0, 1])
        #expect(Self.plan.records(.suspects, page: 2) == [2, 3])
        #expect(Self.plan.records(.suspects, page: 3) == [4])
        #expect(Self.plan.records(.suspects, page: 4) == [])
        #expect(Self.plan.records(.fruits, page: 2) == [2, 3])
        #expect(Self.plan.order(.suspects) == nil)
        #expect(Self.plan.orderedTables.isEmpty)
    }

    @Test func eachRecordsPageAndItsPath() {
        #expect((0..<5).map { Self.plan.page(.suspects, ofRecordAt: $0) } == [1, 1, 2, 2, 3])
        // The suspects' first page is the home page; the other tables' live in their folders.
        #expect(Self.plan.path(.suspects, recordAt: 1) == "index.html")
        #expect(Self.plan.path(.suspects, recordAt: 2) == "suspects/page-2.html")
        #expect(Self.plan.path(.suspects, recordAt: 4) == "suspects/page-3.html")
        #expect(Self.plan.path(.fruits, recordAt: 0) == "fruits/index.html")
        #expect(Self.plan.path(.fruits, recordAt: 3) == "fruits/page-2.html")
        #expect(Self.plan.path(.validation, recordAt: 2) == "validation/page-2.html")
    }

    @Test func aDefaultOrderPlacesEachRecordWhereTheOrderPutsIt() {
        // The suspects the other way round: the last record opens the first page.
        let plan = PagePlan(pageSize: 2, suspects: 5, bulletins: 0, fruits: 4, problems: 0,
                            orders: [.suspects: [4, 3, 2, 1, 0]])
        #expect(plan.records(.suspects, page: 1) == [4, 3])
        #expect(plan.records(.suspects, page: 3) == [0])
        #expect((0..<5).map { plan.page(.suspects, ofRecordAt: $0) } == [3, 2, 2, 1, 1])
        #expect(plan.path(.suspects, recordAt: 4) == "index.html")
        #expect(plan.path(.suspects, recordAt: 0) == "suspects/page-3.html")
        // The fruits keep their file order.
        #expect(plan.records(.fruits, page: 1) == [0, 1])
        #expect(plan.orderedTables == [.suspects: [4, 3, 2, 1, 0]])
    }

    @Test func aPageSizeBelowOneIsOne() {
        let plan = PagePlan(pageSize: 0, suspects: 3, bulletins: 0, fruits: 0, problems: 0)
        #expect(plan.pageSize == 1)
        #expect(plan.pageCount(.suspects) == 3)
        #expect(plan.path(.suspects, recordAt: 2) == "suspects/page-3.html")
    }
}
