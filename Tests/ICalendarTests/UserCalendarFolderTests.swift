import CalendarEditing
import CalendarLibrary
@testable import FileSafety
import Foundation
import XCTest

final class UserCalendarFolderTests: XCTestCase {
    private var dataHome: URL!
    private var store: UserCalendarFolder!

    override func setUpWithError() throws {
        dataHome = try SaveTestSupport.folder("koyomi-user-folder")
        store = UserCalendarFolder(environment: ["XDG_DATA_HOME": dataHome.path, "HOME": "/nonexistent"],
                                   timeZone: TestSupport.berlin)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dataHome)
    }

    func testFolderFollowsXDGAndIgnoresARelativeValue() {
        XCTAssertEqual(store.folder.path, dataHome.appendingPathComponent("koyomi/calendars").path)
        let relative = UserCalendarFolder(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"], timeZone: TestSupport.utc)
        XCTAssertEqual(relative.folder.path, "/home/u/.local/share/koyomi/calendars")
    }

    func testFirstRunCreatesPersonalOnceAndOnlyWhenEmpty() throws {
        let paths = try store.ensureFirstRun(timeZone: TestSupport.berlin)
        XCTAssertEqual(paths, [store.folder.appendingPathComponent("personal.ics").path])
        let document = try CalendarDocument.load(path: paths[0], timeZone: TestSupport.berlin).document
        XCTAssertEqual(document.calendarName, "Personal")
        XCTAssertTrue(document.text.contains("COLOR:#3584e4\r\n"), document.text)
        XCTAssertEqual(document.eventUIDs, [])

        let identity = FileIdentity.of(path: paths[0])
        XCTAssertEqual(try store.ensureFirstRun(timeZone: TestSupport.berlin), paths)
        XCTAssertEqual(FileIdentity.of(path: paths[0]), identity, "not rewritten")
    }

    func testFirstRunLeavesAnExistingCalendarAlone() throws {
        let work = try store.createCalendar(name: "Work", color: "#e66100", timeZone: TestSupport.berlin)
        XCTAssertEqual(try store.ensureFirstRun(timeZone: TestSupport.berlin), [work])
    }

    func testCreateSlugsTheNameAndNeverOverwrites() throws {
        let first = try store.createCalendar(name: "Work & Play!", color: "#e66100", timeZone: TestSupport.berlin)
        XCTAssertEqual((first as NSString).lastPathComponent, "work-play.ics")
        let before = try Data(contentsOf: URL(fileURLWithPath: first))
        let second = try store.createCalendar(name: "work play", color: "#2ec27e", timeZone: TestSupport.berlin)
        XCTAssertEqual((second as NSString).lastPathComponent, "work-play-2.ics")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), before)
        let japanese = try store.createCalendar(name: "仕事", color: "#9141ac", timeZone: TestSupport.berlin)
        XCTAssertEqual((japanese as NSString).lastPathComponent, "calendar.ics")
        let document = try CalendarDocument.load(path: japanese, timeZone: TestSupport.berlin).document
        XCTAssertEqual(document.calendarName, "仕事")
        XCTAssertTrue(document.text.contains("COLOR:#9141ac\r\n"))
        XCTAssertEqual(store.paths.map { ($0 as NSString).lastPathComponent }, ["calendar.ics", "work-play-2.ics", "work-play.ics"])
    }

    func testRemoveKeepsABackupOutsideTheCalendarsFolder() throws {
        let path = try store.createCalendar(name: "Old", color: "#000000", timeZone: TestSupport.berlin)
        let content = try Data(contentsOf: URL(fileURLWithPath: path))
        let backups = BackupStore.standard(environment: ["XDG_DATA_HOME": dataHome.path, "HOME": "/nonexistent"])
        try store.removeCalendar(path: path, backups: backups)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(store.paths, [])
        let kept = backups.backups(of: path)
        XCTAssertEqual(kept.count, 1)
        XCTAssertEqual(try Data(contentsOf: kept[0]), content)
        XCTAssertFalse(kept[0].path.hasPrefix(store.folder.path))
    }

    func testRemovingAMissingCalendarFailsAndKeepsNothing() {
        let backups = BackupStore(directory: dataHome.appendingPathComponent("backups"))
        XCTAssertThrowsError(try store.removeCalendar(path: store.folder.appendingPathComponent("nope.ics").path, backups: backups))
    }
}
