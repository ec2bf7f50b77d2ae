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

    /// Runs are what GTK draws with (read back from the widget), and runs equal to the last
    /// ones are not set again: setting them makes GTK lay the widget out again.
    func testRunsAreTheWidgetsAttributesAndUnchangedRunsStay() {
        onMain {
            let inscription = Inscription()
            inscription.setText("Standup\n9:15 AM", runs: [TextRun(.bold, to: 7), TextRun(.small, from: 8)])
            XCTAssertEqual(inscription.text, "Standup\n9:15 AM")
            XCTAssertEqual(attributes(of: inscription), ["weight 0..<7", "scale 8..<end"])

            inscription.setText("Lunch with Ann", runs: [TextRun(.bold)])
            XCTAssertEqual(attributes(of: inscription), ["weight 0..<end"])
            let list = gtk_inscription_get_attributes(OpaquePointer(inscription.widget))
            inscription.setText("Team offsite", runs: [TextRun(.bold)])
            XCTAssertEqual(inscription.text, "Team offsite")
            XCTAssertEqual(gtk_inscription_get_attributes(OpaquePointer(inscription.widget)), list,
                           "the same runs for new text are not set again")
            XCTAssertEqual(attributes(of: inscription), ["weight 0..<end"])

            inscription.setMarkup("<i>plain</i>")
            XCTAssertNil(inscription.shownRuns, "markup replaces the runs")
            inscription.setText("Bold again", runs: [TextRun(.bold)])
            XCTAssertEqual(attributes(of: inscription), ["weight 0..<end"])
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

/// The widget's attributes as "kind start..<end" ("end": to the end of any text).
@MainActor
private func attributes(of inscription: Inscription) -> [String] {
    guard let list = gtk_inscription_get_attributes(OpaquePointer(inscription.widget)) else { return [] }
    var found: [String] = []
    var node = pango_attr_list_get_attributes(list)
    let first = node
    while let current = node {
        if let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) {
            let kind = attribute.pointee.klass.pointee.type == PANGO_ATTR_WEIGHT ? "weight"
                : attribute.pointee.klass.pointee.type == PANGO_ATTR_SCALE ? "scale" : "other"
            let end = attribute.pointee.end_index == UInt32.max ? "end" : String(attribute.pointee.end_index)
            found.append("\(kind) \(attribute.pointee.start_index)..<\(end)")
            pango_attribute_destroy(attribute)
        }
        node = current.pointee.next
    }
    g_slist_free(first)
    return found
}
