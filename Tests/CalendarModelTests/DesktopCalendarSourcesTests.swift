import CalendarModel
import XCTest

/// The EDS source files the desktop's clock reads, decided from the calendars.
final class DesktopCalendarSourcesTests: XCTestCase {
    private let work = CalendarInfo(id: CalendarID("/home/u/.local/share/koyomi/calendars/work.ics"), name: "Work",
                                    color: "#3584E4", isReadOnly: false)

    func testASourcePerFileCalendarWithAlarmsLeftOut() {
        let holidays = CalendarInfo(id: CalendarID("koyomi:holidays/jp"), name: "Holidays", color: "red", isHoliday: true,
                                    isBuiltIn: true)
        let files = DesktopCalendarSources.files(for: [work, holidays], hidden: [])
        XCTAssertEqual(files.map(\.name), [DesktopCalendarSources.fileName(for: work.id)], "built-in calendars are no files")
        XCTAssertEqual(files.first?.text, """
        # Written by Koyomi so that the desktop's clock lists this calendar's plans.
        # Koyomi rewrites and removes it; its Preferences turn this off.

        [Data Source]
        DisplayName=Work
        Enabled=true
        Parent=local-stub

        [Calendar]
        BackendName=local
        Color=#3584e4
        Selected=true

        [Local Backend]
        CustomFile=file:///home/u/.local/share/koyomi/calendars/work.ics
        Writable=true

        [Alarms]
        IncludeMe=false

        """)
    }

    func testHiddenIsUnselectedAndReadOnlyIsNotWritable() {
        var subscribed = work
        subscribed.id = CalendarID("/home/u/.local/share/koyomi/subscriptions/team.ics")
        subscribed.isReadOnly = true
        let files = DesktopCalendarSources.files(for: [work, subscribed], hidden: [work.id])
        XCTAssertEqual(files.count, 2)
        XCTAssertTrue(files[0].text.contains("\nSelected=false\n"))
        XCTAssertTrue(files[1].text.contains("\nSelected=true\n"))
        XCTAssertTrue(files[1].text.contains("\nWritable=false\n"), "EDS must not write a subscription's file")
    }

    func testNamesAreStableHashesOfThePathAndOnlyOwnFilesAreOwn() {
        let name = DesktopCalendarSources.fileName(for: work.id)
        XCTAssertEqual(name, DesktopCalendarSources.fileName(for: CalendarID(work.id.rawValue)))
        XCTAssertNotEqual(name, DesktopCalendarSources.fileName(for: CalendarID(work.id.rawValue + "x")))
        XCTAssertTrue(name.hasPrefix("koyomi-") && name.hasSuffix(".source") && name.count == 7 + 16 + 7, name)
        // FNV-1a 64 of "" is its offset basis: the hash is the published one, not Swift's seeded Hasher.
        XCTAssertEqual(DesktopCalendarSources.fileName(for: CalendarID("")), "koyomi-cbf29ce484222325.source")
        XCTAssertTrue(DesktopCalendarSources.isOwn(name))
        XCTAssertFalse(DesktopCalendarSources.isOwn("system-calendar.source"))
        XCTAssertFalse(DesktopCalendarSources.isOwn(name + ".tmp"))
    }

    func testValuesAreEscapedAsGLibKeyFilesReadThem() {
        var odd = work
        odd.id = CalendarID("/home/u/My Calendars/über #1%.ics")
        odd.name = " Two\nlines\\ \t"
        odd.color = "not a colour;"
        let text = DesktopCalendarSources.text(for: odd, selected: true)
        XCTAssertTrue(text.contains("\nDisplayName=\\sTwo\\nlines\\\\ \\t\n"), text)
        XCTAssertTrue(text.contains("\nCustomFile=file:///home/u/My%20Calendars/%C3%BCber%20%231%25.ics\n"), text)
        XCTAssertFalse(text.contains("Color="), "a colour GTK cannot read is left to the desktop")
        odd.color = "Teal"
        XCTAssertTrue(DesktopCalendarSources.text(for: odd, selected: true).contains("\nColor=teal\n"))
    }
}
