import Testing
@testable import CasefileRendering

/// Which page numbers a page of a long table links to (nil is a gap, shown as "…").
@Suite struct PaginationTests {
    @Test func nineOrFewerPagesAreAllListed() {
        #expect(PageFrame.pageWindow(current: 1, count: 1) == [1])
        #expect(PageFrame.pageWindow(current: 3, count: 5) == [1, 2, 3, 4, 5])
        #expect(PageFrame.pageWindow(current: 9, count: 9) == Array(1...9))
    }

    @Test func moreShowTheEndsAndTwoEachSideOfTheCurrentPage() {
        #expect(PageFrame.pageWindow(current: 1, count: 100) == [1, 2, 3, nil, 100])
        #expect(PageFrame.pageWindow(current: 50, count: 100) == [1, nil, 48, 49, 50, 51, 52, nil, 100])
        #expect(PageFrame.pageWindow(current: 100, count: 100) == [1, nil, 98, 99, 100])
        // A gap of one page shows that page instead.
        #expect(PageFrame.pageWindow(current: 5, count: 100) == [1, 2, 3, 4, 5, 6, 7, nil, 100])
        #expect(PageFrame.pageWindow(current: 96, count: 100) == [1, nil, 94, 95, 96, 97, 98, 99, 100])
    }

    @Test func everyPageLinksToAtMostElevenAndToItselfAndItsNeighbours() {
        for count in [10, 11, 57, 1_000] {
            for current in 1...count {
                let window = PageFrame.pageWindow(current: current, count: count)
                #expect(window.count <= 11)
                let numbers = window.compactMap { $0 }
                #expect(numbers == numbers.sorted() && Set(numbers).count == numbers.count)
                #expect(numbers.first == 1 && numbers.last == count)
                for n in [current - 1, current, current + 1] where (1...count).contains(n) { #expect(numbers.contains(n)) }
            }
        }
    }
}
