import CalendarModel
import Foundation
@testable import ICalendarReading
@testable import ICalendarText
import TestSupport
import XCTest

/// A first open of a large file shows the months around the visible one before the rest of
/// the file is read (issue 21): the first part must hold every plan of those months, exactly
/// as the whole file has them, and nothing it cannot vouch for.
final class FirstPartTests: XCTestCase {
    private var folder = ""
    /// November 2026 with October and December: the months the window shows first.
    private let months = DateInterval(start: TestSupport.date("2026-10-01 00:00"), end: TestSupport.date("2027-01-01 00:00"))

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "koyomi-first-part-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    // MARK: Which events the scan keeps

    func testEventsClearlyOutsideAreLeftOutAndEverythingUncertainIsKept() {
        let reach = EventReach(months)
        func keeps(_ lines: String) -> Bool {
            let text = "BEGIN:VEVENT\r\nUID:x\r\n" + lines.replacingOccurrences(of: "\n", with: "\r\n") + "\r\nEND:VEVENT\r\n"
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { reach.mayReach($0, 0..<$0.count) }
        }
        XCTAssertTrue(keeps("DTSTART:20261115T090000Z"))
        XCTAssertFalse(keeps("DTSTART:20260815T090000Z\nDTEND:20260815T100000Z"), "August")
        XCTAssertFalse(keeps("DTSTART;VALUE=DATE:20270301"), "March next year")
        XCTAssertTrue(keeps("DTSTART;TZID=Pacific/Kiritimati:20270101T050000"), "New Year's morning at +14 is still December in UTC")
        XCTAssertTrue(keeps("DTSTART;TZID=Pacific/Pago_Pago:20260930T200000"), "the evening before, at -11, is October 1 in UTC")
        XCTAssertTrue(keeps("DTSTART;VALUE=DATE:20260920\nDTEND;VALUE=DATE:20261005"), "a holiday running into October")
        XCTAssertTrue(keeps("DTSTART:20260925T090000Z\nDURATION:P2W"), "two weeks from September 25")
        XCTAssertFalse(keeps("DTSTART:20260901T090000Z\nDURATION:PT2H"), "two hours on September 1")
        XCTAssertTrue(keeps("DTSTART:20200105T090000Z\nRRULE:FREQ=WEEKLY"), "a series from 2020 repeats into the months")
        XCTAssertTrue(keeps("DTSTART:20200105T090000Z\nRDATE:20261110T090000Z"))
        XCTAssertTrue(keeps("RECURRENCE-ID:20200112T090000Z\nDTSTART:20200113T090000Z"), "an override changes a series")
        XCTAssertTrue(keeps("DTSTART:2026081\n 5T090000Z"), "a folded date is left to libical")
        XCTAssertTrue(keeps("DTSTART:20261399T090000Z"), "an impossible date is left to libical")
        XCTAssertTrue(keeps("DTSTART:20260815T090000Z\nDURATION:-P1D"), "a negative duration is left to libical")
        XCTAssertTrue(keeps("SUMMARY:No start"), "an event without DTSTART is left to libical")
        XCTAssertFalse(keeps("dtstart:20260815T090000Z"), "names are read in any case")
        XCTAssertFalse(keeps("DTSTART:20260815T090000Z\nBEGIN:VALARM\nTRIGGER;VALUE=DATE-TIME:20261115T090000Z\nEND:VALARM"),
                       "an alarm's own dates do not move the event")
    }

    func testDurationsAreReadToWholeDays() {
        func days(_ value: String) -> Int? {
            let bytes = Array("DURATION:\(value)".utf8)
            return bytes.withUnsafeBufferPointer { EventReach.days(ByteContentLine($0, range: 0..<$0.count)) }
        }
        XCTAssertEqual(days("P1W"), 7)
        XCTAssertEqual(days("P2DT3H"), 3)
        XCTAssertEqual(days("PT90M"), 1)
        XCTAssertEqual(days("PT0S"), 0)
        XCTAssertNil(days("-P1D"))
        XCTAssertNil(days("P1Y"), "years are not a DURATION unit")
        XCTAssertNil(days("P1DT"), "nothing after T")
        XCTAssertNil(days("PT1D"), "days belong before T")
    }

    // MARK: The first part of a load

