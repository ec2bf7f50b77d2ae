import CalendarModel
import Foundation
import XCTest

/// `KOYOMI_NOW`: how a test pins a whole `koyomi` process's clock.
final class ProcessClockTests: XCTestCase {
    func testUnsetOrEmptyIsTheMachinesClock() throws {
        for environment in [[:], [ProcessClock.variable: ""]] {
            let clock = try ProcessClock(environment: environment)
            XCTAssertNil(clock.pinnedStart)
            XCTAssertLessThan(abs(clock.now().timeIntervalSince(Date())), 60)
        }
    }

    func testAPinnedClockStartsThereAndRunsOn() throws {
        let clock = try ProcessClock(environment: [ProcessClock.variable: "2028-02-29T23:59:30Z"])
        let start = try XCTUnwrap(clock.pinnedStart)
        XCTAssertEqual(start, Date(timeIntervalSince1970: 1_835_481_570))
        let first = clock.now()
        XCTAssertGreaterThanOrEqual(first, start)
        XCTAssertGreaterThanOrEqual(clock.now(), first, "it never runs backwards")
    }

    func testOffsetsAndSeconds() {
        let utc = ProcessClock.instant(parsing: "2026-11-29T12:00:00Z")
        XCTAssertEqual(utc, Date(timeIntervalSince1970: 1_795_953_600))
        XCTAssertEqual(ProcessClock.instant(parsing: "2026-11-29T21:00+09:00"), utc)
        XCTAssertEqual(ProcessClock.instant(parsing: "2026-11-29T07:00:00-05:00"), utc)
        XCTAssertEqual(ProcessClock.instant(parsing: "2026-11-29T12:00:59Z"), utc?.addingTimeInterval(59))
    }

    func testImpossibleOrIncompleteInstantsAreRefusedInWords() {
        for text in ["2026-02-30T10:00:00Z", "2026-13-01T10:00:00Z", "2026-11-29T24:00:00Z", "2026-11-29T12:60Z",
                     "2026-11-29T12:00:60Z", "2026-11-29T12:00:00", "2026-11-29", "tomorrow", "2026-11-29T12:00:00+25:00",
                     "2026-11-29 12:00:00Z", "2026-11-29T12:00:00Zed"] {
            XCTAssertNil(ProcessClock.instant(parsing: text), text)
            XCTAssertThrowsError(try ProcessClock(environment: [ProcessClock.variable: text]), text) { error in
                XCTAssertEqual("\(error)", "KOYOMI_NOW must be a date and time with its offset from UTC, "
                    + "like 2026-11-29T12:00:00Z or 2026-11-29T21:00:00+09:00, not “\(text)”")
            }
        }
    }
}
