import CalendarModel
import Foundation
import TestSupport
@testable import KoyomiApp
import XCTest

/// The `koyomi` program as a whole process: arguments, exit codes and messages.
final class CommandLineTests: XCTestCase {
    private func run(_ arguments: [String], environment extra: [String: String] = [:]) throws
        -> (status: Int32, stdout: String, stderr: String) {
        let binary = TestEnvironment.koyomiBinary
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path), "missing \(binary.path)")
        let output = try TestEnvironment.run(binary, arguments, environment: TestEnvironment.childEnvironment(extra))
        return (output.status, output.stdout, output.stderr)
    }

    func testHelpAndVersion() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("Usage: koyomi"))
        XCTAssertTrue(help.stdout.contains("--month YYYY-MM"))
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, "koyomi \(LaunchOptions.version)\n")
    }

    func testBadArgumentsExitWithStatus2AndSayWhy() throws {
        let month = try run(["--month", "2026-13"])
        XCTAssertEqual(month.status, 2)
        XCTAssertTrue(month.stderr.contains("--month expects YYYY-MM"), month.stderr)
        XCTAssertTrue(month.stderr.contains("2026-13"), month.stderr)

        let unknown = try run(["--frobnicate"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown option “--frobnicate”"), unknown.stderr)

        let missingValue = try run(["--month"])
        XCTAssertEqual(missingValue.status, 2)
        XCTAssertTrue(missingValue.stderr.contains("--month needs a value"), missingValue.stderr)
    }

    func testFirstFrameOnTheSamplesExitsCleanly() throws {
        let result = try run(["--samples", "--quit-after-first-frame"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("koyomi:"), "the samples load without complaint: \(result.stderr)")
    }

    func testPlainKoyomiOpensTheUsersCalendarsCreatingPersonalOnFirstRun() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("koyomi-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try run(["--quit-after-first-frame"], environment: ["XDG_DATA_HOME": data.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let personal = data.appendingPathComponent("koyomi/calendars/personal.ics")
        let text = try String(contentsOf: personal, encoding: .utf8)
        XCTAssertTrue(text.contains("X-WR-CALNAME:Personal"), text)
        XCTAssertFalse(text.contains("BEGIN:VEVENT"), "the first calendar starts empty")

        // A second start finds it and creates nothing more.
        XCTAssertEqual(try run(["--quit-after-first-frame"], environment: ["XDG_DATA_HOME": data.path]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: personal.deletingLastPathComponent().path),
                       ["personal.ics"])
    }

    /// The first calendar is named in the user's language when it is made (issue 35): 「個人」
    /// under a Japanese locale, and it keeps that name in English afterwards.
    func testTheFirstCalendarIsNamedInTheUsersLanguage() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("koyomi-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try run(["--quit-after-first-frame"], environment: ["XDG_DATA_HOME": data.path, "LANG": "ja_JP.UTF-8"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let personal = data.appendingPathComponent("koyomi/calendars/personal.ics")
        let text = try String(contentsOf: personal, encoding: .utf8)
        XCTAssertTrue(text.contains("X-WR-CALNAME:個人"), text)

        XCTAssertEqual(try run(["--quit-after-first-frame"], environment: ["XDG_DATA_HOME": data.path]).status, 0)
        XCTAssertEqual(try String(contentsOf: personal, encoding: .utf8), text, "never renamed")
    }

    func testMalformedFileIsNamedOnStderrAndLeftAlone() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("koyomi-cli-\(UUID().uuidString).ics")
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\nthis is not iCalendar\n"
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let result = try run(["--quit-after-first-frame", url.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains(url.lastPathComponent), result.stderr)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), text, "the file is never rewritten")
    }
}

final class LaunchOptionsTests: XCTestCase {
    func testParsesFilesMonthAndFlags() throws {
        XCTAssertEqual(try LaunchOptions.parse([]), .run(LaunchOptions()))
        XCTAssertEqual(try LaunchOptions.parse(["a.ics", "--month=2027-02", "b.ics", "--quit-after-first-frame"]),
                       .run(LaunchOptions(files: ["a.ics", "b.ics"], month: YearMonth(year: 2027, month: 2),
                                          quitAfterFirstFrame: true)))
        XCTAssertEqual(try LaunchOptions.parse(["--", "--month"]), .run(LaunchOptions(files: ["--month"])))
        XCTAssertEqual(try LaunchOptions.parse(["-h"]), .help)
    }

    func testFileURIsBecomePathsWebAddressesSubscriptionsAndOtherSchemesAreRefused() throws {
        XCTAssertEqual(try LaunchOptions.parse(["file:///home/ann/My%20Calendar.ics"]),
                       .run(LaunchOptions(files: ["/home/ann/My Calendar.ics"])))
        var subscribing = LaunchOptions()
        subscribing.subscriptions = ["webcal://example.org/cal.ics", "https://example.org/h.ics"]
        XCTAssertEqual(try LaunchOptions.parse(["webcal://example.org/cal.ics", "https://example.org/h.ics"]),
                       .run(subscribing))
        XCTAssertThrowsError(try LaunchOptions.parse(["ftp://example.org/cal.ics"])) { error in
            XCTAssertTrue("\(error)".contains("Koyomi opens local files and webcal://"), "\(error)")
        }
        XCTAssertEqual(try LaunchOptions.parse(["plans:2026.ics", "a b://c.ics"]),
                       .run(LaunchOptions(files: ["plans:2026.ics", "a b://c.ics"])), "only a real scheme is a URI")
    }

    func testRejectsImpossibleMonths() {
        for bad in ["2026-00", "2026-13", "26-11", "2026-1", "2026/11", "2026-+1", ""] {
            XCTAssertThrowsError(try LaunchOptions.parse(["--month", bad]), bad)
        }
    }
}
