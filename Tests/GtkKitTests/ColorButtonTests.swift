import CGtk
import GtkKit
import XCTest

final class ColorButtonTests: GtkTestCase {
    func testTheColourRoundTripsAsHex() {
        onMain {
            let button = ColorButton(color: RGBA(parsing: "#e66100")!)
            XCTAssertEqual(button.color.hex, "#e66100")
            button.color = RGBA(parsing: "#2ec27e")!
            XCTAssertEqual(button.color.hex, "#2ec27e")
            XCTAssertEqual(button.color.alpha, 1)
            button.title = "Calendar Colour"
            XCTAssertEqual(button.title, "Calendar Colour")
            XCTAssertTrue(button.isModal)
        }
    }

    func testColorSetHandsTheChosenColourButSettingItProgrammaticallyDoesNot() {
        onMain {
            let button = ColorButton()
            var chosen: [String] = []
            button.onColorSet { chosen.append($0.hex) }
            button.color = RGBA(parsing: "#1c71d8")!
            XCTAssertEqual(chosen, [], "only the user's choice is reported")
            // What the chooser does when the user picks a colour.
            koyomi_signal_emit_simple(button.object, "color-set")
            XCTAssertEqual(chosen, ["#1c71d8"])
        }
    }

    func testDroppingTheColorButtonFreesIt() {
        onMain {
            var button: ColorButton? = ColorButton()
            let probe = WeakObjectProbe(button!)
            button!.onColorSet { _ in }
            button = nil
            XCTAssertFalse(probe.isAlive)
        }
    }
}
