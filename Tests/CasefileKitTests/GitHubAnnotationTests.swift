import Foundation
import Testing
@testable import CasefileKit
@testable import CasefileModel

@Suite struct GitHubAnnotationTests {
    @Test func messagesAndPropertiesAreEscapedAsGitHubDocuments() {
        #expect(GitHubAnnotations.escapeData("50% done\r\nnext: a,b") == "50%25 done%0D%0Anext: a,b")
        #expect(GitHubAnnotations.escapeProperty("C:\\a,b%\n") == "C%3A\\a%2Cb%25%0A")
    }

    @Test func eachSeverityHasItsCommand() {
        func line(_ rule: Rule) -> String {
            GitHubAnnotations.line(Diagnostic(rule: rule, message: "m", location: .init(path: "a:b,c.yaml", line: 3, column: 4)))
        }
        #expect(line(.syntax) == "::error file=a%3Ab%2Cc.yaml,line=3,col=4,title=syntax::m")
        #expect(line(.emoji).hasPrefix("::warning "))
        #expect(line(.unusedFruit).hasPrefix("::notice "))
        let noPlace = GitHubAnnotations.line(Diagnostic(rule: .missingInterview, message: "x", location: nil, recordID: "crow"))
        #expect(noPlace == "::warning title=missing-interview (crow)::x")
    }
}
