import Foundation
import CasefileModel
import CasefileLoading
import CasefileEditing
import CasefileKit

// The editor's benchmark, run by Scripts/edit-bench.sh (not part of any product):
//
//   EditBench CASE-FOLDER RUNS [--engine-only]
//
// On the case's animals.json it times, RUNS times each, a record near the end of the file
// (the tenth from last) given a new name:
//   - engine: a `SourceEditor` made of the file's bytes, then its `set` (splice, read back),
//     nothing written; the set's share is timed apart;
//   - save: the whole save through the preview's `RecordEditor.submit`, as the form posts it
//     (the record read again, the edit, the rules of `casefile validate`, the atomic write and
//     the preview's rebuild of the pages it changed), until it answers with the page to reload;
//     the rebuild's share is timed apart.
// It prints each run in milliseconds, wall time and the process's CPU time (user + system, all
// threads: on a busy machine the wall time waits for the cores, the CPU time less so), then the
// medians. `--engine-only` leaves out the saves (for a profiler).

@main struct EditBench {
    static func main() async {
        let arguments = CommandLine.arguments
        guard (3...4).contains(arguments.count), let runs = Int(arguments[2]), runs > 0,
              arguments.count == 3 || arguments[3] == "--engine-only" else {
            fail("usage: EditBench CASE-FOLDER RUNS [--engine-only]")
        }
        let content = URL(fileURLWithPath: arguments[1])
        let file = content.appendingPathComponent("animals.json")
        guard let original = try? Array(Data(contentsOf: file)) else { fail("cannot read \(file.path)") }

        // The record: the tenth from the end of the list.
        var problems: [Diagnostic] = []
        let parsed = DataFile.parse(original, path: "animals.json", json: true, problems: &problems)
        let loaded = ContentLoader.decodeCollection(.animals, parsed, path: "animals.json", problems: problems)
        guard case let .animals(animals) = loaded.records, animals.count >= 10 else { fail("animals.json has too few animals") }
        let index = animals.count - 10
        let item = loaded.origins[index].item
        let id = animals[index].id.rawValue
        print("animals.json: \(original.count) bytes, \(animals.count) animals; editing record \(item + 1) (\(id))")

        // The engine alone: the editor made (the file parsed and decoded, which the save's
        // lookup of the record uses too), then the edit on it (splice, read back).
        var engine: [Double] = [], engineCPU: [Double] = [], edits: [Double] = []
        for run in 0..<runs {
            let start = ContinuousClock.now, startCPU = cpuMilliseconds()
            let editor = SourceEditor(bytes: original, format: .json, collection: .animals, path: "animals.json")
            let made = milliseconds(since: start)
            do {
                _ = try editor.set([(key: "name", value: .text("Bench engine \(run)"))], item: item)
            } catch {
                fail("the engine refused the edit: \(error.message)")
            }
            engine.append(milliseconds(since: start))
            engineCPU.append(cpuMilliseconds() - startCPU)
            edits.append(engine.last! - made)
            print(String(format: "engine %2d: %8.1f ms (CPU %8.1f ms), of which the edit on the made editor %6.1f ms", run + 1,
                         engine.last!, engineCPU.last!, edits.last!))
        }
        let engineLine = String(format: "median engine (SourceEditor made, then set): %.1f ms, CPU %.1f ms over %d runs "
                                    + "(min %.1f, max %.1f); the set alone %.1f ms",
                                median(engine), median(engineCPU), runs, engine.min()!, engine.max()!, median(edits))
        if arguments.count == 4 {
            print(engineLine)
            return
        }

        // The whole save, on a preview of the case.
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-edit-bench-\(UUID().uuidString)")
        let options = BuildOptions(content: content, contentDisplay: content.lastPathComponent, templates: nil, templatesDisplay: "",
                                   output: output, outputDisplay: output.lastPathComponent)
        let build = PreviewBuild(options: options)
        let first = await build.buildAll()
        print(String(format: "preview built in %.2f s", first.seconds))
        let rebuilds = Durations()
        let editor = RecordEditor(build: build) { paths, saved in
            let start = ContinuousClock.now
            _ = await build.update(changed: paths, saved: saved)
            await rebuilds.add(milliseconds(since: start))
        }
        let target = EditTarget(collection: .animals, id: id)
        let versionPattern = try! Regex(#"name="_version" value="([0-9]+:[0-9a-f]+)""#)

        var saves: [Double] = [], savesCPU: [Double] = []
        for run in 0..<runs {
            guard let base = await build.editorBase(), let position = base.position(of: id, in: .animals) else {
                fail("the preview has no \(id)")
            }
            // The form as it opens (its version field), then as posted with the name changed.
            guard case let .panel(html, _, _) = await editor.form(target, action: "/", cancel: "/", deleteHref: nil, grabbers: "",
                                                                 hidden: []),
                  let match = html.firstMatch(of: versionPattern), let version = match.output[1].substring else {
                fail("the form of \(id) has no version")
            }
            let state = FormState(record: base.loaded.caseContent.animals[position], zone: base.zone)
            var pairs: [(name: String, value: String)] = []
            for (name, values) in state.values.sorted(by: { $0.key < $1.key }) {
                for value in name == "name" ? ["Bench save \(run)"] : values { pairs.append((name, value)) }
            }
            pairs.append(("_version", String(version)))
            let start = ContinuousClock.now, startCPU = cpuMilliseconds()
            let answer = await editor.submit(target, pairs: pairs, action: "/", cancel: "/", deleteHref: nil, grabbers: "", hidden: [])
            saves.append(milliseconds(since: start))
            savesCPU.append(cpuMilliseconds() - startCPU)
            guard case .redirect = answer else { fail("save \(run + 1) was not saved: \(answer)") }
            let rebuild = await rebuilds.last
            print(String(format: "save   %2d: %8.1f ms (CPU %8.1f ms), of which the rebuild %6.1f ms", run + 1, saves.last!,
                         savesCPU.last!, rebuild))
        }
        try? Data(original).write(to: file)
        try? FileManager.default.removeItem(at: output)

        print(engineLine)
        print(String(format: "median save (RecordEditor.submit, rebuild included): %.1f ms, CPU %.1f ms over %d runs (min %.1f, max %.1f)",
                     median(saves), median(savesCPU), runs, saves.min()!, saves.max()!))
        let before = zip(saves, await rebuilds.all).map { $0 - $1 }
        print(String(format: "median save before the rebuild (read, edit, check, write): %.1f ms; median rebuild: %.1f ms",
                     median(before), median(await rebuilds.all)))
    }
}

/// The rebuilds' times, as the editor's rebuild closure reports them.
actor Durations {
    var all: [Double] = []
    var last: Double { all.last ?? 0 }
    func add(_ value: Double) { all.append(value) }
}

func milliseconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

/// The process's CPU time so far (user and system, every thread), in milliseconds.
func cpuMilliseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("EditBench: " + message + "\n").utf8))
    exit(1)
}

