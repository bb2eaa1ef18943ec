/// A suspect.
public struct Animal: Sendable, Hashable, Identifiable {
    public enum PawSize: String, Sendable, Hashable, CaseIterable {
        case small, medium, large
    }

    public var id: ID
    public var name: String
    public var species: String
    public var emoji: String?
    public var pawSize: PawSize
    public var favoriteFruits: [Fruit.ID]
    public var suspicionLevel: Double
    public var alibi: String?
    public var sleepSchedule: SleepSchedule?

    public init(id: ID, name: String, species: String, emoji: String? = nil, pawSize: PawSize = .small,
                favoriteFruits: [Fruit.ID] = [], suspicionLevel: Double = 0, alibi: String? = nil,
                sleepSchedule: SleepSchedule? = nil) {
        self.id = id
        self.name = name
        self.species = species
        self.emoji = emoji
        self.pawSize = pawSize
        self.favoriteFruits = favoriteFruits
        self.suspicionLevel = suspicionLevel
        self.alibi = alibi
        self.sleepSchedule = sleepSchedule
    }

    public var suspicion: Suspicion { Suspicion(level: suspicionLevel) }
}

/// When an animal sleeps, as wall-clock times in the site's time zone.
public struct SleepSchedule: Sendable, Hashable {
    public var sleep: ClockTime
    public var wake: ClockTime

    public init(sleep: ClockTime, wake: ClockTime) {
        self.sleep = sleep
        self.wake = wake
    }

    /// Whether `time` falls in `[sleep, wake)`, wrapping midnight.
    public func isAsleep(at time: ClockTime) -> Bool {
        let t = time.minutes, s = sleep.minutes, w = wake.minutes
        if s == w { return false }
        return s < w ? (t >= s && t < w) : (t >= s || t < w)
    }
}