    func testFirstPartHoldsEveryPlanOfItsMonthsAsTheWholeFileDoes() throws {
        let path = try writeLargeCalendar()
        let first = FirstPart(interval: months)
        var options = TestSupport.options()
        options.cacheFolder = nil
        options.firstPart = first
        let whole = try ICalendarFile.load(path: path, options: options)
        let part = try XCTUnwrap(first.wait(), "a large file hands over its first months")

        XCTAssertEqual(part.coverage, months)
        XCTAssertNil(whole.coverage)
        for (start, end) in [("2026-10-01 00:00", "2026-11-01 00:00"), ("2026-11-01 00:00", "2026-12-01 00:00"),
                             ("2026-12-01 00:00", "2027-01-01 00:00"), ("2026-11-10 00:00", "2026-11-11 00:00")] {
            let interval = DateInterval(start: TestSupport.date(start), end: TestSupport.date(end))
            let expected = Set(whole.plans(overlapping: interval).map(Self.key))
            XCTAssertFalse(expected.isEmpty)
            XCTAssertEqual(Set(part.plans(overlapping: interval).map(Self.key)), expected, "\(start) – \(end)")
        }
        XCTAssertTrue(whole.plans(overlapping: months).contains { $0.title == "Override in November" })
        XCTAssertFalse(whole.plans(overlapping: months).contains { $0.title == "Weekly" && Self.key($0).hasSuffix("2026-11-17 09:00") },
                       "the override replaced its occurrence")

        let march = DateInterval(start: TestSupport.date("2027-03-01 00:00"), end: TestSupport.date("2027-04-01 00:00"))
        XCTAssertFalse(whole.plans(overlapping: march).isEmpty)
        XCTAssertEqual(part.plans(overlapping: march), [], "outside its months the first part answers nothing")
        let lateDecember = DateInterval(start: TestSupport.date("2026-12-28 00:00"), end: TestSupport.date("2027-01-10 00:00"))
        XCTAssertEqual(Set(part.plans(overlapping: lateDecember).map(Self.key)),
                       Set(whole.plans(overlapping: lateDecember).filter { $0.interval(in: Self.utcCalendar).start < months.end }
                           .map(Self.key)),
                       "across its end: the days it covers, in full")

        XCTAssertTrue(part.calendar.isLoading)
        XCTAssertTrue(part.calendar.isReadOnly, "not editable until the whole file is read")
        XCTAssertFalse(whole.calendar.isLoading)
        XCTAssertFalse(whole.reminders(in: months).isEmpty)
        XCTAssertEqual(part.reminders(in: months), [], "reminders come with the whole file")
        XCTAssertEqual(part.searchEntries(near: months.start).count, 0, "search waits for the whole file")
    }

