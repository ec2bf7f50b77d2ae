import GtkKit
import XCTest

final class CalendarPickerTests: GtkTestCase {
    func testSelectingADayReportsIt() {
        onMain {
            let picker = CalendarPicker()
            var seen: [String] = []
            picker.onDaySelected { seen.append("\($0.year)-\($0.month)-\($0.day)") }
            picker.selectedDay = (2026, 2, 28)
            XCTAssertTrue(picker.selectedDay == (2026, 2, 28))
            picker.selectedDay = (2026, 2, 30) // impossible: ignored
            XCTAssertTrue(picker.selectedDay == (2026, 2, 28))
            picker.selectedDay = (2027, 1, 1)
            XCTAssertEqual(seen, ["2026-2-28", "2027-1-1"])
        }
    }

    func testPickerAndHandlersAreFreed() {
        onMain {
            weak var weakToken: Token?
            var probe: WeakObjectProbe?
            do {
                let picker = CalendarPicker()
                let token = Token()
                weakToken = token
                picker.onDaySelected { _ in _ = token }
                probe = WeakObjectProbe(picker)
            }
            XCTAssertEqual(probe?.isAlive, false)
            XCTAssertNil(weakToken)
        }
    }
}
