import Foundation
import Synchronization
import Testing
import CasefileModel
import CasefileOutput

/// The gate a publish's writes pass, so that Ctrl-C can stop them before it removes the staging
/// folder: once closed, nothing is written and no folder is made again.
@Suite struct WriteGateTests {
    @Test func anOpenGateRunsTheWriteAndAClosedOneRefusesIt() throws {
        let gate = WriteGate()
        #expect(try gate.pass("site/a.html") { () throws(CasefileError) in 7 } == 7)
        gate.close()
        #expect(gate.isClosed)
        var ran = false
        let refused = #expect(throws: CasefileError.self) {
            try gate.pass("site/a.html") { () throws(CasefileError) in ran = true }
        }
        #expect(!ran)
        #expect(refused.map { "\($0)" }?.contains("site/a.html") == true)
        #expect(refused.map { "\($0)" }?.contains("stopped") == true)
    }

    /// A session whose folder was removed after its gate closed does not make the folder again:
    /// without the gate, the next write's `createDirectory` would.
    @Test func aClosedGateKeepsARemovedFolderGone() throws {
        let (root, site) = try SiteWriterTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let gate = WriteGate()
        var session = try SiteWriter(directory: site, displayPath: "site", gate: gate).begin()
        try session.write(OutputFile(path: "index.html", contents: "<p>one</p>"))
        gate.close()
        try FileManager.default.removeItem(at: site)
        #expect(throws: CasefileError.self) {
            try session.write(OutputFile(path: "suspects/page-2.html", contents: "<p>two</p>"))
        }
        #expect(throws: CasefileError.self) {
            _ = try session.finish(rendered: ["index.html"], complete: .all)
        }
        #expect(!SiteWriterTests.exists(site))
        #expect(throws: CasefileError.self) {
            _ = try SiteWriter(directory: site, displayPath: "site", gate: gate).begin()
        }
        #expect(!SiteWriterTests.exists(site))
    }

    /// The same for serve's mirror of the site: a closed gate refuses its writes and its
    /// removals, and the removed folder stays gone.
    @Test func aClosedGateStopsTheMirrorToo() throws {
        let (root, site) = try SiteWriterTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let gate = WriteGate()
        var mirror = MirrorWriter(directory: site, gate: gate)
        #expect(try mirror.write(OutputFile(path: "index.html", contents: "<p>one</p>")))
        #expect(SiteWriterTests.exists(site.appendingPathComponent("index.html")))
        gate.close()
        try FileManager.default.removeItem(at: site)
        #expect(throws: CasefileError.self) {
            try mirror.write(OutputFile(path: "suspects/page-2.html", contents: "<p>two</p>"))
        }
        _ = mirror.finish(rendered: [], complete: .all)
        #expect(!SiteWriterTests.exists(site))
    }

    /// `close()` waits for the write under way: a write that has passed the gate and then takes
    /// its time makes its folder before `close()` returns, so the clean-up after `close()`
    /// removes it for good.
    @Test func closeWaitsForTheWriteUnderWay() throws {
        let (root, site) = try SiteWriterTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let gate = WriteGate()
        let entered = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        // A thread of its own (not the test's task pool, which other suites' waits may hold).
        Thread.detachNewThread {
            try? gate.pass("site") { () throws(CasefileError) in
                entered.signal()
                usleep(100_000)
                try? FileManager.default.createDirectory(at: site.appendingPathComponent("late"), withIntermediateDirectories: true)
            }
            done.signal()
        }
        entered.wait()
        gate.close()
        #expect(SiteWriterTests.exists(site.appendingPathComponent("late")), "close() returned before the write ended")
        try? FileManager.default.removeItem(at: site)
        done.wait()
        #expect(!SiteWriterTests.exists(site))
    }

    /// Two writes pass the gate at once: the second enters while the first is still inside (it
    /// waits for the second to have entered before it leaves), which a gate holding one lock for
    /// the whole write would never let happen.
    @Test func twoWritesPassAtOnce() throws {
        let gate = WriteGate()
        let firstInside = DispatchSemaphore(value: 0), secondInside = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let overlapped = Mutex(false)
        Thread.detachNewThread {
            try? gate.pass("one") { () throws(CasefileError) in
                firstInside.signal()
                // Up to two seconds for the other write to come in while this one is inside.
                let came = secondInside.wait(timeout: .now() + 2) == .success
                overlapped.withLock { $0 = came }
            }
            done.signal()
        }
        firstInside.wait()
        Thread.detachNewThread {
            try? gate.pass("two") { () throws(CasefileError) in secondInside.signal() }
            done.signal()
        }
        done.wait()
        done.wait()
        #expect(overlapped.withLock { $0 })
    }
}