    /// The whole file read after a first part takes the first part's events as they were read
    /// (not parsed again): it must be exactly the file read alone, in the same order, with the
    /// same warnings, the file's own zone and the older copy of a twice-written event.
    func testTheWholeFileAfterAFirstPartIsTheFileReadAlone() throws {
        let zone = "BEGIN:VTIMEZONE\r\nTZID:Koyomi/Ahead\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
            + "TZOFFSETFROM:+0530\r\nTZOFFSETTO:+0530\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        let path = try writeLargeCalendar(adding: [
            zone,
            event(uid: "zoned", lines: "DTSTART;TZID=Koyomi/Ahead:20261105T090000\r\nDTEND;TZID=Koyomi/Ahead:20261105T100000\r\n"
                + "SUMMARY:In the file's own zone"),
            event(uid: "zoned-weekly", lines: "DTSTART;TZID=Koyomi/Ahead:20261002T180000\r\nDURATION:PT30M\r\n"
                + "RRULE:FREQ=WEEKLY;COUNT=20\r\nSUMMARY:Weekly in the file's zone"),
            event(uid: "twice", lines: "DTSTART:20261112T080000Z\r\nSUMMARY:First copy, in November"),
            event(uid: "twice", lines: "DTSTART:20270512T080000Z\r\nSUMMARY:Second copy, in May"),
            event(uid: "february", lines: "DTSTART:20270230T090000Z\r\nSUMMARY:February 30"),
        ])
        var alone = TestSupport.options()
        alone.cacheFolder = nil
        var withFirstPart = alone
        let first = FirstPart(interval: months)
        withFirstPart.firstPart = first
        let expected = try ICalendarFile.load(path: path, options: alone)
        let whole = try ICalendarFile.load(path: path, options: withFirstPart)
        XCTAssertNotNil(first.wait(), "a first part was read before the whole file")

        let years = DateInterval(start: TestSupport.date("2020-01-01 00:00"), end: TestSupport.date("2031-01-01 00:00"))
        XCTAssertEqual(whole.eventCount, expected.eventCount)
        XCTAssertEqual(whole.plans(overlapping: years), expected.plans(overlapping: years))
        XCTAssertEqual(whole.warnings, expected.warnings)
        XCTAssertEqual(whole.reminders(in: years), expected.reminders(in: years))
        let november = DateInterval(start: TestSupport.date("2026-11-01 00:00"), end: TestSupport.date("2026-12-01 00:00"))
        let titles = whole.plans(overlapping: november).map(Self.key)
        XCTAssertTrue(titles.contains("In the file's own zone 2026-11-05 03:30"), "read in the file's +05:30 zone")
        XCTAssertTrue(titles.contains("Weekly in the file's zone 2026-11-06 12:30"))
        XCTAssertTrue(titles.contains("First copy, in November 2026-11-12 08:00"), "of two equal copies the first is kept")
        XCTAssertFalse(whole.plans(overlapping: years).contains { $0.title == "Second copy, in May" })
        XCTAssertTrue(whole.warnings.contains { $0.contains("February 30") },
                      "the impossible date is named: \(whole.warnings)")
    }

    func testSmallFileIsReadWholeWithoutAFirstPart() throws {
        let path = folder + "/small.ics"
        try calendar(events: [event(uid: "a", lines: "DTSTART:20261110T090000Z\r\nSUMMARY:Small")])
            .write(toFile: path, atomically: true, encoding: .utf8)
        let first = FirstPart(interval: months)
        var options = TestSupport.options()
        options.cacheFolder = nil
        options.firstPart = first
        _ = try ICalendarFile.load(path: path, options: options)
        XCTAssertNil(first.wait(), "a small file is as quick whole")
    }

    func testFailedLoadLetsTheWaiterGo() {
        let first = FirstPart(interval: months)
        var options = TestSupport.options()
        options.firstPart = first
        XCTAssertThrowsError(try ICalendarFile.load(path: folder + "/missing.ics", options: options))
        XCTAssertNil(first.wait())
    }

    // MARK: - Helpers

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TestSupport.utc
        return calendar
    }()

    /// A plan as the window tells it apart: its title and start.
    private static func key(_ plan: Plan) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TestSupport.utc
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return "\(plan.title) \(formatter.string(from: plan.interval(in: utcCalendar).start))"
    }

    /// Over 256 KiB: filler over ten years, and the kinds of event the scan must not lose.
    private func writeLargeCalendar(adding more: [String] = []) throws -> String {
        let events = [
            event(uid: "tokyo", lines: "DTSTART;TZID=Asia/Tokyo:20261001T070000\r\nSUMMARY:Tokyo morning, September 30 in UTC"),
            event(uid: "trip", lines: "DTSTART;VALUE=DATE:20260925\r\nDTEND;VALUE=DATE:20261004\r\nSUMMARY:Trip into October"),
            event(uid: "course", lines: "DTSTART:20260920T090000Z\r\nDURATION:P3W\r\nSUMMARY:Three weeks"),
            event(uid: "weekly", lines: "DTSTART:20240102T090000Z\r\nDTEND:20240102T100000Z\r\nRRULE:FREQ=WEEKLY\r\n"
                + "SUMMARY:Weekly\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nDESCRIPTION:Weekly\r\nEND:VALARM"),
            event(uid: "weekly", lines: "RECURRENCE-ID:20261117T090000Z\r\nDTSTART:20261118T140000Z\r\n"
                + "DTEND:20261118T150000Z\r\nSUMMARY:Override in November"),
            event(uid: "new-year", lines: "DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270103\r\nSUMMARY:New Year"),
            event(uid: "march", lines: "DTSTART:20270310T090000Z\r\nSUMMARY:March"),
        ]
        let path = folder + "/large.ics"
        let text = LargeCalendarText.text(with: events + more)
        XCTAssertGreaterThan(text.utf8.count, FirstPart.minimumSize)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func event(uid: String, lines: String) -> String {
        LargeCalendarText.event(uid: uid, lines: lines)
    }

    private func calendar(events: [String]) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n" + events.joined() + "END:VCALENDAR\r\n"
    }
}
