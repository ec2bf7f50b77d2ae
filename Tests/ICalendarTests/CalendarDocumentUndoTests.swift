import CalendarEditing
import CalendarModel
import Foundation
import XCTest

/// Undo of deletes, edits and adds through event snapshots.
final class CalendarDocumentUndoTests: XCTestCase {
    private let later = SaveTestSupport.now.addingTimeInterval(3600)
    private let standup = "standup-7f3k2@google.com"

    private func google() throws -> CalendarDocument { try SaveTestSupport.document("save-google.ics", zone: TestSupport.berlin) }

    /// Every component's text except those with `uid`.
    private func others(_ document: CalendarDocument, than uid: String) -> [String] {
        document.componentTexts.filter { !$0.contains("UID:\(uid)") }
    }

    func testSnapshotHasMasterAndOverridesInOrderAndIsEmptyWhenAbsent() throws {
        var document = try google()
        try document.updateOccurrence(Plan.ID(uid: standup, occurrence: "20261117T080000Z"),
                                      [.title("Standup (short)")], now: SaveTestSupport.now)
        let snapshot = document.snapshot(uid: standup)
        XCTAssertEqual(snapshot.componentTexts.count, 2)
        XCTAssertFalse(snapshot.componentTexts[0].contains("RECURRENCE-ID"))
        XCTAssertTrue(snapshot.componentTexts[1].contains("RECURRENCE-ID"))
        XCTAssertTrue(document.snapshot(uid: "nope").isEmpty)
    }

    func testDeleteThenRestoreBringsTheEventBackAsANewRevision() throws {
        var document = try google()
        let before = document.snapshot(uid: standup)
        let untouched = others(document, than: standup)
        try document.deleteEvent(uid: standup)
        XCTAssertFalse(document.eventUIDs.contains(standup))

        try document.restore(before, now: later)
        let restored = document.snapshot(uid: standup).componentTexts
        XCTAssertEqual(restored.count, 1)
        let event = restored[0]
        // The fixture's SEQUENCE:2 becomes 3; stamps are the undo's moment.
        XCTAssertTrue(event.contains("SEQUENCE:3\r\n"), event)
        XCTAssertTrue(event.contains("DTSTAMP:20261129T130000Z\r\n"), event)
        XCTAssertTrue(event.contains("LAST-MODIFIED:20261129T130000Z\r\n"), event)
        // Everything else as it was: alarms, attendees, Google's X- properties, folding.
        XCTAssertEqual(Self.withoutRevision(event), Self.withoutRevision(before.componentTexts[0]))
        XCTAssertEqual(others(document, than: standup), untouched)
        XCTAssertTrue(try SaveTestSupport.plans(document).contains { $0.id.uid == standup && $0.title == "Standup" })
    }

    func testEditThenRestoreGivesTheOldFieldsWithASequenceAboveTheEdit() throws {
        var document = try google()
        let before = document.snapshot(uid: standup)
        let untouched = others(document, than: standup)
        let start = TestSupport.date("2026-11-10 10:00")
        try document.updateEvent(uid: standup, [.title("Renamed"), .timing(.timed(start: start, end: start.addingTimeInterval(1800)),
                                                                           timeZone: TestSupport.berlin)], now: SaveTestSupport.now)
        let edited = document.snapshot(uid: standup).componentTexts[0]
        XCTAssertTrue(edited.contains("SEQUENCE:3\r\n"), edited)

        try document.restore(before, now: later)
        let event = document.snapshot(uid: standup).componentTexts[0]
        XCTAssertTrue(event.contains("SUMMARY:Standup\r\n"), event)
        XCTAssertTrue(event.contains("DTSTART;TZID=Europe/Berlin:20261110T090000\r\n"), event)
        XCTAssertTrue(event.contains("SEQUENCE:4\r\n"), "above the edit's 3: \(event)")
        XCTAssertEqual(Self.withoutRevision(event), Self.withoutRevision(before.componentTexts[0]))
        XCTAssertEqual(others(document, than: standup), untouched)
        // It stays where it was in the file.
        XCTAssertEqual(document.componentKinds, try google().componentKinds)
    }

    func testRestoringTheSnapshotOfAnAddRemovesTheEvent() throws {
        var document = try google()
        let original = document.text
        let before = document.snapshot(uid: "new@koyomi")
        let draft = PlanDraft(title: "New", timing: .allDay(start: TestSupport.day("2026-11-20"), end: TestSupport.day("2026-11-21")))
        try document.addEvent(draft, now: SaveTestSupport.now, uid: "new@koyomi")
        XCTAssertTrue(document.eventUIDs.contains("new@koyomi"))
        try document.restore(before, now: later)
        XCTAssertFalse(document.eventUIDs.contains("new@koyomi"))
        XCTAssertEqual(document.text, original, "the whole file byte for byte as before the add")
    }

    func testRestoreBringsOverridesBackWithTheMaster() throws {
        var document = try google()
        try document.updateOccurrence(Plan.ID(uid: standup, occurrence: "20261117T080000Z"),
                                      [.title("Short one")], now: SaveTestSupport.now)
        let before = document.snapshot(uid: standup)
        try document.deleteEvent(uid: standup)
        try document.restore(before, now: later)
        let plans = try SaveTestSupport.plans(document, zone: TestSupport.berlin).filter { $0.id.uid == standup }
        XCTAssertTrue(plans.contains { $0.title == "Short one" })
        XCTAssertTrue(plans.contains { $0.title == "Standup" })
    }

    func testASnapshotOfAnotherEventIsRefused() throws {
        var document = try google()
        let wrong = EventSnapshot(uid: standup, componentTexts: ["BEGIN:VEVENT\r\nUID:other\r\nEND:VEVENT\r\n"])
        let before = document.text
        XCTAssertThrowsError(try document.restore(wrong, now: later))
        XCTAssertEqual(document.text, before)
    }

    /// The text without the lines a restore rewrites.
    private static func withoutRevision(_ text: String) -> String {
        text.components(separatedBy: "\r\n").filter { line in
            !["SEQUENCE:", "DTSTAMP:", "LAST-MODIFIED:"].contains { line.hasPrefix($0) }
        }.joined(separator: "\r\n")
    }
}
