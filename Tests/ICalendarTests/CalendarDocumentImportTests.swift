import CalendarEditing
import CalendarModel
import Foundation
import XCTest

/// Import conflict rules: add new UIDs, replace only with newer copies, say why others were skipped.
final class CalendarDocumentImportTests: XCTestCase {
    private static let header = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\n"

    private func calendar(_ body: String, lineEnd: String = "\r\n") throws -> CalendarDocument {
        let text = (Self.header + body + "END:VCALENDAR\r\n").replacingOccurrences(of: "\r\n", with: lineEnd)
        return try CalendarDocument(text: text, timeZone: TestSupport.utc)
    }

    private static func event(_ uid: String, _ title: String, sequence: Int? = nil, modified: String? = nil,
                              stamp: String = "20261101T000000Z", extra: String = "") -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:\(stamp)\r\nDTSTART:20261110T090000Z\r\nSUMMARY:\(title)\r\n"
            + (sequence.map { "SEQUENCE:\($0)\r\n" } ?? "") + (modified.map { "LAST-MODIFIED:\($0)\r\n" } ?? "")
            + extra + "END:VEVENT\r\n"
    }

    func testNewUIDsAreAddedByteForByteWithTheirOverrides() throws {
        var mine = try calendar(Self.event("a", "Mine"))
        let master = Self.event("b", "Series", extra: "RRULE:FREQ=DAILY\r\nX-ODD;X-P=\"q:v\":keep\\,me\r\n")
        let override = "BEGIN:VEVENT\r\nUID:b\r\nRECURRENCE-ID:20261111T090000Z\r\nDTSTAMP:20261101T000000Z\r\n"
            + "DTSTART:20261111T100000Z\r\nSUMMARY:Moved\r\nEND:VEVENT\r\n"
        let incoming = try calendar(master + Self.event("c", "Other") + override)
        let summary = mine.importEvents(from: incoming, now: SaveTestSupport.now)
        XCTAssertEqual(summary.added, 2)
        XCTAssertEqual(summary.updated, 0)
        XCTAssertEqual(summary.skipped, [])
        XCTAssertEqual(summary.description, "2 added, 0 updated, 0 skipped")
        XCTAssertEqual(mine.snapshot(uid: "b").componentTexts, [master, override], "the group travels together, as written")
        XCTAssertEqual(mine.componentTexts.first, Self.event("a", "Mine"))
    }

    func testSequenceDecidesFirst() throws {
        var mine = try calendar(Self.event("a", "Mine", sequence: 2, modified: "20261120T000000Z"))
        let newer = Self.event("a", "Theirs", sequence: 3, modified: "20261101T000000Z")
        var summary = mine.importEvents(from: try calendar(newer), now: SaveTestSupport.now)
        XCTAssertEqual(summary.updated, 1)
        XCTAssertEqual(mine.snapshot(uid: "a").componentTexts, [newer])

        summary = mine.importEvents(from: try calendar(Self.event("a", "Old", sequence: 1, modified: "20271231T000000Z")),
                                    now: SaveTestSupport.now)
        XCTAssertEqual(summary.updated, 0)
        XCTAssertEqual(summary.skipped, [ImportSkip(subject: "“Old” (a)", reason: "your copy is newer")])
        XCTAssertEqual(mine.snapshot(uid: "a").componentTexts, [newer])
    }

    func testLastModifiedThenDTStampBreakTies() throws {
        let mineText = Self.event("a", "Mine", sequence: 1, modified: "20261110T000000Z", stamp: "20261110T000000Z")
        var mine = try calendar(mineText)
        let olderEdit = Self.event("a", "Older", sequence: 1, modified: "20261109T000000Z", stamp: "20261231T000000Z")
        XCTAssertEqual(mine.importEvents(from: try calendar(olderEdit), now: SaveTestSupport.now).skipped.map(\.reason),
                       ["your copy is newer"], "LAST-MODIFIED before DTSTAMP")
        XCTAssertEqual(mine.snapshot(uid: "a").componentTexts, [mineText])

        let laterStamp = Self.event("a", "Restamped", sequence: 1, modified: "20261110T000000Z", stamp: "20261111T000000Z")
        XCTAssertEqual(mine.importEvents(from: try calendar(laterStamp), now: SaveTestSupport.now).updated, 1)

        // SEQUENCE absent counts as 0; no LAST-MODIFIED on one side: DTSTAMP decides.
        var plain = try calendar(Self.event("p", "Plain", stamp: "20261101T000000Z"))
        let restamped = Self.event("p", "Plain 2", sequence: 0, modified: "20261102T000000Z", stamp: "20261102T000000Z")
        XCTAssertEqual(plain.importEvents(from: try calendar(restamped), now: SaveTestSupport.now).updated, 1)
    }

    func testTheSameCopyIsAlreadyUpToDateAndNothingChanges() throws {
        let text = Self.event("a", "Same", sequence: 4)
        var mine = try calendar(text)
        let before = mine.text
        let summary = mine.importEvents(from: try calendar(text), now: SaveTestSupport.now)
        XCTAssertEqual(summary.skipped, [ImportSkip(subject: "“Same” (a)", reason: "already up to date")])
        XCTAssertEqual(summary.description, "0 added, 0 updated, 1 skipped")
        XCTAssertEqual(mine.text, before)
    }

    func testAnUpdateReplacesTheWholeGroupInPlace() throws {
        let override = "BEGIN:VEVENT\r\nUID:s\r\nRECURRENCE-ID:20261111T090000Z\r\nDTSTAMP:20261101T000000Z\r\n"
            + "DTSTART:20261111T100000Z\r\nSUMMARY:Moved\r\nEND:VEVENT\r\n"
        var mine = try calendar(Self.event("s", "Series", extra: "RRULE:FREQ=DAILY\r\n") + override + Self.event("z", "After"))
        let newMaster = Self.event("s", "Series v2", sequence: 1, extra: "RRULE:FREQ=WEEKLY\r\n")
        XCTAssertEqual(mine.importEvents(from: try calendar(newMaster), now: SaveTestSupport.now).updated, 1)
        XCTAssertEqual(mine.componentTexts, [newMaster, Self.event("z", "After")], "the old override went with the old copy")
    }

    func testAnEventWithoutUIDGetsOneAndIsReported() throws {
        var mine = try calendar("")
        let incoming = try calendar("BEGIN:VEVENT\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261110T090000Z\r\nSUMMARY:Nameless\r\nEND:VEVENT\r\n")
        let summary = mine.importEvents(from: incoming, now: SaveTestSupport.now)
        XCTAssertEqual(summary.added, 1)
        let uid = try XCTUnwrap(mine.eventUIDs.first)
        XCTAssertTrue(uid.hasSuffix("@koyomi"), uid)
        XCTAssertEqual(summary.notes, ["“Nameless” had no UID; it is now \(uid)"])
        // Importing the same file again makes another copy: without a UID there is nothing to match.
        XCTAssertEqual(mine.importEvents(from: incoming, now: SaveTestSupport.now).added, 1)
    }

    func testToDosJournalsAndUnknownComponentsAreCarriedAsWritten() throws {
        var mine = try calendar("")
        let todo = "BEGIN:VTODO\r\nUID:t\r\nSUMMARY:Buy milk\r\nX-MOZ-GENERATION:2\r\nDUE;TZID=Europe/Berlin:20261112T170000\r\nEND:VTODO\r\n"
        let journal = "BEGIN:VJOURNAL\r\nUID:j\r\nX-ODD:kept\\,as is\r\nEND:VJOURNAL\r\n"
        let availability = "BEGIN:VAVAILABILITY\r\nUID:a\r\nDTSTAMP:20261101T000000Z\r\nBEGIN:AVAILABLE\r\n"
            + "DTSTART:20261102T080000Z\r\nDTEND:20261102T160000Z\r\nEND:AVAILABLE\r\nEND:VAVAILABILITY\r\n"
        let unknown = "BEGIN:X-NOTE\r\nX-TEXT:no UID at all\r\nEND:X-NOTE\r\n"
        let incoming = try calendar(todo + journal + availability + unknown + Self.event("e", "Event"))
        let summary = mine.importEvents(from: incoming, now: SaveTestSupport.now)
        XCTAssertEqual(summary.added, 5)
        XCTAssertEqual(summary.skipped, [])
        XCTAssertEqual(summary.carried, ["VTODO": 1, "VJOURNAL": 1, "VAVAILABILITY": 1, "X-NOTE": 1])
        XCTAssertEqual(summary.description, "5 added, 0 updated, 0 skipped")
        XCTAssertEqual(mine.componentKinds, ["VTIMEZONE", "VTODO", "VJOURNAL", "VAVAILABILITY", "X-NOTE", "VEVENT"])
        XCTAssertEqual(Array(mine.componentTexts.dropFirst().prefix(4)), [todo, journal, availability, unknown])
        // The same file again: everything is here already, nothing doubles.
        let again = mine.importEvents(from: incoming, now: SaveTestSupport.now)
        XCTAssertEqual(again.added, 0)
        XCTAssertEqual(again.skipped.map(\.reason), Array(repeating: "already up to date", count: 5))
        XCTAssertEqual(mine.componentKinds.count, 6)
        // A newer copy of the task replaces it, where it stood; a task and an event may share a UID.
        let newer = try calendar("BEGIN:VTODO\r\nUID:t\r\nSEQUENCE:1\r\nSUMMARY:Buy oat milk\r\nEND:VTODO\r\n"
                                 + "BEGIN:VTODO\r\nSUMMARY:No UID\r\nEND:VTODO\r\n")
        let update = mine.importEvents(from: newer, now: SaveTestSupport.now)
        XCTAssertEqual(update.updated, 1)
        XCTAssertEqual(update.added, 1)
        XCTAssertEqual(update.notes.count, 1)
        XCTAssertTrue(update.notes[0].hasPrefix("“No UID” had no UID; it is now "), update.notes[0])
        XCTAssertTrue(mine.componentTexts[1].contains("Buy oat milk"))
        XCTAssertEqual(mine.taskUIDs.count, 2)
    }

    func testZonesUsedByImportedEventsAreCopiedOnce() throws {
        let google = try SaveTestSupport.document("save-google.ics")
        var mine = try calendar(Self.event("a", "Mine"))
        let summary = mine.importEvents(from: google, now: SaveTestSupport.now)
        XCTAssertGreaterThan(summary.added, 0)
        let zones = mine.componentTexts.filter { $0.hasPrefix("BEGIN:VTIMEZONE") }
        XCTAssertEqual(zones.count, 1)
        XCTAssertEqual(zones.first, google.componentTexts.first { $0.contains("TZID:Europe/Berlin") })
        XCTAssertEqual(mine.componentKinds.first, "VTIMEZONE", "before the events that use it")
        // A second import adds no second copy, and the events read in their zone.
        _ = mine.importEvents(from: google, now: SaveTestSupport.now)
        XCTAssertEqual(mine.componentKinds.filter { $0 == "VTIMEZONE" }.count, 1)
        let standup = try XCTUnwrap(SaveTestSupport.plans(mine).first { $0.title == "Standup" })
        XCTAssertEqual(standup.interval(in: Calendar(identifier: .gregorian)).start, TestSupport.date("2026-11-10 08:00"))
    }

    func testAZoneTheFileLacksComesFromLibical() throws {
        var mine = try calendar("")
        let incoming = try calendar("BEGIN:VEVENT\r\nUID:t\r\nDTSTAMP:20261101T000000Z\r\n"
                                    + "DTSTART;TZID=Asia/Tokyo:20261110T090000\r\nSUMMARY:Tokyo\r\nEND:VEVENT\r\n")
        _ = mine.importEvents(from: incoming, now: SaveTestSupport.now)
        XCTAssertEqual(mine.componentKinds, ["VTIMEZONE", "VEVENT"])
        XCTAssertTrue(mine.componentTexts[0].contains("TZID:Asia/Tokyo\r\n"))
    }
}
