import Foundation
import GtkKit
import TestSupport
import XCTest

/// What a screen reader gets: the real `koyomi` process read from outside over AT-SPI.
final class AccessibilityTreeTests: XCTestCase {
    private struct Node: Decodable {
        var role: String
        var name: String
        var description: String
        var states: [String]
    }

    func testScreenReaderSeesLabelledDaysButtonsAndPlanList() throws {
        guard TestEnvironment.hasSessionBus else {
            return XCTFail("needs a D-Bus session: run the tests with scripts/test")
        }
        let (folder, calendar) = try calendarFolder("koyomi-a11y", file: "a11y.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        BEGIN:VEVENT
        UID:one
        DTSTART;VALUE=DATE:20261110
        SUMMARY:Dentist
        END:VEVENT
        END:VCALENDAR
        """)
        defer { try? FileManager.default.removeItem(at: folder) }

        let app = Process()
        app.executableURL = TestEnvironment.koyomiBinary
        app.arguments = ["--month", "2026-11", calendar.path]
        // Today is November 29, so the first arrow key moves the selection from there: the
        // keys below stay in November and page once to December, whatever the machine's date.
        app.environment = TestEnvironment.childEnvironment(["LANG": "en_US.UTF-8", "KOYOMI_NOW": "2026-11-29T12:00:00Z"])
        try app.run()
        defer { app.terminate(); app.waitUntilExit() }

        // The file is read off the window's thread (the first time through a parsing child):
        // the tree is read again until its plans are in.
        // The header's buttons are measured again once the frame with the plans is painted.
        var nodes = try readTree(until: {
            dayCells($0).contains { $0.name == "Tuesday, November 10, 2026: 1 plan" } && $0.contains { $0.name == "Today" }
        })
        let buttons = nodes.filter { $0.role == "push button" }.map(\.name)
        for label in ["Previous month", "Next month", "Today"] {
            XCTAssertTrue(buttons.contains(label), "no button named “\(label)” in \(buttons)")
        }
        XCTAssertEqual(dayCells(nodes).count, 42, "every day cell is a labelled button")
        XCTAssertTrue(dayCells(nodes).contains { $0.name == "Tuesday, November 10, 2026: 1 plan" })
        XCTAssertTrue(dayCells(nodes).contains { $0.name == "Wednesday, November 11, 2026: no plans" })
        XCTAssertTrue(nodes.contains { $0.role == "label" && $0.name == "November 2026" }, "the month title is read")
        XCTAssertTrue(nodes.contains { $0.role != "label" && $0.name == "November 2026" },
                      "the grid is a group named after its month")
        XCTAssertTrue(nodes.contains { $0.role == "list" && $0.name == "Plans" }, "the plan list is named")

        // Real keys into the real window; the screen reader sees the selection move.
        let windowID = try MainActor.assumeIsolated {
            let search = try runTool(["xdotool", "search", "--sync", "--onlyvisible", "--pid", "\(app.processIdentifier)"])
            return try XCTUnwrap(search.output.split(separator: "\n").last.map(String.init))
        }
        try press(["Right"], in: windowID)
        nodes = try readTree(until: { self.dayCells($0).contains { $0.states.contains("selected") } })
        XCTAssertEqual(dayCells(nodes).filter { $0.states.contains("selected") }.count, 1,
                       "one day is selected after an arrow key")
        try press(["Page_Down"], in: windowID)
        nodes = try readTree(until: { $0.contains { $0.role != "label" && $0.name == "December 2026" } })
        XCTAssertTrue(nodes.contains { $0.role != "label" && $0.name == "December 2026" },
                      "paging renames the grid, which is what Orca speaks")
        try press(["Escape"], in: windowID)
        nodes = try readTree(until: { !self.dayCells($0).contains { $0.states.contains("selected") } })
        XCTAssertEqual(dayCells(nodes).filter { $0.states.contains("selected") }.count, 0, "Escape deselects")

        // A second launch asking for a month shows it in this window, then leaves; the file
        // it names opens there, and the window says so.
        let other = folder.appendingPathComponent("other.ics")
        try Data("BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//EN\nX-WR-CALNAME:Choir\nEND:VCALENDAR\n".utf8)
            .write(to: other)
        let second = try TestEnvironment.run(TestEnvironment.koyomiBinary, ["--month", "2027-01", other.path],
                                             environment: TestEnvironment.childEnvironment(["LANG": "en_US.UTF-8"]))
        XCTAssertEqual(second.status, 0, second.stderr)
        nodes = try readTree(until: { $0.contains { $0.name == "January 2027" } && $0.contains { $0.name == "Opened Choir" } })
        XCTAssertTrue(nodes.contains { $0.role == "label" && $0.name == "January 2027" },
                      "a second koyomi --month pages the open window")
        XCTAssertTrue(nodes.contains { $0.name == "Opened Choir" }, "the window says the other launch's file opened")
    }

    /// The week view as a screen reader gets it: the week, each day column and each plan.
    func testScreenReaderHearsTheWeekItsDaysAndTheirPlans() throws {
        guard TestEnvironment.hasSessionBus else {
            return XCTFail("needs a D-Bus session: run the tests with scripts/test")
        }
        let (folder, calendar) = try calendarFolder("koyomi-a11y-week", file: "work.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        X-WR-CALNAME:Work
        BEGIN:VEVENT
        UID:standup
        DTSTART:20261130T091500Z
        DTEND:20261130T093000Z
        SUMMARY:Standup
        END:VEVENT
        BEGIN:VEVENT
        UID:offsite
        DTSTART;VALUE=DATE:20261201
        DTEND;VALUE=DATE:20261204
        SUMMARY:Team offsite
        END:VEVENT
        END:VCALENDAR
        """)
        defer { try? FileManager.default.removeItem(at: folder) }

        // Wide enough for the header's view switch beside the week's title (a narrower window
        // folds it into the main menu).
        let app = try launch([calendar.path], width: 1000, height: 760, in: folder)
        defer { app.terminate(); app.waitUntilExit() }
        _ = try readTree(until: { self.dayCells($0).contains { $0.name == "Monday, November 30, 2026: 1 plan" } })
        let windowID = try MainActor.assumeIsolated {
            let search = try runTool(["xdotool", "search", "--sync", "--onlyvisible", "--pid", "\(app.processIdentifier)"])
            return try XCTUnwrap(search.output.split(separator: "\n").last.map(String.init))
        }
        try press(["ctrl+2"], in: windowID)
        let nodes = try readTree(until: { $0.contains { $0.name.hasPrefix("Standup, ") } }, buttons: 7)
        XCTAssertTrue(nodes.contains { $0.role != "label" && $0.name == "Nov 29 – Dec 5, 2026" },
                      "the week is a group named by its days")
        XCTAssertTrue(nodes.contains { $0.role != "push button" && $0.name == "Monday, November 30, 2026: 1 plan" },
                      "each day column is a group named by its day and plan count")
        let plans = nodes.filter { $0.role == "push button" }.map { $0.name.replacingOccurrences(of: "\u{202F}", with: " ") }
        XCTAssertTrue(plans.contains("Standup, 9:15 AM – 9:30 AM, Work"), "no plan named so in \(plans)")
        XCTAssertTrue(plans.contains("Team offsite, Dec 1 – Dec 3, Work, starts, day 1 of 3"),
                      "an all-day bar says which of its days it starts on: \(plans)")
        XCTAssertTrue(nodes.contains { $0.name == "Week view" && $0.states.contains("checked") || $0.name == "Week view"
                          && $0.states.contains("pressed") }, "the switch says the week view is on")
    }

