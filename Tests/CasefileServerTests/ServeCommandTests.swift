import Foundation
import NIOCore
import NIOPosix
import CasefileTestSupport
import Testing

/// `casefile serve` as a user runs it: the URL it prints, a busy port, and a clean stop on
/// SIGTERM and SIGINT that removes its temporary folder.
@Suite(.serialized) struct ServeCommandTests {
    static var binary: URL { Repository.binary }

    /// A running `casefile serve`, its temporary folder root (TMPDIR) and its output.
    struct Server {
        let process = Process()
        let tmp: URL
        let out = Pipe(), err = Pipe()

        /// `launcher`: a program and its arguments that run the binary (such as `prlimit …`);
        /// `extra`: variables added to the environment.
        init(_ arguments: [String], launcher: [String] = [], environment extra: [String: String] = [:]) throws {
            tmp = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-tmpdir-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
            let command = launcher + [ServeCommandTests.binary.path, "serve", "--content",
                                      Workspace.package.appendingPathComponent("Content").path] + arguments
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = tmp.path
            environment.merge(extra) { _, new in new }
            process.environment = environment
            process.standardOutput = out
            process.standardError = err
            try process.run()
        }

        /// The first line on standard output.
        func firstLine() -> String {
            var line = Data()
            while true {
                let byte = out.fileHandleForReading.readData(ofLength: 1)
                if byte.isEmpty || byte == Data("\n".utf8) { break }
                line += byte
            }
            return String(decoding: line, as: UTF8.self)
        }

