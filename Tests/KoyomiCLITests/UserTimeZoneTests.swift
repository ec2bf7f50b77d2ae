import Foundation
@testable import KoyomiCLI
import TestSupport
import XCTest

final class UserTimeZoneTests: XCTestCase {
    func testTZWinsThenLocaltimeLink() throws {
        let folder = try TestEnvironment.makeFolder("koyomi-zone")
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        XCTAssertEqual(UserTimeZone.resolve(environment: ["TZ": "Europe/Berlin"], localtime: link).identifier, "Europe/Berlin")
        XCTAssertEqual(UserTimeZone.resolve(environment: ["TZ": ":America/New_York"], localtime: link).identifier, "America/New_York")
        XCTAssertEqual(UserTimeZone.resolve(environment: [:], localtime: link).identifier, "Asia/Tokyo")
        XCTAssertEqual(UserTimeZone.resolve(environment: ["TZ": "Not/AZone"], localtime: link).identifier, "Asia/Tokyo")
    }

    func testUTCIsWrittenWithoutAZone() {
        XCTAssertNil(UserTimeZone.writtenZone(TimeZone(identifier: "UTC")!))
        XCTAssertEqual(UserTimeZone.writtenZone(TimeZone(identifier: "Asia/Tokyo")!)?.identifier, "Asia/Tokyo")
    }
}
