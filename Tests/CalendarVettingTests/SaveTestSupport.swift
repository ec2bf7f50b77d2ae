import CalendarEditing
import Foundation
import XCTest

/// Fixture documents byte for byte and scratch folders (as in ICalendarTests).
enum SaveTestSupport {
    static func fixtureText(_ name: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixturePath(name)))
        return try XCTUnwrap(String(data: data, encoding: .utf8))
    }

    static func document(_ name: String, zone: TimeZone = TestSupport.utc) throws -> CalendarDocument {
        try CalendarDocument(text: fixtureText(name), sourceName: name, timeZone: zone)
    }

    static func folder(_ name: String = "koyomi-save") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
