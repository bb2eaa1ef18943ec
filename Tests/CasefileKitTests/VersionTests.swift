import CasefileModel
import CasefileTestSupport
import Foundation
import Testing

/// One version: what `casefile --version` prints (`CasefileVersion.current`), the version
/// Scripts/package.sh gives the Debian package, and the package the README's Install section names.
@Suite struct VersionTests {
    /// The package version Scripts/package.sh gives a package of the built binary.
    static func packageVersion() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Repository.root.appendingPathComponent("Scripts/package.sh").path, "--version-of",
                             Repository.binary.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every version in a `casefile_VERSION_ARCH.deb` file name in `text`.
    static func packageNames(in text: String) -> [String] {
        text.matches(of: /casefile_([0-9][0-9A-Za-z.+~-]*)_[a-z0-9]+\.deb/).map { String($0.output.1) }
    }

    @Test func theBinaryPrintsCasefileVersion() throws {
        let run = try BinaryRun.run(["--version"])
        #expect(run.status == 0)
        #expect(run.out.trimmingCharacters(in: .whitespacesAndNewlines) == CasefileVersion.current)
    }

    @Test func thePackageTakesTheBinarysVersion() throws {
        let version = try Self.packageVersion()
        // The package's revision follows the last hyphen; what comes before it is Casefile's version.
        let upstream = try #require(version.range(of: "-", options: .backwards)).lowerBound
        #expect(String(version[..<upstream]) == CasefileVersion.current)
    }

    @Test func theReadmeNamesThisVersionsPackage() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let named = Self.packageNames(in: readme)
        #expect(!named.isEmpty, "the README names no casefile_VERSION_ARCH.deb")
        let version = try Self.packageVersion()
        for name in named {
            #expect(name == version, "the README names casefile_\(name)_…, the package is \(version)")
        }
    }
}
