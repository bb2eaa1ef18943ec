import Foundation

/// Work spread over the cores with structured concurrency, results in input order.
public enum Parallel {
    /// How many chunks run at once (`--jobs`); every core unless set.
    @TaskLocal public static var width: Int = ProcessInfo.processInfo.activeProcessorCount

    /// Maps `items` in chunks of `chunkSize`, one task a chunk; `progress` hears how many items
    /// are done, on the calling task, as chunks finish.
    static func map<Item: Sendable, Output: Sendable>(
        _ items: [Item], chunkSize: Int = 64, progress: ((Int) -> Void)? = nil,
        _ work: @escaping @Sendable (Item) throws -> Output
    ) async throws -> [Output] {
        let size = max(1, chunkSize)
        let starts = Array(stride(from: 0, to: items.count, by: size))
        let width = max(1, Self.width)
        return try await withThrowingTaskGroup(of: (Int, [Output]).self) { group in
            var next = 0
            func addNext() {
                guard next < starts.count else { return }
                let index = next
                let slice = items[starts[index]..<min(starts[index] + size, items.count)]
                group.addTask { (index, try slice.map(work)) }
                next += 1
            }
            for _ in 0..<width { addNext() }
            var chunks = [[Output]](repeating: [], count: starts.count)
            var done = 0
            while let (index, output) = try await group.next() {
                chunks[index] = output
                done += output.count
                progress?(done)
                addNext()
            }
            return chunks.flatMap { $0 }
        }
    }
}
