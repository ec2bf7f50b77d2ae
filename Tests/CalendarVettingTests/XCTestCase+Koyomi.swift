import Foundation
import TestSupport
import XCTest

extension XCTestCase {
    /// The `koyomi` built beside the tests, which the child-process tests run (`--vet-ics`,
    /// `--parse-ics`); the test is skipped when it has not been built.
    var builtKoyomi: String {
        get throws {
            let path = TestEnvironment.koyomiBinary.path
            guard FileManager.default.isExecutableFile(atPath: path) else { throw XCTSkip("koyomi is not built at \(path)") }
            return path
        }
    }
}
