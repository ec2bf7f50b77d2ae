import GtkKit
import XCTest

/// A popover on a menu button: opens, closes, tells, and goes away with the button.
final class PopoverTests: GtkTestCase {
    /// One registered application for these tests (GTK wants one before any window).
    @MainActor private static let application: Application = {
        let application = Application(id: "app.koyomi.Tests.Popover", flags: [.nonUnique])
        application.register()
        return application
    }()

    func testMenuButtonOpensItsPopoverAndClosingIsReported() {
        onMain {
            let window = Window(application: Self.application)
            let popover = Popover(child: Label("inside"))
            let button = MenuButton(iconName: "x-office-calendar-symbolic", popover: popover)
            window.setContent(button)
            window.present()
            var closes = 0
            popover.onClosed { closes += 1 }
            XCTAssertFalse(popover.isOpen)
            button.popup()
            XCTAssertTrue(MainLoop.iterate(until: { popover.isOpen }), "popup shows the popover")
            popover.popdown()
            XCTAssertTrue(MainLoop.iterate(until: { closes == 1 }), "closing emits closed once")
            XCTAssertFalse(popover.isOpen)
            window.destroy()
            MainLoop.drain()
        }
    }

    func testAnOpenPopoverIsFreedWhenItsWindowGoes() {
        onMain {
            var probe: WeakObjectProbe?
            do {
                let window = Window(application: Self.application)
                let popover = Popover(child: Label("inside"))
                let button = MenuButton(iconName: "x-office-calendar-symbolic", popover: popover)
                window.setContent(button)
                window.present()
                button.popup()
                XCTAssertTrue(MainLoop.iterate(until: { popover.isOpen }))
                probe = WeakObjectProbe(popover)
                window.destroy()
            }
            MainLoop.drain()
            XCTAssertFalse(probe?.isAlive ?? true, "GTK lets go of a popover that was open")
        }
    }

    func testThePopoverAndItsChildAreFreedWithTheButton() {
        onMain {
            var button: MenuButton?
            var popoverProbe: WeakObjectProbe?
            var childProbe: WeakObjectProbe?
            do {
                let child = Label("inside")
                let popover = Popover(child: child)
                popover.hasArrow = false
                XCTAssertFalse(popover.hasArrow)
                popoverProbe = WeakObjectProbe(popover)
                childProbe = WeakObjectProbe(child)
                button = MenuButton(iconName: "open-menu-symbolic", popover: popover)
            }
            XCTAssertTrue(popoverProbe?.isAlive ?? false, "the button keeps its popover")
            XCTAssertTrue(childProbe?.isAlive ?? false)
            XCTAssertNotNil(button)
            button = nil
            XCTAssertFalse(popoverProbe?.isAlive ?? true)
            XCTAssertFalse(childProbe?.isAlive ?? true)
        }
    }
}
