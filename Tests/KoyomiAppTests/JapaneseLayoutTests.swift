import CalendarModel
import CGtk
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// What a native speaker's walk through the Japanese window found (issue 35): dates written
/// the Japanese way, CJK glyphs drawn whole, and the first calendar named in Japanese.
// @unchecked Sendable: like AppTestCase, touched from the main thread only.
final class JapaneseLayoutTests: JapaneseTestCase, @unchecked Sendable {
    /// The week's title says the year once with a wave dash between its ends, and each day
    /// column reads 「3日(日)」, the day before its weekday.
    func testTheWeekSaysItsDaysTheJapaneseWay() throws {
        let path = try writeCalendar("empty.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//JA\nEND:VCALENDAR\n")
        MainActor.assumeIsolated {
            _ = openWindow([path], locale: "ja_JP", firstWeekday: 1)
            controller.coordinator.show(.week)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.week.root.isMapped && self.window.week.state != nil }))
            for (day, expected) in [("2027-01-05", "2027年1月3日～9日"), ("2026-12-30", "2026年12月27日～2027年1月2日"),
                                    ("2027-02-02", "2027年1月31日～2月6日")] {
                controller.store.show(CalendarDay(parsing: day)!)
                XCTAssertTrue(MainLoop.iterate(until: { self.title == expected }), "\(day): “\(self.title)”")
            }
            XCTAssertEqual(window.week.headers.map { $0.label ?? "" },
                           ["31日(日)", "1日(月)", "2日(火)", "3日(水)", "4日(木)", "5日(金)", "6日(土)"])
        }
    }

    /// A one-line bar's CJK glyphs are drawn whole: Noto Sans CJK's lines are taller than
    /// Cantarell's, and GtkInscription draws a line taller than its room from the top, so
    /// 「元日」 lost the bottom of its strokes.
    func testABarsJapaneseWordsAreNotCutAtTheBottom() throws {
        let path = try writeCalendar("shukujitsu.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//JA
        X-WR-CALNAME:祝日
        BEGIN:VEVENT
        UID:ganjitsu
        DTSTART;VALUE=DATE:20270101
        DTEND;VALUE=DATE:20270102
        SUMMARY:元日
        END:VEVENT
        END:VCALENDAR
        """)
        for (width, height) in [(1240, 820), (1600, 1000)] {
            try startWindowAt(width: width, height: height)
            try MainActor.assumeIsolated {
                Self.stylesheet.install()
                defer { Self.stylesheet.uninstall() }
                _ = openWindow([path], locale: "ja_JP", firstWeekday: 1, month: YearMonth(year: 2027, month: 1))
                XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.cells.allSatisfy(\.isRoomy) }), "chips and bars")
                let bar = try XCTUnwrap(window.grid.bars.first { $0.entry?.plan.title == "元日" }, "元日's bar")
                paintOnce()
                let image = try XCTUnwrap(window.window.render())
                let box = try XCTUnwrap(bar.text.bounds(relativeTo: window.window))
                // The glyphs' ink as Pango lays them out unclipped, in the bar's font.
                let layout = try XCTUnwrap(gtk_widget_create_pango_layout(bar.text.widget, nil))
                defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                pango_layout_set_markup(layout, "<b>元日</b>", -1)
                var ink = PangoRectangle(), logical = PangoRectangle()
                pango_layout_get_pixel_extents(layout, &ink, &logical)
                // Rows of the box with any ink, against its background at its far end (past the words).
                let left = Int(box.x), top = Int(box.y), bottom = Int(box.y + box.height)
                let background = try XCTUnwrap(image.pixel(x: Int(box.x + box.width) - 2, y: top + 1))
                let inked = (top..<bottom).filter { y in
                    (left..<left + Int(ink.x + ink.width) + 2).contains { x in
                        image.pixel(x: x, y: y).map { $0.contrastRatio(with: background) >= 1.1 } ?? false
                    }
                }
                let first = try XCTUnwrap(inked.first, "\(width) px: the bar shows its words")
                let last = try XCTUnwrap(inked.last)
                XCTAssertGreaterThanOrEqual(last - first + 1, Int(ink.height) - 1,
                                            "\(width) px: the glyphs are \(ink.height) px tall; \(last - first + 1) drawn (box \(box), logical \(logical.height))")
                XCTAssertLessThan(last, bottom - 1, "\(width) px: the ink stops before the bar's text box ends")
                closeWindow()
            }
        }
    }

    /// The header's "+" says 「新しい予定」 on one line when the pointer rests on it, not a
    /// character per line.
    func testTheNewPlanTooltipIsOneLine() throws {
        let path = try writeCalendar("empty.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//JA\nEND:VCALENDAR\n")
        try startWindowAt(width: 1240, height: 820)
        try MainActor.assumeIsolated {
            _ = openWindow([path], locale: "ja_JP", firstWeekday: 1)
            let button = window.header.newPlanButton
            let bounds = try XCTUnwrap(button.bounds(relativeTo: window.window))
            let surface = window.window.surfaceOffset
            XCTAssertEqual(try runTool(["xdotool", "mousemove", "\(Int(surface.x + bounds.x + bounds.width / 2))",
                                        "\(Int(surface.y + bounds.y + bounds.height / 2))"]).status, 0)
            var label: OpaquePointer?
            XCTAssertTrue(MainLoop.iterate(until: {
                label = self.shownTooltipLabel()
                return label != nil
            }, timeout: 10), "a tooltip shows")
            guard let label else { return }
            XCTAssertEqual(gtk_label_get_text(label).map(String.init(cString:)), "新しい予定")
            XCTAssertEqual(pango_layout_get_line_count(gtk_label_get_layout(label)), 1, "one line, not a character per line")
        }
    }

    /// The label of the tooltip on screen now, if any (GTK parents tooltips to the window).
    @MainActor
    private func shownTooltipLabel() -> OpaquePointer? {
        var found: OpaquePointer?
        func visit(_ node: UnsafeMutablePointer<GtkWidget>, inTooltip: Bool) {
            let type = String(cString: koyomi_object_type_name(node))
            let tooltip = inTooltip || (type == "GtkTooltipWindow" && gtk_widget_get_mapped(node) != 0)
            if tooltip, type == "GtkLabel", gtk_widget_get_mapped(node) != 0 { found = OpaquePointer(node) }
            var child = gtk_widget_get_first_child(node)
            while let current = child {
                visit(current, inTooltip: tooltip)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(window.window.widget, inTooltip: false)
        return found
    }
}
