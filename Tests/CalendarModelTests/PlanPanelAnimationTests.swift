import CalendarModel
import XCTest

/// The eased move the GTK side samples on the frame clock.
final class PlanPanelAnimationTests: XCTestCase {
    private let moves: [(from: Double, to: Double)] = [(756, 480), (480, 80), (80, 756), (480, 756), (100, 103)]

    func testStartsAtFromTopAndEndsExactlyAtToTop() {
        for move in moves {
            let animation = PanelAnimation(fromTop: move.from, toTop: move.to)
            XCTAssertEqual(animation.top(at: 0), move.from, "\(move)")
            XCTAssertEqual(animation.top(at: -1), move.from, "before the first frame: \(move)")
            XCTAssertEqual(animation.top(at: animation.duration), move.to, "exactly, not nearly: \(move)")
            XCTAssertEqual(animation.top(at: animation.duration + 5), move.to, "\(move)")
            XCTAssertFalse(animation.isFinished(at: 0), "\(move)")
            XCTAssertFalse(animation.isFinished(at: animation.duration * 0.99), "\(move)")
            XCTAssertTrue(animation.isFinished(at: animation.duration), "\(move)")
            XCTAssertTrue(animation.isFinished(at: 10), "\(move)")
        }
    }

    func testMovesMonotonicallyAndStaysBetweenTheEnds() {
        for move in moves {
            let animation = PanelAnimation(fromTop: move.from, toTop: move.to, velocity: 0)
            let direction: Double = move.to > move.from ? 1 : -1
            var previous = animation.top(at: 0)
            for step in 1...200 {
                let top = animation.top(at: animation.duration * Double(step) / 200)
                XCTAssertGreaterThanOrEqual((top - previous) * direction, 0, "\(move) at step \(step)")
                XCTAssertTrue((min(move.from, move.to)...max(move.from, move.to)).contains(top), "\(move): \(top)")
                previous = top
            }
        }
    }

    func testEasesOut() {
        let animation = PanelAnimation(fromTop: 756, toTop: 80)
        let halfway = animation.top(at: animation.duration / 2)
        XCTAssertGreaterThan(756 - halfway, (756 - 80) / 2, "the first half covers more than half the way")
        XCTAssertEqual(756 - halfway, 676 * 0.875, accuracy: 1e-9, "ease-out cubic: 1 − 0.5³")
        let early = animation.top(at: animation.duration * 0.1) - animation.top(at: 0)
        let late = animation.top(at: animation.duration) - animation.top(at: animation.duration * 0.9)
        XCTAssertGreaterThan(abs(early), 10 * abs(late), "fast first, gently arriving")
    }

    func testDurationGrowsWithDistanceWithinBounds() {
        let short = PanelAnimation(fromTop: 100, toTop: 103).duration
        let medium = PanelAnimation(fromTop: 480, toTop: 756).duration
        let long = PanelAnimation(fromTop: 80, toTop: 756).duration
        let huge = PanelAnimation(fromTop: 0, toTop: 5_000).duration
        XCTAssertEqual(short, 0.12, accuracy: 0.01, "a short move takes about 0.12 s")
        XCTAssertEqual(long, 0.25, accuracy: 1e-9, "a long one 0.25 s")
        XCTAssertEqual(huge, 0.25, accuracy: 1e-9, "and never longer")
        XCTAssertLessThan(short, medium)
        XCTAssertLessThan(medium, long)
        XCTAssertEqual(PanelAnimation(fromTop: 756, toTop: 480).duration, medium, "the same both ways")
    }

    func testAFlickInTheRightDirectionShortensTheMove() {
        let still = PanelAnimation(fromTop: 480, toTop: 756)
        // Without momentum 276 pt take about 0.18 s, and ease-out cubic starts at 3 × 276 / 0.18
        // ≈ 4 600 pt/s: only a faster flick needs a shorter curve to avoid braking at release.
        let withFlick = PanelAnimation(fromTop: 480, toTop: 756, velocity: 6_000)
        XCTAssertLessThan(withFlick.duration, still.duration)
        XCTAssertEqual(withFlick.duration, 3 * 276 / 6_000.0, accuracy: 1e-9,
                       "the curve starts at the flick's speed")
        let faster = PanelAnimation(fromTop: 480, toTop: 756, velocity: 8_000)
        XCTAssertLessThan(faster.duration, withFlick.duration)
        XCTAssertEqual(PanelAnimation(fromTop: 480, toTop: 756, velocity: 1_000_000).duration, 0.08,
                       "but never shorter than 0.08 s")
        XCTAssertEqual(PanelAnimation(fromTop: 756, toTop: 480, velocity: -6_000).duration, withFlick.duration,
                       "upwards too (negative velocity)")
        XCTAssertEqual(PanelAnimation(fromTop: 480, toTop: 756, velocity: 2_000).duration, still.duration,
                       "the eased start is already faster than this flick")
        // A short remainder after a flick: 40 pt at 3 000 pt/s.
        XCTAssertEqual(PanelAnimation(fromTop: 716, toTop: 756, velocity: 3_000).duration, 0.08, accuracy: 1e-9)

        XCTAssertEqual(PanelAnimation(fromTop: 480, toTop: 756, velocity: -6_000).duration, still.duration,
                       "a flick the other way does not hurry the move")
        XCTAssertEqual(PanelAnimation(fromTop: 480, toTop: 756, velocity: 100).duration, still.duration,
                       "a slow drift does not either")
        XCTAssertEqual(PanelAnimation(fromTop: 480, toTop: 756, velocity: .nan).duration, still.duration)
    }

    func testEveryDurationLiesInItsBounds() {
        for distance in [0.5, 1, 10, 100, 300, 600, 1_000, 10_000] {
            for velocity in [-100_000.0, -3_000, -500, 0, 500, 3_000, 100_000] {
                for sign in [-1.0, 1] {
                    let duration = PanelAnimation(fromTop: 400, toTop: 400 + sign * distance, velocity: velocity).duration
                    XCTAssertTrue(PanelAnimation.durationRange.contains(duration),
                                  "\(sign * distance) pt at \(velocity) pt/s: \(duration)")
                    XCTAssertTrue((0.08...0.3).contains(duration))
                }
            }
        }
    }

    func testNoDistanceIsFinishedAtOnce() {
        let animation = PanelAnimation(fromTop: 480, toTop: 480, velocity: 2_000)
        XCTAssertEqual(animation.duration, 0)
        XCTAssertTrue(animation.isFinished(at: 0))
        XCTAssertEqual(animation.top(at: 0), 480)
    }
}
