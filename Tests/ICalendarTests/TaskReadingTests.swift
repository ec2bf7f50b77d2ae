import CalendarModel
import Foundation
import ICalendarReading
import XCTest

/// VTODOs as real clients write them, read into `CalendarTask`s.
final class TaskReadingTests: XCTestCase {
    private func tasks(_ fixture: String, zone: TimeZone = TestSupport.utc) throws -> ICalendarTasks {
        let text = try String(contentsOfFile: TestSupport.fixturePath(fixture), encoding: .utf8)
        return try ICalendarTasks(text: text, sourceName: fixture, calendarID: CalendarID("test"), timeZone: zone)
    }

    private func task(_ all: ICalendarTasks, _ uid: String, file: StaticString = #filePath, line: UInt = #line) -> CalendarTask? {
        let found = all.tasks.filter { $0.uid == uid }
        XCTAssertEqual(found.count, 1, "tasks with UID \(uid)", file: file, line: line)
        return found.first
    }

    func testThunderbirdZonedDueProgressAndAlarm() throws {
        let read = try tasks("tasks-thunderbird.ics")
        XCTAssertEqual(read.warnings, [])
        let tax = try XCTUnwrap(task(read, "8a2f4c1e-3b4d-4f0e-9a51-2c7d1e0b9f11"))
        XCTAssertEqual(tax.title, "Submit tax return")
        // 17:00 in Berlin (CET) is 16:00 UTC.
        XCTAssertEqual(tax.due, .instant(TestSupport.date("2026-11-12 16:00")))
        XCTAssertEqual(tax.start, .instant(TestSupport.date("2026-11-05 08:00")))
        XCTAssertEqual(tax.status, .inProcess)
        XCTAssertTrue(tax.isOpen)
        XCTAssertEqual(tax.percent, 40)
        XCTAssertEqual(tax.priority, 1)
        XCTAssertEqual(tax.categories, ["Finance"])
        XCTAssertEqual(tax.reminders, [.relative(seconds: -3600, toDue: true)])
        XCTAssertNil(tax.parent)
        XCTAssertFalse(tax.repeats)
        let passport = try XCTUnwrap(task(read, "b1c3d5e7-0f2a-4c6e-8a0b-1d3f5a7c9e2b"))
        XCTAssertEqual(passport.status, .completed)
        XCTAssertFalse(passport.isOpen)
        XCTAssertEqual(passport.completed, TestSupport.date("2026-11-03 15:42").addingTimeInterval(10))
        XCTAssertEqual(passport.percent, 100)
    }

    func testNextcloudSubtasksAndDateOnlyDue() throws {
        let read = try tasks("tasks-nextcloud.ics")
        let parent = try XCTUnwrap(task(read, "f3a0b6a2-6b1c-4f43-a1de-parent"))
        XCTAssertEqual(parent.due, .day(TestSupport.day("2026-11-30")))
        XCTAssertEqual(parent.categories, ["Home", "Family"])
        XCTAssertEqual(parent.priority, 5)
        XCTAssertEqual(parent.status, .needsAction)
        // RELATED-TO without RELTYPE and with RELTYPE=PARENT both name the parent; SIBLING does not.
        XCTAssertEqual(task(read, "f3a0b6a2-6b1c-4f43-a1de-child1")?.parent, "f3a0b6a2-6b1c-4f43-a1de-parent")
        XCTAssertEqual(task(read, "f3a0b6a2-6b1c-4f43-a1de-child2")?.parent, "f3a0b6a2-6b1c-4f43-a1de-parent")
        XCTAssertEqual(task(read, "f3a0b6a2-6b1c-4f43-a1de-child2")?.status, .completed)
        XCTAssertNil(task(read, "f3a0b6a2-6b1c-4f43-a1de-sibling")?.parent)
        XCTAssertEqual(task(read, "f3a0b6a2-6b1c-4f43-a1de-child1")?.due, .day(TestSupport.day("2026-11-20")))
    }

