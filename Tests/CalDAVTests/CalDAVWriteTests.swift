import CalDAV
import TestSupport
import XCTest

final class CalDAVWriteTests: RadicaleTestCase {
    func testCreateUpdateDeleteFollowTheETags() async throws {
        let server = try radicale()
        try await server.makeCalendar("work", displayName: "Work", color: nil)
        let calendar = server.calendarURL("work")
        let client = try client()

        let created = try await client.create(calendar: calendar, name: "plan-1.ics", ics: eventICS(uid: "plan-1", summary: "Dentist"))
        XCTAssertEqual(created.href, "/alice/work/plan-1.ics")
        let firstETag = try XCTUnwrap(created.etag, "Radicale returns an ETag for a PUT")
        XCTAssertTrue(firstETag.hasPrefix("\""), "kept exactly as received, quotes included: \(firstETag)")

        let secondETag = try await client.update(href: created.href, ics: eventICS(uid: "plan-1", summary: "Dentist moved to 3pm"), etag: firstETag)
        XCTAssertNotNil(secondETag)
        XCTAssertNotEqual(secondETag, firstETag)

        let fetched = try await client.fetch(calendar: calendar, hrefs: [created.href])
        XCTAssertEqual(fetched.map(\.href), [created.href])
        XCTAssertEqual(fetched.first?.etag, secondETag)
        XCTAssertTrue(fetched.first?.icsText.contains("SUMMARY:Dentist moved to 3pm") == true, fetched.first?.icsText ?? "nothing fetched")

        try await client.delete(href: created.href, etag: try XCTUnwrap(secondETag))
        let remaining = try await client.listETags(calendar: calendar)
        XCTAssertEqual(remaining, [])
    }

    func testCreatingOverAnExistingNameIsRefused() async throws {
        let server = try radicale()
        try await server.makeCalendar("work", displayName: "Work", color: nil)
        let client = try client()
        let calendar = server.calendarURL("work")
        _ = try await client.create(calendar: calendar, name: "same.ics", ics: eventICS(uid: "same", summary: "Mine"))

        let error = await caldavError { try await client.create(calendar: calendar, name: "same.ics", ics: eventICS(uid: "same", summary: "Theirs")) }

        XCTAssertEqual(error, .preconditionFailed(href: "/alice/work/same.ics"))
        let stored = try await client.fetch(calendar: calendar, hrefs: ["/alice/work/same.ics"])
        XCTAssertTrue(stored.first?.icsText.contains("SUMMARY:Mine") == true, "the first upload is untouched")
    }

    /// Two devices edit the same plan: the slower one gets a 412 and nothing is overwritten.
    func testAConcurrentEditGivesPreconditionFailedAndKeepsTheOtherEdit() async throws {
        let server = try radicale()
        try await server.makeCalendar("work", displayName: "Work", color: nil)
        let calendar = server.calendarURL("work")
        let laptop = try client(), phone = try client()
        let created = try await laptop.create(calendar: calendar, name: "plan.ics", ics: eventICS(uid: "plan", summary: "Lunch"))
        let staleETag = try XCTUnwrap(created.etag)

        _ = try await phone.update(href: created.href, ics: eventICS(uid: "plan", summary: "Lunch (phone)"), etag: staleETag)
        let updateError = await caldavError { try await laptop.update(href: created.href, ics: eventICS(uid: "plan", summary: "Lunch (laptop)"), etag: staleETag) }
        let deleteError = await caldavError { try await laptop.delete(href: created.href, etag: staleETag) }

        XCTAssertEqual(updateError, .preconditionFailed(href: created.href))
        XCTAssertEqual(deleteError, .preconditionFailed(href: created.href))
        XCTAssertEqual(updateError?.description, "/alice/work/plan.ics was changed on the server by someone else")
        let theirs = try await laptop.fetch(calendar: calendar, hrefs: [created.href])
        XCTAssertTrue(theirs.first?.icsText.contains("SUMMARY:Lunch (phone)") == true, theirs.first?.icsText ?? "gone")
    }

    /// A name with a space and an "@": the href from `create` is the one listings report.
    func testHrefsOfCreateMatchListingsAndSyncForNamesThatNeedEscaping() async throws {
        let server = try radicale()
        try await server.makeCalendar("work", displayName: "Work", color: nil)
        let calendar = server.calendarURL("work")
        let client = try client()

        let created = try await client.create(calendar: calendar, name: "a b@c.ics", ics: eventICS(uid: "odd", summary: "Odd name"))

        XCTAssertEqual(created.href, "/alice/work/a%20b%40c.ics")
        let listed = try await client.listETags(calendar: calendar)
        XCTAssertEqual(listed, [RemoteETag(href: created.href, etag: try XCTUnwrap(created.etag))])
        let synced = try await client.syncCollection(calendar: calendar, token: nil)
        XCTAssertEqual(synced.changed, listed)
        let fetched = try await client.fetch(calendar: calendar, hrefs: [created.href])
        XCTAssertEqual(fetched.map(\.href), [created.href])
    }

    func testUpdatingSomethingDeletedOnTheServerIsNotSilentlyRecreated() async throws {
        let server = try radicale()
        try await server.makeCalendar("work", displayName: "Work", color: nil)
        let calendar = server.calendarURL("work")
        let laptop = try client(), phone = try client()
        let created = try await laptop.create(calendar: calendar, name: "gone.ics", ics: eventICS(uid: "gone", summary: "Gone"))
        try await phone.delete(href: created.href, etag: try XCTUnwrap(created.etag))

        let error = await caldavError { try await laptop.update(href: created.href, ics: eventICS(uid: "gone", summary: "Edited"), etag: try XCTUnwrap(created.etag)) }

        XCTAssertTrue([.preconditionFailed(href: created.href), .notFound(href: created.href)].contains(error), "\(String(describing: error))")
        let listed = try await laptop.listETags(calendar: calendar)
        XCTAssertEqual(listed, [], "the If-Match upload did not recreate it")
    }
}
