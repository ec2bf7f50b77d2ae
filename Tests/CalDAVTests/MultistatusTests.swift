@testable import CalDAV
import Foundation
import XCTest

/// The parsing and href rules on their own, with answers written the way other servers write
/// them (prefixes, absolute hrefs, CDATA), which Radicale alone would not exercise.
final class MultistatusTests: XCTestCase {
    func testPropertiesAreFoundWhateverPrefixAndOnlyFromSuccessfulPropstats() throws {
        let xml = """
            <?xml version="1.0"?>
            <d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:x1="http://apple.com/ns/ical/">
              <d:response>
                <d:href>/dav/calendars/bob/work/</d:href>
                <d:propstat><d:prop>
                  <d:resourcetype><d:collection/><cal:calendar/></d:resourcetype>
                  <d:displayname>Work</d:displayname>
                  <cal:supported-calendar-component-set><cal:comp name="VEVENT"/><cal:comp name="VTODO"/></cal:supported-calendar-component-set>
                </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
                <d:propstat><d:prop><x1:calendar-color>#123456</x1:calendar-color></d:prop>
                  <d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>
              </d:response>
            </d:multistatus>
            """
        let response = try XCTUnwrap(Multistatus(parsing: Data(xml.utf8)).responses.first)

        XCTAssertEqual(response.href, "/dav/calendars/bob/work/")
        XCTAssertEqual(response.text(DAVName.displayName), "Work")
        XCTAssertEqual(response.properties[DAVName.resourceType]?.children, [DAVName.collection, DAVName.calendar])
        XCTAssertEqual(response.properties[DAVName.supportedComponents]?.componentNames, ["VEVENT", "VTODO"])
        XCTAssertNil(response.properties[DAVName.calendarColor], "a 404 propstat is not a value")
    }

    func testCalendarDataInCDATAAndRemovalsAndTheSyncTokenAreRead() throws {
        let xml = """
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <response><href>/c/a.ics</href><propstat><prop><getetag>"1"</getetag>
                <C:calendar-data><![CDATA[BEGIN:VCALENDAR
            END:VCALENDAR
            ]]></C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response>
              <response><href>/c/gone.ics</href><status>HTTP/1.1 404 Not Found</status></response>
              <sync-token>token-2</sync-token>
            </multistatus>
            """
        let answer = try Multistatus(parsing: Data(xml.utf8))

        XCTAssertEqual(answer.syncToken, "token-2")
        XCTAssertEqual(answer.responses.map(\.href), ["/c/a.ics", "/c/gone.ics"])
        XCTAssertEqual(answer.responses[0].text(DAVName.getETag), "\"1\"")
        XCTAssertEqual(answer.responses[0].properties[DAVName.calendarData]?.text, "BEGIN:VCALENDAR\nEND:VCALENDAR\n")
        XCTAssertEqual(answer.responses[1].status, 404)
    }

    func testBrokenXMLIsAMalformedResponseInWords() {
        XCTAssertThrowsError(try Multistatus(parsing: Data("<multistatus xmlns=\"DAV:\"><response>".utf8))) { error in
            guard case CalDAVError.malformedResponse = error else { return XCTFail("got \(error)") }
        }
        XCTAssertThrowsError(try Multistatus(parsing: Data("<multistatus xmlns=\"DAV:\"><a></b></multistatus>".utf8))) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("XML that does not parse (at line 1, column"), text)
            XCTAssertFalse(text.contains("Domain") || text.contains("Code="), "words, not an error domain: \(text)")
        }
    }

    /// A listing of 80,000 plans on one line (15 MB, as Radicale writes 50,000 and more):
    /// XMLParser(data:) refused anything over 10 MB ("NSXMLParserErrorDomain Code=1").
    func testAListingOverTenMegabytesIsRead() throws {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<multistatus xmlns=\"DAV:\">"
        for index in 0..<80_000 {
            xml += "<response><href>/alice/work/seed-\(index).ics</href><propstat><prop><getetag>\"etag-\(index)-"
                + String(repeating: "a", count: 40) + "\"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>"
        }
        xml += "<sync-token>http://radicale.org/ns/sync/1</sync-token></multistatus>"
        XCTAssertGreaterThan(xml.utf8.count, 12_000_000)
        let parsed = try Multistatus(parsing: Data(xml.utf8))
        XCTAssertEqual(parsed.responses.count, 80_000)
        XCTAssertEqual(parsed.syncToken, "http://radicale.org/ns/sync/1")
    }

    func testHrefsAreNormalizedOneWayWhateverTheServerWrote() throws {
        let client = CalDAVClient(baseURL: try XCTUnwrap(URL(string: "https://dav.example.org")), user: "bob", password: "x")
        let calendar = try XCTUnwrap(URL(string: "https://dav.example.org/cal/bob/work/"))

        XCTAssertEqual(client.normalizedHref("/cal/bob/work/a%40b.ics", relativeTo: calendar), "/cal/bob/work/a%40b.ics")
        XCTAssertEqual(client.normalizedHref("/cal/bob/work/a@b.ics", relativeTo: calendar), "/cal/bob/work/a%40b.ics")
        XCTAssertEqual(client.normalizedHref("https://dav.example.org:443/cal/bob/work/x%2ey.ics", relativeTo: calendar), "/cal/bob/work/x.y.ics")
        XCTAssertEqual(client.normalizedHref("z.ics", relativeTo: calendar), "/cal/bob/work/z.ics")
        XCTAssertEqual(client.normalizedHref("https://other.example.org/bob/z.ics", relativeTo: calendar), "https://other.example.org/bob/z.ics")
        XCTAssertEqual(try client.url(forHref: "/cal/bob/work/a%40b.ics").absoluteString, "https://dav.example.org/cal/bob/work/a%40b.ics")
    }

    func testIfMatchQuotesOnlyBareETags() {
        XCTAssertEqual(CalDAVClient.ifMatchValue("\"abc\""), "\"abc\"")
        XCTAssertEqual(CalDAVClient.ifMatchValue("W/\"abc\""), "W/\"abc\"")
        XCTAssertEqual(CalDAVClient.ifMatchValue("abc"), "\"abc\"")
    }

    func testSyncTokensAndHrefsAreEscapedInRequestBodies() {
        XCTAssertTrue(DAVRequestBody.syncCollection(token: "a&b<c").contains("<D:sync-token>a&amp;b&lt;c</D:sync-token>"))
        XCTAssertTrue(DAVRequestBody.multiget(hrefs: ["/c/x&y.ics"]).contains("<D:href>/c/x&amp;y.ics</D:href>"))
    }
}
