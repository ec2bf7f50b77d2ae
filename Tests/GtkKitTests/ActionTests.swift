import GtkKit
import XCTest

/// Window actions bound by name: buttons, toggle buttons with a target, menu items, and
/// activation through the window's action group (the way D-Bus callers reach them).
final class ActionTests: GtkTestCase {
    @MainActor
    private static func makeWindow(_ id: String) -> (Application, Window) {
        let application = Application(id: "app.koyomi.Tests.Actions\(id)", flags: [.nonUnique])
        application.register()
        return (application, Window(application: application))
    }

    func testAButtonActivatesItsActionAndFollowsItsEnabledState() {
        onMain {
            let (_, window) = Self.makeWindow("Button")
            defer { window.destroy() }
            var activations = 0
            let action = window.addAction("next") { activations += 1 }
            let button = Button(iconName: "go-next-symbolic")
            button.actionName = "win.next"
            window.setContent(button)
            XCTAssertEqual(button.actionName, "win.next")
            button.click()
            XCTAssertEqual(activations, 1, "a click activates the action")
            window.activateAction("next", string: nil)
            XCTAssertEqual(activations, 2, "the window's action group reaches the same handler")
            action.isEnabled = false
            XCTAssertTrue(MainLoop.iterate(until: { !button.isSensitive }), "a disabled action greys its button out")
            XCTAssertFalse(window.isActionEnabled("next"))
            window.activateAction("next", string: nil)
            XCTAssertEqual(activations, 2, "a disabled action does nothing")
        }
    }

    func testAStringStateIsDecidedByTheHandlerAndShownByTheToggles() {
        onMain {
            let (_, window) = Self.makeWindow("State")
            defer { window.destroy() }
            var requests: [String] = []
            let decided = Decided()
            let view = window.addStatefulAction("view", state: "month") { requested in
                requests.append(requested)
                if requested != "agenda" { decided.action?.stringState = requested } // refused: no such view
            }
            decided.action = view
            let month = ToggleButton(label: "Month"), week = ToggleButton(label: "Week")
            for (button, target) in [(month, "month"), (week, "week")] {
                button.actionName = "win.view"
                button.actionTarget = target
            }
            let box = Box(.horizontal)
            box.append(month)
            box.append(week)
            window.setContent(box)
            XCTAssertEqual(week.actionTarget, "week")
            XCTAssertTrue(MainLoop.iterate(until: { month.isActive && !week.isActive }), "the toggle for the state is in")

            week.click()
            XCTAssertEqual(requests, ["week"], "a click asks the handler")
            XCTAssertEqual(window.actionState("view"), "week")
            XCTAssertTrue(MainLoop.iterate(until: { week.isActive && !month.isActive }))
            week.click()
            XCTAssertTrue(week.isActive, "clicking the pressed toggle leaves it pressed")

            window.activateAction("view", string: "agenda")
            XCTAssertEqual(requests.last, "agenda")
            XCTAssertEqual(window.actionState("view"), "week", "the handler refused: the state stays")

            view.stringState = "month" // the view changed for another reason
            XCTAssertEqual(requests.count, 3, "setting the state does not ask the handler")
            XCTAssertTrue(MainLoop.iterate(until: { month.isActive && !week.isActive }))
        }
    }

    func testAMenuItemCarriesItsActionAndTarget() {
        onMain {
            let menu = Menu(), section = Menu()
            section.append("Week", action: "win.view", target: "week")
            menu.append("Next", action: "win.next")
            menu.prependSection(section)
            XCTAssertEqual(menu.items.map(\.label), ["Week", "Next"])
            XCTAssertEqual(menu.items.map(\.action), ["win.view", "win.next"])
            XCTAssertEqual(menu.items.map(\.target), ["week", nil])
        }
    }

    func testAShortcutControllerTakesGTKsAcceleratorSyntax() {
        onMain {
            let controller = ShortcutController(on: Box(.vertical))
            XCTAssertTrue(controller.add("<Control>z", action: "win.undo"))
            XCTAssertFalse(controller.add("<Primary>nokey", action: "win.undo"), "not a key")
        }
    }

    /// Actions, their handlers, bound buttons, menus and shortcut controllers are all freed.
    func testActionsBoundWidgetsAndHandlersAreFreed() {
        onMain {
            weak var weakToken: Token?
            var probes: [WeakObjectProbe] = []
            do {
                let (_, window) = Self.makeWindow("Leak")
                let token = Token()
                weakToken = token
                let plain = window.addAction("next") { _ = token }
                let stateful = window.addStatefulAction("view", state: "month") { _ in _ = token }
                let button = Button(label: "Next"), toggle = ToggleButton(label: "Week")
                button.actionName = "win.next"
                toggle.actionName = "win.view"
                toggle.actionTarget = "week"
                let box = Box(.horizontal)
                box.append(button)
                box.append(toggle)
                window.setContent(box)
                let shortcuts = ShortcutController(on: window)
                shortcuts.add("<Control>z", action: "win.next")
                let menu = Menu()
                menu.append("Week", action: "win.view", target: "week")
                probes = [WeakObjectProbe(window), WeakObjectProbe(plain), WeakObjectProbe(stateful),
                          WeakObjectProbe(button), WeakObjectProbe(toggle), WeakObjectProbe(shortcuts),
                          WeakObjectProbe(menu)]
                window.present()
                MainLoop.drain()
                window.destroy()
            }
            MainLoop.drain()
            XCTAssertEqual(probes.map(\.isAlive), Array(repeating: false, count: probes.count))
            XCTAssertNil(weakToken, "the handlers were released with their actions")
        }
    }
}

/// Holds the action its own handler sets the state of.
@MainActor
private final class Decided {
    weak var action: SimpleAction?
}