    /// The Japanese era as a screen reader gets it (issue 40): the month's title, the plan
    /// panel's handle (the list's header) and the day cells at the change from 平成 to 令和.
    func testScreenReaderHearsTheJapaneseEra() throws {
        guard TestEnvironment.hasSessionBus else {
            return XCTFail("needs a D-Bus session: run the tests with scripts/test")
        }
        let (folder, calendar) = try calendarFolder("koyomi-a11y-era", file: "era.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//JA
        X-WR-CALNAME:仕事
        END:VCALENDAR
        """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try launch(["--month", "2019-05", calendar.path], width: 1000, height: 760, in: folder,
                             more: "[Calendar]\njapanese-era=true\n", lang: "ja_JP.UTF-8")
        defer { app.terminate(); app.waitUntilExit() }
        let nodes = try readTree(until: { nodes in
            nodes.contains { $0.name.hasPrefix("平成31年4月30日 火曜日") } && nodes.contains { $0.name.contains("令和元年5月") }
        })
        XCTAssertTrue(nodes.contains { $0.role == "label" && $0.name == "令和元年5月" }, "the month's title is read")
        XCTAssertTrue(nodes.contains { $0.role != "label" && $0.name == "令和元年5月" }, "the grid is named after its month")
        let handle = nodes.first { $0.name.contains("令和元年5月") && $0.name.contains(":") }?.name ?? ""
        XCTAssertTrue(handle.contains("令和元年5月"), "the plan panel's handle says the month: \(handle)")
        let days = nodes.filter { $0.role == "push button" }.map(\.name)
        for prefix in ["平成31年4月30日 火曜日", "令和元年5月1日 水曜日"] {
            XCTAssertTrue(days.contains { $0.hasPrefix(prefix) }, "no day cell named \(prefix)… in \(days)")
        }
    }

    /// A roomy month as a screen reader gets it (issue 19): each day's chips are read inside
    /// its day, and each bar is a named button.
    func testScreenReaderReadsARoomyMonthsChipsAndBars() throws {
        guard TestEnvironment.hasSessionBus else {
            return XCTFail("needs a D-Bus session: run the tests with scripts/test")
        }
        let (folder, calendar) = try calendarFolder("koyomi-a11y-roomy", file: "work.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        X-WR-CALNAME:Work
        BEGIN:VEVENT
        UID:dentist
        DTSTART:20261112T083000Z
        DTEND:20261112T090000Z
        SUMMARY:Dentist
        END:VEVENT
        BEGIN:VEVENT
        UID:offsite
        DTSTART;VALUE=DATE:20261110
        DTEND;VALUE=DATE:20261113
        SUMMARY:Team offsite
        END:VEVENT
        END:VCALENDAR
        """)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A window whose month cells have room for chips and bars.
        let app = try launch(["--month", "2026-11", calendar.path], width: 1240, height: 860, in: folder)
        defer { app.terminate(); app.waitUntilExit() }
        let nodes = try readTree(until: { nodes in
            nodes.contains { $0.role == "label" && $0.name.hasPrefix("Dentist ") }
                && nodes.contains { $0.role == "push button" && $0.name.hasPrefix("Team offsite, ") }
        })
        let chips = nodes.filter { $0.role == "label" }.map { $0.name.replacingOccurrences(of: "\u{202F}", with: " ") }
        XCTAssertTrue(chips.contains("Dentist 8:30 AM"), "the chip is read with its time, whether it has room for it or not: \(chips)")
        XCTAssertTrue(dayCells(nodes).contains { $0.name == "Thursday, November 12, 2026: 2 plans" },
                      "its day keeps its plan count")
        let bars = nodes.filter { $0.role == "push button" && $0.name.hasPrefix("Team offsite, ") }.map(\.name)
        XCTAssertEqual(bars, ["Team offsite, Nov 10 – Nov 12, Work, starts, day 1 of 3"],
                       "one bar, named with its days, calendar and which of its days it starts on")
    }

