import CalendarModel
import XCTest

/// Where each position puts the panel's top edge, for ordinary and impossible areas.
final class PlanPanelGeometryTests: XCTestCase {
    /// An 800-point area with a 44-point handle and an 80-point week strip.
    private let normal = PanelGeometry(height: 800, tipHeight: 44, stripHeight: 80)

    private func tops(_ geometry: PanelGeometry) -> [Double] {
        PanelPosition.allCases.map { geometry.top(for: $0) }
    }

    func testNormalAreaFollowsTheSeedsSplit() {
        XCTAssertEqual(normal.halfShare, 0.4)
        XCTAssertEqual(normal.top(for: .tip), 756, "only the handle shows")
        XCTAssertEqual(normal.top(for: .half), 480, accuracy: 1e-9, "grid 60 %, panel 40 %")
        XCTAssertEqual(normal.top(for: .full), 80, "the week strip stays above")
        let custom = PanelGeometry(height: 1_000, tipHeight: 50, stripHeight: 100, halfShare: 0.5)
        XCTAssertEqual(custom.top(for: .half), 500)
    }

    func testTinyAreasKeepTheTopsOrderedAndInside() {
        let cases: [(PanelGeometry, [Double])] = [
            // Handle fits, strip does not: full and half give way to tip.
            (PanelGeometry(height: 100, tipHeight: 44, stripHeight: 80), [56, 56, 56]),
            // Half would lie above the strip: it stops at full.
            (PanelGeometry(height: 150, tipHeight: 20, stripHeight: 100), [130, 100, 100]),
            // Half would lie below tip (a huge handle): it stops at tip.
            (PanelGeometry(height: 200, tipHeight: 150, stripHeight: 10), [50, 50, 10]),
            // The handle is taller than the area: everything at the very top.
            (PanelGeometry(height: 30, tipHeight: 44, stripHeight: 80), [0, 0, 0]),
            (PanelGeometry(height: 0, tipHeight: 44, stripHeight: 80), [0, 0, 0]),
            (PanelGeometry(height: -10, tipHeight: 44, stripHeight: 80), [0, 0, 0]),
            // Nonsense measurements count as zero rather than poisoning the layout.
            (PanelGeometry(height: .nan, tipHeight: 44, stripHeight: 80), [0, 0, 0]),
            (PanelGeometry(height: 500, tipHeight: -5, stripHeight: .infinity), [500, 300, 0]),
            (PanelGeometry(height: 500, tipHeight: 50, stripHeight: 50, halfShare: 3), [450, 50, 50]),
        ]
        for (geometry, expected) in cases {
            let found = tops(geometry)
            XCTAssertEqual(found, expected, "\(geometry)")
            let height = max(geometry.height.isFinite ? geometry.height : 0, 0)
            XCTAssertTrue(found.allSatisfy { (0...height).contains($0) }, "\(geometry): \(found)")
            XCTAssertGreaterThanOrEqual(found[0], found[1], "tip is never above half: \(geometry)")
            XCTAssertGreaterThanOrEqual(found[1], found[2], "half is never above full: \(geometry)")
        }
    }

    func testClampedTopStaysBetweenFullAndTip() {
        XCTAssertEqual(normal.clampedTop(300), 300)
        XCTAssertEqual(normal.clampedTop(80), 80)
        XCTAssertEqual(normal.clampedTop(10), 80, "not over the week strip")
        XCTAssertEqual(normal.clampedTop(-500), 80)
        XCTAssertEqual(normal.clampedTop(790), 756, "the handle never leaves the area")
        XCTAssertEqual(normal.clampedTop(.infinity), 756)
        XCTAssertEqual(normal.clampedTop(-.infinity), 80)
        XCTAssertEqual(normal.clampedTop(.nan), 756)
    }

    func testNearestPosition() {
        // Tops 80, 480, 756: the boundaries lie at 280 and 618.
        let expectations: [(Double, PanelPosition)] = [
            (-100, .full), (80, .full), (279, .full), (281, .half), (480, .half),
            (617, .half), (619, .tip), (756, .tip), (2_000, .tip),
        ]
        for (top, position) in expectations {
            XCTAssertEqual(normal.nearestPosition(toTop: top), position, "top \(top)")
        }
        XCTAssertEqual(normal.nearestPosition(toTop: 280), .half, "a tie shows more of the list")
        XCTAssertEqual(normal.nearestPosition(toTop: 618), .half, "a tie shows more of the list")
        let collapsed = PanelGeometry(height: 100, tipHeight: 44, stripHeight: 80)
        XCTAssertEqual(collapsed.nearestPosition(toTop: 56), .half, "all tops coincide")
        XCTAssertEqual(PanelGeometry(height: 150, tipHeight: 20, stripHeight: 100).nearestPosition(toTop: 100),
                       .half, "half and full coincide")
    }
}
