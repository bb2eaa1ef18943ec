import Foundation

/// The derived facts of a case, computed once in linear time so that no page or rule ever scans
/// a collection to find a record: ids to positions, each fruit's fans and bulletins, each
/// bulletin's suspects (asleep or awake), each animal's bulletins.
public struct CaseIndex: Sendable {
    public struct Suspect: Sendable, Hashable {
        /// Index into `animals`.
        public var animal: Int
        public var asleep: Bool
    }

    public struct Involvement: Sendable, Hashable {
        /// Index into `bulletins`.
        public var bulletin: Int
        public var asleep: Bool
    }

    /// The first record with each id, by collection.
    public let fruitIndex: [String: Int]
    public let animalIndex: [String: Int]
    public let bulletinIndex: [String: Int]
    /// Per fruit: the animals that favour it, and the bulletins about it.
    public let fans: [[Int]]
    public let fruitBulletins: [[Int]]
    /// Per bulletin: its suspects; and when it happened on the site's wall clock.
    public let suspects: [[Suspect]]
    public let localTimes: [LocalDateTime?]
    /// Per animal: the bulletins where it is a suspect.
    public let involvements: [[Involvement]]
    public let timeZone: TimeZone

    public init(_ caseFile: CaseFile) {
        func firstIndex(_ ids: [String]) -> [String: Int] {
            var map: [String: Int] = [:]
            map.reserveCapacity(ids.count)
            for (i, id) in ids.enumerated() where map[id] == nil { map[id] = i }
            return map
        }
        fruitIndex = firstIndex(caseFile.fruits.map(\.id))
        animalIndex = firstIndex(caseFile.animals.map(\.id))
        bulletinIndex = firstIndex(caseFile.bulletins.map(\.id))
        let zone = TimeZone(identifier: caseFile.site.timeZone) ?? TimeZone(secondsFromGMT: 0)!
        timeZone = zone

        var fans = [[Int]](repeating: [], count: caseFile.fruits.count)
        for (a, animal) in caseFile.animals.enumerated() {
            for fruit in animal.favoriteFruits {
                if let f = fruitIndex[fruit] { fans[f].append(a) }
            }
        }
        var fruitBulletins = [[Int]](repeating: [], count: caseFile.fruits.count)
        var suspects = [[Suspect]](repeating: [], count: caseFile.bulletins.count)
        var involvements = [[Involvement]](repeating: [], count: caseFile.animals.count)
        var localTimes = [LocalDateTime?](repeating: nil, count: caseFile.bulletins.count)
        for (b, bulletin) in caseFile.bulletins.enumerated() {
            let local = bulletin.nibbledAt.map { $0.local(in: zone) }
            localTimes[b] = local
            guard let f = fruitIndex[bulletin.fruit] else { continue }
            fruitBulletins[f].append(b)
            for a in fans[f] {
                var asleep = false
                if let local, let schedule = caseFile.animals[a].sleepSchedule {
                    asleep = schedule.isAsleep(at: local.clockTime)
                }
                suspects[b].append(Suspect(animal: a, asleep: asleep))
                involvements[a].append(Involvement(bulletin: b, asleep: asleep))
            }
        }
        self.fans = fans
        self.fruitBulletins = fruitBulletins
        self.suspects = suspects
        self.involvements = involvements
        self.localTimes = localTimes
    }
}
