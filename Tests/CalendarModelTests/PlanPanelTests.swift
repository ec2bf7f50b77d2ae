import CalendarModel
import XCTest

/// The panel's state machine: dragging the handle, where a released drag settles, selecting a
/// day, and FloatingPanel's scroll hand-off.
final class PlanPanelTests: XCTestCase {
    /// Tops: full 80, half 480, tip 756; boundaries at 280 and 618.
    private let normal = PanelGeometry(height: 800, tipHeight: 44, stripHeight: 80)
    /// A short window. Tops: full 80, half 180, tip 256; boundaries at 130 and 218. Here 0.2 s
    /// of a slow flick can cross two positions, so the no-skip rule shows.
    private let short = PanelGeometry(height: 300, tipHeight: 44, stripHeight: 80)

    /// Drags from `start` by `translation` and releases at `velocity`.
    private func settle(from start: PanelPosition, by translation: Double, velocity: Double,
                        in geometry: PanelGeometry? = nil) -> PanelPosition {
        let geometry = geometry ?? normal
        var panel = PlanPanel(position: start)
        panel.beginDrag(in: geometry)
        panel.drag(translation: translation, in: geometry)
        let settled = panel.endDrag(velocity: velocity, in: geometry)
        XCTAssertEqual(panel.position, settled, "endDrag returns the new position")
        XCTAssertNil(panel.dragTop, "the drag is over")
        return settled
    }

    // MARK: State and dragging

    func testStartsAtHalfAndDrawsTheSettledPosition() {
        let panel = PlanPanel()
        XCTAssertEqual(panel.position, .half)
        XCTAssertNil(panel.dragTop)
        XCTAssertFalse(panel.isDragging)
        XCTAssertEqual(panel.currentTop(in: normal), 480)
        XCTAssertEqual(PlanPanel(position: .tip).currentTop(in: normal), 756)
        XCTAssertEqual(PlanPanel(position: .full).currentTop(in: normal), 80)
    }

    func testDragFollowsThePointerWithinTheLimits() {
        var panel = PlanPanel(position: .half)
        panel.beginDrag(in: normal)
        XCTAssertEqual(panel.dragTop, 480, "a drag starts where the edge is")
        panel.drag(translation: 100, in: normal)
        XCTAssertEqual(panel.dragTop, 580)
        XCTAssertEqual(panel.currentTop(in: normal), 580)
        XCTAssertEqual(panel.position, .half, "the settled position holds until release")
        panel.drag(translation: -1_000, in: normal)
        XCTAssertEqual(panel.dragTop, 80, "not over the week strip")
        panel.drag(translation: 1_000, in: normal)
        XCTAssertEqual(panel.dragTop, 756, "the handle stays in the window")
        panel.drag(translation: -30, in: normal)
        XCTAssertEqual(panel.dragTop, 450, "translations count from the start, not the clamp")
        panel.drag(translation: .nan, in: normal)
        XCTAssertEqual(panel.dragTop, 450, "a nonsense event is ignored")
    }

    func testDragWithoutBeginStartsFromTheSettledEdge() {
        var panel = PlanPanel(position: .tip)
        panel.drag(translation: -56, in: normal)
        XCTAssertEqual(panel.dragTop, 700)
        XCTAssertTrue(panel.isDragging)
    }

    func testANewBeginDuringADragContinuesFromTheCurrentEdge() {
        var panel = PlanPanel(position: .half)
        panel.beginDrag(in: normal)
        panel.drag(translation: 50, in: normal)
        panel.beginDrag(in: normal)
        panel.drag(translation: 10, in: normal)
        XCTAssertEqual(panel.dragTop, 540, "no jump back to the settled edge")
    }

    func testAResizeDuringADragKeepsTheEdgeInside() {
        var panel = PlanPanel(position: .half)
        panel.drag(translation: 250, in: normal) // 730
        XCTAssertEqual(panel.currentTop(in: short), 256, "the smaller window's tip")
        XCTAssertEqual(panel.endDrag(velocity: 0, in: short), .tip)
    }

