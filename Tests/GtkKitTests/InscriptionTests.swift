import CGtk
import GtkKit
import XCTest

/// An inscription is sized in characters, not by its text: that is what lets a day cell or a
/// list row change its text without GTK laying the window out again.
final class InscriptionTests: GtkTestCase {
    func testTextRoundTripsAndTheSizeIgnoresIt() {
        onMain {
            let inscription = Inscription("1")
            inscription.minChars = 2
            XCTAssertEqual(inscription.text, "1")
            let narrow = naturalWidth(of: inscription)
            XCTAssertGreaterThan(narrow, 0, "two characters' width is asked for")

            inscription.text = "A much longer text than two characters"
            XCTAssertEqual(inscription.text, "A much longer text than two characters")
            XCTAssertEqual(naturalWidth(of: inscription), narrow, "new text keeps the size request")

            // The same change grows a label: the comparison above can fail.
            let label = Label("1")
            let labelWidth = naturalWidth(of: label)
            label.text = "A much longer text than two characters"
            XCTAssertGreaterThan(naturalWidth(of: label), labelWidth)
        }
    }

    func testSizeInCharactersAndOverflow() {
        onMain {
            let inscription = Inscription()
            inscription.minChars = 2
            let two = naturalWidth(of: inscription)
            inscription.natChars = 6
            XCTAssertGreaterThan(naturalWidth(of: inscription), two, "natural width follows nat-chars")
            XCTAssertEqual(inscription.natChars, 6)
            inscription.minLines = 2
            XCTAssertEqual(inscription.minLines, 2)
            inscription.overflow = .ellipsizeEnd
            XCTAssertEqual(inscription.overflow, .ellipsizeEnd)
            inscription.xalign = 0.5
            XCTAssertEqual(inscription.xalign, 0.5)
        }
    }

    func testDroppingTheWrapperFreesTheWidget() {
        onMain {
            var inscription: Inscription? = Inscription("gone")
            let probe = WeakObjectProbe(inscription!)
            inscription = nil
            XCTAssertFalse(probe.isAlive)
        }
    }
}

@MainActor
private func naturalWidth(of widget: Widget) -> Int32 {
    var minimum: Int32 = 0, natural: Int32 = 0
    gtk_widget_measure(widget.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
    return natural
}
