import Foundation
@testable import KoyomiCLI
import TestSupport
import XCTest

/// Runs commands in-process against a temporary `XDG_DATA_HOME`, at a fixed instant and zone.
class CLITestCase: XCTestCase {
    var dataHome: URL!
    /// `XDG_CACHE_HOME`: apart from the user's data, which the tests compare before and after.
    var cacheHome: URL!
    /// 2026-11-10 12:00 in Berlin.
    let now = Date(timeIntervalSince1970: 1_794_308_400)
    let zone = TimeZone(identifier: "Europe/Berlin")!

    override func setUpWithError() throws {
        dataHome = try TestEnvironment.makeFolder("koyomi-cli")
        cacheHome = try TestEnvironment.makeFolder("koyomi-cli-cache")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dataHome)
        try? FileManager.default.removeItem(at: cacheHome)
    }

    var calendarsFolder: URL { dataHome.appendingPathComponent("koyomi/calendars") }

    var context: CLIContext {
        // Imports, and versions of calendars not read before, are read by the real `koyomi`
        // built next to the test runner.
        CLIContext(environment: ["XDG_DATA_HOME": dataHome.path, "XDG_CACHE_HOME": cacheHome.path,
                                 "HOME": "/nonexistent"],
                   now: now, timeZone: zone, childExecutable: TestEnvironment.koyomiBinary.path)
    }

    @discardableResult
    func run(_ arguments: String...) -> CLIResult {
        KoyomiCLI.run(arguments, context: context)
    }

    /// Writes a calendar file into the user's folder and returns its path.
    @discardableResult
    func writeCalendar(_ file: String, name: String, events: String = "") throws -> String {
        try FileManager.default.createDirectory(at: calendarsFolder, withIntermediateDirectories: true)
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nX-WR-CALNAME:\(name)\r\n"
            + events + "END:VCALENDAR\r\n"
        let url = calendarsFolder.appendingPathComponent(file)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func event(_ uid: String, _ title: String, start: String, end: String, extra: String = "") -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART\(start)\r\nDTEND\(end)\r\n"
            + "SUMMARY:\(title)\r\n\(extra)END:VEVENT\r\n"
    }

    /// Every file under the data folder with its bytes, to prove a failed command wrote nothing.
    func snapshot() -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: dataHome.path) else { return result }
        for case let relative as String in walker {
            let path = dataHome.appendingPathComponent(relative).path
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            result[relative] = isFolder.boolValue ? Data() : FileManager.default.contents(atPath: path)
        }
        return result
    }

    func assertUsageError(_ result: CLIResult, mentions text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 2, result.error, file: file, line: line)
        XCTAssertEqual(result.output, "", file: file, line: line)
        XCTAssertTrue(result.error.contains(text), "“\(result.error)” should mention “\(text)”", file: file, line: line)
        XCTAssertEqual(result.error.filter { $0 == "\n" }.count, 1, "one line: \(result.error)", file: file, line: line)
    }
}
