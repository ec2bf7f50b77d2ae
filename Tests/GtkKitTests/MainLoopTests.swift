import GtkKit
import XCTest

final class MainLoopTests: GtkTestCase {
    func testIdleRunsOnceAndReleasesItsClosure() {
        onMain {
            weak var weakToken: Token?
            var runs = 0
            do {
                let token = Token()
                weakToken = token
                MainLoop.idle { _ = token; runs += 1 }
            }
            XCTAssertTrue(MainLoop.iterate(until: { runs > 0 }, timeout: 2))
            MainLoop.drain()
            XCTAssertEqual(runs, 1)
            XCTAssertNil(weakToken)
        }
    }

    func testCancelledTimeoutStopsAndIsReleased() {
        onMain {
            weak var weakToken: Token?
            var runs = 0
            let source: MainLoopSource = {
                let token = Token()
                weakToken = token
                return MainLoop.every(milliseconds: 1) { _ = token; runs += 1; return true }
            }()
            XCTAssertTrue(MainLoop.iterate(until: { runs >= 2 }, timeout: 2), "it repeats while it returns true")
            source.cancel()
            source.cancel()
            let runsAtCancel = runs
            MainLoop.iterate(until: { false }, timeout: 0.05)
            XCTAssertEqual(runs, runsAtCancel, "nothing runs after cancel")
            XCTAssertNil(weakToken)
        }
    }

    func testIterateGivesUpAtItsBound() {
        onMain {
            let start = Date()
            XCTAssertFalse(MainLoop.iterate(until: { false }, timeout: 0.1))
            XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        }
    }
}

final class RGBATests: XCTestCase {
    func testParsesCSSNamesAndHex() {
        XCTAssertEqual(RGBA(parsing: "#ff0000")?.hex, "#ff0000")
        XCTAssertEqual(RGBA(parsing: "teal")?.hex, "#008080")
        XCTAssertEqual(RGBA(parsing: " rebeccapurple ")?.hex, "#663399")
        XCTAssertNil(RGBA(parsing: "not-a-colour"))
        XCTAssertNil(RGBA(parsing: ""))
    }

    func testLuminanceOrdersBlackBelowWhite() {
        XCTAssertEqual(RGBA(parsing: "black")!.luminance, 0, accuracy: 0.001)
        XCTAssertEqual(RGBA(parsing: "white")!.luminance, 1, accuracy: 0.001)
    }
}
