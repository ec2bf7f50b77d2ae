import CalendarEditing
import CalendarModel
import Foundation
import ICalendarReading
import XCTest

/// Adding and checking off tasks: only the task checked off changes, byte for byte.
final class TaskEditingTests: XCTestCase {
    private let now = TestSupport.date("2026-11-10 11:00")

    private func document(_ fixture: String, zone: TimeZone = TestSupport.utc) throws -> CalendarDocument {
        try CalendarDocument(text: String(contentsOfFile: TestSupport.fixturePath(fixture), encoding: .utf8), timeZone: zone)
    }

    private func read(_ document: CalendarDocument) throws -> ICalendarTasks {
        try ICalendarTasks(text: document.text, sourceName: "test", calendarID: CalendarID("t"), timeZone: document.timeZone)
    }

    func testEveryClientsFileIsKeptByteForByte() throws {
        for fixture in ["tasks-thunderbird.ics", "tasks-nextcloud.ics", "tasks-apple.ics", "tasks-tasksorg.ics", "tasks-mixed.ics"] {
            let text = try String(contentsOfFile: TestSupport.fixturePath(fixture), encoding: .utf8)
            var document = try CalendarDocument(text: text, timeZone: TestSupport.berlin)
            XCTAssertEqual(document.text, text, fixture)
            // An edit elsewhere in the file leaves every VTODO as it was.
            let todos = document.componentTexts.filter { $0.hasPrefix("BEGIN:VTODO") }
            try document.addEvent(PlanDraft(title: "Tea", timing: .allDay(start: TestSupport.day("2026-11-10"),
                                                                        end: TestSupport.day("2026-11-11"))), now: now)
            XCTAssertEqual(document.componentTexts.filter { $0.hasPrefix("BEGIN:VTODO") }, todos, fixture)
        }
    }

    func testCheckingOffChangesOnlyThatTask() throws {
        var document = try document("tasks-thunderbird.ics")
        let before = document.componentTexts
        XCTAssertEqual(try document.completeTask(uid: "8a2f4c1e-3b4d-4f0e-9a51-2c7d1e0b9f11", now: now), .completed(occurrence: nil))
        let after = document.componentTexts
        XCTAssertEqual(after.count, before.count)
        XCTAssertEqual(after[0], before[0], "the VTIMEZONE")
        XCTAssertEqual(after[2], before[2], "the other task")
        let task = after[1]
        for line in ["STATUS:COMPLETED\r\n", "COMPLETED:20261110T110000Z\r\n", "PERCENT-COMPLETE:100\r\n", "SEQUENCE:1\r\n",
                     "DTSTAMP:20261110T110000Z\r\n", "LAST-MODIFIED:20261110T110000Z\r\n", "X-MOZ-GENERATION:3\r\n",
                     "TRIGGER;RELATED=END:-PT1H\r\n", "DUE;TZID=Europe/Berlin:20261112T170000\r\n"] {
            XCTAssertTrue(task.contains(line), "\(line) in \(task)")
        }
        XCTAssertFalse(task.contains("IN-PROCESS"))
        XCTAssertFalse(task.contains("PERCENT-COMPLETE:40"))
        let checked = try XCTUnwrap(read(document).tasks.first { $0.uid == "8a2f4c1e-3b4d-4f0e-9a51-2c7d1e0b9f11" })
        XCTAssertEqual(checked.status, .completed)
        XCTAssertEqual(checked.completed, now)
        // Checked off twice: nothing more is written.
        let once = document
        XCTAssertEqual(try document.completeTask(uid: "8a2f4c1e-3b4d-4f0e-9a51-2c7d1e0b9f11", now: now), .alreadyDone)
        XCTAssertEqual(document, once)
    }

