import Foundation
import TestSupport
import XCTest

/// What koyomi loads before its `main` runs. libcurl, libsecret and libxml2 are opened when a
/// sync, a password or a server's answer first needs them (issue 21): none of them, nor what
/// they bring (TLS, Kerberos, LDAP, libgcrypt), is loaded at start.
final class StartupLibrariesTests: XCTestCase {
    func testKoyomiStartsWithoutTheLibrariesOnlySyncNeeds() throws {
        // ld.so lists every object it would load and exits, running nothing (what ldd does).
        let output = try TestEnvironment.run(TestEnvironment.koyomiBinary, [],
                                             environment: ["LD_TRACE_LOADED_OBJECTS": "1"], timeout: 60)
        XCTAssertEqual(output.status, 0, output.stderr)
        let loaded = output.stdout.split(separator: "\n")
            .compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        XCTAssertTrue(loaded.contains("libgtk-4.so.1"), "the list is ld.so's: \(output.stdout)")
        for unwanted in ["libcurl", "libssl", "libgnutls", "libkrb5", "libldap", "libssh2", "libsecret", "libgcrypt",
                         "libxml2", "libFoundationXML", "libFoundationNetworking"] {
            XCTAssertFalse(loaded.contains { $0.hasPrefix(unwanted) }, "\(unwanted) is loaded at start:\n\(output.stdout)")
        }
    }
}
