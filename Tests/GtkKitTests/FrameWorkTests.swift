import CGtk
import GtkKit
import XCTest

/// `MainLoop.beforeNextFrame` asked for from inside an allocation runs in that frame's layout
/// pass: the frame is painted with its answer, not a frame later.
final class FrameWorkTests: GtkTestCase {
    @MainActor private static let application: Application = {
        let application = Application(id: "app.koyomi.Tests.FrameWork", flags: [.nonUnique])
        application.register()
        return application
    }()

    func testASizeAnsweredBeforeTheNextFrameIsInTheFirstPaintedFrame() {
        onMain {
            let window = Window(application: Self.application)
            defer { window.destroy() }
            window.setDefaultSize(width: 400, height: 300)
            let content = Box(.vertical)
            let sized = ShareBox()
            sized.vexpand = true
            content.append(sized)
            window.setContent(content)
            // As the app answers a new size: from the allocation, a margin set before the next frame.
            var answers = 0
            sized.onSizeChanged { width, _ in
                MainLoop.beforeNextFrame {
                    answers += 1
                    content.marginBottom = width / 4
                }
            }
            var paintedMargin: Int32?, paintedHeight: Int?
            window.afterNextPaint {
                paintedMargin = content.marginBottom
                paintedHeight = sized.allocatedHeight
            }
            window.present()
            XCTAssertTrue(MainLoop.iterate(until: { paintedMargin != nil }))
            let width = Int32(sized.allocatedWidth)
            XCTAssertGreaterThan(width, 0)
            XCTAssertEqual(paintedMargin, width / 4, "the first frame has the answer")
            var again = false
            window.afterNextPaint { again = true }
            gtk_widget_queue_draw(window.widget)
            XCTAssertTrue(MainLoop.iterate(until: { again }))
            XCTAssertEqual(paintedHeight, sized.allocatedHeight, "and was laid out again with it")
            XCTAssertGreaterThanOrEqual(answers, 1)
        }
    }

    func testCancelledWorkNeverRuns() {
        onMain {
            var runs = 0
            let source = MainLoop.beforeNextFrame { runs += 1 }
            source.cancel()
            MainLoop.iterate(until: { false }, timeout: 0.05)
            XCTAssertEqual(runs, 0)
        }
    }
}
