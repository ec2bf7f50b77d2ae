import CalendarModel
import Foundation
import XCTest

/// The editor's dates in the user's own numeric form (issue 35), read back from it or from ISO.
final class DateFieldFormatTests: XCTestCase {
    private let christmas = CalendarDay(year: 2026, month: 12, day: 24)!

    func testEachLocaleWritesItsOwnOrder() {
        XCTAssertEqual(DateFieldFormat(locale: Locale(identifier: "en_US")).text(for: christmas), "12/24/2026")
        XCTAssertEqual(DateFieldFormat(locale: Locale(identifier: "en_GB")).text(for: christmas), "24/12/2026")
        XCTAssertEqual(DateFieldFormat(locale: Locale(identifier: "ja_JP")).text(for: christmas), "2026/12/24")
        XCTAssertEqual(DateFieldFormat(locale: Locale(identifier: "de_DE")).text(for: christmas), "24.12.2026")
        XCTAssertEqual(DateFieldFormat(locale: Locale(identifier: "en_US")).example, "MM/DD/YYYY")
        XCTAssertEqual(DateFieldFormat(locale: Locale(identifier: "ja_JP")).example, "YYYY/MM/DD")
    }

    func testTypedDatesAreReadInTheLocalesOrderOrAsISO() {
        let us = DateFieldFormat(locale: Locale(identifier: "en_US"))
        XCTAssertEqual(us.isoText(from: "12/24/2026"), "2026-12-24")
        XCTAssertEqual(us.isoText(from: "3/5/2027"), "2027-03-05", "one digit is enough")
        XCTAssertEqual(us.isoText(from: "2026-12-24"), "2026-12-24", "ISO is read everywhere")
        XCTAssertEqual(us.isoText(from: " 2/30/2026 "), "2026-02-30", "an impossible day is left for the form to name")
        XCTAssertNil(us.isoText(from: "24/12/2026"), "no month 24")
        XCTAssertNil(us.isoText(from: "12/24"), "the year is needed")
        XCTAssertNil(us.isoText(from: "tomorrow"))
        let gb = DateFieldFormat(locale: Locale(identifier: "en_GB"))
        XCTAssertEqual(gb.isoText(from: "24/12/2026"), "2026-12-24")
        XCTAssertEqual(gb.isoText(from: "24.12.2026"), "2026-12-24", "any separator")
        let ja = DateFieldFormat(locale: Locale(identifier: "ja_JP"))
        XCTAssertEqual(ja.isoText(from: "２０２６／１２／２４"), "2026-12-24", "full-width digits and slashes")
        XCTAssertEqual(ja.isoText(from: "2026年12月24日"), "2026-12-24")
        XCTAssertEqual(us.shown("2026-12-24"), "12/24/2026")
        XCTAssertEqual(us.shown("2026-13-01"), "2026-13-01", "what is not a date is shown as it is")
        XCTAssertEqual(us.formText("12/24/2026"), "2026-12-24")
        XCTAssertEqual(us.formText("soon"), "soon")
    }
}
