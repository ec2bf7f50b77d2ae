import CalendarEditing
import CalendarModel
import CalendarSync
import Foundation
import ICalendarReading
import XCTest

/// "This and all following" over CalDAV: the split series goes up as a change of the old
/// resource and one new resource, and another device reads the two as before.
final class SeriesSplitSyncTests: RadicaleSyncTestCase {
    func testASplitSeriesGoesUpAsAnEditAndANewPlan() async throws {
        try await makeCalendar()
        let start = Date(timeIntervalSince1970: 1_793_611_800) // 2026-11-02 09:30 UTC
        let now = Date(timeIntervalSince1970: 1_795_953_600) // 2026-11-29 12:00 UTC
        try editLocally { document in
            try document.addEvent(PlanDraft(title: "Standup", timing: .timed(start: start, end: start.addingTimeInterval(900)),
                                            repeatRule: .simple(.weekly, count: 6)),
                                  now: now, uid: "standup")
        }
        var report = try await syncer().sync()
        XCTAssertEqual(report.sent, 1)

        try editLocally { document in
            // The third Monday, 2026-11-16.
            XCTAssertTrue(try document.splitSeries(at: Plan.ID(uid: "standup", occurrence: "20261116T093000Z"),
                                                   newUID: "standup-2", now: now))
            try document.updateEvent(uid: "standup-2", [.title("Standup (room 4)")], now: now)
        }
        report = try await syncer().sync()
        XCTAssertEqual(report.sent, 2, "the old series changed, the new one made")
        XCTAssertTrue(report.conflicts.isEmpty, "\(report.conflicts)")
        let remote = try await serverTexts()
        XCTAssertEqual(Set(remote.keys), ["standup", "standup-2"])
        XCTAssertTrue(remote["standup"]?.contains("UNTIL=20261116T092959Z") == true, remote["standup"] ?? "")
        XCTAssertTrue(remote["standup-2"]?.contains("COUNT=4") == true, remote["standup-2"] ?? "")
        XCTAssertTrue(remote["standup-2"]?.contains("SUMMARY:Standup (room 4)") == true, remote["standup-2"] ?? "")
        report = try await syncer().sync()
        XCTAssertEqual(report, SyncReport(), "and then nothing moves")
    }
}