    func testAppleUTCDueAndAbsoluteAlarm() throws {
        let read = try tasks("tasks-apple.ics", zone: TestSupport.berlin)
        let cleaning = try XCTUnwrap(task(read, "5E8F7C1A-9B2D-4E3F-8A61-0C4D2B7E9F13"))
        XCTAssertEqual(cleaning.due, .instant(TestSupport.date("2026-11-11 08:00")))
        XCTAssertEqual(cleaning.priority, 0)
        XCTAssertEqual(cleaning.reminders, [.absolute(TestSupport.date("2026-11-11 08:00"))])
    }

    func testTasksOrgRepeatingTaskIsItsEarliestOpenOccurrence() throws {
        let read = try tasks("tasks-tasksorg.ics")
        let listed = read.tasks.filter { $0.uid == "6190893457340318720" }
        // The first occurrence is checked off by its override; the second is the open one.
        let open = try XCTUnwrap(listed.first { $0.isOpen })
        XCTAssertEqual(open.occurrence, "20261109")
        XCTAssertEqual(open.start, .day(TestSupport.day("2026-11-09")))
        XCTAssertEqual(open.due, .day(TestSupport.day("2026-11-10")))
        XCTAssertTrue(open.repeats)
        XCTAssertEqual(open.priority, 9)
        let done = try XCTUnwrap(listed.first { !$0.isOpen })
        XCTAssertEqual(done.occurrence, "20261102")
        XCTAssertEqual(done.status, .completed)
        XCTAssertEqual(listed.count, 2)
        XCTAssertEqual(read.openOccurrence(uid: "6190893457340318720"), "20261109")
    }

    func testTasksWithoutDatesOnlyAStartADurationCompletedCancelledBesideEvents() throws {
        let read = try tasks("tasks-mixed.ics")
        XCTAssertEqual(read.tasks.map(\.uid), ["nodates@example.com", "onlystart@example.com", "duration@example.com",
                                               "oldcompleted@example.com", "cancelled@example.com"])
        XCTAssertNil(task(read, "nodates@example.com")?.due)
        XCTAssertNil(task(read, "nodates@example.com")?.start)
        XCTAssertEqual(task(read, "onlystart@example.com")?.start, .day(TestSupport.day("2026-11-15")))
        XCTAssertNil(task(read, "onlystart@example.com")?.due)
        XCTAssertEqual(task(read, "duration@example.com")?.due, .instant(TestSupport.date("2026-11-13 11:00")))
        // COMPLETED and no STATUS: checked off by an older client.
        XCTAssertEqual(task(read, "oldcompleted@example.com")?.status, .completed)
        XCTAssertEqual(task(read, "cancelled@example.com")?.status, .cancelled)
        XCTAssertFalse(task(read, "cancelled@example.com")?.isOpen ?? true)
    }

    func testRepeatingTaskCountedFromItsDueWhenItHasNoStart() throws {
        let text = """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nBEGIN:VTODO\r\nUID:bins\r\nSUMMARY:Bins out\r\n\
        DUE:20261103T180000Z\r\nRRULE:FREQ=WEEKLY;UNTIL=20261117T180000Z\r\nEXDATE:20261110T180000Z\r\nEND:VTODO\r\n\
        BEGIN:VTODO\r\nUID:bins\r\nRECURRENCE-ID:20261103T180000Z\r\nSUMMARY:Bins out\r\nDUE:20261103T180000Z\r\n\
        STATUS:CANCELLED\r\nEND:VTODO\r\nEND:VCALENDAR\r\n
        """
        let read = try ICalendarTasks(text: text, sourceName: "bins.ics", calendarID: CalendarID("t"), timeZone: TestSupport.utc)
        // 3 Nov cancelled, 10 Nov excluded: 17 Nov is the open one, the last the rule allows.
        let open = try XCTUnwrap(read.tasks.first { $0.isOpen })
        XCTAssertEqual(open.due, .instant(TestSupport.date("2026-11-17 18:00")))
        XCTAssertEqual(open.occurrence, "20261117T180000Z")
    }
}
