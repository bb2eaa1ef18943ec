import Foundation

/// Work spread over the cores with structured concurrency: at most `width` chunks at once.
public enum Parallel {
    /// How many chunks run at once (`--jobs`); every core unless set.
    @TaskLocal public static var width: Int = ProcessInfo.processInfo.activeProcessorCount

    /// Maps `items` in chunks of `chunkSize`, one task a chunk, keeping the input order.
    package static func map<Item: Sendable, Output: Sendable>(
        _ items: [Item], chunkSize: Int = 64, _ work: @escaping @Sendable (Item) throws -> Output
    ) async throws -> [Output] {
        var chunks: [[Output]] = []
        try await chunked(items, chunkSize: chunkSize, work) { index, output in
            if chunks.count <= index { chunks += Array(repeating: [], count: index - chunks.count + 1) }
            chunks[index] = output
        }
        return chunks.flatMap { $0 }
    }

    /// Runs `work` over `items` and hands each result to `receive` on the calling task as soon as
    /// its chunk is done, in the order chunks finish: nothing is kept, so the results of a large
    /// build never all sit in memory at once.
    package static func forEach<Item: Sendable, Output: Sendable>(
        _ items: [Item], chunkSize: Int = 1, _ work: @escaping @Sendable (Item) throws -> Output,
        receive: (Output) throws -> Void
    ) async throws {
        try await chunked(items, chunkSize: chunkSize, work) { _, output in
            for result in output { try receive(result) }
        }
    }

    private static func chunked<Item: Sendable, Output: Sendable>(
        _ items: [Item], chunkSize: Int, _ work: @escaping @Sendable (Item) throws -> Output,
        receive: (Int, [Output]) throws -> Void
    ) async throws {
        let size = max(1, chunkSize)
        let starts = Array(stride(from: 0, to: items.count, by: size))
        let width = max(1, Self.width)
        try await withThrowingTaskGroup(of: (Int, [Output]).self) { group in
            var next = 0
            func addNext() {
                guard next < starts.count else { return }
                let index = next
                let slice = items[starts[index]..<min(starts[index] + size, items.count)]
                group.addTask { (index, try slice.map(work)) }
                next += 1
            }
            for _ in 0..<width { addNext() }
            while let (index, output) = try await group.next() {
                try receive(index, output)
                addNext()
            }
        }
    }
}