    func testMoveSettlesAtOnceAndEndsADrag() {
        var panel = PlanPanel(position: .half)
        panel.drag(translation: 100, in: normal)
        panel.move(to: .full)
        XCTAssertEqual(panel.position, .full)
        XCTAssertNil(panel.dragTop)
        XCTAssertEqual(panel.currentTop(in: normal), 80)
        XCTAssertEqual(panel.endDrag(velocity: 3_000, in: normal), .full, "a stale release changes nothing")
    }

    // MARK: Releasing a drag

    func testAStillReleaseSettlesAtTheNearestPosition() {
        XCTAssertEqual(settle(from: .half, by: 100, velocity: 0), .half, "580 is nearer half")
        XCTAssertEqual(settle(from: .half, by: 150, velocity: 0), .tip, "630 is nearer tip")
        XCTAssertEqual(settle(from: .half, by: -150, velocity: 0), .half)
        XCTAssertEqual(settle(from: .half, by: -250, velocity: 0), .full)
        XCTAssertEqual(settle(from: .tip, by: -700, velocity: 0), .full, "a long drag may cross half")
        XCTAssertEqual(settle(from: .full, by: 700, velocity: 0), .tip)
        XCTAssertEqual(settle(from: .tip, by: 0, velocity: 0), .tip, "a click on the handle")
    }

    func testASlowFlickCarriesThePanelOnByItsMomentum() {
        XCTAssertEqual(settle(from: .half, by: 100, velocity: 300), .tip, "580 + 60 passes 618")
        XCTAssertEqual(settle(from: .half, by: 100, velocity: 100), .half, "580 + 20 does not")
        XCTAssertEqual(settle(from: .tip, by: -100, velocity: -500), .half, "656 − 100")
        XCTAssertEqual(settle(from: .tip, by: -100, velocity: 500), .tip, "flicked back down")
        XCTAssertEqual(settle(from: .half, by: -150, velocity: -400), .full, "330 − 80 passes 280")
        XCTAssertEqual(settle(from: .half, by: 130, velocity: -400), .half, "610 − 80: momentum wins back")
    }

    func testASlowFlickNeverSkipsAPosition() {
        // At 1 500 pt/s and below a flick is slow, however far 0.2 s would carry it.
        XCTAssertEqual(settle(from: .tip, by: 0, velocity: -1_500), .half, "756 − 300 = 456: half")
        XCTAssertEqual(settle(from: .tip, by: -30, velocity: -1_400, in: short), .half,
                       "226 − 280 lies past full, but a slow flick stops at half")
        XCTAssertEqual(settle(from: .full, by: 40, velocity: 1_400, in: short), .half,
                       "120 + 280 lies past tip, but a slow flick stops at half")
        XCTAssertEqual(settle(from: .tip, by: -30, velocity: -1_500, in: short), .half)
        XCTAssertEqual(settle(from: .half, by: 0, velocity: -1_400, in: short), .full, "one step is fine")
    }

    func testAFastFlickGoesAllTheWay() {
        XCTAssertEqual(settle(from: .tip, by: -20, velocity: -2_000), .full, "tip to full")
        XCTAssertEqual(settle(from: .full, by: 20, velocity: 2_000), .tip, "full to tip")
        XCTAssertEqual(settle(from: .tip, by: 0, velocity: -1_501), .full, "just above the threshold")
        XCTAssertEqual(settle(from: .half, by: 0, velocity: -5_000), .full)
        XCTAssertEqual(settle(from: .half, by: 0, velocity: 5_000), .tip)
        XCTAssertEqual(settle(from: .tip, by: -30, velocity: -2_000, in: short), .full)
        XCTAssertEqual(settle(from: .full, by: 600, velocity: -2_000), .full,
                       "dragged down but flicked up: the flick decides")
    }

    func testANonsenseVelocityCountsAsStill() {
        XCTAssertEqual(settle(from: .half, by: 100, velocity: .nan), .half)
        XCTAssertEqual(settle(from: .half, by: 150, velocity: .infinity), .tip, "630 is nearer tip anyway")
        XCTAssertEqual(settle(from: .half, by: 100, velocity: -.infinity), .half)
    }

    func testWhereTopsCoincideAReleaseKeepsThePosition() {
        let collapsed = PanelGeometry(height: 100, tipHeight: 44, stripHeight: 80)
        for position in PanelPosition.allCases {
            XCTAssertEqual(settle(from: position, by: 0, velocity: 0, in: collapsed), position)
            XCTAssertEqual(settle(from: position, by: 0, velocity: -300, in: collapsed), position)
        }
        XCTAssertEqual(settle(from: .tip, by: 0, velocity: -2_000, in: collapsed), .full)
    }

