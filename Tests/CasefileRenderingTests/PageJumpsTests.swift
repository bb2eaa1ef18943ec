import Testing
@testable import CasefileRendering

/// The far pages a page links to (`PageJumps`): walked as a graph, every page of a table is at
/// most two taps from every other, at any page count.
@Suite struct PageJumpsTests {
    /// The fewest taps from `start` to each page (1…count), following `links`; 0 for `start`,
    /// nil for a page not reached within `limit` taps.
    static func taps(from start: Int, count: Int, limit: Int, links: (Int) -> [Int]) -> [Int?] {
        var distance = [Int?](repeating: nil, count: count + 1)
        distance[start] = 0
        var frontier = [start]
        for depth in 1...max(1, limit) {
            var next: [Int] = []
            for page in frontier {
                for target in links(page) where distance[target] == nil {
                    distance[target] = depth
                    next.append(target)
                }
            }
            frontier = next
        }
        return distance
    }

    /// The counts walked page by page: every count up to 130, and samples on to 2,500 (200 is the
    /// 10k case's table, 2,000 the 100k case's), both sides of each step's change.
    static let counts = Array(1...130) + [199, 200, 201, 249, 250, 251, 499, 500, 501, 997, 1_000, 1_001,
                                          1_999, 2_000, 2_001, 2_048, 2_499, 2_500]

    @Test(arguments: counts)
    func everyPageIsWithinTwoTapsOfEveryOther(_ count: Int) {
        // Each page's links, worked out once per count.
        let links = [[Int]()] + (1...count).map { PageJumps.links(current: $0, count: count) }
        for page in 1...count {
            #expect(links[page].allSatisfy { (1...count).contains($0) }, "\(count) pages: page \(page) links outside")
        }
        for start in 1...count {
            let distance = Self.taps(from: start, count: count, limit: 2) { links[$0] }
            let far = (1...count).filter { distance[$0] == nil }
            #expect(far.isEmpty, "\(count) pages: from page \(start), \(far.prefix(5)) are more than two taps away")
            if !far.isEmpty { return }
        }
    }

    @Test(arguments: [10, 57, 200, 2_000, 2_500])
    func aPageLinksToAboutTwiceTheSquareRootOfTheCount(_ count: Int) {
        // Two taps from k links reach at most k + k² pages, so some page needs about √count;
        // the blocks cost at most twice that, and the window's ends and neighbours a few more.
        let bound = 2 * Int((Double(count)).squareRoot().rounded(.up)) + 8
        let most = (1...count).map { PageJumps.links(current: $0, count: count).count }.max() ?? 0
        #expect(most <= bound, "\(count) pages: a page has \(most) links, more than \(bound)")
    }

    @Test func theStepIsTheNiceNumberThatKeepsTheLinksFewest() {
        // 1, 2, 5 × 10^k: the one with the fewest block starts plus one block.
        for count in [10, 200, 2_000, 20_000] {
            let candidates = [2, 5, 10, 20, 50, 100, 200, 500, 1_000]
            let cost = { (s: Int) in (count + s - 1) / s + s }
            let fewest = candidates.map(cost).min()!
            #expect(cost(PageJumps.step(count)) == fewest, "\(count) pages: step \(PageJumps.step(count))")
        }
        #expect(PageJumps.step(200) == 10)
        #expect(PageJumps.step(2_000) == 50)
    }

    @Test func jumpsAreTheBlockStartsAndOnAStartItsBlock() {
        // 200 pages, step 10: the blocks are 1–9, 10–19, …, 200.
        let starts = Set([1] + Array(stride(from: 10, through: 200, by: 10)))
        #expect(PageJumps.jumps(current: 50, count: 200) == starts.union(50...59).subtracting([50]).sorted())
        // Page 44 is no block's start: the starts only.
        #expect(PageJumps.jumps(current: 44, count: 200) == starts.sorted())
        // Page 1 starts the first block, 1–9.
        #expect(PageJumps.jumps(current: 1, count: 200) == starts.union(1...9).subtracting([1]).sorted())
        // The last block may be short: 2,001 pages, step 50, page 2,000 starts 2,000–2,001.
        #expect(PageJumps.jumps(current: 2_000, count: 2_001).suffix(2) == [1_950, 2_001])
        // Nine pages or fewer: the window holds them all.
        #expect(PageJumps.jumps(current: 4, count: 9).isEmpty)
    }

    @Test func aReaderWhoKnowsOnlyWhichPagesALinkStartsFindsThePageInTwoTaps() {
        // Told only each link's number (as a text order's links say their first name), tap the
        // link to the page wanted, or else the last jump not past it.
        for count in [57, 200, 2_000] {
            for start in Swift.stride(from: 1, through: count, by: max(1, count / 40)) {
                for target in Swift.stride(from: 1, through: count, by: max(1, count / 60)) {
                    var page = start, taps = 0
                    while page != target && taps < 3 {
                        let links = PageJumps.links(current: page, count: count)
                        let jumps = PageJumps.jumps(current: page, count: count)
                        page = links.contains(target) ? target : (jumps.last { $0 <= target } ?? 1)
                        taps += 1
                    }
                    #expect(page == target && taps <= 2, "\(count) pages: \(start) → \(target) took \(taps) taps")
                }
            }
        }
    }
}
