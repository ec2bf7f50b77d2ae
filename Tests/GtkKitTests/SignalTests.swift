import GtkKit
import XCTest

final class SignalTests: GtkTestCase {
    func testClickedHandlerRunsOnEveryClick() {
        onMain {
            let button = Button(label: "Go")
            var clicks = 0
            button.onClicked { clicks += 1 }
            button.click()
            button.click()
            XCTAssertEqual(clicks, 2)
        }
    }

    func testDisconnectStopsTheHandlerAndReleasesItsClosure() {
        onMain {
            let button = Button(label: "Go")
            weak var weakToken: Token?
            var clicks = 0
            let connection: SignalConnection = {
                let token = Token()
                weakToken = token
                return button.onClicked { _ = token; clicks += 1 }
            }()
            XCTAssertNotNil(weakToken, "the connected closure keeps what it captured")
            connection.disconnect()
            XCTAssertNil(weakToken, "disconnecting must release the closure")
            button.click()
            XCTAssertEqual(clicks, 0)
            XCTAssertFalse(connection.isConnected)
        }
    }

    func testFinalizingTheObjectReleasesItsClosures() {
        onMain {
            weak var weakToken: Token?
            var probe: WeakObjectProbe?
            do {
                let button = Button(label: "Go")
                let token = Token()
                weakToken = token
                button.onClicked { _ = token }
                probe = WeakObjectProbe(button)
            }
            XCTAssertEqual(probe?.isAlive, false, "the button is freed with its wrapper")
            XCTAssertNil(weakToken, "its handlers' closures are released with it")
        }
    }

    func testDisconnectWorksAfterTheWrapperIsGoneButGtkKeepsTheWidget() {
        onMain {
            let box = Box(.vertical)
            weak var weakToken: Token?
            var connection: SignalConnection?
            do {
                let button = Button(label: "child")
                box.append(button)
                let token = Token()
                weakToken = token
                connection = button.onClicked { _ = token }
            }
            XCTAssertEqual(connection?.isConnected, true, "the box still holds the button")
            connection?.disconnect()
            XCTAssertNil(weakToken, "the closure is freed although the Swift wrapper was gone")
            XCTAssertEqual(connection?.isConnected, false)
        }
    }

    func testConnectionDoesNotKeepItsObjectAlive() {
        onMain {
            var button: Button? = Button(label: "Go")
            let connection = button!.onClicked {}
            let probe = WeakObjectProbe(button!)
            button = nil
            XCTAssertFalse(probe.isAlive)
            XCTAssertFalse(connection.isConnected)
            connection.disconnect() // harmless on a finalized object
        }
    }

    func testBoolSignalReturnValueReachesGtk() {
        onMain {
            let application = Application(id: "app.koyomi.Tests.Signals", flags: [.nonUnique])
            application.register()
            let window = Window(application: application)
            var asked = 0
            // Returning true from "close-request" keeps the window open.
            window.onBoolSignal("close-request") { asked += 1; return true }
            window.present()
            window.close()
            XCTAssertEqual(asked, 1)
            XCTAssertTrue(window.isVisible, "a handled close-request must keep the window")
            window.destroy()
        }
    }
}
