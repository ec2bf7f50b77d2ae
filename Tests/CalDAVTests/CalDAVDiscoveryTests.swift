import CalDAV
import TestSupport
import XCTest

final class CalDAVDiscoveryTests: RadicaleTestCase {
    func testDiscoveryFromJustTheHostFindsEventCalendarsWithNamesColoursAndTokens() async throws {
        let server = try radicale()
        try await server.makeCalendar("work", displayName: "Work", color: "#FF0000FF")
        try await server.makeCalendar("home", displayName: "Home & Garden", color: nil)
        try await server.makeCalendar("tasks", displayName: "Tasks", color: "#00FF00FF", components: ["VTODO"])

        let calendars = try await client().discover(from: server.baseURL)

        let byName = Dictionary(uniqueKeysWithValues: calendars.map { ($0.displayName, $0) })
        XCTAssertEqual(Set(byName.keys), ["Work", "Home & Garden"], "the VTODO-only calendar is not offered")
        XCTAssertEqual(byName["Work"]?.url, server.calendarURL("work"))
        XCTAssertEqual(byName["Work"]?.color, "#FF0000FF")
        XCTAssertNil(byName["Home & Garden"]?.color)
        XCTAssertNotNil(byName["Work"]?.syncToken)
        XCTAssertNotNil(byName["Work"]?.ctag)
        XCTAssertTrue(server.logs("PROPFIND response status for '/.well-known/caldav' with depth '0' in"),
                      "discovery starts at the well-known address (RFC 6764)")
    }

    /// A pasted calendar address is that calendar (issue 15: it used to bring every calendar
    /// of the account); the account's address, or the host, still finds them all.
    func testDiscoveryFromACalendarURLFindsJustThatCalendar() async throws {
        let server = try radicale()
        try await server.makeCalendar("work", displayName: "Work", color: nil)
        try await server.makeCalendar("home", displayName: "Home", color: nil)

        let calendars = try await client().discover(from: server.calendarURL("work"))
        XCTAssertEqual(calendars.map(\.displayName), ["Work"])
        XCTAssertEqual(calendars.first?.url, server.calendarURL("work"))

        let all = try await client().discover(from: server.baseURL)
        XCTAssertEqual(Set(all.map(\.displayName)), ["Work", "Home"])
    }
}