    func testRepeatingTaskGetsAnOverrideForItsEarliestOpenOccurrence() throws {
        var document = try document("tasks-tasksorg.ics")
        let before = document.componentTexts
        XCTAssertEqual(try document.completeTask(uid: "6190893457340318720", now: now), .completed(occurrence: "20261109"))
        let after = document.componentTexts
        XCTAssertEqual(after.count, 3)
        XCTAssertEqual(after[0], before[0], "the master is unchanged")
        XCTAssertEqual(after[1], before[1], "the earlier override is unchanged")
        let override = after[2]
        for line in ["RECURRENCE-ID;VALUE=DATE:20261109\r\n", "DTSTART;VALUE=DATE:20261109\r\n", "DUE;VALUE=DATE:20261110\r\n",
                     "STATUS:COMPLETED\r\n", "COMPLETED:20261110T110000Z\r\n", "PERCENT-COMPLETE:100\r\n",
                     "UID:6190893457340318720\r\n"] {
            XCTAssertTrue(override.contains(line), "\(line) in \(override)")
        }
        XCTAssertFalse(override.contains("RRULE"))
        let open = try read(document).tasks.filter { $0.isOpen }
        XCTAssertEqual(open.map(\.occurrence), ["20261116"])
        XCTAssertEqual(open.first?.due, .day(TestSupport.day("2026-11-17")))
    }

    func testZonedRepeatingTaskOverrideNamesTheOccurrenceInTheMastersZone() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nBEGIN:VTODO\r\nUID:yoga\r\nSUMMARY:Yoga\r\n"
            + "DTSTART;TZID=Europe/Berlin:20261020T070000\r\nDUE;TZID=Europe/Berlin:20261020T080000\r\n"
            + "RRULE:FREQ=WEEKLY\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        var document = try CalendarDocument(text: text, timeZone: TestSupport.utc)
        // 20 Oct is summer time (05:00Z); 27 Oct winter time (06:00Z): keys are UTC instants.
        XCTAssertEqual(try document.completeTask(uid: "yoga", now: now), .completed(occurrence: "20261020T050000Z"))
        XCTAssertEqual(try document.completeTask(uid: "yoga", now: now), .completed(occurrence: "20261027T060000Z"))
        let override = document.componentTexts[2]
        XCTAssertTrue(override.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261027T070000\r\n"), override)
        XCTAssertTrue(override.contains("DUE;TZID=Europe/Berlin:20261027T080000\r\n"), override)
        XCTAssertTrue(document.text.contains("BEGIN:VTIMEZONE") == false, "the system's zone is used, none is written")
        XCTAssertEqual(try read(document).tasks.first { $0.isOpen }?.occurrence, "20261103T060000Z")
    }

    func testUnknownTaskChangesNothing() throws {
        var document = try document("tasks-mixed.ics")
        let before = document
        XCTAssertThrowsError(try document.completeTask(uid: "standup@example.com", now: now))
        XCTAssertThrowsError(try document.completeTask(uid: "nope", now: now))
        XCTAssertEqual(document, before)
    }

    func testAddedTasksReadBack() throws {
        var document = try CalendarDocument(text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n",
                                            timeZone: TestSupport.berlin)
        let due = TestSupport.date("2026-11-12 16:00")
        let timed = try document.addTask(TaskDraft(title: "Call Ann", due: .instant(due), timeZone: TestSupport.berlin), now: now)
        let dated = try document.addTask(TaskDraft(title: "Buy milk", due: .day(TestSupport.day("2026-11-11"))), now: now)
        let undated = try document.addTask(TaskDraft(title: "Read, then sleep"), now: now)
        XCTAssertTrue(document.text.contains("DUE;TZID=Europe/Berlin:20261112T170000\r\n"), document.text)
        XCTAssertTrue(document.text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin"), document.text)
        let tasks = try read(document).tasks
        XCTAssertEqual(tasks.map(\.uid), [timed, dated, undated])
        XCTAssertEqual(tasks.map(\.title), ["Call Ann", "Buy milk", "Read, then sleep"])
        XCTAssertEqual(tasks.map(\.due), [.instant(due), .day(TestSupport.day("2026-11-11")), nil])
        XCTAssertEqual(tasks.map(\.status), [.needsAction, .needsAction, .needsAction])
    }
}
