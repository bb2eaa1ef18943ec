import Foundation
import Testing
@testable import CasefileModel

let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
let utc = TimeZone(identifier: "UTC")!

@Suite("Timestamp")
struct TimestampTests {
    @Test func negativeOffset() throws {
        let t = try #require(Timestamp(iso8601: "2023-06-05T23:10:00-07:00"))
        // 2023-06-06T06:10:00Z (checked with `date -u -d … +%s`).
        #expect(t.secondsSince1970 == 1_686_031_800)
        #expect(t.writtenOffset == -25_200)
    }

    @Test func zuluAndPositiveOffsetNameTheSameInstant() throws {
        let z = try #require(Timestamp(iso8601: "2023-06-06T06:10:00Z"))
        #expect(z.secondsSince1970 == 1_686_031_800)
        #expect(z.writtenOffset == 0)
        let plus = try #require(Timestamp(iso8601: "2023-06-06T08:10:00+02:00"))
        #expect(plus.secondsSince1970 == 1_686_031_800)
        #expect(plus.writtenOffset == 7200)
        let half = try #require(Timestamp(iso8601: "2023-06-06T11:40:00+05:30"))
        #expect(half.secondsSince1970 == 1_686_031_800)
        #expect(half.writtenOffset == 19_800)
        #expect(z == Timestamp(secondsSince1970: 1_686_031_800, writtenOffset: 0))
        #expect(plus != z)  // same instant, another written offset
        #expect(!(plus < z) && !(z < plus))
    }

    @Test func optionalSecondsAndFraction() {
        #expect(Timestamp(iso8601: "2023-06-06T06:10Z")?.secondsSince1970 == 1_686_031_800)
        #expect(Timestamp(iso8601: "2023-06-06T06:10:07.250Z")?.secondsSince1970 == 1_686_031_807)
        #expect(Timestamp(iso8601: "2023-06-06T06:10:07.Z") == nil)
    }

    @Test func calendarEdges() {
        #expect(Timestamp(iso8601: "1970-01-01T00:00:00Z")?.secondsSince1970 == 0)
        #expect(Timestamp(iso8601: "1969-12-31T23:59:59Z")?.secondsSince1970 == -1)
        #expect(Timestamp(iso8601: "2024-02-29T12:00:00Z")?.secondsSince1970 == 1_709_208_000)
        #expect(Timestamp(iso8601: "2000-02-29T00:00:00Z")?.secondsSince1970 == 951_782_400)
        #expect(Timestamp(iso8601: "2023-02-29T00:00:00Z") == nil)
        #expect(Timestamp(iso8601: "1900-02-29T00:00:00Z") == nil)
        #expect(Timestamp(iso8601: "2023-04-31T00:00:00Z") == nil)
        #expect(Timestamp(iso8601: "2023-12-31T23:59:59Z") != nil)
    }

    @Test(arguments: [
        "2023-06-05T23:10:00",          // no offset
        "2023-13-05T23:10:00Z",         // month 13
        "2023-00-05T23:10:00Z",         // month 0
        "2023-02-30T10:00:00Z",         // 30 February
        "2023-06-00T10:00:00Z",         // day 0
        "2023-06-05T24:00:00Z",         // hour 24
        "2023-06-05T23:60:00Z",         // minute 60
        "2023-06-05T23:10:60Z",         // second 60
        "2023-06-05T23:10:00-07:00 ",   // trailing space
        "2023-06-05T23:10:00-07:00junk",
        "2023-06-05T23:10:00Zjunk",
        "2023-06-05T23:10:00-07",       // short offset
        "2023-06-05T23:10:00-07:0",
        "2023-06-05T23:10:00-25:00",    // offset hour out of range
        "2023-06-05",                   // a date alone
        "2023-6-5T23:10:00Z",           // unpadded
        " 2023-06-05T23:10:00Z",        // leading space
        "2023/06/05T23:10:00Z",
        "",
        "yesterday",
    ])
    func rejects(_ text: String) {
        #expect(Timestamp(iso8601: text) == nil)
    }

    @Test func localDisplayInTheSiteTimeZone() throws {
        let t = try #require(Timestamp(iso8601: "2023-06-05T23:10:00-07:00"))
        let local = t.local(in: losAngeles)
        // 5 June 2023 was a Monday; Los Angeles is on PDT (-07:00) in June.
        #expect(local.display == "Mon 5 Jun 2023, 23:10")
        #expect(local.offset == -25_200)
        #expect(local.iso8601 == "2023-06-05T23:10:00-07:00")
        #expect(local.clockTime == ClockTime(hour: 23, minute: 10))
        // The same instant in UTC is the next morning.
        #expect(t.local(in: utc).display == "Tue 6 Jun 2023, 06:10")
        #expect(t.local(in: utc).iso8601 == "2023-06-06T06:10:00+00:00")
    }

    @Test func localDisplayUsesTheOffsetInForceAtThatInstant() throws {
        // In January Los Angeles is on PST (-08:00): noon UTC is 04:00 local, a Sunday.
        let winter = try #require(Timestamp(iso8601: "2023-01-15T12:00:00Z"))
        #expect(winter.local(in: losAngeles).display == "Sun 15 Jan 2023, 04:00")
        #expect(winter.local(in: losAngeles).offset == -28_800)
        // Written in Paris (+01:00), shown in Los Angeles: the written offset does not matter.
        let paris = try #require(Timestamp(iso8601: "2023-01-15T13:00:00+01:00"))
        #expect(paris.local(in: losAngeles).display == "Sun 15 Jan 2023, 04:00")
    }

    @Test func localDisplayBefore1970() throws {
        // 1969-07-20T20:17:40Z (the Moon landing) was a Sunday.
        let t = try #require(Timestamp(iso8601: "1969-07-20T20:17:40Z"))
        #expect(t.local(in: utc).display == "Sun 20 Jul 1969, 20:17")
        #expect(t.local(in: utc).iso8601 == "1969-07-20T20:17:40+00:00")
    }

    /// Days of the week from a calendar: 5 June 2023 was a Monday, 1 January 1970 a Thursday,
    /// 31 December 1969 a Wednesday, 29 February 2000 a Tuesday.
    @Test(arguments: [("2023-06-05T23:10:00Z", 1), ("1970-01-01T00:00:00Z", 4), ("1969-12-31T12:00:00Z", 3),
                      ("2000-02-29T08:00:00Z", 2), ("2023-06-11T03:05:00Z", 0), ("2023-06-10T00:00:00Z", 6)])
    func weekdayCountsFromSunday(_ text: String, _ weekday: Int) throws {
        let when = try #require(Timestamp(iso8601: text))
        #expect(when.written.weekday == weekday)
    }
}