    /// A folder of its own (the caller removes it) holding `ics` as `file`.
    private func calendarFolder(_ name: String, file: String, _ ics: String) throws -> (folder: URL, calendar: URL) {
        let folder = try TestEnvironment.makeFolder(name)
        let calendar = folder.appendingPathComponent(file)
        try Data(ics.utf8).write(to: calendar)
        return (folder, calendar)
    }

    /// Starts `koyomi` with `arguments`, its clock pinned, and settings of its own under
    /// `folder` (a window of `width` × `height`, then `more` lines): what it chooses never
    /// follows other tests'. `lang`: its LANG (LC_ALL and LC_TIME are cleared).
    private func launch(_ arguments: [String], width: Int, height: Int, in folder: URL,
                        more: String = "", lang: String = "en_US.UTF-8") throws -> Process {
        let settings = folder.appendingPathComponent("config/koyomi/settings.ini")
        try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("[Window]\nwidth=\(width)\nheight=\(height)\n\(more)".utf8).write(to: settings)
        let app = Process()
        app.executableURL = TestEnvironment.koyomiBinary
        app.arguments = arguments
        app.environment = TestEnvironment.childEnvironment([
            "LANG": lang, "KOYOMI_NOW": "2026-11-29T12:00:00Z",
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        ])
        try app.run()
        return app
    }

    private func dayCells(_ nodes: [Node]) -> [Node] {
        nodes.filter { $0.role == "push button" && ($0.name.hasSuffix(" plans") || $0.name.hasSuffix(" plan")) }
    }

    /// Reads the tree again until `settled` holds (the app handles keys, and sends names after
    /// the frame, asynchronously), for at most `timeout` seconds: each read is a full round
    /// trip over the bus, so no sleep is needed, and a loaded machine only takes more reads.
    /// `buttons`: the tree is read once it has more push buttons than that (the month grid's
    /// 42 day cells; the week view has 7 day headers and the header bar's).
    private func readTree(until settled: ([Node]) -> Bool, timeout: TimeInterval = 30, buttons: Int = 40) throws -> [Node] {
        let deadline = ProcessInfo.processInfo.systemUptime + timeout
        var nodes = try readTree(buttons: buttons)
        while !settled(nodes), ProcessInfo.processInfo.systemUptime < deadline { nodes = try readTree(buttons: buttons) }
        return nodes
    }

    private func readTree(buttons: Int) throws -> [Node] {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let reader = try MainActor.assumeIsolated {
            try runTool([here.appendingPathComponent("atspi-tree.py").path, "koyomi", "30", String(buttons)], timeout: 40)
        }
        XCTAssertEqual(reader.status, 0, "koyomi never showed up over AT-SPI")
        return try JSONDecoder().decode([Node].self, from: Data(reader.output.utf8))
    }

    private func press(_ keys: [String], in windowID: String) throws {
        try MainActor.assumeIsolated {
            XCTAssertEqual(try runTool(["xdotool", "windowfocus", "--sync", windowID]).status, 0)
            XCTAssertEqual(try runTool(["xdotool", "key", "--delay", "30"] + keys).status, 0)
        }
    }
}
