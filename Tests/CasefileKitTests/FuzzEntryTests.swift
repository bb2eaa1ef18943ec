import Foundation
import Testing
@testable import CasefileKit
import CasefileSiteCheck
@testable import CasefileModel
@testable import CasefileLoading
@testable import CasefileValidation
import CasefileTestSupport

/// `FuzzEntry`, which the fuzz targets in Fuzz/ call, reads bytes as the loader and publish's
/// checks read files: what the fuzzers exercise is what a build runs.
@Suite struct FuzzEntryTests {
    @Test func aCollectionReadsAsTheLoaderReadsItsFile() async throws {
        let bytes = [UInt8](try Data(contentsOf: Repository.sample.appendingPathComponent("animals.yaml")))
        let fromBytes = FuzzEntry.loadCase(bytes, as: "animals.yaml")
        let fromFolder = try await ContentLoader(directory: Repository.sample, displayPath: "Case").load()
        #expect(fromBytes.caseContent.animals.count == 10)
        #expect(fromBytes.caseContent.animals == fromFolder.caseContent.animals)
        #expect(fromBytes.sourceMap.animals == fromFolder.sourceMap.animals)
        // The sample's favourite fruit written twice, found while the file is read.
        #expect(fromBytes.diagnostics.map(\.ruleID) == ["duplicate-fruit"])
        #expect(fromBytes.diagnostics.map(\.location) == fromFolder.diagnostics.map(\.location))
    }

    /// What the loader says of a file that is not a list, and of an empty site.yaml, the fuzz
    /// entry says too: it runs the loader's decoding, not a copy of it.
    @Test func aFileThatIsNoListAndAnEmptySiteAreReportedAsTheLoaderReportsThem() {
        let mapping = FuzzEntry.loadCase(Array("id: elstar\nname: Elstar\n".utf8), as: "fruits.yaml")
        #expect(mapping.diagnostics.map(\.message) == ["fruits must be a list of records, got a mapping"])
        #expect(mapping.unreadCollections == [.fruits])
        let empty = FuzzEntry.loadCase([], as: "site.yaml")
        #expect(empty.diagnostics.map(\.message) == ["site.yaml is empty: it needs at least a title"])
    }

    /// The editor's fuzz entry reaches the edits: on the sample's files each of its five edits of
    /// the first record answers (the engine writes what it is asked, a list in a text field too:
    /// judging values is the editor's checks' part), and on bytes that are no list none does.
    @Test(arguments: ["animals.yaml", "bulletins.yaml", "fruits.yaml"])
    func theEditorsFuzzEntryEditsTheSamplesFiles(_ file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Repository.sample.appendingPathComponent(file)))
        let answered = FuzzEntry.edit(bytes, as: file, choice: 0x01, text: "Fuzzed name")
        #expect(answered == 5, "\(answered) of the edits answered")
        #expect(FuzzEntry.edit(Array("{not: [a list".utf8), as: file, choice: 0x01, text: "x") == 0)
    }

    /// Inputs the fuzzer found that trapped (an entry whose place is the end of the file), and
    /// their neighbours: each edit refuses or answers, none traps.
    @Test(arguments: ["-", "- ", "-\n", "-\r\n", "[", "[-", "- -", "- [", "- {", "- \"", "- '", "---\n-", "\u{FEFF}-", "[]", "{}"])
    func emptyOrCutEntriesAreRefusedWithoutATrap(_ text: String) {
        for file in FuzzEntry.dataFiles where file != "site.yaml" {
            for choice in [UInt8(0x00), 0x01, 0x12] {
                #expect(FuzzEntry.edit(Array(text.utf8), as: file, choice: choice, text: "x") >= 0)
            }
        }
    }

    /// A flow list the fuzzer found whose parsed places run backwards (the next record starting
    /// before this one): deleting a record of it trapped on the range between them. As the fuzz
    /// target calls it: the first byte picks the file, the second the record and field.
    @Test func aFlowListWhosePlacesRunBackwardsIsRefusedWithoutATrap() throws {
        let input = try #require(Data(base64Encoded: "BiJbYiJ5ZTogT3dsLCBEaWNzcGVjaWVmdXpzOiBTUyxTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1"
            + "NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTU1NTeXl5XQ=="))
        let files = FuzzEntry.dataFiles.filter { $0 != "site.yaml" }
        let bytes = Array(input.dropFirst(2))
        let text = String(decoding: bytes.suffix(12), as: UTF8.self)
        #expect(FuzzEntry.edit(bytes, as: files[Int(input[0]) % files.count], choice: input[1], text: text) >= 0)
        // Every file and record of the same bytes.
        for file in files {
            for choice in [UInt8(0x00), 0x12, 0x22, 0x32] {
                #expect(FuzzEntry.edit(bytes, as: file, choice: choice, text: text) >= 0)
            }
        }
    }

    @Test func siteSettingsAreDecoded() {
        let loaded = FuzzEntry.loadCase(Array("title: Orchard\npageSize: 7\ncolour: red\n".utf8), as: "site.yaml")
        #expect(loaded.caseContent.site.title == "Orchard")
        #expect(loaded.caseContent.site.pageSize == 7)
        #expect(loaded.diagnostics.map(\.ruleID) == ["unknown-field"])
    }

    @Test func jsonIsReadStrictlyAndAFileThatDoesNotParseIsUnread() {
        let loaded = FuzzEntry.loadCase(Array(#"[{"id": "elstar", "name": "Elstar", "color": red}]"#.utf8), as: "fruits.json")
        #expect(loaded.diagnostics.map(\.ruleID) == ["syntax"])
        #expect(loaded.diagnostics.first?.location == SourceLocation(path: "fruits.json", line: 1, column: 46))
        #expect(loaded.unreadCollections == [.fruits])
        #expect(loaded.caseContent.fruits.isEmpty)
    }

    @Test func theRulesRunOnTheCase() async {
        let yaml = "- id: b1\n  fruit: quince\n  nibbledAt: \"2023-06-05T23:10:00-07:00\"\n  location: Orchard\n"
        let validated = await Validator().validate(FuzzEntry.loadCase(Array(yaml.utf8), as: "bulletins.yaml"))
        #expect(validated.diagnostics.map(\.ruleID) == ["unknown-fruit"])
        #expect(validated.diagnostics.first?.location == SourceLocation(path: "bulletins.yaml", line: 2, column: 10))
    }

    @Test func aPageIsCheckedAsPublishChecksIt() {
        let html = ##"<p id=top><a href="missing.html">x</a><a href="#top">up</a><a href="index.html#row">r</a>"##
            + ##"<a href="#nowhere">n</a><div onclick="go()"><script>alert(1)</script>"##
        let failures = FuzzEntry.checkPage(Array(html.utf8), page: "index.html")
        #expect(failures.map(\.check.rawValue).sorted() == ["broken-link", "event-handler", "missing-fragment", "missing-fragment", "script"])
        #expect(failures.allSatisfy { $0.page == "index.html" && $0.line == 1 })
        #expect(FuzzEntry.checkPage(Array(#"<a href="fruits/index.html">ok</a>"#.utf8), page: "index.html").isEmpty)
    }
}
