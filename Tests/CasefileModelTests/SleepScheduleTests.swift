import Foundation
import Testing
@testable import CasefileModel

@Suite("Sleep schedules")
struct SleepScheduleTests {
    private func time(_ text: String) -> ClockTime { ClockTime(text)! }

    @Test func scheduleWrappingMidnight() {
        let schedule = SleepSchedule(sleep: time("22:30"), wake: time("06:30"))
        #expect(schedule.isAsleep(at: time("23:00")))
        #expect(schedule.isAsleep(at: time("02:00")))
        #expect(schedule.isAsleep(at: time("22:30")))   // [sleep, wake): sleep included
        #expect(schedule.isAsleep(at: time("00:00")))
        #expect(schedule.isAsleep(at: time("06:29")))
        #expect(!schedule.isAsleep(at: time("06:30")))  // wake excluded
        #expect(!schedule.isAsleep(at: time("12:00")))
        #expect(!schedule.isAsleep(at: time("22:29")))
    }

    @Test func scheduleWithinOneDay() {
        let schedule = SleepSchedule(sleep: time("07:00"), wake: time("19:00"))
        #expect(schedule.isAsleep(at: time("07:00")))
        #expect(schedule.isAsleep(at: time("12:00")))
        #expect(!schedule.isAsleep(at: time("19:00")))
        #expect(!schedule.isAsleep(at: time("23:00")))
        #expect(!schedule.isAsleep(at: time("06:59")))
    }

    @Test func equalSleepAndWakeNeverSleeps() {
        let schedule = SleepSchedule(sleep: time("08:00"), wake: time("08:00"))
        for t in ["00:00", "08:00", "12:00", "23:59"] {
            #expect(!schedule.isAsleep(at: time(t)))
        }
    }

    @Test func clockTimeParsing() {
        #expect(ClockTime("22:30") == ClockTime(hour: 22, minute: 30))
        #expect(ClockTime("7:05") == ClockTime(hour: 7, minute: 5))
        #expect(ClockTime("00:00")?.minutes == 0)
        #expect(ClockTime("23:59")?.minutes == 1439)
        #expect(ClockTime("07:05")?.description == "07:05")
        for bad in ["24:00", "12:60", "12:5", "123:00", "ab:cd", "12-30", "", "12:30:00", " 1:30", "١٢:٣٠"] {
            #expect(ClockTime(bad) == nil, "\(bad)")
        }
    }

    @Test func asleepAtABulletinTakenInTheSiteTimeZone() throws {
        // The case's own example: 23:10 in Los Angeles falls in a 22:30–06:30 sleep.
        let t = try #require(Timestamp(iso8601: "2023-06-06T06:10:00Z"))
        let schedule = SleepSchedule(sleep: time("22:30"), wake: time("06:30"))
        #expect(schedule.isAsleep(at: t.local(in: losAngeles).clockTime))
        // In UTC the same instant is 06:10, still before 06:30.
        #expect(schedule.isAsleep(at: t.local(in: utc).clockTime))
        #expect(!schedule.isAsleep(at: t.local(in: TimeZone(identifier: "Europe/Berlin")!).clockTime))  // 08:10
    }
}
