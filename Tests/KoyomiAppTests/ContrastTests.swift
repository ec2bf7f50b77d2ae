import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import TestSupport
import XCTest

/// The real window rendered by GTK in the light and the dark style, measured in pixels: the
/// selected circle against its digits, today's digits, greyed numbers and every dot against
/// the cell background reach 3:1 (WCAG non-text contrast), whatever colours the files hold.
final class ContrastTests: AppTestCase, @unchecked Sendable {
    private let minimum = ColorClasses.minimumContrast

    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { Self.stylesheet.install() }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            StyleManager.default.colorScheme = .default
            Self.stylesheet.uninstall()
        }
        super.tearDown()
    }

    func testLightWindowKeepsContrast() throws {
        try checkWindow(dark: false)
    }

    func testDarkWindowKeepsContrast() throws {
        try checkWindow(dark: true)
    }

    func testLightRoomyMonthKeepsContrast() throws {
        try checkRoomyWindow(dark: false)
    }

    func testDarkRoomyMonthKeepsContrast() throws {
        try checkRoomyWindow(dark: true)
    }

    /// Colours picked to fail somewhere: yellow and green vanish on light, navy and dark red on dark.
    private func colorfulCalendar() throws -> String {
        func event(_ uid: String, _ date: String, _ color: String) -> String {
            "BEGIN:VEVENT\nUID:\(uid)\nDTSTART;VALUE=DATE:\(date)\nSUMMARY:\(uid)\nCOLOR:\(color)\nEND:VEVENT\n"
        }
        return try writeCalendar("colours.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//EN\n"
            + "X-WR-CALNAME:Colours\nCOLOR:#3584e4\n"
            + event("yellow", "20261110", "#ffff00") + event("green", "20261110", "#2ec27e")
            + event("navy", "20261112", "#000080") + event("dark-red", "20261112", "#a51d2d")
            + event("orange", "20261112", "#e5a50a") + event("next-month", "20261202", "#f9f06b")
            + "END:VCALENDAR\n")
    }

    private func checkWindow(dark: Bool) throws {
        let path = try colorfulCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            cell("2026-11-18").button.click() // a plain day, so today shows its own style
            if dark {
                StyleManager.default.colorScheme = .forceDark
                XCTAssertTrue(StyleManager.default.isDark)
                if !window.window.hasCSSClass(ColorClasses.darkStyleClass) {
                    XCTFail("the window must carry .\(ColorClasses.darkStyleClass) while the style manager is dark")
                    window.window.addCSSClass(ColorClasses.darkStyleClass)
                }
            }
            waitForPaint()
            let image = try XCTUnwrap(window.window.render(), "the window renders")
            let background = try XCTUnwrap(region(of: cell("2026-11-18"), in: image).mostFrequent(excluding: []))
            XCTAssertEqual(background.luminance < 0.1, dark, "the window is drawn \(dark ? "dark" : "light")")

            try checkSelected(region(of: cell("2026-11-18"), in: image))
            try checkToday(region(of: cell("2026-11-29"), in: image))
            let greyed = region(of: cell("2026-12-05"), in: image)
            let greyedBackground = try XCTUnwrap(greyed.mostFrequent(excluding: []))
            XCTAssertGreaterThanOrEqual(greyed.strongest(against: greyedBackground).contrastRatio(with: greyedBackground),
                                        minimum, "greyed day number")
            for day in ["2026-11-10", "2026-11-12", "2026-12-02"] {
                try checkDots(of: cell(day), in: image, day: day)
            }
        }
    }

    /// A roomy month (issue 19): each chip's colour mark reaches 3:1 against the cell, its words
    /// 4.5:1 (WCAG text); each bar's words 4.5:1 against the bar's own tint, its edge mark 3:1.
    private func checkRoomyWindow(dark: Bool) throws {
        func timed(_ uid: String, _ start: String, _ color: String) -> String {
            "BEGIN:VEVENT\nUID:\(uid)\nDTSTART:\(start)\nDURATION:PT1H\nSUMMARY:Meeting \(uid)\nCOLOR:\(color)\nEND:VEVENT\n"
        }
        let path = try writeCalendar("chips.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//EN\n"
            + "X-WR-CALNAME:Colours\nCOLOR:#3584e4\n"
            + timed("yellow", "20261110T090000Z", "#ffff00") + timed("navy", "20261110T100000Z", "#000080")
            + timed("green", "20261112T090000Z", "#2ec27e") + timed("dark-red", "20261112T100000Z", "#a51d2d")
            + "BEGIN:VEVENT\nUID:trip\nDTSTART;VALUE=DATE:20261117\nDTEND;VALUE=DATE:20261120\n"
            + "SUMMARY:Trip\nCOLOR:#f9f06b\nEND:VEVENT\n"
            + "BEGIN:VEVENT\nUID:course\nDTSTART;VALUE=DATE:20261124\nDTEND;VALUE=DATE:20261126\n"
            + "SUMMARY:Course\nCOLOR:#000080\nEND:VEVENT\n"
            + "END:VCALENDAR\n")
        try startWindowAt(width: 1400, height: 900)
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.cells.allSatisfy(\.isRoomy) }), "chips and bars")
            if dark {
                StyleManager.default.colorScheme = .forceDark
                XCTAssertTrue(MainLoop.iterate(until: { self.window.window.hasCSSClass(ColorClasses.darkStyleClass) }))
            }
            waitForPaint()
            let image = try XCTUnwrap(window.window.render(), "the window renders")
            var checked = 0
            for day in ["2026-11-10", "2026-11-12"] {
                let cellRegion = region(of: cell(day), in: image)
                let background = try XCTUnwrap(cellRegion.mostFrequent(excluding: []))
                XCTAssertEqual(background.luminance < 0.1, dark, "the window is drawn \(dark ? "dark" : "light")")
                for chip in cell(day).chips.chipWidgets {
                    // The mark: the chip's starting edge, clear of its rounded corners.
                    let bounds = try XCTUnwrap(chip.bounds(relativeTo: window.window))
                    let edge = PixelRegion(image: image, x: Int(bounds.x), y: Int(bounds.y) + 3,
                                           width: DayCellChips.markWidth, height: Int(bounds.height) - 6)
                    let markColor = try XCTUnwrap(edge.mostFrequent(excluding: []))
                    XCTAssertGreaterThanOrEqual(markColor.contrastRatio(with: background), minimum,
                                                "\(day): chip mark \(markColor.hex) on \(background.hex)")
                    let words = region(of: chip, in: image, inset: 0).strongest(against: background)
                    XCTAssertGreaterThanOrEqual(words.contrastRatio(with: background), 4.5,
                                                "\(day): chip words \(words.hex) on \(background.hex)")
                    checked += 1
                }
            }
            XCTAssertEqual(checked, 4, "four chips measured")
            let bars = window.grid.bars.filter { $0.entry != nil }
            XCTAssertEqual(bars.count, 2)
            for bar in bars {
                // Inside the bar, clear of its rounded ends: its tint, its words, and its edge.
                let inside = region(of: bar.button, in: image, inset: 3)
                let tint = try XCTUnwrap(inside.mostFrequent(excluding: []))
                let words = inside.strongest(against: tint)
                XCTAssertGreaterThanOrEqual(words.contrastRatio(with: tint), 4.5,
                                            "\(bar.titleText): words \(words.hex) on \(tint.hex)")
                let bounds = try XCTUnwrap(bar.button.bounds(relativeTo: window.window))
                let edge = PixelRegion(image: image, x: Int(bounds.x), y: Int(bounds.y) + 4, width: 2,
                                       height: Int(bounds.height) - 8)
                let mark = try XCTUnwrap(edge.mostFrequent(excluding: []))
                let cellBackground = try XCTUnwrap(region(of: cell("2026-11-18"), in: image).mostFrequent(excluding: []))
                XCTAssertGreaterThanOrEqual(mark.contrastRatio(with: cellBackground), minimum,
                                            "\(bar.titleText): edge \(mark.hex) on \(cellBackground.hex)")
            }
        }
    }

    @MainActor private func waitForPaint() {
        var painted = false
        window.window.afterNextPaint { painted = true }
        XCTAssertTrue(MainLoop.iterate(until: { painted }), "the window repainted")
    }

    @MainActor private func region(of cell: DayCell, in image: RenderedImage) -> PixelRegion {
        // 5 px in from the edges: clear of the rounded hover corners and a focus ring.
        region(of: cell.button, in: image, inset: 5)
    }

    @MainActor private func region(of widget: Widget, in image: RenderedImage, inset: Int) -> PixelRegion {
        let bounds = widget.bounds(relativeTo: window.window) ?? (0, 0, 0, 0)
        return PixelRegion(image: image, x: Int(bounds.x) + inset, y: Int(bounds.y) + inset,
                           width: Int(bounds.width) - 2 * inset, height: Int(bounds.height) - 2 * inset)
    }

    private func checkSelected(_ region: PixelRegion) throws {
        let background = try XCTUnwrap(region.mostFrequent(excluding: []))
        let circle = try XCTUnwrap(region.mostFrequent(excluding: [background.hex]), "the selection circle")
        XCTAssertGreaterThanOrEqual(region.count(of: circle), 300, "a filled circle, not a few pixels")
        let inside = try XCTUnwrap(region.box(of: circle))
        let digits = inside.strongest(against: circle)
        XCTAssertGreaterThanOrEqual(digits.contrastRatio(with: circle), minimum,
                                    "selected digits \(digits.hex) on \(circle.hex)")
    }

    private func checkToday(_ region: PixelRegion) throws {
        let background = try XCTUnwrap(region.mostFrequent(excluding: []))
        let ring = try XCTUnwrap(region.mostFrequent(excluding: [background.hex]), "today's ring")
        XCTAssertGreaterThanOrEqual(ring.contrastRatio(with: background), minimum, "today's ring")
        // Inside the 2 px ring: the digits alone.
        let inside = try XCTUnwrap(region.box(of: ring)?.inset(by: 4))
        let digits = inside.strongest(against: background)
        XCTAssertGreaterThanOrEqual(digits.contrastRatio(with: background), minimum,
                                    "today's digits \(digits.hex) on \(background.hex)")
    }

    @MainActor private func checkDots(of cell: DayCell, in image: RenderedImage, day: String) throws {
        let region = region(of: cell, in: image)
        let background = try XCTUnwrap(region.mostFrequent(excluding: []))
        let dots = region.dotColors()
        XCTAssertEqual(dots.count, Set(cell.visibleDotClasses).count, "\(day): one colour per dot, found \(dots.map(\.hex))")
        for dot in dots {
            XCTAssertGreaterThanOrEqual(dot.contrastRatio(with: background), minimum, "\(day): dot \(dot.hex) on \(background.hex)")
        }
    }
}

