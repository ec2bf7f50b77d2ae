import CalDAV
import TestSupport
import XCTest

final class CalDAVSyncTests: RadicaleTestCase {
    /// Another device adds, changes and deletes plans: the next sync reports exactly that.
    func testSyncCollectionReportsOnlyWhatChangedSinceTheToken() async throws {
        let server = try radicale()
        try await server.makeCalendar("work", displayName: "Work", color: nil)
        let calendar = server.calendarURL("work")
        let laptop = try client(), phone = try client()
        let kept = try await phone.create(calendar: calendar, name: "kept.ics", ics: eventICS(uid: "kept", summary: "Kept"))
        let edited = try await phone.create(calendar: calendar, name: "edited.ics", ics: eventICS(uid: "edited", summary: "Before"))
        let deleted = try await phone.create(calendar: calendar, name: "deleted.ics", ics: eventICS(uid: "deleted", summary: "Deleted"))

        let first = try await laptop.syncCollection(calendar: calendar, token: nil)
        XCTAssertEqual(Set(first.changed.map(\.href)), [kept.href, edited.href, deleted.href])
        XCTAssertEqual(first.removed, [])

        let added = try await phone.create(calendar: calendar, name: "added.ics", ics: eventICS(uid: "added", summary: "Added"))
        let newETag = try await phone.update(href: edited.href, ics: eventICS(uid: "edited", summary: "After"), etag: try XCTUnwrap(edited.etag))
        try await phone.delete(href: deleted.href, etag: try XCTUnwrap(deleted.etag))

        let second = try await laptop.syncCollection(calendar: calendar, token: first.newToken)
        XCTAssertEqual(Set(second.changed), [
            RemoteETag(href: added.href, etag: try XCTUnwrap(added.etag)),
            RemoteETag(href: edited.href, etag: try XCTUnwrap(newETag)),
        ])
        XCTAssertEqual(second.removed, [deleted.href])
        XCTAssertNotEqual(second.newToken, first.newToken)

        let third = try await laptop.syncCollection(calendar: calendar, token: second.newToken)
        XCTAssertEqual(third.changed, [])
        XCTAssertEqual(third.removed, [])
    }

    /// A token the server does not know (expired, or from before a server reset) is reported
    /// as such, and the ETag listing gives the full picture instead.
    func testARejectedTokenIsInvalidSyncTokenAndListETagsStillWorks() async throws {
        let server = try radicale()
        try await server.makeCalendar("work", displayName: "Work", color: nil)
        let calendar = server.calendarURL("work")
        let client = try client()
        let created = try await client.create(calendar: calendar, name: "one.ics", ics: eventICS(uid: "one", summary: "One"))

        let error = await caldavError { try await client.syncCollection(calendar: calendar, token: "http://radicale.org/ns/sync/0000") }

        XCTAssertEqual(error, .invalidSyncToken)
        let listed = try await client.listETags(calendar: calendar)
        XCTAssertEqual(listed, [RemoteETag(href: created.href, etag: try XCTUnwrap(created.etag))])
        let fresh = try await client.syncCollection(calendar: calendar, token: nil)
        XCTAssertEqual(fresh.changed, listed, "a sync without a token starts over")
    }

    /// A plan deleted on the server is reported removed even when the caller never fetched it.
    func testFetchLeavesOutWhatTheServerNoLongerHas() async throws {
        let server = try radicale()
        try await server.makeCalendar("work", displayName: "Work", color: nil)
        let calendar = server.calendarURL("work")
        let client = try client()
        let here = try await client.create(calendar: calendar, name: "here.ics", ics: eventICS(uid: "here", summary: "Here"))

        let fetched = try await client.fetch(calendar: calendar, hrefs: [here.href, "/alice/work/never.ics"])

        XCTAssertEqual(fetched.map(\.href), [here.href])
    }
}
