import CasefileModel
import CasefileOutput
import CasefileReports
import CasefileValidation

/// The digest's fingerprints, of each record's own values (not what is derived from other
/// records) as the data exports write them, and the digest's file.
extension CaseDigest {
    static func records(_ v: ValidatedCase) -> [CaseCollection: [RecordFingerprint]] {
        let c = v.caseContent
        var scratch = ExportText(capacity: 1024)
        func hash(_ id: String, _ write: (inout ExportText) -> Void) -> RecordFingerprint {
            scratch.removeAll()
            scratch.beginObject()
            write(&scratch)
            scratch.endObject()
            return RecordFingerprint(id: id, hash: ContentHash.hex16(bytes: scratch.bytes))
        }
        return [.fruits: c.fruits.map { fruit in hash(fruit.id.rawValue) { DataExports.own(fruit, &$0) } },
                .animals: c.animals.map { animal in hash(animal.id.rawValue) { DataExports.own(animal, &$0) } },
                .bulletins: c.bulletins.map { bulletin in hash(bulletin.id.rawValue) { DataExports.own(bulletin, &$0) } }]
    }

    static func json(_ records: [CaseCollection: [RecordFingerprint]]) -> [UInt8] {
        var out = ExportText(capacity: 1 << 16)
        out.beginObject()
        out.key("format"); out.string(format)
        for collection in CaseCollection.allCases {
            switch collection {
            case .fruits: out.key("fruits")
            case .animals: out.key("animals")
            case .bulletins: out.key("bulletins")
            }
            out.beginArray()
            for record in records[collection] ?? [] {
                out.lineBreak()
                out.strings([record.id, record.hash])
            }
            out.newline()
            out.endArray()
        }
        out.endObject()
        out.newline()
        return out.bytes
    }
}
