import Testing
import CasefileModel
import CasefileReports

@Suite struct TextReportTests {
    /// `place: severity: message [rule]`, the place below the folder as the user named it.
    @Test func aProblemIsOneLineInTheCompilerForm() {
        let plain = TextReport(colour: false, folder: "Content")
        #expect(plain.line(Examples.duplicate)
            == "Content/data/wild animals.yaml:12:7: error: id \"crow\" is used twice [duplicate-id]")
        #expect(TextReport(colour: false, folder: ".").line(Examples.duplicate)
            == "data/wild animals.yaml:12:7: error: id \"crow\" is used twice [duplicate-id]")
        #expect(TextReport(colour: false, folder: "some/Case/").line(Examples.duplicate)
            == "some/Case/data/wild animals.yaml:12:7: error: id \"crow\" is used twice [duplicate-id]")
    }

    /// With no place the record stands first (its collection, or `case`); with neither, nothing.
    @Test func aProblemWithoutAPlaceNamesItsRecord() {
        let plain = TextReport(colour: false, folder: "Content")
        #expect(plain.line(Examples.interview)
            == "animals \"fox\": warning: Extremely suspicious, with neither an alibi nor a note [missing-interview]")
        #expect(plain.line(Diagnostic(rule: .orphanNote, message: "m", location: nil, recordID: "x"))
            == "case \"x\": warning: m [orphan-note]")
        #expect(plain.line(Examples.unused) == "note: No animal favours it [unused-fruit]")
    }

    /// In colour only the severity changes: bold red, yellow or cyan, then a reset.
    @Test func colourPaintsTheSeverityOnly() {
        let colour = TextReport(colour: true, folder: "Content")
        let escape = "\u{1B}["
        #expect(colour.line(Examples.duplicate)
            == "Content/data/wild animals.yaml:12:7: \(escape)1;31merror\(escape)0m: id \"crow\" is used twice [duplicate-id]")
        #expect(colour.line(Examples.interview) == "animals \"fox\": \(escape)1;33mwarning\(escape)0m: "
            + "Extremely suspicious, with neither an alibi nor a note [missing-interview]")
        #expect(colour.line(Examples.unused) == "\(escape)1;36mnote\(escape)0m: No animal favours it [unused-fruit]")
        #expect(!TextReport(colour: false).line(Examples.duplicate).contains(escape))
    }

    /// Errors and warnings always counted, notes when there are any, then the files with problems.
    @Test func theSummaryCountsBySeverityAndFile() {
        #expect(TextReport.summary([Examples.duplicate, Examples.interview]) == "1 error, 1 warning in 1 file")
        #expect(TextReport.summary([Examples.duplicate, Examples.interview, Examples.unused])
            == "1 error, 1 warning, 1 note in 1 file")
        var elsewhere = Examples.duplicate
        elsewhere.location?.path = "site.yaml"
        #expect(TextReport.summary([Examples.duplicate, elsewhere]) == "2 errors, 0 warnings in 2 files")
        #expect(TextReport.summary([Examples.unused]) == "0 errors, 0 warnings, 1 note in 0 files")
    }

    /// The summary when there are problems, else what passed.
    @Test func theClosingLineIsTheSummaryOrWhatPassed() {
        #expect(TextReport.closingLine(Examples.findings) == "1 error, 1 warning in 1 file")
        let clean = ValidationFindings(diagnostics: [], rulesRun: [.syntax, .emoji], files: ["site.yaml"], records: 1)
        #expect(TextReport.closingLine(clean) == "No problems: 2 rules passed on 1 record in 1 file")
        let big = ValidationFindings(diagnostics: [], rulesRun: [.syntax], files: ["a.yaml", "b.yaml"], records: 20401)
        #expect(TextReport.closingLine(big) == "No problems: 1 rule passed on 20,401 records in 2 files")
    }
}
