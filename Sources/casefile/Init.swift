import ArgumentParser
import CasefileKit
import Foundation
import CasefileModel

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a new case: the sample case and the JSON Schemas.",
        discussion: """
            Writes Content/ (the sample case: site.yaml, fruits, animals, bulletins and notes), \
            Schemas/ (JSON Schemas that editors use to check and complete the data files) and \
            Templates/README.md into DIR, which is created when missing. No template is copied: \
            the case uses the built-in ones, and so their upgrades; `casefile templates copy \
            NAME` copies one to change. The new case builds clean at once.

            It refuses, writing nothing, when DIR is not empty (hidden entries such as .git \
            aside), unless --force, which overwrites those files and leaves every other file \
            alone.

            Exit status: 0 written, 2 it could not (a file in the way without --force, or a \
            folder it cannot write).

            Example:
              casefile init my-case && cd my-case && casefile build
            """
    )

    @Argument(help: ArgumentHelp("The folder to write the case into.", valueName: "dir"))
    var dir: String = "."

    @Flag(name: .long, help: "Write into a folder that is not empty, overwriting the case's own files.")
    var force = false

    func run() throws {
        let terminal = Terminal()
        do { try execute(terminal) } catch { throw terminal.exit(error) }
    }

    private func execute(_ terminal: Terminal) throws(CasefileError) {
        let written = try NewCase.write(into: URL(fileURLWithPath: dir), displayPath: dir, force: force)
        terminal.print("Wrote \(written.count) files into \(dir):")
        for path in written { terminal.print("  \(path)") }
        let cd = dir == "." ? "" : "cd \(Self.quoted(dir)) && "
        terminal.print("Next: \(cd)casefile build   (then open _site/index.html; `casefile publish` writes public/ to deploy)")
    }

    /// The folder as a shell would need it typed.
    static func quoted(_ path: String) -> String {
        path.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) } ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
