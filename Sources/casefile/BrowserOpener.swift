import Foundation

/// `serve --open`: hands the address to the system's opener (`xdg-open` on Linux, `open` on
/// macOS) when one is on the PATH, without waiting for it.
enum BrowserOpener {
    /// True when an opener was started.
    static func open(_ address: String) -> Bool {
        #if os(macOS)
        let names = ["open"]
        #else
        let names = ["xdg-open"]
        #endif
        guard let opener = names.lazy.compactMap(find).first else { return false }
        let process = Process()
        process.executableURL = opener
        process.arguments = [address]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return (try? process.run()) != nil
    }

    /// The executable `name` in a folder of PATH.
    private static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
