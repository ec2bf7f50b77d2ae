import CalendarModel
import XCTest

/// The three positions: their order, the keyboard's steps and the settings file's names.
final class PlanPanelPositionTests: XCTestCase {
    func testOrderIsTipHalfFull() {
        XCTAssertEqual(PanelPosition.allCases, [.tip, .half, .full])
        XCTAssertLessThan(PanelPosition.tip, .half)
        XCTAssertLessThan(PanelPosition.half, .full)
        XCTAssertLessThan(PanelPosition.tip, .full)
        XCTAssertFalse(PanelPosition.full < .full)
        XCTAssertEqual([PanelPosition.full, .tip, .half].sorted(), [.tip, .half, .full])
    }

    func testRaisedAndLoweredStepOnceAndStopAtTheEnds() {
        XCTAssertEqual(PanelPosition.tip.raised, .half)
        XCTAssertEqual(PanelPosition.half.raised, .full)
        XCTAssertEqual(PanelPosition.full.raised, .full, "Up at full stays")
        XCTAssertEqual(PanelPosition.full.lowered, .half)
        XCTAssertEqual(PanelPosition.half.lowered, .tip)
        XCTAssertEqual(PanelPosition.tip.lowered, .tip, "Down at tip stays")
    }

    func testCycledVisitsEveryPositionAndComesBack() {
        XCTAssertEqual(PanelPosition.tip.cycled, .half)
        XCTAssertEqual(PanelPosition.half.cycled, .full)
        XCTAssertEqual(PanelPosition.full.cycled, .tip)
        for start in PanelPosition.allCases {
            var seen: [PanelPosition] = [start]
            var position = start
            for _ in 1...2 {
                position = position.cycled
                seen.append(position)
            }
            XCTAssertEqual(Set(seen), Set(PanelPosition.allCases), "from \(start)")
            XCTAssertEqual(position.cycled, start, "three presses come back to \(start)")
        }
    }

    func testRawValuesRoundTripAndUnknownNamesAreRejected() {
        XCTAssertEqual(PanelPosition.allCases.map(\.rawValue), ["tip", "half", "full"])
        for position in PanelPosition.allCases {
            XCTAssertEqual(PanelPosition(rawValue: position.rawValue), position)
        }
        for bad in ["", "Half", "FULL", " tip", "middle", "0"] {
            XCTAssertNil(PanelPosition(rawValue: bad), "'\(bad)'")
        }
    }
}
