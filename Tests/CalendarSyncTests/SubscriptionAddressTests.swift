import CalendarSync
import Foundation
import XCTest

/// Which typed or clicked addresses become which download addresses.
final class SubscriptionAddressTests: XCTestCase {
    private func address(_ text: String) -> String? {
        try? Subscription.address(text).absoluteString
    }

    func testWebcalBecomesHTTPS() {
        XCTAssertEqual(address("webcal://calendar.example.com/holidays.ics"), "https://calendar.example.com/holidays.ics")
        XCTAssertEqual(address("webcals://calendar.example.com/h.ics?lang=ja"), "https://calendar.example.com/h.ics?lang=ja")
        XCTAssertEqual(address("WEBCAL://Example.com:8443/a%20b.ics"), "https://Example.com:8443/a%20b.ics")
        XCTAssertEqual(address("  https://example.com/cal.ics\n"), "https://example.com/cal.ics", "pasted with spaces")
    }

    func testPlainHTTPOnlyToThisComputer() {
        XCTAssertEqual(address("http://127.0.0.1:8000/cal.ics"), "http://127.0.0.1:8000/cal.ics")
        XCTAssertEqual(address("http://localhost/cal.ics"), "http://localhost/cal.ics")
        XCTAssertNil(address("http://example.com/cal.ics"))
        XCTAssertNil(address("http://127.0.0.2.example.com/cal.ics"))
        XCTAssertThrowsError(try Subscription.address("http://example.com/cal.ics")) { error in
            XCTAssertEqual("\(error)", "“http://example.com/cal.ics” is not secure: use https:// "
                + "(plain http is only allowed for this computer, 127.0.0.1)")
        }
    }

    func testOtherTextIsRefusedWithAReason() {
        for text in ["ftp://example.com/cal.ics", "file:///etc/passwd", "example.com/cal.ics", "https://", "webcal:///x.ics", ""] {
            XCTAssertThrowsError(try Subscription.address(text), text) { error in
                XCTAssertTrue("\(error)".contains("“\(text)”"), "\(error)")
            }
        }
    }

    func testANewSubscriptionsCopyIsNamedAfterItsID() {
        let subscription = Subscription(id: "abc", url: URL(string: "https://example.com/c.ics")!, name: "C",
                                        color: "#2ec27e", created: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(subscription.localFile, "abc.ics")
        XCTAssertNil(subscription.lastRefreshed)
    }
}
