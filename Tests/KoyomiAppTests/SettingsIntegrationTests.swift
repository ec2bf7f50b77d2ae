import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Settings as the window applies them: week numbers, first weekday, window size, the menu.
final class SettingsIntegrationTests: AppTestCase {
    func testWeekNumbersAndFirstWeekdayFollowTheSettingsAtOnce() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            let controller = openWindow([path])
            XCTAssertFalse(window.grid.showsWeekNumbers, "off by default")
            controller.settings.update { $0.showsWeekNumbers = true }
            XCTAssertTrue(window.grid.showsWeekNumbers)
            XCTAssertEqual(window.grid.weekLabels.map(\.text), ["45", "46", "47", "48", "49", "50"])
            XCTAssertEqual(window.grid.weekLabels.first?.accessibleLabel, "Week 45")
            // Where they are drawn depends on the app's style sheet (day-number boxes, padding).
            Self.stylesheet.install()
            defer { Self.stylesheet.uninstall() }
            paintOnce()
            for (row, label) in window.grid.weekLabels.enumerated() {
                let week = label.bounds(relativeTo: window.window)
                let day = window.grid.cells[row * 7].numberWidget.bounds(relativeTo: window.window)
                guard let week, let day else { XCTFail("row \(row) is not laid out"); continue }
                XCTAssertEqual(week.y + week.height / 2, day.y + day.height / 2, accuracy: 2,
                               "week \(label.text) sits on its row's line of day numbers")
            }

            controller.settings.update { $0.firstWeekday = 2 }
            XCTAssertEqual(window.grid.cells.first?.day?.description, "2026-10-26", "Monday first now")
            XCTAssertEqual(window.grid.weekLabels.map(\.text), ["44", "45", "46", "47", "48", "49"])
            XCTAssertEqual(selectedCells(), ["2026-11-29"], "the selection stays")

            // Hidden, they wait; shown again after paging, they are the new month's weeks.
            controller.settings.update { $0.showsWeekNumbers = false }
            window.header.nextButton.click()
            controller.settings.update { $0.showsWeekNumbers = true }
            XCTAssertEqual(window.grid.weekLabels.map(\.text), ["49", "50", "51", "52", "53", "1"])
            XCTAssertEqual(window.grid.weekLabels.first?.accessibleLabel, "Week 49")
            window.header.previousButton.click()

            let saved = try? String(contentsOfFile: controller.settings.path, encoding: .utf8)
            XCTAssertTrue(saved?.contains("first-weekday=2") == true, saved ?? "no settings file")
            XCTAssertTrue(saved?.contains("\nweek-numbers=true") == true, saved ?? "")
        }
    }

    func testTheNextWindowOpensAtTheRememberedSize() throws {
        let path = try sampleCalendar()
        let config = directory.appendingPathComponent("shared-config")
        MainActor.assumeIsolated {
            do {
                let first = openWindow([path], settingsDirectory: config)
                first.settings.update {
                    $0.windowWidth = 900
                    $0.windowHeight = 700
                }
                XCTAssertEqual(first.mainWindow.window.defaultSize.width, 720, "a size applies when a window opens")
            }
            closeWindow()
            // A new store on the same folder reads what the first one saved.
            let second = openWindow([path], settingsDirectory: config)
            XCTAssertEqual(second.mainWindow.window.defaultSize.width, 900)
            XCTAssertEqual(second.mainWindow.window.defaultSize.height, 700)
        }
    }

    func testClosingTheWindowRemembersItsSize() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            let controller = openWindow([path])
            controller.mainWindow.window.setDefaultSize(width: 800, height: 650)
            controller.rememberWindowState()
            XCTAssertEqual(controller.settings.settings.windowWidth, 800)
            XCTAssertEqual(controller.settings.settings.windowHeight, 650)
            XCTAssertFalse(controller.settings.settings.isMaximized)
        }
    }

    func testMenuActionsOpenPreferencesAndAbout() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            let controller = openWindow([path])
            window.window.activateAction("win.preferences")
            XCTAssertNotNil(controller.preferences, "Preferences opened")
            XCTAssertTrue(MainLoop.iterate(until: { controller.preferences?.window.isMapped == true }))
            controller.preferences?.window.close()
            XCTAssertTrue(MainLoop.iterate(until: { controller.preferences == nil }), "and let go when closed")

            window.window.activateAction("win.about")
            XCTAssertTrue(MainLoop.iterate(until: { controller.about?.isMapped == true }))
            controller.about?.close()
            XCTAssertTrue(MainLoop.iterate(until: { controller.about == nil }))
        }
    }
}
