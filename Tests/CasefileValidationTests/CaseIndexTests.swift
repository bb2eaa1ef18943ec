import Testing
@testable import CasefileModel
@testable import CasefileValidation

/// CaseIndex answers who is a suspect where without storing the animals × bulletins relation;
/// these tests hold its answers against that relation worked out pair by pair, on random cases
/// with every edge the rules have: unknown fruits, a fruit listed twice, no schedule, a schedule
/// across midnight, an empty one (sleep = wake), bulletins without a time.
@Suite struct CaseIndexTests {
    /// A small deterministic generator, so a failure names a case that can be made again.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func randomCase(seed: UInt64) -> CaseContent {
        var random = Random(state: seed)
        var site = SiteSettings(title: "t")
        site.timeZone = "UTC"
        let fruits = (0..<5).map { Fruit(id: "f\($0)", name: "F\($0)", color: "red") }
        let animals = (0..<40).map { a in
            var favourites: [Fruit.ID] = (0..<random.next(4)).map { _ in "f\(random.next(6))" }  // f5 is unknown
            if random.next(5) == 0, let first = favourites.first { favourites.append(first) }
            let schedule: SleepSchedule? = switch random.next(4) {
            case 0: nil
            case 1: SleepSchedule(sleep: ClockTime(hour: 22, minute: 30)!, wake: ClockTime(hour: 6, minute: 0)!)
            case 2: SleepSchedule(sleep: ClockTime(hour: random.next(24), minute: random.next(60))!,
                                  wake: ClockTime(hour: random.next(24), minute: random.next(60))!)
            default: SleepSchedule(sleep: ClockTime(hour: 9, minute: 0)!, wake: ClockTime(hour: 9, minute: 0)!)
            }
            return Animal(id: "a\(a)", name: "A\(a)", species: "Cat", favoriteFruits: favourites, sleepSchedule: schedule)
        }
        let bulletins = (0..<60).map { b in
            let time: Timestamp? = random.next(6) == 0 ? nil
                : Timestamp(secondsSince1970: 1_686_000_000 + random.next(86_400 * 3), writtenOffset: 0)
            return Bulletin(id: "b\(b)", fruit: "f\(random.next(6))", nibbledAt: time, location: "here")
        }
        return CaseContent(site: site, fruits: fruits, animals: animals, bulletins: bulletins)
    }

    /// The relation pair by pair: for each bulletin, each listing of its fruit by each animal.
    static func pairs(_ c: CaseContent) -> (suspects: [[CaseIndex.Suspect]], involvements: [[CaseIndex.Involvement]]) {
        var suspects = [[CaseIndex.Suspect]](repeating: [], count: c.bulletins.count)
        var involvements = [[CaseIndex.Involvement]](repeating: [], count: c.animals.count)
        for (b, bulletin) in c.bulletins.enumerated() {
            guard c.fruits.contains(where: { $0.id == bulletin.fruit }) else { continue }
            let clock = bulletin.nibbledAt.map { $0.local(in: .init(identifier: "UTC")!).clockTime }
            for (a, animal) in c.animals.enumerated() {
                for fruit in animal.favoriteFruits where fruit == bulletin.fruit {
                    var asleep = false
                    if let clock, let schedule = animal.sleepSchedule {
                        let t = clock.minutes, s = schedule.sleep.minutes, w = schedule.wake.minutes
                        asleep = s == w ? false : s < w ? (t >= s && t < w) : (t >= s || t < w)
                    }
                    suspects[b].append(.init(animal: a, asleep: asleep))
                    involvements[a].append(.init(bulletin: b, asleep: asleep))
                }
            }
        }
        return (suspects, involvements)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func answersAsThePairsDo(seed: UInt64) {
        let c = Self.randomCase(seed: seed)
        let index = CaseIndex(c)
        let (suspects, involvements) = Self.pairs(c)
        for b in c.bulletins.indices {
            #expect(index.suspects(b) == suspects[b], "bulletin \(b)")
            #expect(index.suspects(b, limit: 2) == Array(suspects[b].prefix(2)))
            #expect(index.suspectCount(b) == suspects[b].count)
            #expect(index.asleepSuspectCount(b) == suspects[b].count(where: \.asleep), "bulletin \(b)")
        }
        for a in c.animals.indices {
            #expect(index.involvements(a) == involvements[a], "animal \(a)")
            #expect(index.involvements(a, limit: 3) == Array(involvements[a].prefix(3)))
            #expect(index.involvementCount(a) == involvements[a].count)
            #expect(index.asleepInvolvementCount(a) == involvements[a].count(where: \.asleep), "animal \(a)")
            for b in c.bulletins.indices {
                #expect(index.isSuspect(animal: a, in: b) == suspects[b].contains { $0.animal == a })
            }
        }
        // The random cases do have sleepers and waking suspects, so both counts are exercised.
        let sleepers = suspects.joined().count(where: \.asleep)
        #expect(sleepers > 0)
        #expect(sleepers < suspects.joined().count)
    }
}
