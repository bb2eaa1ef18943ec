import Foundation
import Synchronization

/// Sections already rendered for one object, kept in the object (`MustacheObject.memo`): the
/// second time a section renders for it, what it printed is kept, and from the third time on it
/// is copied instead of rendered again, by any thread. Kept only when the section looked nothing
/// up below the object on the context stack, printed no block and no indented partial, and
/// began outside any indented partial: then what it printed depends on the object and the
/// template alone. A record's mention (a bulletin in the panel of each suspect who likes its
/// fruit) is so rendered once for a build's pages instead of a dozen times.
///
/// The entries are guarded by an `NSLock` (a pthread mutex), not by `Mutex`: on Linux
/// ThreadSanitizer does not see a `Mutex` pass from one thread to another, and reports what it
/// guards as raced by two threads rendering at once. (The rest of the project shares such state
/// through `CasefileModel`'s `Locked`; this module depends on no other, so it holds its lock
/// itself.)
public final class MemoSlots: @unchecked Sendable {
    enum State {
        /// Rendered once, not kept.
        case seen
        case kept([UInt8])
        /// What it prints depends on more than the object: rendered every time.
        case never
    }

    /// A section by its compiled code's `id` and the index of its body's first op, and the
    /// variant of the object it rendered for.
    struct Entry {
        var code: Int
        var start: Int
        var variant: Int
        var state: State
    }

    /// What `look` found: the bytes to copy, or whether to render and `offer` what it prints.
    enum Look {
        case copy([UInt8])
        case render(offer: Bool)
    }

    /// A handful: an object shows in a few sections of a few templates. Only under `lock`.
    private var entries: [Entry] = []
    private let lock = NSLock()

    /// How many sections one object keeps at most: past that (templates compiled again and
    /// again by a preview), it forgets them all and starts again.
    public static let limit = 16

    public init() {}

    /// Whether the section is kept, and otherwise whether this rendering should be offered: the
    /// second one is.
    func look(code: Int, start: Int, variant: Int) -> Look {
        lock.withLock {
            if let i = index(code, start, variant) {
                switch entries[i].state {
                case let .kept(bytes): return .copy(bytes)
                case .seen: return .render(offer: true)
                case .never: return .render(offer: false)
                }
            }
            if entries.count == Self.limit { entries.removeAll() }
            entries.append(Entry(code: code, start: start, variant: variant, state: .seen))
            return .render(offer: false)
        }
    }

    /// What the offered rendering printed, or nil when it depended on more than the object.
    func keep(code: Int, start: Int, variant: Int, _ bytes: [UInt8]?) {
        lock.withLock {
            if let i = index(code, start, variant) { entries[i].state = bytes.map(State.kept) ?? .never }
        }
    }

    /// Where the section's entry is, if it has one. Only under `lock`.
    private func index(_ code: Int, _ start: Int, _ variant: Int) -> Int? {
        entries.firstIndex { $0.code == code && $0.start == start && $0.variant == variant }
    }

    /// The sections kept, by their bytes (for tests and measurements).
    public var kept: [[UInt8]] {
        lock.withLock {
            entries.compactMap { if case let .kept(bytes) = $0.state { bytes } else { nil } }
        }
    }
}

/// What an object is remembered by (`MustacheObject.memo`): where its sections are kept, and a
/// variant for a wrapper that answers one name more than the object it wraps (a mention
/// flagged asleep or awake keeps its sections in its mention's slots, as variant 1 or 2).
public struct MemoIdentity: Sendable {
    public let slots: MemoSlots
    public let variant: Int

    public init(_ slots: MemoSlots, variant: Int = 0) {
        self.slots = slots
        self.variant = variant
    }
}

extension MustacheObject {
    /// Not remembered: the default.
    public var memo: MemoIdentity? { nil }
}

extension MemoSlots {
    /// The slots `cell` holds, made the first time they are asked for: an object that is never
    /// rendered in a section costs its cell only.
    public static func of(_ cell: borrowing AtomicLazyReference<MemoSlots>) -> MemoSlots {
        cell.load() ?? cell.storeIfNil(MemoSlots())
    }
}
