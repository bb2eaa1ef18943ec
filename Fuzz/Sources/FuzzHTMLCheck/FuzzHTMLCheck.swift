import CasefileKit

/// libFuzzer calls this with each input: the bytes of one page, checked as `casefile publish`
/// checks the pages it built. It must neither trap nor hang, whatever the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLCheck(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    for failure in FuzzEntry.checkPage(input) {
        // A place, when given, is on the page.
        guard (failure.line ?? 1) >= 1, (failure.column ?? 1) >= 1 else { fatalError("\(failure)") }
    }
    return 0
}
