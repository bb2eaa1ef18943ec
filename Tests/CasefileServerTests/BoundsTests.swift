import CasefileServer
import Foundation
import Testing

/// The server's bounds that need no server to check: the number of live-reload streams fitted to
/// the open-file limit.
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
}
