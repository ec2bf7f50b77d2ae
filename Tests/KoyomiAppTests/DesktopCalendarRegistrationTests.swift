import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import TestSupport
import XCTest

/// The EDS source files written, rewritten and removed as the calendars and the preference change.
final class DesktopCalendarRegistrationTests: XCTestCase {
    func testFilesFollowCalendarsAndThePreferenceAndOthersAreLeftAlone() throws {
        try MainActor.assumeIsolated {
            let folder = try TestEnvironment.makeFolder("desktop-clock-files")
            defer { try? FileManager.default.removeItem(at: folder) }
            let environment = ["XDG_CONFIG_HOME": folder.path]
            let sources = folder.appendingPathComponent("evolution/sources")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            // Someone else's source, and a stale one of Koyomi's from a calendar since removed.
            try Data("[Data Source]\nDisplayName=Mine\n".utf8).write(to: sources.appendingPathComponent("system-calendar.source"))
            try Data("old".utf8).write(to: sources.appendingPathComponent("koyomi-0000000000000000.source"))

            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            let work = CalendarInfo(id: CalendarID(folder.path + "/work.ics"), name: "Work", color: "#3584e4", isReadOnly: false)
            let home = CalendarInfo(id: CalendarID(folder.path + "/home.ics"), name: "Home", color: "#33d17a", isReadOnly: false)
            let store = CalendarStore(sources: [StaticPlanSource(calendar: work, plans: [], timeCalendar: utc)],
                                      calendar: utc, today: CalendarDay(parsing: "2026-11-29")!, firstWeekday: 1)
            let settings = SettingsStore(environment: environment)
            let registration = DesktopCalendarRegistration(store: store, settings: settings, environment: environment)
            XCTAssertEqual(registration.folder.path, sources.path)
            registration.start()

            func files() -> [String: String] {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
                return Dictionary(uniqueKeysWithValues: names.map {
                    ($0, (try? String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) ?? "")
                })
            }
            let workName = DesktopCalendarSources.fileName(for: work.id)
            let homeName = DesktopCalendarSources.fileName(for: home.id)
            XCTAssertEqual(Set(files().keys), ["system-calendar.source", workName], "the stale file went, the other stayed")
            XCTAssertTrue(files()[workName]?.contains("DisplayName=Work") == true)

            store.addSource(StaticPlanSource(calendar: home, plans: [], timeCalendar: utc))
            store.setCalendar(work.id, visible: false)
            XCTAssertTrue(MainLoop.iterate(until: { files()[homeName] != nil && files()[workName]?.contains("Selected=false") == true }),
                          "\(files())")

            settings.update { $0.showsPlansInDesktopClock = false }
            XCTAssertTrue(MainLoop.iterate(until: { files().keys.sorted() == ["system-calendar.source"] }), "\(files())")
            XCTAssertEqual(files()["system-calendar.source"], "[Data Source]\nDisplayName=Mine\n")
            XCTAssertTrue(try String(contentsOfFile: settings.path, encoding: .utf8).contains("desktop-clock=false"))

            settings.update { $0.showsPlansInDesktopClock = true }
            XCTAssertTrue(MainLoop.iterate(until: { files().count == 3 }), "\(files())")
        }
    }
}
