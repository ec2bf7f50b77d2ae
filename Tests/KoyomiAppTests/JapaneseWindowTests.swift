import CalendarModel
import CGtk
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The window in Japanese: ICU's dates from the locale, every other word from po/ja.po through
/// gettext, and not one English word left anywhere a user or a screen reader meets it.
// @unchecked Sendable: like AppTestCase, touched from the main thread only.
final class JapaneseWindowTests: JapaneseTestCase, @unchecked Sendable {
    func testMonthWeekdaysAndHeaderAreJapanese() throws {
        let path = try japaneseCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path], locale: "ja_JP", firstWeekday: 1)
            XCTAssertEqual(title, "2026年11月")
            XCTAssertEqual(texts(withCSSClass: "weekday-header"), ["日", "月", "火", "水", "木", "金", "土"])
            XCTAssertEqual(window.header.todayButton.label, "今日")
            for (button, text) in [(window.header.previousButton, "前の月"), (window.header.nextButton, "次の月"),
                                   (window.header.todayButton, "今日")] {
                XCTAssertEqual(button.tooltip, text)
                XCTAssertEqual(button.accessibleLabel, text)
            }
            XCTAssertEqual(window.errors.dismissButton.tooltip, "閉じる")
            XCTAssertEqual(cell("2026-11-10").button.accessibleLabel, "2026年11月10日 火曜日、予定 1 件")
            XCTAssertEqual(cell("2026-11-18").button.accessibleLabel, "2026年11月18日 水曜日、予定 3 件")
            XCTAssertEqual(cell("2026-11-14").button.accessibleLabel, "2026年11月14日 土曜日、予定なし")
            XCTAssertEqual(cell("2026-11-29").button.accessibleDescription, "今日")
            XCTAssertEqual(cell("2026-11-23").holidayText, "勤労感謝の日")
        }
    }

    func testPlanListIsJapanese() throws {
        let path = try japaneseCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path], locale: "ja_JP", firstWeekday: 1)
            cell("2026-11-11").button.click()
            XCTAssertEqual(rowTitles, ["京都旅行", "朝会"])
            XCTAssertEqual(rowRanges, ["11月10日 – 11月12日", "9:30 – 9:45"])
            XCTAssertEqual(rowMarkers, ["継続", ""], "a one-day plan has no badge")
            // Screen readers get the rows' names once the frame showing them is painted.
            waitForAccessibleText()
            XCTAssertEqual(shownRowViews().map { $0.root.accessibleLabel },
                           ["京都旅行、11月10日 – 11月12日、仕事、前の日から継続", "朝会、9:30 – 9:45、仕事"])

            cell("2026-11-26").button.click()
            XCTAssertEqual(rowRanges, ["終日"])

            cell("2026-11-14").button.click()
            XCTAssertEqual(window.planList.emptyText, "11月14日 土曜日の予定はありません")

            cell("2026-11-14").button.click() // again: the month's agenda
            XCTAssertEqual(window.planList.headerTexts.first, "11月2日 月曜日")
            XCTAssertEqual(controller.coordinator.formatter.emptyMonthText(YearMonth(year: 2026, month: 12)!),
                           "2026年12月の予定はありません")
        }
    }

    /// Japanese quotes a title with 「」, not English “ ” (issue 14).
    func testToastsQuoteTitlesTheJapaneseWay() throws {
        let path = try japaneseCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path], locale: "ja_JP", firstWeekday: 1)
            cell("2026-11-18").button.click()
            let lunch = window.planList.rows.first { $0.title == "昼食会" }
            XCTAssertNotNil(lunch)
            if let lunch { controller.coordinator.planList(window.planList, didRequestDeleteOf: lunch) }
            waitForSaves()
            XCTAssertEqual(window.currentToast?.title, "「昼食会」を削除しました")
        }
    }

    /// A roomy month in Japanese (issue 19): chip times in the 24-hour form, and a title longer
    /// than its chip or bar ends in an ellipsis, not in a glyph cut in half (the chip's tooltip
    /// has it whole).
    func testLongTitlesInARoomyMonthEndInAnEllipsis() throws {
        let path = try writeCalendar("nagai.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//JA
        X-WR-CALNAME:仕事
        BEGIN:VEVENT
        UID:report
        DTSTART:20261110T090000Z
        DTEND:20261110T100000Z
        SUMMARY:第三四半期の業績報告会議と懇親会のご案内
        END:VEVENT
        BEGIN:VEVENT
        UID:camp
        DTSTART;VALUE=DATE:20261118
        DTEND;VALUE=DATE:20261119
        SUMMARY:関西支社の全社員研修合宿プログラム説明会および懇親会のお知らせ
        END:VEVENT
        END:VCALENDAR
        """)
        try startWindowAt(width: 1400, height: 900)
        try MainActor.assumeIsolated {
            Self.stylesheet.install()
            defer { Self.stylesheet.uninstall() }
            _ = openWindow([path], locale: "ja_JP", firstWeekday: 1)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.cells.allSatisfy(\.isRoomy) }), "chips and bars")
            let chips = cell("2026-11-10").chips
            XCTAssertEqual(chips.chipTexts, ["第三四半期の業績報告会議と懇親会のご案内"], "the title first; no room for its time")
            paintOnce()
            let image = try XCTUnwrap(window.window.render())
            let chip = try XCTUnwrap(chips.chipWidgets.first?.bounds(relativeTo: window.window))
            // Its words, after its colour mark.
            let mark = Double(DayCellChips.markWidth)
            try assertEndsInAnEllipsis(image, (chip.x + mark, chip.y, chip.width - mark, chip.height), "the chip")
            XCTAssertEqual(chips.tooltip(ofChip: 0), "第三四半期の業績報告会議と懇親会のご案内 9:00",
                           "resting the pointer on the cut chip shows it whole")
            // The camp's bar (文化の日 and 勤労感謝の日 have bars too: the built-in holidays are on in Japanese).
            let bar = try XCTUnwrap(window.grid.bars.first { $0.entry?.plan.id.uid == "camp" }?.button.bounds(relativeTo: window.window))
            // A one-day bar too long for a line takes two (its day has them); its second line,
            // inside the bar's border and padding (3 + 4 px at the start, 4 at the end), ends in "…".
            let line = Double(MonthGridView.lineHeight)
            XCTAssertEqual(bar.height, 2 * line - 4, accuracy: 1, "two lines tall (less its margins)")
            try assertEndsInAnEllipsis(image, (bar.x + 7, bar.y + line - 1, bar.width - 11, line - 2), "the bar's second line")
        }
    }

    /// The words in `frame` fill it and end in a dot of an ellipsis: the last mark drawn is at
    /// most 3 px tall, where a glyph cut at the edge would be as tall as the text.
    private func assertEndsInAnEllipsis(_ image: RenderedImage, _ frame: (x: Double, y: Double, width: Double, height: Double),
                                        _ what: String) throws {
        let left = Int(frame.x), top = Int(frame.y), right = Int(frame.x + frame.width), bottom = Int(frame.y + frame.height)
        let background = try XCTUnwrap(image.pixel(x: left, y: top))
        func inked(_ x: Int) -> [Int] {
            (top..<bottom).filter { y in image.pixel(x: x, y: y).map { $0.contrastRatio(with: background) >= 1.8 } ?? false }
        }
        let inkedColumns = (left..<right).filter { !inked($0).isEmpty }
        let last = try XCTUnwrap(inkedColumns.last, "\(what) shows words")
        XCTAssertGreaterThan(Double(last - left), frame.width * 0.7, "\(what): the words fill it (they are cut somewhere)")
        var first = last
        while first > left, !inked(first - 1).isEmpty { first -= 1 }
        let rows = Set((first...last).flatMap(inked))
        XCTAssertLessThanOrEqual((rows.max() ?? 0) - (rows.min() ?? 0) + 1, 3,
                                 "\(what): the last mark is a dot of “…”, not a cut glyph (columns \(first)…\(last))")
    }

    func testNoEnglishAnywhereInTheWindow() throws {
        // First the catalog: every string the sources mark is translated, none fuzzy.
        let check = Self.repository.appendingPathComponent("po/update-pot").path
        let catalog = try MainActor.assumeIsolated { try runTool([check, "--check"]) }
        XCTAssertEqual(catalog.status, 0, "po/update-pot --check: \(catalog.output)")
        XCTAssertTrue(catalog.output.contains("po/ja.po: "), catalog.output)

        let path = try japaneseCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path], locale: "ja_JP", firstWeekday: 1)
            // Every state the list can be in: a day with plans, an empty day, the agenda,
            // and another month.
            var seen = allTexts()
            cell("2026-11-11").button.click()
            seen += allTexts()
            cell("2026-11-14").button.click()
            seen += allTexts()
            cell("2026-11-14").button.click()
            seen += allTexts()
            window.header.nextButton.click()
            seen += allTexts()

            XCTAssertGreaterThan(seen.count, 100, "the walk found the window's texts")
            // Not English: the app's name, the protocol's name (Japanese GNOME keeps "CalDAV"),
            // and mnemonic keys as Japanese writes them ("設定(P)").
            func words(_ text: String) -> String {
                text.replacingOccurrences(of: "Koyomi", with: "").replacingOccurrences(of: "CalDAV", with: "")
                    .replacingOccurrences(of: #"\([A-Z]\)"#, with: "", options: .regularExpression)
            }
            let english = seen.filter { words($0.text).unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic } }
            XCTAssertEqual(english.map { "\($0.place): “\($0.text)”" }, [], "English left in the Japanese window")
        }
    }

    // MARK: What the window shows

    /// Every text in the window: each label and inscription (day numbers, headers, list rows,
    /// button labels) and tooltip in GTK's widget tree, plus the accessible names and
    /// descriptions Koyomi set (GTK 4.8 cannot read those back, so they come from the wrappers).
    @MainActor
    private func allTexts() -> [(place: String, text: String)] {
        var found: [(place: String, text: String)] = []
        walk(window.window.widget) { widget in
            let type = String(cString: koyomi_object_type_name(widget))
            // Menu accelerators ("Ctrl+,") name keys, which Japanese GNOME writes the same way.
            let isAccelerator = gtk_widget_get_css_name(widget).map { String(cString: $0) } == "accelerator"
            if type == "GtkLabel", !isAccelerator,
               let text = gtk_label_get_text(OpaquePointer(widget)).map(String.init(cString:)) {
                found.append(("label", text))
            }
            if type == "GtkInscription",
               let text = gtk_inscription_get_text(OpaquePointer(widget)).map(String.init(cString:)) {
                found.append(("inscription", text))
            }
            if let tooltip = gtk_widget_get_tooltip_text(widget).map(String.init(cString:)) {
                found.append(("tooltip of a \(type)", tooltip))
            }
        }
        let buttons = [window.header.previousButton, window.header.nextButton, window.header.todayButton,
                       window.errors.dismissButton] + window.grid.cells.map(\.button)
        let rows = shownRowViews().map { $0.root as Widget }
        for widget in buttons + rows {
            if let label = widget.accessibleLabel { found.append(("accessible label", label)) }
            if let description = widget.accessibleDescription { found.append(("accessible description", description)) }
        }
        return found.filter { !$0.text.isEmpty }
    }

    @MainActor
    private func texts(withCSSClass name: String) -> [String] {
        var texts: [String] = []
        walk(window.window.widget) { widget in
            if gtk_widget_has_css_class(widget, name) != 0, String(cString: koyomi_object_type_name(widget)) == "GtkLabel" {
                texts.append(gtk_label_get_text(OpaquePointer(widget)).map(String.init(cString:)) ?? "")
            }
        }
        return texts
    }

    /// Visits `root` and its descendants in order, hidden ones too.
    @MainActor
    private func walk(_ root: UnsafeMutablePointer<GtkWidget>, _ visit: (UnsafeMutablePointer<GtkWidget>) -> Void) {
        visit(root)
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            walk(current, visit)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    // MARK: Fixture

    /// A Japanese user's calendar: the titles are theirs, so they are Japanese too.
    private func japaneseCalendar() throws -> String {
        try writeCalendar("shigoto.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//JA
        X-WR-CALNAME:仕事
        COLOR:#e66100
        BEGIN:VEVENT
        UID:trip
        DTSTART;VALUE=DATE:20261110
        DTEND;VALUE=DATE:20261113
        SUMMARY:京都旅行
        END:VEVENT
        BEGIN:VEVENT
        UID:standup
        DTSTART:20261102T093000Z
        DTEND:20261102T094500Z
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE
        SUMMARY:朝会
        END:VEVENT
        BEGIN:VEVENT
        UID:lunch
        DTSTART:20261118T120000Z
        DTEND:20261118T130000Z
        SUMMARY:昼食会
        END:VEVENT
        BEGIN:VEVENT
        UID:review
        DTSTART:20261118T150000Z
        DTEND:20261118T160000Z
        SUMMARY:設計レビュー
        END:VEVENT
        BEGIN:VEVENT
        UID:cleanup
        DTSTART;VALUE=DATE:20261126
        SUMMARY:大掃除
        END:VEVENT
        BEGIN:VEVENT
        UID:labor-day
        DTSTART;VALUE=DATE:20261123
        SUMMARY:勤労感謝の日
        CATEGORIES:Holiday
        END:VEVENT
        END:VCALENDAR
        """)
    }
}
