@testable import ICalendarReading
import XCTest

/// A problem many events share is said once with their count (issue 35: 50,000 lines of
/// "unknown time zone" held the window's error strip for over half a minute).
final class RepeatedWarningsTests: XCTestCase {
    func testAProblemOfManyEventsNamesThreeAndCountsTheRestWhereTheThirdWas() {
        let zone = "unknown time zone \"Custom\"; its times are read in GMT"
        let warnings = ["the time zone “Custom” has no STANDARD or DAYLIGHT part"]
            + (0..<5).map { "event \"Shift \($0)\": \(zone)" }
            + ["event #9 skipped: it has no DTSTART"]
            + (5..<8).map { "event \"Shift \($0)\": \(zone)" }
        XCTAssertEqual(RepeatedWarnings.collapsed(warnings), [
            "the time zone “Custom” has no STANDARD or DAYLIGHT part",
            "event \"Shift 0\": \(zone)", "event \"Shift 1\": \(zone)", "event \"Shift 2\": \(zone)",
            "the same for 5 more events: \(zone)",
            "event #9 skipped: it has no DTSTART",
        ])
    }

    func testFourEventsAreAllNamedAndFewerWarningsAreKeptAsTheyAre() {
        let four = (0..<4).map { "event with UID u\($0)@x skipped: it has no DTSTART" }
        XCTAssertEqual(RepeatedWarnings.collapsed(four), four)
        XCTAssertEqual(RepeatedWarnings.collapsed(four + ["event #7: a reminder is left out: no trigger"]),
                       four + ["event #7: a reminder is left out: no trigger"])
    }

    func testTheEventsNameAndLineNumberAreNotPartOfTheProblem() {
        let note = "a stray \"Z\" after a date is ignored"
        let warnings = (1...6).map { "event \"Re: plans\" on line \($0 * 10): \(note)" }
            + (1...5).map { "event \"Tea \($0)\" skipped: its DTSTART “2026023X” is not a date and time" }
        XCTAssertEqual(RepeatedWarnings.collapsed(warnings), Array(warnings.prefix(3)) + ["the same for 3 more events: \(note)"]
            + Array(warnings.dropFirst(6).prefix(3)) + ["the same for 2 more events skipped: its DTSTART “2026023X” is not a date and time"])
    }

    func testTheSameProblemInDifferentWordsIsNotMerged() {
        let warnings = (0..<6).map { "event \"T\" (UID u\($0)): it is in the file 2 times; the newest copy is shown" }
            + (0..<6).map { "event \"T\": its repeat rule “FREQ=DAILY;COUNT=\($0)” matches no date after its first" }
        XCTAssertEqual(RepeatedWarnings.collapsed(warnings), warnings)
    }
}
