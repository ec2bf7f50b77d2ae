import GtkKit
import XCTest

/// Base for tests that need GTK: XCTest runs plain methods on the main thread on Linux,
/// where `MainActor.assumeIsolated` is valid (an `@MainActor` test method would crash).
class GtkTestCase: XCTestCase {
    override func setUpWithError() throws {
        let ready = MainActor.assumeIsolated { GtkRuntime.initialize() }
        guard ready else {
            XCTFail("GTK could not open a display: run the tests under Xvfb (see README)")
            throw XCTSkip("no display")
        }
    }

    /// Runs `body` on the main actor; every GTK call in a test goes through here.
    func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
        try MainActor.assumeIsolated(body)
    }
}

/// Something a closure can hold on to, so a test can see when the closure is freed.
final class Token: @unchecked Sendable {}
