import CasefileKit
import CasefileValidation
import Dispatch

/// libFuzzer calls this with each input: a first byte choosing the data file (site.yaml, or a
/// collection in YAML or JSON: `FuzzEntry.dataFiles`), then that file's bytes. The case is loaded
/// and validated as `casefile validate` would; neither may trap or hang, and every problem found
/// must have a place from line 1, column 1 on.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let selector = input.first else { return 0 }
    let file = FuzzEntry.dataFiles[Int(selector) % FuzzEntry.dataFiles.count]
    let loaded = FuzzEntry.loadCase(Array(input.dropFirst()), as: file)
    let done = DispatchSemaphore(value: 0)
    Task {
        let validated = await Validator().validate(loaded)
        for problem in validated.diagnostics {
            if let place = problem.location {
                guard place.line >= 1 && place.column >= 1 else { fatalError("\(problem)") }
            }
        }
        done.signal()
    }
    done.wait()
    return 0
}
