@testable import CasefileServer
import Foundation
import Testing

/// The server's bounds that need no server to check: the number of live-reload streams fitted to
/// the open-file limit, and the cache of decorated pages kept within its budget of bytes.
@Suite struct BoundsTests {
    @Test func theStreamLimitLeavesTheReserveOfDescriptors() {
        let limits = ServerLimits()
        #expect(limits.reloadStreams == 1000 && limits.idleTimeout == .seconds(30))
        #expect(limits.descriptorsWanted == 1000 + ServerLimits.descriptorReserve)
        #expect(limits.fitted(toDescriptors: 1024).reloadStreams == 1024 - ServerLimits.descriptorReserve)
        #expect(limits.fitted(toDescriptors: 100_000).reloadStreams == 1000)
        #expect(limits.fitted(toDescriptors: 10).reloadStreams == 1)
        #expect(limits.fitted(toDescriptors: nil) == limits)
    }

    static func version(_ inode: UInt64, size: Int = 300) -> FileVersion {
        FileVersion(device: 1, inode: inode, size: size, seconds: 0, nanoseconds: 0)
    }

    @Test func thePageCacheStaysWithinItsBudget() async {
        let state = PreviewState(budget: 1000)
        let decoratedAt = await state.decoratedAt
        for i in 0..<10 {
            await state.store(Array(repeating: UInt8(i), count: 300), path: "/page-\(i).html", version: Self.version(UInt64(i)),
                              decoratedAt: decoratedAt)
            #expect(await state.cachedSize <= 1000)
        }
        // The latest pages are kept, the oldest gone; a page is found only for the version it was made from.
        #expect(await state.page("/page-9.html", version: Self.version(9)).cached == Array(repeating: 9, count: 300))
        #expect(await state.page("/page-0.html", version: Self.version(0)).cached == nil)
        #expect(await state.page("/page-9.html", version: Self.version(99)).cached == nil)
        // A page larger than the whole budget is not kept, and evicts nothing.
        await state.store(Array(repeating: 0, count: 1001), path: "/huge.html", version: Self.version(100, size: 1001),
                          decoratedAt: decoratedAt)
        #expect(await state.page("/huge.html", version: Self.version(100, size: 1001)).cached == nil)
        #expect(await state.page("/page-9.html", version: Self.version(9)).cached != nil)
        // Nor is a page decorated before the decoration changed.
        var banner = PageDecoration()
        banner.errors = 1
        #expect(await state.set(banner))
        await state.store([1, 2, 3], path: "/late.html", version: Self.version(200), decoratedAt: decoratedAt)
        #expect(await state.page("/late.html", version: Self.version(200)).cached == nil)
        #expect(await state.cachedSize == 0)
    }
}
