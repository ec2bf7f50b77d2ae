import GtkKit
import XCTest

final class ToastTests: GtkTestCase {
    func testToastProperties() {
        onMain {
            let toast = Toast(title: "Plan deleted")
            XCTAssertEqual(toast.title, "Plan deleted")
            XCTAssertNil(toast.buttonLabel)
            toast.buttonLabel = "_Undo"
            toast.timeout = 0
            toast.isHighPriority = true
            XCTAssertEqual(toast.buttonLabel, "_Undo")
            XCTAssertEqual(toast.timeout, 0)
            XCTAssertTrue(toast.isHighPriority)
        }
    }

    func testButtonAndDismissSignals() {
        onMain {
            let overlay = ToastOverlay(child: Label("content"))
            let toast = Toast(title: "Plan deleted")
            toast.buttonLabel = "Undo"
            var clicks = 0, dismissals = 0
            toast.onButtonClicked { clicks += 1 }
            toast.onDismissed { dismissals += 1 }
            overlay.add(toast)
            toast.clickButton()
            XCTAssertEqual(clicks, 1)
            toast.dismiss()
            MainLoop.drain()
            XCTAssertEqual(dismissals, 1)
        }
    }

    func testShownToastIsFreedOnceDismissedAndDropped() {
        onMain {
            let overlay = ToastOverlay(child: Label("content"))
            weak var weakToken: Token?
            var probe: WeakObjectProbe?
            do {
                let toast = Toast(title: "Saved")
                let token = Token()
                weakToken = token
                toast.onButtonClicked { _ = token }
                overlay.add(toast)
                probe = WeakObjectProbe(toast)
                toast.dismiss()
            }
            MainLoop.drain()
            XCTAssertEqual(probe?.isAlive, false, "the overlay gives its reference back after the toast left")
            XCTAssertNil(weakToken)
        }
    }

    func testOverlayIsFreedWithItsQueuedToasts() {
        onMain {
            var overlayProbe: WeakObjectProbe?
            var toastProbe: WeakObjectProbe?
            do {
                let overlay = ToastOverlay(child: Label("content"))
                let toast = Toast(title: "Queued")
                overlay.add(toast)
                overlayProbe = WeakObjectProbe(overlay)
                toastProbe = WeakObjectProbe(toast)
            }
            MainLoop.drain()
            XCTAssertEqual(overlayProbe?.isAlive, false)
            XCTAssertEqual(toastProbe?.isAlive, false)
        }
    }
}
