import Foundation
import CasefileOutput
import CasefileSiteCheck
import CasefileModel
import CasefileLoading
import CasefileEditing

/// Entry points for the fuzz targets in `Fuzz/` (and for tests that replay what they found): the
/// code that reads untrusted bytes, reached without a folder on disk. Each runs the same
/// functions a build or a publish runs on a file's bytes; none of them throws or traps, whatever
/// the bytes, and a fuzz target only checks that.
public enum FuzzEntry {
    /// The data files `loadCase` can read bytes as: site.yaml, then each collection's file in
    /// YAML, then in JSON (`.yml` is read as `.yaml` is). A fuzz input's first byte picks one by
    /// its place in this list.
    public static let dataFiles = [CaseLayout.siteFile] + ["yaml", "json"].flatMap { ext in
        CaseCollection.allCases.map { CaseLayout.collectionFile($0, extension: ext) }
    }

    /// A case made of one data file holding `bytes`, named `file` (one of `dataFiles`), read as
    /// the loader reads it from a case folder: parsed as YAML or JSON as its extension
    /// says, then site.yaml decoded into settings, or a collection into records; the other files
    /// are absent. Validate the result with `Validator` to run the rules on it too.
    public static func loadCase(_ bytes: [UInt8], as file: String) -> LoadedCase {
        let path = file
        var problems: [Diagnostic] = []
        let data = DataFile.parse(bytes, path: path, json: CaseLayout.isJSON(file), problems: &problems)
        var site = SiteSettings(title: "Untitled case")
        var records: (fruits: [Fruit], animals: [Animal], bulletins: [Bulletin]) = ([], [], [])
        var sourceMap = SourceMap()
        var unread: Set<CaseCollection> = []
        if let collection = CaseLayout.collection(ofFile: file) {
            // The loader's own decoding, as a build runs it on the file's bytes.
            let result = ContentLoader.decodeCollection(collection, data, path: path, problems: problems)
            problems = result.problems
            sourceMap.files[collection] = path
            if result.unread { unread.insert(collection) }
            switch result.records {
            case let .fruits(list): (records.fruits, sourceMap.fruits) = (list, result.origins)
            case let .animals(list): (records.animals, sourceMap.animals) = (list, result.origins)
            case let .bulletins(list): (records.bulletins, sourceMap.bulletins) = (list, result.origins)
            }
        } else {
            site = ContentLoader.decodeSite(data, path: path, problems: &problems)
        }
        let content = CaseContent(site: site, fruits: records.fruits, animals: records.animals, bulletins: records.bulletins)
        return LoadedCase(caseContent: content, sourceMap: sourceMap, diagnostics: problems, files: [path],
                          dataTexts: [path: data.text], unreadCollections: unread)
    }

    /// The editor's byte edits on a data file's `bytes` (named `file`, one of `dataFiles` but
    /// site.yaml): the span of a record, a field of it changed to `text` (and removed), a record
    /// appended and one deleted, each chosen by `choice`. Each either answers bytes — which it
    /// has read back with the loader already — or refuses; none may trap, whatever the bytes.
    /// Returns how many edits answered bytes.
    @discardableResult
    public static func edit(_ bytes: [UInt8], as file: String, choice: UInt8, text: String) -> Int {
        guard let collection = CaseLayout.collection(ofFile: file) else { return 0 }
        let editor = SourceEditor(bytes: bytes, format: SourceFormat(fileName: file), collection: collection)
        let item = Int(choice >> 4)
        let keys = editor.keyOrder
        let key = keys[Int(choice & 0x0F) % keys.count]
        var answered = 0
        _ = editor.span(item: item)
        let edits: [SourceEditor.Edit] = [
            .set(fields: [FieldChange(key, .text(text))], item: item),
            .set(fields: [FieldChange(key, nil)], item: item),
            .set(fields: [FieldChange(key, .list([text, "a-b"]))], item: item),
            .append(fields: [EditField(FieldName.id.key, .text("fuzz")), EditField(key, .text(text))]),
            .delete(item: item),
        ]
        for edit in edits {
            guard let result = try? editor.apply(edit) else { continue }
            answered += 1
            // A read-back of the edited record alone must be the whole file's reading.
            if result.readAlone, let difference = result.differenceFromWholeReading() {
                preconditionFailure("an edit read back alone differs from the whole file's reading: \(difference)")
            }
        }
        return answered
    }

    /// The pages `checkPage` resolves links against, as if the site held them (and its stylesheet):
    /// two pages of suspects and of bulletins, one of fruits and of problems, and the 404 page.
    public static let sitePages = [SiteLayout.page(.suspects), SiteLayout.page(.suspects, number: 2),
                                   SiteLayout.page(.bulletins), SiteLayout.page(.bulletins, number: 2),
                                   SiteLayout.page(.fruits), SiteLayout.page(.validation), SiteLayout.notFound,
                                   SiteLayout.stylesheet]

    /// What publish's checks find in `bytes` as the page `page` of a site made of `sitePages`
    /// (links to another page's fragments checked against that page's ids as this one declares
    /// them): the same scan and rules as `SiteCheck`, on bytes in memory.
    public static func checkPage(_ bytes: [UInt8], page: String = SiteLayout.page(.bulletins),
                                 baseURL: String? = "https://example.org/case/") -> [PublishFailure] {
        SiteCheck.check(bytes, page: page, site: sitePages, baseURL: baseURL)
    }
}
