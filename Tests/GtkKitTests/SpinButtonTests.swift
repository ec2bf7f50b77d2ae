import GtkKit
import XCTest

final class SpinButtonTests: GtkTestCase {
    func testValueStaysInRangeAndNotifies() {
        onMain {
            let spin = SpinButton(range: 1...999, value: 5)
            XCTAssertEqual(spin.value, 5)
            XCTAssertEqual(spin.range, 1...999)
            var seen: [Int] = []
            spin.onValueChanged { seen.append($0) }
            spin.value = 12
            spin.value = 0
            XCTAssertEqual(spin.value, 1, "clamped to the range")
            XCTAssertEqual(seen, [12, 1])
            XCTAssertEqual(SpinButton(range: 3...4).value, 3, "starts at the lower bound")
        }
    }

    func testSpinButtonAndHandlersAreFreed() {
        onMain {
            weak var weakToken: Token?
            var probe: WeakObjectProbe?
            do {
                let spin = SpinButton(range: 0...10)
                let token = Token()
                weakToken = token
                spin.onValueChanged { _ in _ = token }
                probe = WeakObjectProbe(spin)
            }
            XCTAssertEqual(probe?.isAlive, false)
            XCTAssertNil(weakToken)
        }
    }
}
