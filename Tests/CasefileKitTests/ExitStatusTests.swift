import Foundation
import CasefileTestSupport
import Testing
import CasefileKit
import Glibc
@testable import CasefileModel

/// The exit status is the error's kind, whatever threw it.
@Suite struct ExitStatusTests {
    @Test func caseProblemsExitOneAndEverythingElseTwo() {
        #expect(CasefileError.caseProblems("").exitCode == 1)
        #expect(CasefileError.unwritable("public/.casefile-staging", reason: "read-only").exitCode == 2)
        // An error of the file system that escapes a step: exit 2, never 1 ("the case has errors").
        let escaped = CasefileError.from(CocoaError(.fileWriteNoPermission))
        #expect(escaped.exitCode == 2)
        #expect(CasefileError.from(CancellationError()).exitCode == 2)
        #expect(CasefileError.from(CasefileError.caseProblems("x")).exitCode == 1)
    }
}
