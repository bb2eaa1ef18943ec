import Testing
import CasefileModel
import CasefileReports

@Suite struct GitHubAnnotationTests {
    /// `%`, CR and LF are escaped everywhere; `:` and `,` in property values too.
    @Test func messagesAndPropertiesAreEscaped() {
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

    /// A line each, paths below the folder, the record in the title, the fix on a line of the message.
    @Test func linesNameFilesBelowTheFolder() {
        #expect(GitHubAnnotations.lines([Examples.duplicate, Examples.interview], under: "Content") == """
            ::error file=Content/data/wild animals.yaml,line=12,col=7,title=duplicate-id (crow)::id "crow" is used twice%0ARename one of them.
            ::warning title=missing-interview (fox)::Extremely suspicious, with neither an alibi nor a note

            """)
    }
}
