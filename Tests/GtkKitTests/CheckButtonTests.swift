import GtkKit
import XCTest

final class CheckButtonTests: GtkTestCase {
    func testToggledReportsRealChangesWithTheNewState() {
        onMain {
            let check = CheckButton(label: "Show Work", isActive: true)
            XCTAssertTrue(check.isActive)
            XCTAssertEqual(check.label, "Show Work")
            var heard: [Bool] = []
            check.onToggled { heard.append($0) }
            check.toggle()
            check.isActive = false // already off: GTK emits nothing
            check.isActive = true
            XCTAssertEqual(heard, [false, true])
            check.label = nil
            XCTAssertNil(check.label)
        }
    }

    func testDroppingTheCheckButtonFreesItAndItsHandler() {
        onMain {
            weak var weakToken: Token?
            var check: CheckButton? = CheckButton()
            let probe = WeakObjectProbe(check!)
            do {
                let token = Token()
                weakToken = token
                check!.onToggled { _ in _ = token }
            }
            XCTAssertNotNil(weakToken)
            check = nil
            XCTAssertFalse(probe.isAlive)
            XCTAssertNil(weakToken, "the handler's closure is released with the widget")
        }
    }
}
