import CalendarModel
import Foundation
import GtkKit

/// A month you can read at a glance (issue 19): when its cells are big enough the grid shows
/// each day's plans as one-line chips under bars for all-day plans and plans of several days,
/// and dots again when they are not. The cells' size decides (not the window's), live as the
/// window is resized: the bars' layer over the grid reports its size (`ShareBox.onSizeChanged`).
extension MonthGridView {
    /// Pixels of a chip's or bar's line, and of the day number above them (cell padding included).
    nonisolated static let lineHeight = 18
    nonisolated static let numberHeight = 33
    /// A cell at least this wide, with room for two lines under its number, is roomy.
    nonisolated static let roomyCellWidth = 88.0
    /// Pixels of a one-day bar's width that its words cannot use: the plan-bar style's margins
    /// (2 + 2), colour mark (3) and padding (4 + 4), WeekStylesheet.
    nonisolated static let barTextInset = 15
    /// Pixels of a bar's line of words: `lineHeight` less the 2 px between bars and the
    /// plan-bar style's margins (1 + 1), the month-bar style having no padding above or below.
    /// Set as the words' line height: a line of Noto Sans CJK is 16–17 px tall at the bars'
    /// size, and GtkInscription draws a line taller than its room from the top, so 「元日」 lost
    /// the bottom of its glyphs in the 12 px a padding left (Latin text the last row of its
    /// descenders); a 14 px line is centred on the font's own.
    nonisolated static let barLineHeight = lineHeight - 4
    /// A chip's font size against the base font (bold, as the day cell's button makes it), and
    /// the pixels of its width its words cannot use: the colour mark (4) and padding (4 + 3),
    /// Stylesheet's `.month-chip`.
    nonisolated static let chipFontScale = 0.78
    nonisolated static let chipTextInset = 11

    /// How the cells show plans.
    enum Density: Equatable {
        case compact
        /// Lines a cell fits under its number.
        case roomy(lines: Int)
    }

    /// The density cells of `width` × `height` pixels get.
    nonisolated static func density(cellWidth width: Double, cellHeight height: Double) -> Density {
        let lines = Int((height - Double(numberHeight) - 2) / Double(lineHeight))
        return width >= roomyCellWidth && lines >= 2 ? .roomy(lines: lines) : .compact
    }

    /// The layer's size changed: a new density, or bars at new places, before the next frame.
    func gridSizeChanged(width: Int32, height: Int32) {
        gridSize = (Double(width), Double(height))
        guard pendingDensityCheck == nil else { return }
        pendingDensityCheck = MainLoop.beforeNextFrame { [weak self] in
            guard let self else { return }
            self.pendingDensityCheck = nil
            self.applyDensity()
        }
    }

    /// The cell size the grid has now (homogeneous, 2 px between cells).
    var cellSize: (width: Double, height: Double) {
        ((gridSize.width - 12) / 7, (gridSize.height - 10) / 6)
    }

    func applyDensity() {
        // The one-week strip (panel at full height) stays compact: its single row is short.
        let wanted: Density = onlyRow != nil ? .compact : Self.density(cellWidth: cellSize.width, cellHeight: cellSize.height)
        let changed = wanted != density
        density = wanted
        if changed {
            let roomy = wanted != .compact
            cells.forEach { $0.isRoomy = roomy }
        }
        // Dots make way for "+N" (and a holiday's name for its mark) in cells too narrow for
        // all: drawn again only where a cell's row changes, not at every pixel of a resize.
        let rowWidth = (cellSize.width - DayCellRow.cellPadding).rounded(.down), previous = dotRowWidth
        dotRowWidth = rowWidth
        let rowChanged = density == .compact && rowWidth != previous
            && cells.contains { $0.fitShown(inRowOf: previous) != $0.fitShown(inRowOf: rowWidth) }
        // Bars sit at pixel places: a new size moves them even when the density stays.
        if changed || density != .compact || decorationsAwaitSize || rowChanged { reloadDecorationsNow() }
    }