        func wait() -> (status: Int32, err: String) {
            let errData = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: errData, as: UTF8.self))
        }

        /// What the server left in its TMPDIR.
        var leftovers: [String] { (try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? [] }
    }

    /// With --no-watch too, where no rebuild service ends the live-reload streams.
    @Test(arguments: [SIGTERM, SIGINT], [[], ["--no-watch"]])
    func aSignalStopsItCleanlyAndRemovesTheTemporaryFolder(signal: Int32, watch: [String]) async throws {
        try #require(FileManager.default.fileExists(atPath: Self.binary.path), "run `swift build` first")
        let server = try Server(["--port", "0"] + watch)
        defer { try? FileManager.default.removeItem(at: server.tmp) }
        let line = server.firstLine()
        let port = try #require(line.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }, "\(line)")
        #expect(line.hasPrefix("Serving "))
        #expect(server.leftovers.count == 1, "the served build lives in TMPDIR")
        let page = try await RawHTTP.send(port, "GET", "/")
        #expect(page.status == 200)
        // An open live-reload connection must not hold the shutdown up.
        let stopped = try await EventStream.with(port) { _ in
            let start = ContinuousClock.now
            // One that does not stop is killed after 20 s (and the test fails) rather than hang.
            let pid = server.process.processIdentifier
            let watchdog = Task.detached {
                try await Task.sleep(for: .seconds(20))
                kill(pid, SIGKILL)
            }
            defer { watchdog.cancel() }
            kill(server.process.processIdentifier, signal)
            let result = server.wait()
            return (result, start.duration(to: .now))
        }
        #expect(stopped.0.status == 0, "\(stopped.0.err)")
        #expect(stopped.1 < .seconds(5))
        #expect(server.leftovers.isEmpty, "left \(server.leftovers)")
    }

    /// The sample with `animals` more animals, each with a note: a case a debug build takes a
    /// second or more over.
    static func bigCase(animals: Int = 4000) throws -> URL {
        let big = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-big-\(UUID().uuidString)")
        let sample = Workspace.package.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: big.appendingPathComponent("notes/animals"), withIntermediateDirectories: true)
        for name in ["site.yaml", "fruits.yaml", "bulletins.yaml"] {
            try FileManager.default.copyItem(at: sample.appendingPathComponent(name), to: big.appendingPathComponent(name))
        }
        let paragraph = String(repeating: "The raccoon was seen near the *orchard* with [an Elstar](fruit:elstar). ", count: 12)
        var records: [String] = []
        for i in 1...animals {
            records.append(#"{"id": "animal-\#(i)", "name": "Animal \#(i)", "species": "Raccoon", "suspicionLevel": 0.3, "#
                + #""favoriteFruits": ["elstar"], "alibi": "Asleep."}"#)
            let note = "# Animal \(i)\n\n" + paragraph + "\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
            try Data(note.utf8).write(to: big.appendingPathComponent("notes/animals/animal-\(i).md"))
        }
        try Data(("[" + records.joined(separator: ",\n") + "]\n").utf8).write(to: big.appendingPathComponent("animals.json"))
        return big
    }

    @Test func anEditDuringTheFirstBuildIsNotMissed() async throws {
        try #require(FileManager.default.fileExists(atPath: Self.binary.path), "run `swift build` first")
        let big = try Self.bigCase()
        defer { try? FileManager.default.removeItem(at: big) }
        let server = try Server(["--content", big.path, "--port", "0"])
        defer { try? FileManager.default.removeItem(at: server.tmp) }
        // Once pages are being written, the case has been read: an edit now comes after loading.
        let rendering = await eventually(20) {
            guard let folder = server.leftovers.first else { return false }
            let site = server.tmp.appendingPathComponent(folder).appendingPathComponent("site").path
            return !((try? FileManager.default.contentsOfDirectory(atPath: site)) ?? []).isEmpty
        }
        #expect(rendering, "the first build renders")
        let site = big.appendingPathComponent("site.yaml")
        let title = "Edited while building \(UUID().uuidString)"
        let settings = try String(contentsOf: site, encoding: .utf8)
            .replacingOccurrences(of: #"(?m)^title: .*$"#, with: "title: \(title)", options: .regularExpression)
        #expect(settings.contains(title))
        try Data(settings.utf8).write(to: site)
        let line = server.firstLine()
        let port = try #require(line.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }, "\(line)")
        let seen = await eventually(20) { (try? await RawHTTP.send(port, "GET", "/"))?.body.contains(title) == true }
        kill(server.process.processIdentifier, SIGTERM)
        _ = server.wait()
        #expect(seen, "the title written during the first build shows")
    }

    @Test func aSignalDuringTheFirstBuildStillRemovesTheTemporaryFolder() async throws {
        try #require(FileManager.default.fileExists(atPath: Self.binary.path), "run `swift build` first")
        let big = try Self.bigCase()
        defer { try? FileManager.default.removeItem(at: big) }
        let server = try Server(["--content", big.path, "--port", "0"])
        defer { try? FileManager.default.removeItem(at: server.tmp) }
        // While pages are being written: the clean-up removes the folder as the build writes
        // into it (and, with no gate, the build made it again, or failed first with status 2).
        let writing = await eventually(20) {
            guard let folder = server.leftovers.first else { return false }
            let suspects = server.tmp.appendingPathComponent(folder).appendingPathComponent("site/suspects").path
            return !((try? FileManager.default.contentsOfDirectory(atPath: suspects)) ?? []).isEmpty
        }
        #expect(writing, "the first build writes pages")
        kill(server.process.processIdentifier, SIGTERM)
        let result = server.wait()
        let out = String(decoding: server.out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(result.status == 0)
        #expect(!out.contains("Serving"), "the signal came before the server listened")
        #expect(server.leftovers.isEmpty, "left \(server.leftovers)")
    }

    @Test func aBusyPortIsAClearErrorNamingTheOption() async throws {
        try #require(FileManager.default.fileExists(atPath: Self.binary.path), "run `swift build` first")
        let holder = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        defer { try? holder.close().wait() }
        let port = try #require(holder.localAddress?.port)
        let server = try Server(["--port", "\(port)", "--no-watch"])
        defer { try? FileManager.default.removeItem(at: server.tmp) }
        let result = server.wait()
        #expect(result.status == 2)
        #expect(result.err.contains("port \(port) on 127.0.0.1 is already in use"), "\(result.err)")
        #expect(result.err.contains("--port"))
        #expect(server.leftovers.isEmpty)
    }

    @Test func aFolderThatIsNoCaseExitsTwo() async throws {
        try #require(FileManager.default.fileExists(atPath: Self.binary.path), "run `swift build` first")
        let server = try Server(["--content", "/nonexistent-\(UUID().uuidString)", "--port", "0"])
        defer { try? FileManager.default.removeItem(at: server.tmp) }
        let result = server.wait()
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("error: cannot read /nonexistent-"), "\(result.err)")
    }
}

extension ServeCommandTests {
    @Test func helpHasAnExampleAndTheOptions() throws {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["serve", "--help"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for expected in ["Example:", "casefile serve", "--host", "--port", "--no-watch", "--content", "--templates",
                         "--idle-timeout", "--max-reload-streams", "--edit", "--no-edit", "421"] {
            #expect(text.contains(expected), "serve --help lacks \(expected)")
        }
    }

    @Test(arguments: [["--idle-timeout", "0"], ["--idle-timeout", "-1"], ["--max-reload-streams", "0"]])
    func limitsOutOfRangeAreRefused(arguments: [String]) throws {
        let server = try Server(arguments + ["--port", "0", "--no-watch"])
        defer { try? FileManager.default.removeItem(at: server.tmp) }
        let result = server.wait()
        #expect(result.status == 64)
        #expect(result.err.contains(arguments[0]), "\(result.err)")
        #expect(server.leftovers.isEmpty)
    }
}
