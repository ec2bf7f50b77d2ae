import GtkKit
import XCTest

final class ToggleButtonTests: GtkTestCase {
    func testToggling() {
        onMain {
            let toggle = ToggleButton(label: "Mo")
            XCTAssertFalse(toggle.isActive)
            XCTAssertEqual(toggle.label, "Mo")
            var seen: [Bool] = []
            toggle.onToggled { seen.append($0) }
            toggle.isActive = true
            toggle.isActive = true
            toggle.isActive = false
            XCTAssertEqual(seen, [true, false], "only real changes are reported")
            XCTAssertTrue(ToggleButton(label: "Tu", isActive: true).isActive)
        }
    }

    func testToggleButtonAndHandlersAreFreed() {
        onMain {
            weak var weakToken: Token?
            var probe: WeakObjectProbe?
            do {
                let toggle = ToggleButton(label: "We")
                let token = Token()
                weakToken = token
                toggle.onToggled { _ in _ = token }
                probe = WeakObjectProbe(toggle)
            }
            XCTAssertEqual(probe?.isAlive, false)
            XCTAssertNil(weakToken)
        }
    }
}
