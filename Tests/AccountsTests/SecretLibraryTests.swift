@testable import Accounts
import XCTest

/// libsecret is opened the first time a password is kept, read or forgotten (`SecretLibrary`);
/// when it cannot be, the error says so in words (the whole way: `KeyringErrorTests`).
final class SecretLibraryTests: XCTestCase {
    func testTheInstalledLibraryLoads() throws {
        _ = try SecretLibrary.shared.get()
    }

    func testAMissingLibraryIsNamedWithTheLoadersReason() {
        guard case let .failure(error) = SecretLibrary.load("libsecret-not-installed.so.0") else {
            return XCTFail("a library that is not there loaded")
        }
        let reason = "libsecret-not-installed.so.0: cannot open shared object file: No such file or directory"
        XCTAssertEqual(error, .libraryMissing(reason))
        XCTAssertEqual(error.description, "Koyomi cannot reach the keyring: its library libsecret could not be loaded "
                       + "(libsecret-not-installed.so.0: cannot open shared object file: No such file or directory); "
                       + "Debian's package libsecret-1-0 provides it. Koyomi will ask for the password again next time.")
    }

    func testALibraryWithoutLibsecretsFunctionsIsRefused() {
        guard case let .failure(error) = SecretLibrary.load("libc.so.6") else {
            return XCTFail("libc passed for libsecret")
        }
        XCTAssertTrue(error.description.contains("undefined symbol: secret_password_storev_sync"), error.description)
    }
}
