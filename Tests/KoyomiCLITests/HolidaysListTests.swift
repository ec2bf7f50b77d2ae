import Foundation
import TestSupport
import XCTest

/// `koyomi list --holidays jp` (issue 40): Japan's holidays, computed, as all-day entries of
/// the built-in calendar beside the user's plans, named in the locale's language.
final class HolidaysListTests: CLITestCase {
    private func writeNewYear() throws {
        try writeCalendar("home.ics", name: "Home", events:
            Self.event("visit", "初詣", start: ";TZID=Asia/Tokyo:20270101T100000", end: ";TZID=Asia/Tokyo:20270101T120000")
            + Self.event("ski", "Ski trip", start: ";VALUE=DATE:20270110", end: ";VALUE=DATE:20270112"))
    }

    private func koyomi(_ arguments: [String], lang: String) throws -> ProcessOutput {
        try TestEnvironment.koyomi(arguments, dataHome: dataHome,
                                   environment: ["TZ": "Asia/Tokyo", "LANG": lang, "KOYOMI_NOW": "2027-01-05T09:00:00+09:00"])
    }

    func testAMonthsHolidaysInJSONAreAllDayEntriesAmongThePlansInJapanese() throws {
        try writeNewYear()
        let result = try koyomi(["list", "--month", "2027-01", "--holidays", "jp", "--json"], lang: "ja_JP.UTF-8")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let seen = rows.map { row in
            "\(row["start"] ?? "") \(row["allDay"] as? Bool == true ? "all day" : "timed") \(row["title"] ?? "") [\(row["calendar"] ?? "")]"
        }
        XCTAssertEqual(seen, [
            "2027-01-01 all day 元日 [日本の祝日]",
            "2027-01-01T10:00:00+09:00 timed 初詣 [Home]",
            "2027-01-10 all day Ski trip [Home]",
            "2027-01-11 all day 成人の日 [日本の祝日]",
        ])
        XCTAssertEqual(rows.first?["end"] as? String, "2027-01-02", "one day, the end exclusive as every all-day entry's")
    }

    func testADayInEnglishAndNoHolidaysUnlessAsked() throws {
        try writeNewYear()
        let day = try koyomi(["list", "--date", "2027-01-11", "--holidays", "jp"], lang: "en_US.UTF-8")
        XCTAssertEqual(day.status, 0, day.stderr)
        XCTAssertEqual(day.stdout, """
        2027-01-11  all day, 2027-01-10–2027-01-11  Ski trip  [Home]
        2027-01-11  all day  Coming of Age Day  [Holidays in Japan]

        """)
        let plain = try koyomi(["list", "--date", "2027-01-11"], lang: "ja_JP.UTF-8")
        XCTAssertEqual(plain.stdout, "2027-01-11  終日、2027-01-10–2027-01-11  Ski trip  [Home]\n",
                       "in Japanese, and no holidays unless asked: \(plain.stderr)")
    }

    func testAnotherCountryIsRefusedInWords() throws {
        let before = snapshot()
        assertUsageError(run("list", "--month", "2027-01", "--holidays", "us"), mentions: "--holidays knows only “jp”")
        assertUsageError(run("list", "--holidays", ""), mentions: "--holidays knows only “jp”")
        XCTAssertEqual(snapshot(), before)
    }
}
