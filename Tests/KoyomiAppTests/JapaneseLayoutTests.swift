import CalendarModel
import CGtk
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// What a native speaker's walk through the Japanese window found (issue 35): dates written
/// the Japanese way, CJK glyphs drawn whole, and the first calendar named in Japanese.
// @unchecked Sendable: like AppTestCase, touched from the main thread only.
final class JapaneseLayoutTests: JapaneseTestCase, @unchecked Sendable {
    /// The week's title says the year once with a wave dash between its ends, and each day
    /// column reads 「3日(日)」, the day before its weekday.
    func testTheWeekSaysItsDaysTheJapaneseWay() throws {
        let path = try writeCalendar("empty.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//JA\nEND:VCALENDAR\n")
        MainActor.assumeIsolated {
            _ = openWindow([path], locale: "ja_JP", firstWeekday: 1)
            controller.coordinator.show(.week)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.week.root.isMapped && self.window.week.state != nil }))
            for (day, expected) in [("2027-01-05", "2027年1月3日～9日"), ("2026-12-30", "2026年12月27日～2027年1月2日"),
                                    ("2027-02-02", "2027年1月31日～2月6日")] {
                controller.store.show(CalendarDay(parsing: day)!)
                XCTAssertTrue(MainLoop.iterate(until: { self.title == expected }), "\(day): “\(self.title)”")
            }
            XCTAssertEqual(window.week.headers.map { $0.label ?? "" },
                           ["31日(日)", "1日(月)", "2日(火)", "3日(水)", "4日(木)", "5日(金)", "6日(土)"])
        }
    }
}