    /// Fills the chips and places the bars of a roomy grid (`reloadDecorationsNow`).
    func renderRoomy(lines: Int) {
        guard let state, let plans else { return }
        let (slice, style) = (plans.slice, plans.style)
        let calendar = formatter.calendar
        // A one-day bar's title measured in the bars' own font, against the room inside one.
        let measure = bar(at: 0)
        let room = Int(cellSize.width) - Self.barTextInset
        let layout = MonthRoomyLayout(span: state.layout.span, plans: slice.plans(on:), calendar: calendar, lines: lines,
                                      wraps: { measure.titleWraps($0.plan.plan.title, in: room) })
        let line = Int32(Self.lineHeight)
        let chipRoom = Int(cellSize.width - DayCellRow.cellPadding) - Self.chipTextInset
        var barIndex = 0
        for (row, content) in layout.rows.enumerated() {
            for (column, cell) in cells[(row * 7)..<(row * 7 + 7)].enumerated() {
                cell.chips.show(content.chips[column], barLanes: content.barLanes[column], hidden: content.more[column],
                                lineHeight: line, text: { self.chipText($0, room: chipRoom, measure: measure.button) },
                                colorClass: { self.colors.className(for: PlanRows([$0], style: style)[0].color) })
            }
            for (bar, lines) in zip(content.bars.bars, content.barLines) {
                placeBar(bar, lines: lines, row: row, index: barIndex, style: style)
                barIndex += 1
            }
        }
        for bar in bars.dropFirst(barIndex) { bar.hide() }
        colors.flush()
    }

    /// "Standup 9:30 AM" where the chip has room for it, else "Standup": the title first, since
    /// "9:30 AM St…" and "6:30 PM Sp…" could not be told apart; the title alone for a plan with
    /// no time of its own here. `whole` is the text with its time, the chip's tooltip. Times are
    /// formatted once per wall-clock minute (a DateFormatter call costs tens of microseconds, and
    /// a page shows a couple of hundred chips) and texts measured once each; the caches go with
    /// the formatter.
    private func chipText(_ entry: PlanOnDay, room: Int, measure: Widget) -> (shown: String, whole: String) {
        let title = entry.plan.title
        guard case let .timed(start, _) = entry.plan.timing, entry.startsOnDay else { return (title, title) }
        if chipTexts.formatter !== formatter { chipTexts = ChipTextCache(formatter: formatter) }
        let parts = formatter.calendar.dateComponents([.hour, .minute], from: start)
        let key = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        let time = chipTexts.times[key] ?? formatter.timeText(start)
        chipTexts.times[key] = time
        let whole = title + " " + time
        let width = chipTexts.widths[whole]
            ?? measure.pixelSize(ofMarkup: "<b>" + Label.escape(whole) + "</b>", baseFontScaledBy: Self.chipFontScale).width
        chipTexts.remember(width: width, of: whole)
        return (width <= room ? whole : title, whole)
    }

    /// The bar at `index`, made (hidden) if there are not that many yet.
    private func bar(at index: Int) -> WeekPlanBlock {
        while bars.count <= index {
            let bar = WeekPlanBlock(isBar: true)
            bar.button.addCSSClass("month-bar")
            bar.text.lineHeight = Self.barLineHeight
            bar.button.onClicked { [weak self, weak bar] in
                guard let self, let entry = bar?.entry else { return }
                self.delegate?.monthGrid(self, didSelectPlan: entry)
            }
            // Keyboard users reach plans through the list (Tab from the grid goes there).
            bar.button.isFocusable = false
            bar.hide()
            barsLayer.add(bar.button)
            bars.append(bar)
        }
        return bars[index]
    }

    private func placeBar(_ item: AllDayRowLayout.Bar, lines: Int, row: Int, index: Int, style: PlanRowStyle) {
        let bar = bar(at: index)
        let planRow = PlanRows([item.plan], style: style)[0]
        bar.show(item.plan, titleText: item.plan.plan.title, timeText: nil, colorClass: colors.className(for: planRow.color),
                 accessibleLabel: { [formatter] in
                     planRow.accessibleLabel(rangeText: planRow.rangeText)
                         + PlanRow.spokenDayOf(item.plan.plan, from: item.plan.day, calendar: formatter.calendar)
                 },
                 isSelected: false, cutBefore: item.continuesBefore, cutAfter: item.continuesAfter)
        barNamesWaiting = true
        let (width, height) = gridSize
        let cell = cellSize
        guard width > 0, height > 0 else { return }
        let x = Double(item.column) * (cell.width + 2)
        let length = Double(item.length) * cell.width + Double(item.length - 1) * 2
        let y = Double(row) * (cell.height + 2) + Double(Self.numberHeight) + Double(item.lane * Self.lineHeight)
        barsLayer.place(bar.button, x: x / width, width: length / width, y: y / height,
                        height: Double(lines * Self.lineHeight - 2) / height)
    }

    /// Bars' names go out after the frame is painted, with the cells' (`sendAccessibleText`).
    func sendBarNames() {
        barNamesWaiting = false
        bars.forEach { $0.sendAccessibleText() }
    }
}
