import CalendarEditing
import CalendarModel
import Foundation
import ICalendarReading
import XCTest

/// Helpers for the saving tests: fixture text byte for byte, documents, fixed instants.
enum SaveTestSupport {
    /// 2026-11-29 12:00 UTC: "now" for every edit in these tests.
    static let now = TestSupport.date("2026-11-29 12:00")

    static func fixtureText(_ name: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixturePath(name)))
        return try XCTUnwrap(String(data: data, encoding: .utf8))
    }

    static func document(_ name: String, zone: TimeZone = TestSupport.utc) throws -> CalendarDocument {
        try CalendarDocument(text: fixtureText(name), sourceName: name, timeZone: zone)
    }

    /// Plans of the document as the reader sees them (the saved text read back).
    static func plans(_ document: CalendarDocument, from: String = "2026-10-01", to: String = "2027-02-01",
                      zone: TimeZone = TestSupport.utc) throws -> [Plan] {
        let file = try ICalendarFile(text: document.text, sourceName: "saved.ics", options: TestSupport.options(zone))
        return file.plans(overlapping: TestSupport.days(from, to, zone: zone))
    }

    /// The one component whose text contains `marker`.
    static func component(_ document: CalendarDocument, containing marker: String,
                          file: StaticString = #filePath, line: UInt = #line) -> String {
        let found = document.componentTexts.filter { $0.contains(marker) }
        XCTAssertEqual(found.count, 1, "components containing \(marker)", file: file, line: line)
        return found.first ?? ""
    }

    /// A fresh folder under the temporary directory.
    static func folder(_ name: String = "koyomi-save") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
