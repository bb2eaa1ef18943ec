import CasefileKit

/// libFuzzer calls this with each input: a first byte choosing the collection file (YAML or
/// JSON: `FuzzEntry.dataFiles` but site.yaml), a second choosing the record and the field, then
/// the file's bytes; the text written is taken from the file's last bytes. The editor's edits
/// (span, change, remove, append, delete, each read back by the loader) may refuse, never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEdits(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard input.count >= 2 else { return 0 }
    let files = FuzzEntry.dataFiles.filter { $0 != "site.yaml" }
    let file = files[Int(input[0]) % files.count]
    let bytes = Array(input.dropFirst(2))
    let text = String(decoding: bytes.suffix(12), as: UTF8.self)
    FuzzEntry.edit(bytes, as: file, choice: input[1], text: text)
    return 0
}