    func testEndDragWithoutADragChangesNothing() {
        var panel = PlanPanel(position: .tip)
        XCTAssertEqual(panel.endDrag(velocity: -3_000, in: normal), .tip)
        XCTAssertEqual(panel, PlanPanel(position: .tip))
    }

    // MARK: Selecting a day

    func testSelectingADayRaisesTheTipOnly() {
        var panel = PlanPanel(position: .tip)
        XCTAssertTrue(panel.daySelected())
        XCTAssertEqual(panel.position, .half)
        XCTAssertFalse(panel.daySelected(), "already at half")
        XCTAssertEqual(panel.position, .half)

        var full = PlanPanel(position: .full)
        XCTAssertFalse(full.daySelected())
        XCTAssertEqual(full.position, .full, "never lowered by a selection")

        var held = PlanPanel(position: .tip)
        held.beginDrag(in: normal)
        XCTAssertFalse(held.daySelected(), "the user's hand is on the handle")
        XCTAssertEqual(held.position, .tip)
        XCTAssertEqual(held.dragTop, 756)
    }

    // MARK: Scroll hand-off

    func testScrollHandOffFollowsFloatingPanel() {
        // (position, list offset, delta, decision); offsets: rubber-banding, the top, scrolled.
        let up = -12.0, down = 12.0
        let table: [(PanelPosition, Double, Double, PlanPanel.ScrollDecision)] = [
            (.tip, -5, down, .movePanel(to: .half)), (.tip, 0, down, .movePanel(to: .half)),
            (.tip, 40, down, .movePanel(to: .half)),
            (.tip, -5, up, .scrollList), (.tip, 0, up, .scrollList), (.tip, 40, up, .scrollList),

            (.half, -5, down, .movePanel(to: .full)), (.half, 0, down, .movePanel(to: .full)),
            (.half, 40, down, .movePanel(to: .full)),
            (.half, -5, up, .scrollList), (.half, 0, up, .scrollList), (.half, 40, up, .scrollList),

            (.full, -5, down, .scrollList), (.full, 0, down, .scrollList), (.full, 40, down, .scrollList),
            (.full, -5, up, .movePanel(to: .half)), (.full, 0, up, .movePanel(to: .half)),
            (.full, 0.5, up, .scrollList), (.full, 40, up, .scrollList),
        ]
        for (position, offset, delta, expected) in table {
            XCTAssertEqual(PlanPanel(position: position).scrollDecision(listOffset: offset, delta: delta), expected,
                           "\(position), offset \(offset), delta \(delta)")
        }
    }

    func testNoScrollMovementOrADragLeavesThePanelAlone() {
        for position in PanelPosition.allCases {
            var panel = PlanPanel(position: position)
            for offset in [-5.0, 0, 40] {
                XCTAssertEqual(panel.scrollDecision(listOffset: offset, delta: 0), .scrollList, "\(position)")
                XCTAssertEqual(panel.scrollDecision(listOffset: offset, delta: .nan), .scrollList, "\(position)")
            }
            panel.beginDrag(in: normal)
            for delta in [-12.0, 12] {
                XCTAssertEqual(panel.scrollDecision(listOffset: 0, delta: delta), .scrollList,
                               "\(position) while dragging")
            }
        }
    }

    func testAScrollDownAtHalfThenUpAtTheTopGoesFullAndBack() {
        var panel = PlanPanel(position: .half)
        guard case .movePanel(let raised) = panel.scrollDecision(listOffset: 0, delta: 10) else {
            return XCTFail("scrolling down at half raises the panel")
        }
        panel.move(to: raised)
        XCTAssertEqual(panel.scrollDecision(listOffset: 0, delta: 10), .scrollList, "then the list scrolls")
        XCTAssertEqual(panel.scrollDecision(listOffset: 30, delta: -10), .scrollList, "back up the list first")
        XCTAssertEqual(panel.scrollDecision(listOffset: 0, delta: -10), .movePanel(to: .half))
    }
}
