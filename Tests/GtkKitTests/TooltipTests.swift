import CGtk
import GtkKit
import XCTest

/// GtkKit's lazy tooltip: worked out when GTK asks ("query-tooltip"), shown only with text.
final class TooltipTests: GtkTestCase {
    /// Emits "query-tooltip" as GTK does when the pointer rests on `widget`; true if a tooltip shows.
    @MainActor
    private static func query(_ widget: Widget) -> Bool {
        let tooltip = g_object_new_with_properties(gtk_tooltip_get_type(), 0, nil, nil)
        defer { g_object_unref(tooltip) }
        return koyomi_emit_query_tooltip(widget.widget, tooltip) != 0
    }

    func testTheTextIsAskedForWhenGTKQueriesAndNoTextShowsNone() {
        onMain {
            let button = Button(label: "3:00 PM Sync w…")
            var asked = 0
            var text: String? = "3:00 PM Sync with New York office"
            button.provideTooltip {
                asked += 1
                return text
            }
            XCTAssertEqual(asked, 0, "nothing is worked out before GTK asks")
            XCTAssertTrue(Self.query(button))
            XCTAssertEqual(asked, 1)
            text = nil
            XCTAssertFalse(Self.query(button), "no text, no tooltip")
        }
    }
}
