import Foundation
import CasefileModel

/// The derived facts of a case, computed once in time and memory linear in the case, so that no
/// page or rule ever scans a collection to find a record: ids to positions, each fruit's fans and
/// bulletins, and who is a suspect where.
///
/// An animal is a suspect in every bulletin about a fruit it favours, asleep or awake by its sleep
/// schedule at the bulletin's local time. That relation has up to animals × bulletins pairs (a
/// fruit with a thousand fans and a thousand bulletins alone has a million), so it is never
/// stored: a bulletin's suspects are its fruit's fans, an animal's bulletins are its fruits'
/// bulletins merged in order, and the counts of sleepers come from per-fruit tallies by minute of
/// the day.
public struct CaseIndex: Sendable {
    public struct Suspect: Sendable, Hashable {
        /// Index into `animals`.
        public var animal: Int
        public var asleep: Bool
    }

    public struct Involvement: Sendable, Hashable {
        /// Its position in `bulletins`.
        public var bulletin: Int
        public var asleep: Bool
    }

    /// Where the first record with each id stands in its collection (its position in the list).
    public let fruitPosition: [Fruit.ID: Int]
    public let animalPosition: [Animal.ID: Int]
    public let bulletinPosition: [Bulletin.ID: Int]
    /// Per fruit: the animals that favour it (an animal that lists a fruit twice, twice), and the
    /// bulletins about it, both in file order.
    public let fans: [[Int]]
    public let fruitBulletins: [[Int]]
    /// Per bulletin: when it happened on the site's wall clock.
    public let localTimes: [LocalDateTime?]

    /// Per bulletin: its fruit's position in the catalog, if the catalog has it.
    private let bulletinFruit: [Int?]
    /// Per animal: the catalog positions of its favourite fruits, as listed (unknown ids left out).
    private let favoriteFruits: [[Int]]
    private let schedules: [SleepSchedule?]
    /// Per bulletin: how many of its suspects were asleep.
    private let asleepSuspects: [Int]
    /// Per animal: in how many bulletins it is a suspect, and asleep in how many of those.
    private let involvementCounts: [Int]
    private let asleepInvolvementCounts: [Int]

    /// The position of the record of `collection` that `id` names, for an id read as text (a
    /// note's file name: `notes/animals/fox.md` is about animal `fox`); nil when there is none.
    public func position(of id: String, in collection: CaseCollection) -> Int? {
        switch collection {
        case .animals: animalPosition[Animal.ID(id)]
        case .bulletins: bulletinPosition[Bulletin.ID(id)]
        case .fruits: fruitPosition[Fruit.ID(id)]
        }
    }

