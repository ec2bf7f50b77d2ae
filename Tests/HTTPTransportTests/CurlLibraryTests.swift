@testable import HTTPTransport
import Foundation
import TestSupport
import XCTest

/// libcurl is opened the first time a request is made (`CurlLibrary`): when it cannot be, a
/// request fails saying so in words, and the program still starts and does everything else.
final class CurlLibraryTests: XCTestCase {
    func testTheInstalledLibraryLoads() throws {
        _ = try CurlLibrary.shared.get()
    }

    func testAMissingLibraryIsNamedWithTheLoadersReason() {
        guard case let .failure(failure) = CurlLibrary.load("libcurl-not-installed.so.4") else {
            return XCTFail("a library that is not there loaded")
        }
        XCTAssertEqual(failure.description, "Koyomi's HTTP library libcurl could not be loaded (libcurl-not-installed.so.4: "
                       + "cannot open shared object file: No such file or directory); Debian's package libcurl4 provides it")
    }

    /// Some other library under libcurl's name: the first function missing is named.
    func testALibraryWithoutCurlsFunctionsIsRefused() {
        guard case let .failure(failure) = CurlLibrary.load("libc.so.6") else {
            return XCTFail("libc passed for libcurl")
        }
        XCTAssertTrue(failure.description.contains("undefined symbol: curl_global_init"), failure.description)
    }

    /// The whole way, in the real program: a broken libcurl.so.4 found first (LD_LIBRARY_PATH)
    /// makes `koyomi subscribe` fail with the reason, instead of koyomi not starting at all.
    func testKoyomiSaysWhyWhenLibcurlCannotBeLoaded() throws {
        let folder = try TestEnvironment.makeFolder("curl-missing")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("libcurl.so.4"))
        let address = "http://127.0.0.1:9/calendar.ics"
        let output = try TestEnvironment.koyomi(["subscribe", address], dataHome: folder,
                                                environment: ["LD_LIBRARY_PATH": folder.path], timeout: 60)
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertTrue(output.stderr.hasPrefix("koyomi subscribe: \(address): "), output.stderr)
        XCTAssertTrue(output.stderr.contains("libcurl could not be loaded (\(folder.path)/libcurl.so.4: "), output.stderr)
    }
}
