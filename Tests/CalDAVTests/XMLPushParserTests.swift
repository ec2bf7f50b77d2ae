@testable import CalDAV
import Foundation
import XCTest

/// Server answers read with libxml2's push parser (`XMLPushParser`): what a hostile or broken
/// answer does, and what a well-formed one must still give.
final class XMLPushParserTests: XCTestCase {
    private func refusal(_ xml: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try Multistatus(parsing: Data(xml.utf8))
            XCTFail("read without complaint", file: file, line: line)
            return ""
        } catch {
            guard case CalDAVError.malformedResponse = error else {
                XCTFail("got \(error)", file: file, line: line)
                return ""
            }
            return String(describing: error)
        }
    }

    private static let documentTypeRefused = "the server's answer could not be read: XML with a document type "
        + "declaration (<!DOCTYPE …>), which Koyomi does not read from a server"

    /// "Billion laughs": ten levels of ten references, 10⁹ "lol"s if expanded. Refused at the
    /// DOCTYPE, before any entity is declared, in well under a second.
    func testEntityExpansionIsRefused() {
        var declarations = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE multistatus [\(declarations)]>"
            + "<multistatus xmlns=\"DAV:\"><response><href>&lol9;</href></response></multistatus>"
        let start = Date()
        XCTAssertEqual(refusal(xml), Self.documentTypeRefused)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    /// An external entity naming a local file: refused, and nothing of the file is read.
    func testExternalEntitiesAreRefused() {
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE multistatus [<!ENTITY secret SYSTEM \"file:///etc/passwd\">]>"
            + "<multistatus xmlns=\"DAV:\"><response><href>&secret;</href></response></multistatus>"
        XCTAssertEqual(refusal(xml), Self.documentTypeRefused)
        let remote = "<!DOCTYPE multistatus SYSTEM \"http://127.0.0.1:9/evil.dtd\"><multistatus xmlns=\"DAV:\"/>"
        XCTAssertEqual(refusal(remote), Self.documentTypeRefused)
    }

    /// Without a DTD no entity but the five predefined ones exists: any other is an error.
    func testAnUndeclaredEntityDoesNotParse() {
        let text = refusal("<multistatus xmlns=\"DAV:\"><response><href>&secret;</href></response></multistatus>")
        XCTAssertTrue(text.contains("XML that does not parse (at line 1, column"), text)
    }

    func testACutAnswerSaysSo() {
        XCTAssertEqual(refusal("<multistatus xmlns=\"DAV:\"><response><href>/a.ics</hr"),
                       "the server's answer could not be read: XML that ends before its last element is closed")
        XCTAssertEqual(refusal(""), "the server's answer could not be read: XML that ends before its last element is closed")
        XCTAssertTrue(refusal("<multistatus xmlns=\"DAV:\"></multistatus><extra/>").contains("XML that does not parse"))
    }

    /// Predefined entities and character references in text and attributes, CDATA kept as is.
    func testEscapesAreReadAsTheirCharacters() throws {
        let xml = """
            <d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response>
              <d:href>/c/a&amp;b%20&#x41;&#66;.ics</d:href>
              <d:propstat><d:prop><d:displayname>Tom &amp; Jerry &lt;3</d:displayname>
                <c:supported-calendar-component-set><c:comp name="V&amp;EVENT"/></c:supported-calendar-component-set>
                <c:calendar-data><![CDATA[a &amp; <b>]]></c:calendar-data>
              </d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>
            """
        let response = try XCTUnwrap(Multistatus(parsing: Data(xml.utf8)).responses.first)
        XCTAssertEqual(response.href, "/c/a&b%20AB.ics")
        XCTAssertEqual(response.text(DAVName.displayName), "Tom & Jerry <3")
        XCTAssertEqual(response.properties[DAVName.supportedComponents]?.componentNames, ["V&EVENT"])
        XCTAssertEqual(response.properties[DAVName.calendarData]?.text, "a &amp; <b>")
    }

    /// A character of three bytes across the boundary of two pieces handed to libxml2.
    func testTextAcrossPiecesIsWhole() throws {
        let head = "<multistatus xmlns=\"DAV:\"><response><href>"
        let padding = String(repeating: "a", count: 64 * 1024 - head.utf8.count - 1)
        let xml = head + padding + "暦/x.ics</href><status>HTTP/1.1 404 Not Found</status></response></multistatus>"
        let response = try XCTUnwrap(Multistatus(parsing: Data(xml.utf8)).responses.first)
        XCTAssertEqual(response.href, padding + "暦/x.ics")
        XCTAssertEqual(response.status, 404)
    }

    /// The encoding is told from the first bytes: a UTF-16 answer with its byte order mark.
    func testAUTF16AnswerIsRead() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><multistatus xmlns=\"DAV:\"><response>"
            + "<href>/暦.ics</href><status>HTTP/1.1 404 Not Found</status></response></multistatus>"
        let data = try XCTUnwrap(xml.data(using: .utf16))
        XCTAssertEqual(try Multistatus(parsing: data).responses.first?.href, "/暦.ics")
    }

    func testAMissingLibraryIsNamedWithTheLoadersReason() {
        guard case let .failure(failure) = XMLLibrary.load("libxml2-not-installed.so.2") else {
            return XCTFail("a library that is not there loaded")
        }
        XCTAssertEqual(failure.description, "Koyomi's XML library libxml2 could not "
                       + "be loaded (libxml2-not-installed.so.2: cannot open shared object file: No such file or directory); "
                       + "Debian's package libxml2 provides it")
        guard case let .failure(other) = XMLLibrary.load("libc.so.6") else { return XCTFail("libc passed for libxml2") }
        XCTAssertTrue(other.description.contains("undefined symbol: xmlInitParser"), other.description)
    }

    /// `XMLSAXHandler` must match libxml2's C struct byte for byte. The offsets are those a C
    /// program compiled against Debian 12's libxml2 2.9.14 headers prints on x86-64 (the same
    /// on any LP64 system): offsetof(xmlSAXHandler, characters) and so on.
    func testTheHandlerHasLibxml2sLayout() throws {
        #if _pointerBitWidth(_64)
        XCTAssertEqual(MemoryLayout<XMLSAXHandler>.size, 256)
        XCTAssertEqual(MemoryLayout<XMLSAXHandler>.offset(of: \.internalSubset), 0)
        XCTAssertEqual(MemoryLayout<XMLSAXHandler>.offset(of: \.characters), 136)
        XCTAssertEqual(MemoryLayout<XMLSAXHandler>.offset(of: \.ignorableWhitespace), 144)
        XCTAssertEqual(MemoryLayout<XMLSAXHandler>.offset(of: \.cdataBlock), 200)
        XCTAssertEqual(MemoryLayout<XMLSAXHandler>.offset(of: \.initialized), 216)
        XCTAssertEqual(MemoryLayout<XMLSAXHandler>.offset(of: \.privateData), 224)
        XCTAssertEqual(MemoryLayout<XMLSAXHandler>.offset(of: \.startElementNs), 232)
        XCTAssertEqual(MemoryLayout<XMLSAXHandler>.offset(of: \.endElementNs), 240)
        XCTAssertEqual(MemoryLayout<XMLSAXHandler>.offset(of: \.serror), 248)
        #else
        throw XCTSkip("the offsets checked are those of a 64-bit system")
        #endif
    }
}
