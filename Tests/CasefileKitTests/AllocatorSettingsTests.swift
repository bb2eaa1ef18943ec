import Foundation
import Testing
import CasefileTestSupport

/// The settings the casefile binary gives jemalloc (Sources/CAllocatorSettings): freed pages go
/// back to the kernel within a second, on jemalloc's own thread. jemalloc prints the options it
/// runs with when MALLOC_CONF asks it to, and that variable adds to the binary's settings.
/// In a sanitizer's build (Scripts/sanitize.sh sets CASEFILE_SANITIZER, and Package.swift then
/// leaves jemalloc out) the sanitizer's allocator serves the binary, and there is nothing to read.
struct AllocatorSettingsTests {
    #if os(Linux)
    static let jemallocServes = ProcessInfo.processInfo.environment["CASEFILE_SANITIZER"] == nil

    @Test(.enabled(if: jemallocServes)) func theBinaryReturnsFreedPagesWithinASecond() throws {
        let run = try BinaryRun.run(["--version"], environment: ["MALLOC_CONF": "stats_print:true"])
        #expect(run.status == 0)
        #expect(run.err.contains("opt.background_thread: true"))
        #expect(run.err.contains("opt.dirty_decay_ms: 1000 "))
    }

    /// MALLOC_CONF still overrides them (a heap profile is taken so).
    @Test(.enabled(if: jemallocServes)) func theEnvironmentStillOverridesThem() throws {
        let run = try BinaryRun.run(["--version"], environment: ["MALLOC_CONF": "stats_print:true,dirty_decay_ms:10000"])
        #expect(run.status == 0)
        #expect(run.err.contains("opt.dirty_decay_ms: 10000 "))
    }
    #endif
}
