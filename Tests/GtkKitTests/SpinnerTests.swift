import GtkKit
import XCTest

final class SpinnerTests: GtkTestCase {
    func testSpinningFollowsTheProperty() {
        onMain {
            let spinner = Spinner()
            XCTAssertFalse(spinner.isSpinning, "a new spinner stands still")
            spinner.isSpinning = true
            XCTAssertTrue(spinner.isSpinning)
            spinner.isSpinning = false
            XCTAssertFalse(spinner.isSpinning)
        }
    }

    func testDroppingTheWrapperFreesTheSpinner() {
        onMain {
            var spinner: Spinner? = Spinner()
            spinner?.isSpinning = true
            let probe = WeakObjectProbe(spinner!)
            spinner = nil
            XCTAssertFalse(probe.isAlive, "the sunk spinner is freed with its wrapper")
        }
    }
}