    public init(_ caseContent: CaseContent) {
        func firstPositions<Record>(_ ids: [RecordID<Record>]) -> [RecordID<Record>: Int] {
            var map: [RecordID<Record>: Int] = [:]
            map.reserveCapacity(ids.count)
            for (i, id) in ids.enumerated() where map[id] == nil { map[id] = i }
            return map
        }
        let fruitPosition = firstPositions(caseContent.fruits.map(\.id))
        self.fruitPosition = fruitPosition
        animalPosition = firstPositions(caseContent.animals.map(\.id))
        bulletinPosition = firstPositions(caseContent.bulletins.map(\.id))
        let zone = TimeZone(identifier: caseContent.site.timeZone) ?? TimeZone(secondsFromGMT: 0)!

        let favoriteFruits = caseContent.animals.map { $0.favoriteFruits.compactMap { fruitPosition[$0] } }
        var fans = [[Int]](repeating: [], count: caseContent.fruits.count)
        for (a, fruits) in favoriteFruits.enumerated() {
            for f in fruits { fans[f].append(a) }
        }
        var fruitBulletins = [[Int]](repeating: [], count: caseContent.fruits.count)
        let localTimes = caseContent.bulletins.map { $0.nibbledAt.map { $0.local(in: zone) } }
        let bulletinFruit = caseContent.bulletins.map { fruitPosition[$0.fruit] }
        for (b, f) in bulletinFruit.enumerated() {
            if let f { fruitBulletins[f].append(b) }
        }
        let schedules = caseContent.animals.map(\.sleepSchedule)

        // One fruit at a time: how many of its fans sleep at each minute of the day (for its
        // bulletins' sleeper counts), and how many of its bulletins fall in each minute (for its
        // fans' counts of bulletins slept through), as prefix sums.
        let day = 24 * 60
        var asleepSuspects = [Int](repeating: 0, count: caseContent.bulletins.count)
        var involvementCounts = [Int](repeating: 0, count: caseContent.animals.count)
        var asleepInvolvementCounts = [Int](repeating: 0, count: caseContent.animals.count)
        var sleepers = [Int](repeating: 0, count: day + 1)
        var timed = [Int](repeating: 0, count: day + 1)
        for f in fans.indices where !fans[f].isEmpty && !fruitBulletins[f].isEmpty {
            for m in 0...day { sleepers[m] = 0; timed[m] = 0 }
            for a in fans[f] {
                guard let schedule = schedules[a] else { continue }
                let s = schedule.sleep.minutes, w = schedule.wake.minutes
                if s < w {
                    sleepers[s] += 1; sleepers[w] -= 1
                } else if s > w {
                    sleepers[s] += 1; sleepers[day] -= 1
                    sleepers[0] += 1; sleepers[w] -= 1
                }
            }
            for m in 1...day { sleepers[m] += sleepers[m - 1] }
            for b in fruitBulletins[f] {
                if let local = localTimes[b] {
                    asleepSuspects[b] = sleepers[local.clockTime.minutes]
                    timed[local.clockTime.minutes + 1] += 1
                }
            }
            for m in 1...day { timed[m] += timed[m - 1] }
            // timed[m]: bulletins of this fruit before minute m.
            for a in fans[f] {
                involvementCounts[a] += fruitBulletins[f].count
                guard let schedule = schedules[a] else { continue }
                let s = schedule.sleep.minutes, w = schedule.wake.minutes
                if s < w {
                    asleepInvolvementCounts[a] += timed[w] - timed[s]
                } else if s > w {
                    asleepInvolvementCounts[a] += (timed[day] - timed[s]) + timed[w]
                }
            }
        }

        self.fans = fans
        self.fruitBulletins = fruitBulletins
        self.localTimes = localTimes
        self.bulletinFruit = bulletinFruit
        self.favoriteFruits = favoriteFruits
        self.schedules = schedules
        self.asleepSuspects = asleepSuspects
        self.involvementCounts = involvementCounts
        self.asleepInvolvementCounts = asleepInvolvementCounts
    }

    /// Whether animal `a` was asleep at bulletin `b` (false when either time is unknown).
    public func isAsleep(animal a: Int, at b: Int) -> Bool {
        guard let local = localTimes[b], let schedule = schedules[a] else { return false }
        return schedule.isAsleep(at: local.clockTime)
    }

    /// Whether animal `a` favours the fruit of bulletin `b`.
    public func isSuspect(animal a: Int, in b: Int) -> Bool {
        guard let f = bulletinFruit[b] else { return false }
        return favoriteFruits[a].contains(f)
    }

    /// How many suspects bulletin `b` has, and how many of them were asleep.
    public func suspectCount(_ b: Int) -> Int { bulletinFruit[b].map { fans[$0].count } ?? 0 }
    public func asleepSuspectCount(_ b: Int) -> Int { asleepSuspects[b] }

    /// The first `limit` suspects of bulletin `b`, in file order.
    public func suspects(_ b: Int, limit: Int = .max) -> [Suspect] {
        guard let f = bulletinFruit[b] else { return [] }
        return fans[f].prefix(limit).map { Suspect(animal: $0, asleep: isAsleep(animal: $0, at: b)) }
    }

    /// In how many bulletins animal `a` is a suspect, and asleep in how many of those.
    public func involvementCount(_ a: Int) -> Int { involvementCounts[a] }
    public func asleepInvolvementCount(_ a: Int) -> Int { asleepInvolvementCounts[a] }

    /// The first `limit` bulletins where animal `a` is a suspect, in file order: its fruits'
    /// bulletin lists merged (a fruit it lists twice counts twice).
    public func involvements(_ a: Int, limit: Int = .max) -> [Involvement] {
        let lists = favoriteFruits[a].map { fruitBulletins[$0] }
        var positions = [Int](repeating: 0, count: lists.count)
        var result: [Involvement] = []
        while result.count < limit {
            var best: Int?
            for k in lists.indices where positions[k] < lists[k].count {
                if best == nil || lists[k][positions[k]] < lists[best!][positions[best!]] { best = k }
            }
            guard let k = best else { break }
            let b = lists[k][positions[k]]
            positions[k] += 1
            result.append(Involvement(bulletin: b, asleep: isAsleep(animal: a, at: b)))
        }
        return result
    }
}