/// A rectangle of a rendered image and the colour questions the tests ask of it (also
/// `DayColorsTests`).
struct PixelRegion {
    let image: RenderedImage
    let x: Int, y: Int, width: Int, height: Int

    private var pixels: [(x: Int, y: Int, color: RGBA)] {
        (y..<y + max(height, 0)).flatMap { row in
            (x..<x + max(width, 0)).compactMap { column in image.pixel(x: column, y: row).map { (column, row, $0) } }
        }
    }

    private func histogram() -> [String: (count: Int, color: RGBA)] {
        pixels.reduce(into: [:]) { counts, pixel in counts[pixel.color.hex, default: (0, pixel.color)].count += 1 }
    }

    func mostFrequent(excluding hexes: Set<String>) -> RGBA? {
        histogram().filter { !hexes.contains($0.key) }.max { $0.value.count < $1.value.count }?.value.color
    }

    func count(of color: RGBA) -> Int { pixels.filter { $0.color.hex == color.hex }.count }

    /// The bounding box of the pixels of exactly `color`.
    func box(of color: RGBA) -> PixelRegion? {
        let matching = pixels.filter { $0.color.hex == color.hex }
        guard let left = matching.map(\.x).min(), let right = matching.map(\.x).max(),
              let top = matching.map(\.y).min(), let bottom = matching.map(\.y).max() else { return nil }
        return PixelRegion(image: image, x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    func inset(by amount: Int) -> PixelRegion {
        PixelRegion(image: image, x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// The pixel that stands out most from `color` (a glyph's fully covered stem).
    func strongest(against color: RGBA) -> RGBA {
        pixels.map(\.color).max { $0.contrastRatio(with: color) < $1.contrastRatio(with: color) } ?? color
    }

    /// Colours forming small round blobs (an 8 px dot): chromatic, filling a roughly square box
    /// of 6…10 px. Text is neutral grey and antialiased edges are spread thin, so neither counts.
    func dotColors() -> [RGBA] {
        histogram().values.filter { entry in
            let c = entry.color
            guard max(c.red, c.green, c.blue) - min(c.red, c.green, c.blue) > 0.15, entry.count >= 20,
                  let box = box(of: c) else { return false }
            return (6...10).contains(box.width) && (6...10).contains(box.height)
        }.map(\.color)
    }
}

/// The colour maths behind the classes, over the colours Koyomi really meets: the bundled
/// samples, the fallback palette and a seeded spread of arbitrary colours.
final class ColorAdjustmentTests: XCTestCase {
    private func checkAdjusted(_ color: RGBA, _ label: String) {
        for style in ColorClasses.Style.allCases {
            let shown = ColorClasses.displayColor(color, in: style)
            let ratio = shown.contrastRatio(with: style.background)
            XCTAssertGreaterThanOrEqual(ratio, ColorClasses.minimumContrast, "\(label) in \(style): \(shown.hex)")
            if color.quantized.contrastRatio(with: style.background) >= ColorClasses.minimumContrast {
                XCTAssertEqual(shown.hex, color.hex, "\(label) already stands out in \(style)")
            }
            // The written CSS carries exactly this colour.
            XCTAssertEqual(RGBA(parsing: shown.hex)?.hex, shown.hex)
        }
    }

    func testSampleAndPaletteColoursStandOutInBothStyles() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data")
        var specs: [String] = CalendarPalette.colors + [DayDecoration.defaultColor]
        for name in try FileManager.default.contentsOfDirectory(atPath: data.path) where name.hasSuffix(".ics") {
            let text = try String(contentsOf: data.appendingPathComponent(name), encoding: .utf8)
            specs += text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("COLOR:") }.map { String($0.dropFirst(6)) }
        }
        XCTAssertGreaterThan(specs.count, CalendarPalette.colors.count + 1, "the samples carry colours")
        for spec in specs {
            checkAdjusted(try XCTUnwrap(RGBA(parsing: spec), spec), spec)
        }
        // GNOME green is too light for #fafafa and gets darkened; the lead's blue passes as is.
        XCTAssertNotEqual(ColorClasses.displayColor(RGBA(parsing: "#2ec27e")!, in: .light).hex, "#2ec27e")
        XCTAssertEqual(ColorClasses.displayColor(RGBA(parsing: "#1c71d8")!, in: .light).hex, "#1c71d8")
    }

    func testArbitraryColoursStandOutInBothStyles() {
        var random = SeededGenerator(seed: 0x6B6F_796F_6D69)
        for _ in 0..<1_500 {
            let color = RGBA(red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                             blue: .random(in: 0...1, using: &random))
            checkAdjusted(color, color.hex)
        }
    }

    func testEachClassHasALightAndAScopedDarkRule() {
        let css = ColorClasses.rules(forHex: "#ffff00")
        let light = ColorClasses.displayColor(RGBA(parsing: "#ffff00")!, in: .light).hex
        let dark = ColorClasses.displayColor(RGBA(parsing: "#ffff00")!, in: .dark).hex
        XCTAssertNotEqual(light, dark, "yellow is darkened for the light style only")
        XCTAssertTrue(css.contains(".dot.koyomi-color-ffff00, .color-bar.koyomi-color-ffff00 { background-color: \(light); }"), css)
        XCTAssertTrue(css.contains(".\(ColorClasses.darkStyleClass) .dot.koyomi-color-ffff00, "
            + ".\(ColorClasses.darkStyleClass) .color-bar.koyomi-color-ffff00 { background-color: \(dark); }"), css)
    }
}
